"""Searches run by the native core (``framework.native``), where it is built and the game allows.

``NativeSolver.of(game)`` gives the game's rules and the solver's tables to the
core: the tables are read off the Python objects the search itself uses
(``canonical.Keys``, ``MoveOrder``, ``ForcedMoves``, ``Doom``, ``beam.Score``), so
each derived rule is worked out once, in Python. ``search_natively`` then runs a
``Search``'s whole schedule in C, without the GIL and without a Python object per
position; the line it finds is shortened and replayed through the Python kernel,
as every line is. The two searches expand the same positions in the same order:
tests/test_native.py checks answers, positions and lines on every game.
"""

from __future__ import annotations

import ctypes
import os
import sys
import time
import weakref
from typing import TYPE_CHECKING, Any

from ..game import Game
from ..moves import Move
from ..native import NativeError, NativeGame
from ..safety import auto_play_tables
from .beam import Score
from .canonical import Keys, interchangeable_groups
from .doomed import Doom
from .forced import ForcedMoves
from .ordering import MoveOrder
from .result import WON, Result
from .settled import NO_SOLE_CARD, SettledCards

if TYPE_CHECKING:
    from .search import Search

#: The core that searched: the native core, or the Python kernel.
NATIVE, PYTHON = "native", "python"
#: The environment variable that makes every search run in Python (``PATIENCE_CORE=python``), to compare the two.
CORE_VARIABLE = "PATIENCE_CORE"


class NativeSolver:
    """A game in the native core with the solver's tables: what a native search needs."""

    _made: weakref.WeakKeyDictionary[Game, NativeSolver | NativeError] = weakref.WeakKeyDictionary()

    def __init__(self, game: Game) -> None:
        self.native = NativeGame.of(game, {**key_tables(Keys(game)), **auto_play_tables(game)})
        order = MoveOrder(game, interchangeable_groups(game))
        self.core = self.native.solver(solver_tables(game, order, ForcedMoves(game), Doom.of(game)))

    @classmethod
    def of(cls, game: Game) -> NativeSolver:
        """The native solver of ``game``, made once; ``NativeError`` with the reason where there is none."""
        made = cls._made.get(game)
        if made is None:
            try:
                made = cls(game)
            except NativeError as error:
                made = error
            cls._made[game] = made
        if isinstance(made, NativeError):
            raise made
        return made


def prepare(game: Game) -> None:
    """Make ``game``'s native solver now, if it has one (before searches fork, say, so that they share it)."""
    why_not(game)


def why_not(game: Game) -> str | None:
    """Why the native core does not search ``game`` (None where it does)."""
    try:
        NativeSolver.of(game)
    except NativeError as error:
        return str(error)
    return None


def key_tables(keys: Keys) -> dict[str, Any]:
    """The tables of ``keys`` as the native core reads them."""
    return {
        "classes": keys.classes or bytes(range(256)),
        "sinks": [pile for pile, sink in enumerate(keys.is_sink) if sink],
        "always": [bound for span in keys.always for bound in span],
        "later": [bound for span, _ in keys.later for bound in span],
        "later_dealers": [list(dealers) for _, dealers in keys.later],
    }


def solver_tables(game: Game, order: MoveOrder, forced: ForcedMoves, doom: Doom | None) -> dict[str, Any]:
    """The tables of the search's ordering, forced moves, doom and beam score, as the native core reads them."""
    score = Score(game)
    return {
        "symmetric": list(order.symmetric),
        **_forced_tables(game, forced),
        **_settled_tables(game, order.settled),
        "has_doom": int(doom is not None),
        "top_card_piles": list(score.top_card_piles),
        "run_piles": [pile for pile, _ in score.run_piles],
        "tableau": list(score.tableau),
        "stock_piles": [pile for stock in game.stocks for pile in stock.piles],
        **(_doom_tables(doom) if doom is not None else {}),
    }


def _forced_tables(game: Game, forced: ForcedMoves) -> dict[str, Any]:
    """The tables of the moves the search plays without trying others (``ForcedMoves``, ``safe_moves``)."""
    piles = range(len(game.pile_names))
    return {
        "data_only": int(forced.data_only),
        "keep_piles": int(forced.keep_piles),
        "refilled": sorted(forced.refilled),
        "regrouped": sorted(forced.regrouped),
        **auto_play_tables(game),
        "alike_start": [forced.alike.get(pile, range(pile, pile + 1)).start for pile in piles],
        "alike_stop": [forced.alike.get(pile, range(pile, pile + 1)).stop for pile in piles],
        "predecessors": [list(forced.predecessors[card]) for card in range(52)],
        "table_piles": list(forced.table),
    }


