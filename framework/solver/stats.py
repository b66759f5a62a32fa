"""Winnability statistics: many deals solved in parallel, then counts, a win rate and times.

The unit of work is ``solve_deal(game, seed, budget, searches, jobs)``: plain
data in (a game name or rule-file path, a seed, a budget as a dict, how many
searches on how many processes), one plain record out. It loads what it needs
itself, so it can run in another process, or be handed as it is to a
distributed engine (Dask, Ray) as a task of ``jobs`` cores.
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import math
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any

from ..game import Game, load_game
from .fairplay import FairPolicy, play_fair
from .lifeline import end_with_parent
from .portfolio import solve
from .result import ANSWERS, LOST, UNKNOWN, WON, Budget

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054

#: How often, in seconds, a run on several processes looks whether Ctrl-C was pressed.
_GLANCE = 0.1


@functools.lru_cache(maxsize=8)
def _game(name: str) -> Game:
    return load_game(name)


def solve_deal(game: str, seed: int, budget: dict[str, Any], searches: int = 1, jobs: int = 1) -> dict[str, Any]:
    """Solve deal ``seed`` of ``game`` within ``budget`` (``Budget`` fields) by ``searches`` searches.

    They run on ``jobs`` processes. The result record. A budget with a ``fair`` entry (``FairPolicy.to_dict``)
    plays the deal by the fair policy instead (``fairplay.play_fair``): won is then won by a player who cannot
    see the hidden cards.
    """
    if "fair" in budget:
        return play_fair(_game(game).deal(seed), FairPolicy.from_dict(budget["fair"]), seed)
    result = solve(_game(game).deal(seed), Budget(**budget), searches=searches, jobs=jobs)
    return {
        "seed": seed,
        "answer": result.answer,
        "moves": len(result.line),
        "nodes": result.nodes,
        "positions": result.positions,
        "seconds": round(result.seconds, 4),
        "stopped_by": result.stopped_by,
    }


class Interrupted(Exception):
    """Ctrl-C stopped ``solve_deals``: ``records`` holds the deals finished before it, in seed order."""

    def __init__(self, records: list[dict[str, Any]]) -> None:
        super().__init__(f"interrupted after {len(records)} deals")
        self.records = records


def solve_deals(game: str, seeds: Sequence[int], budget: Budget | dict[str, Any], jobs: int = 1,
                progress: Callable[[dict[str, Any]], None] | None = None, searches: int = 1,
                cluster: str | None = None) -> list[dict[str, Any]]:
    """The records of ``seeds``, in seed order, solved by ``jobs`` processes; ``progress`` sees each as it ends.

    Each deal gets ``searches`` searches, on as many of the processes as there are
    searches; the rest solve other deals at the same time. With ``cluster`` (a Dask
    scheduler's address, or ``local``: see ``cluster.py``) the deals are solved there
    instead, one core each. On Ctrl-C the deals under way are stopped at once and
    ``Interrupted`` carries the records of those finished. ``budget`` may be given as plain data
    (``solve_deal``'s), such as a fair policy's.
    """
    plain = budget if isinstance(budget, dict) else budget.to_dict()
    per_deal = 1 if cluster else max(1, min(searches, jobs))
    at_once = max(1, jobs // per_deal)
    records: list[dict[str, Any]] = []
    try:
        if cluster:
            from .cluster import dask_executor  # Dask is an optional extra, imported only when asked for

            with _ctrl_c_flag() as stop, dask_executor(cluster, jobs) as (executor, at_once, stop_now):
                _solve_at_once(executor, stop, stop_now, game, seeds, plain, searches, per_deal, at_once, records,
                               progress)
        elif at_once == 1:
            for seed in seeds:
                records.append(solve_deal(game, seed, plain, searches, per_deal))
                if progress:
                    progress(records[-1])
        else:
            with _ctrl_c_flag() as stop, _process_pool(at_once) as (executor, stop_now):
                _solve_at_once(executor, stop, stop_now, game, seeds, plain, searches, per_deal, at_once, records,
                               progress)
    except KeyboardInterrupt:
        raise Interrupted(sorted(records, key=lambda record: record["seed"])) from None
    return sorted(records, key=lambda record: record["seed"])


@contextlib.contextmanager
def _ctrl_c_flag() -> Iterator[threading.Event]:
    """An event Ctrl-C sets, in place of the KeyboardInterrupt it raises, until the block ends.

    A KeyboardInterrupt raised inside an executor's own code (a queue's lock taken, not yet
    released) could hang its shutdown; the flag is read between waits instead, and a second
    Ctrl-C during the shutdown does nothing.
    """
    stop = threading.Event()
    handler = signal.signal(signal.SIGINT, lambda signum, frame: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, handler)


@contextlib.contextmanager
def _process_pool(workers: int) -> Iterator[tuple[Executor, Callable[[], None]]]:
    """A pool of ``workers`` processes, and what stops the deals under way at once; shut down on leaving."""
    # Forked where the system can (else spawned), so that each worker's parent is this process (a forkserver
    # would be the parent of the workers it starts): each ends with its parent (``_worker_signals``).
    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_worker_signals,
                               initargs=(os.getpid(),))

    def stop_now() -> None:
        # Python 3.14 names this ProcessPoolExecutor.terminate_workers; before it, the pool's
        # processes are all there is.
        for process in list(pool._processes.values()):
            process.terminate()

    try:
        yield pool, stop_now
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _solve_at_once(executor: Executor, stop: threading.Event, stop_now: Callable[[], None], game: str,
                   seeds: Sequence[int], budget: dict[str, Any], searches: int, per_deal: int, at_once: int,
                   records: list[dict[str, Any]], progress: Callable[[dict[str, Any]], None] | None) -> None:
    """Solves ``seeds`` on ``executor``, ``at_once`` at a time, adding each record as it ends.

    Once ``stop`` is set (Ctrl-C), ``stop_now`` stops the deals under way and KeyboardInterrupt is raised.
    """
    waiting = iter(seeds)
    running: set[Future[dict[str, Any]]] = set()
    while not stop.is_set():
        # A few deals queued beyond those under way keep every worker busy; queueing all of
        # them at once would cost memory and time for a study of millions of deals.
        for seed in itertools.islice(waiting, 2 * at_once - len(running)):
            running.add(executor.submit(solve_deal, game, seed, budget, searches, per_deal))
        if not running:
            return
        done, running = wait(running, timeout=_GLANCE, return_when=FIRST_COMPLETED)
        for future in done:
            records.append(future.result())
            if progress:
                progress(records[-1])
    stop_now()
    raise KeyboardInterrupt


def _worker_signals(parent: int) -> None:
    """In a worker: Ctrl-C is the parent's to handle (no worker prints a traceback for it), a
    worker terminated ends the search processes it started, then itself, at once, and a worker
    ends with its ``parent`` (pid), should that be killed before it can stop it."""
    end_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _end_worker)


def _end_worker(signum: int, frame: Any) -> None:
    for child in multiprocessing.active_children():
        child.terminate()
    os._exit(128 + signum)  # not SystemExit: the pool's worker loop would catch it and take the next deal


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for no trials.

    >>> [round(x, 3) for x in wilson(8, 10)]
    [0.49, 0.943]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Iterable[float], fraction: float) -> float | None:
    """The ``fraction`` quantile of ``values`` by linear interpolation; None if there are none.

    >>> percentile([1, 2, 3, 4], 0.5), percentile([5.0], 0.9), percentile([], 0.5)
    (2.5, 5.0, None)
    """
    ordered = sorted(values)
    if not ordered:
        return None
    place = (len(ordered) - 1) * fraction
    low = math.floor(place)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (place - low)


def summarize(records: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Counts, win rates with 95% Wilson intervals, and percentiles of the time per deal.

    ``win_rate`` is over the decided deals; ``win_rate_all`` bounds the rate over
    all deals whatever the unknown ones turn out to be: from the lower end of the
    interval with every unknown deal lost to the upper end with every one won.
    """
    counts = {answer: sum(1 for record in records if record["answer"] == answer) for answer in ANSWERS}
    won, decided, total = counts[WON], counts[WON] + counts[LOST], len(records)
    decided_times = [record["seconds"] for record in records if record["answer"] != UNKNOWN]
    all_times = [record["seconds"] for record in records]
    nodes = sum(record["nodes"] for record in records)
    seconds = sum(all_times)
    return {
        "deals": total,
        "counts": counts,
        "decided": decided / total if total else None,
        "win_rate": won / decided if decided else None,
        "win_rate_interval": list(wilson(won, decided)),
        "win_rate_all": [wilson(won, total)[0], wilson(won + counts[UNKNOWN], total)[1]],
        "seconds_decided": {"median": percentile(decided_times, 0.5), "p90": percentile(decided_times, 0.9),
                            "max": max(decided_times, default=None)},
        "seconds_all": {"median": percentile(all_times, 0.5), "p90": percentile(all_times, 0.9),
                        "max": max(all_times, default=None)},
        "nodes_per_second": nodes / seconds if seconds else None,
    }
