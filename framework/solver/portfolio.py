"""Several searches of one position, each with its own schedule of rounds, on several processes at once.

No one schedule wins every deal: the limited rounds with beams between them
win deals that the endgame rounds miss, and the other way round
(``docs/solver.md``). With
``searches=2`` the two schedules of ``PORTFOLIOS[2]`` search the same position,
each with the whole budget, on two processes when ``jobs`` allows.

The answer does not depend on how many processes run them: of the searches
that decide within the budget, the one that decided within the fewest expanded
positions answers (the one listed first, on a tie). A search stops as soon as it
has expanded more positions than one that has decided (it could no longer
answer), so the searches run one after another in one process give the same
answer as side by side, only later.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import signal
import sys
import time
from collections.abc import Collection, Hashable
from multiprocessing.connection import Connection, wait
from typing import Any, cast

from ..state import State
from .lifeline import end_with_parent
from .native import prepare
from .result import UNKNOWN, Budget, Result
from .search import BEAM_ROUNDS, ENDGAME_ROUNDS, ROUNDS, Round, Search

#: The schedules searched side by side, by how many searches a question gets.
PORTFOLIOS: dict[int, tuple[tuple[Round, ...], ...]] = {
    1: (ROUNDS,),
    2: (BEAM_ROUNDS, ENDGAME_ROUNDS),
}
#: The most searches one position can get.
MOST_SEARCHES = max(PORTFOLIOS)


class _Count:
    """The ``rival`` of searches run one after another: the fewest positions within which one decided."""

    def __init__(self) -> None:
        self.value = sys.maxsize


def solve(state: State, budget: Budget = Budget(), searches: int = 1, jobs: int = 1,
          avoid: Collection[Hashable] = ()) -> Result:
    """Search ``state`` (left unchanged) for a win within ``budget``: ``searches`` searches on up to ``jobs`` processes.

    No line passes through a position whose canonical key is in ``avoid`` (see ``Search``).
    The budget is each search's. The result's ``nodes`` count every search's
    positions up to as many as the answering search expanded (all of them when
    none decided); its ``seconds`` run until the last search stopped.
    """
    if searches not in PORTFOLIOS:
        raise ValueError(f"searches must be one of {sorted(PORTFOLIOS)}, not {searches}")
    schedules = PORTFOLIOS[searches]
    if len(schedules) == 1:
        return Search(state, budget, schedules[0], avoid=avoid).run()
    started = time.perf_counter()
    if jobs > 1 and "fork" in multiprocessing.get_all_start_methods():
        prepare(state.game)  # once, before the searches fork, rather than in each of them
        results = _side_by_side(state, budget, schedules, avoid)
    else:
        results = _one_after_another(state, budget, schedules, avoid)
    return _answer(results, time.perf_counter() - started)


def _one_after_another(state: State, budget: Budget, schedules: tuple[tuple[Round, ...], ...],
                       avoid: Collection[Hashable]) -> list[Result]:
    """Each schedule's result, searched in turn; each search gets an equal share of the seconds still left."""
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    rival = _Count()
    results = []
    for index, schedule in enumerate(schedules):
        share = budget
        if deadline is not None:
            left = max(deadline - time.perf_counter(), 0.0)
            share = dataclasses.replace(budget, seconds=left / (len(schedules) - index))
        result = Search(state, share, schedule, rival=rival, avoid=avoid).run()
        if result.decided:
            rival.value = min(rival.value, result.nodes)
        results.append(result)
    return results


def _side_by_side(state: State, budget: Budget, schedules: tuple[tuple[Round, ...], ...],
                  avoid: Collection[Hashable]) -> list[Result]:
    """Each schedule's result, searched at once in forked processes that share the count of the first to decide."""
    context = multiprocessing.get_context("fork")
    rival = context.RawValue("q", sys.maxsize)  # read at every position, so without a lock; written under ``lock``
    lock = context.Lock()
    processes, connections = [], []
    try:
        for schedule in schedules:
            receiver, sender = context.Pipe(duplex=False)
            arguments = (state, budget, schedule, avoid, rival, lock, sender, os.getpid())
            process = context.Process(target=_search, args=arguments, daemon=True)
            _start(process)
            sender.close()
            processes.append(process)
            connections.append(receiver)
        replies = _replies(connections)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()
            process.join()
    for connection in connections:
        connection.close()
    results = [replies[connection] for connection in connections]
    for result in results:
        if isinstance(result, BaseException):
            raise result
    return results


def _start(process: Any) -> None:
    """Start the search process ``process`` with Ctrl-C blocked: it is the parent's to handle (it stops the
    searches), and a search process must never see it, not even while it starts, so it is blocked across the
    fork and ignored in the child."""
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        process.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _replies(connections: list[Connection]) -> dict[Connection, Any]:
    """What each search process sends back on its connection as it ends: its result, or an error."""
    replies: dict[Connection, Any] = {}
    while len(replies) < len(connections):
        for ready in wait([c for c in connections if c not in replies]):
            connection = cast(Connection, ready)  # wait() gives back the connections it was given
            try:
                replies[connection] = connection.recv()
            except EOFError:
                replies[connection] = RuntimeError("a search process ended without an answer")
    return replies


def _search(state: State, budget: Budget, schedule: tuple[Round, ...], avoid: Collection[Hashable], rival: Any,
            lock: Any, sender: Connection, parent: int) -> None:
    """In a search process: search, tell the others when decided, send the result (or the error) back.

    The process ends with its ``parent`` (pid), should that be killed before it can stop it.
    """
    end_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a Ctrl-C pending since the fork is dropped here
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        result = Search(state, budget, schedule, rival=rival, avoid=avoid).run()
        if result.decided:
            with lock:
                rival.value = min(rival.value, result.nodes)
        sender.send(result)
    except Exception as error:  # sent back and raised in the parent: it must not be lost here
        sender.send(error)
    finally:
        sender.close()


def _answer(results: list[Result], seconds: float) -> Result:
    """One result for all the searches: the answer of the one that decided within the fewest positions.

    Its ``nodes`` count each search's positions up to as many as the answering
    search expanded (what they expand side by side until the answer, and the
    same however many processes ran them); with no answer, all of them.
    """
    positions = sum(result.positions for result in results)
    decided = [(result.nodes, index) for index, result in enumerate(results) if result.decided]
    if not decided:
        return Result(answer=UNKNOWN, nodes=sum(result.nodes for result in results), positions=positions,
                      seconds=seconds, stopped_by=results[0].stopped_by, core=results[0].core)
    winner = results[min(decided)[1]]
    nodes = sum(min(result.nodes, winner.nodes) for result in results)
    return dataclasses.replace(winner, nodes=nodes, positions=positions, seconds=seconds, stopped_by=None)