def _settled_tables(game: Game, settled: SettledCards) -> dict[str, Any]:
    """The tables of the foundation cards the search never takes back (``SettledCards``)."""
    piles = range(len(game.pile_names))
    return {
        "settle_piles": sorted(settled.sole_next),
        "sole_next": [card for pile in piles for card in settled.sole_next.get(pile, (NO_SOLE_CARD,) * 52)],
        "settle_bases": bytes(card in settled.bases.get(pile, ()) for pile in piles for card in range(52)),
    }


def _doom_tables(doom: Doom) -> dict[str, Any]:
    """The tables of the check of positions lost at a glance (``Doom``)."""
    return {
        "doom_foundation": doom.foundation,
        "doom_piles": list(doom.piles),
        "doom_others": list(doom.others),
        "doom_classes": doom.classes,
        "doom_takers": [list(doom.takers[card]) for card in range(52)],
        "doom_takes": [list(doom.takes.get(card, b"")) for card in range(52)],
        "class_list": list(doom.class_list),
        "has_lines": int(doom.lines is not None),
        "lines": [list(line) for line, _ in doom.lines or ()],
        "line_rings": [int(ring) for _, ring in doom.lines or ()],
    }


def search_natively(search: Search) -> Result | None:
    """``search`` run by the native core: its result, or None where the core cannot run it (the Python search
    then runs it)."""
    game = search.start.game
    if os.environ.get(CORE_VARIABLE) == PYTHON:
        return None
    try:
        solver = NativeSolver.of(game)
        position = solver.native.position(search.start)
    except NativeError:
        return None
    budget = search.budget
    rival = _count(search.rival)
    started = time.perf_counter()
    if budget.seconds is not None:
        search.deadline = started + budget.seconds
    answer, nodes, positions, stopped_by, line, inner_at, rounds = solver.core.search(
        position,
        _schedule(search),
        _or_none(budget.nodes),
        -1.0 if budget.seconds is None else budget.seconds,
        -1 if budget.memory_mb is None else int(budget.memory_mb * 1024 * 1024),
        search.avoid,
        0 if rival is None else ctypes.addressof(rival),
    )
    search.nodes, search.positions, search.rounds = nodes, positions, rounds
    moves: tuple[Move, ...] = ()
    if answer == WON:
        line = _shortened(search, solver, position, line, inner_at, started)
        moves = tuple(solver.native.move(move) for move in line)
    return Result(answer=answer, nodes=nodes, positions=positions, seconds=time.perf_counter() - started, moves=moves,
                  line=search.replay(moves, lambda _: position.replays(line)) if answer == WON else (),
                  stopped_by=stopped_by, core=NATIVE)


def _schedule(search: Search) -> list[tuple[int, int, int, int]]:
    """The rounds of ``search``'s schedule as the core takes them: allowance, endgame positions, beam width and
    most positions, -1 for none."""
    return [(-1 if r.allowance == sys.maxsize else r.allowance, _or_none(r.endgame_positions), _or_none(r.beam_width),
             _or_none(r.most_positions)) for r in search.schedule]


def _shortened(search: Search, solver: NativeSolver, position: Any, line: Any, inner_at: int,
               started: float) -> Any:
    """The winning ``line`` the core found from ``position`` (the search's start, a native position), played on the
    search's state and shortened, as the Python search leaves it: a beam's endgame won by a search of its own
    (from move ``inner_at``; -1: none) is shortened on its own first (``Search.search_in_full`` returns it so),
    then the whole line as one (``shorten``, in the core), within what the budget's time leaves."""
    if inner_at >= 0:
        endgame = solver.native.position(search.start)
        for move in line[:inner_at]:
            endgame.push(move)
        line = line[:inner_at] + endgame.shorten(line[inner_at:], _seconds_left(search.deadline))
    for move in line:
        search.state.push(solver.native.move(move))
    return position.shorten(line, _seconds_left(search.shortening_deadline(started)))


def _count(rival: Any) -> Any:
    """The count of positions a rival search decided within, as a 64-bit integer in memory the core can read: a
    shared one as it is (``portfolio``'s), else a copy of its value now."""
    if rival is None:
        return None
    if isinstance(rival, ctypes._SimpleCData) and ctypes.sizeof(rival) == 8:
        return rival
    return ctypes.c_int64(int(rival.value))


def _seconds_left(deadline: float | None) -> float:
    """The seconds left until ``deadline`` (by ``time.perf_counter``), as the core takes them: -1 for no limit."""
    return -1.0 if deadline is None else max(deadline - time.perf_counter(), 0.0)


def _or_none(value: int | None) -> int:
    return -1 if value is None else value
