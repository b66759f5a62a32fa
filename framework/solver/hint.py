"""A hint for a player: a winning line if one is found quickly, else the best-looking move that goes somewhere new."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import NamedTuple

from ..moves import Move
from ..safety import auto_play, with_auto_play
from ..state import State
from .canonical import interchangeable_groups, key_function
from .forced import ForcedMoves
from .line import Line
from .ordering import MoveOrder
from .portfolio import solve
from .result import LOST, WON, Budget, Result

#: ``Hint.how``: the move starts a winning line the solver found (and replayed).
SOLUTION = "solution"
#: ``Hint.how``: no line found within the budget; the move is the one the solver would try first.
HEURISTIC = "heuristic"
#: ``Hint.how``: the solver proved that no line wins from here; the move is still its first choice.
HOPELESS = "lost"
#: ``Hint.how``: with auto-play on, no line was found that auto-play lets the player follow, but one without it;
#: the move is its first.
WITHOUT_AUTO_PLAY = "without auto-play"
#: ``Hint.how``: the position is won already (``move`` is None).
ALREADY_WON = "won"
#: ``Hint.how``: there is no legal move (``move`` is None).
NO_MOVE = "no move"


class Hint(NamedTuple):
    """A suggested ``move``, ``how`` it was chosen (one of the constants above), and the winning ``line`` it starts.

    ``line`` is the whole line from the position, ``move`` first, when ``how`` is
    ``SOLUTION`` (with auto-play on, the player's moves: auto-play makes the others); else it is
    empty. ``move`` is None when the position is won or
    stuck, and when no line was found and every move leads back to a position
    the hint was told to avoid.
    """

    move: Move | None
    how: str
    line: tuple[Move, ...] = ()


def hint(state: State, seconds: float = 2.0, nodes: int | None = None, avoid: Collection[bytes] = (),
         autoplay: bool = False) -> Hint:
    """The move to play next in ``state`` (left unchanged), searching at most ``seconds`` (and ``nodes``).

    No position in ``avoid`` (canonical keys, as ``canonical.reached`` gives them) is passed
    through: neither by the winning line nor, without one, by the move, the solver's
    first choice among the others. Hints followed one after another then never go
    round in a circle. ``HOPELESS`` says that no line wins without passing through one.

    With ``autoplay``, the line is one a player with auto-play on follows: its moves are
    turns, each the move and the safe moves auto-play makes after it (``safety.auto_play``),
    so auto-play never leaves it (``_with_auto_play``).
    """
    if state.is_won():
        return Hint(None, ALREADY_WON)
    if not state.legal_moves():
        return Hint(None, NO_MOVE)
    budget = Budget(nodes=nodes, seconds=seconds)
    result = solve(state, budget, avoid=avoid)
    if result.answer == WON:
        return _with_auto_play(state, result, budget, avoid) if autoplay else Hint(result.moves[0], SOLUTION,
                                                                                   result.moves)
    start = with_auto_play(state) if autoplay else state
    return Hint(first_choice(start, avoid), HOPELESS if result.answer == LOST else HEURISTIC)


def _with_auto_play(state: State, found: Result, budget: Budget, avoid: Collection[bytes]) -> Hint:
    """The hint with auto-play on in ``state``, where ``found`` is a winning line searched without it.

    The line itself, its moves played as turns (``as_turns``), when auto-play does not spoil it;
    else a line searched with auto-play, with what is left of the budget; else the line's first
    move, the way to a win with auto-play off. (Searching with auto-play first would find fewer
    lines within the budget, and none where auto-play spoils every win.)
    """
    start = with_auto_play(state)
    turns = tuple(as_turns(state, found.moves))
    if Line.through(start, turns, avoid=avoid) is None:
        turns = _search_turns(start, found, budget, avoid)
    if turns:
        return Hint(turns[0], SOLUTION, turns)
    return Hint(found.moves[0], WITHOUT_AUTO_PLAY)


def _search_turns(start: State, found: Result, budget: Budget, avoid: Collection[bytes]) -> tuple[Move, ...]:
    """A winning line of turns from ``start`` (an ``AutoPlayState``) within what ``found``'s search left of
    ``budget``; () if none is found."""
    nodes = None if budget.nodes is None else budget.nodes - found.nodes
    seconds = None if budget.seconds is None else budget.seconds - found.seconds
    if (nodes is not None and nodes <= 0) or (seconds is not None and seconds <= 0):
        return ()
    return solve(start, Budget(nodes=nodes, seconds=seconds), avoid=avoid).moves


def as_turns(state: State, moves: Sequence[Move]) -> list[Move]:
    """The moves a player with auto-play on plays to follow the winning line ``moves`` from ``state`` (left
    unchanged): the line's moves in its order, but those auto-play has made already, until the game is won.

    They may not win, where auto-play made a move the line does not make (``Line.through`` tells).
    """
    replay = state.copy(stack=False)
    left = list(moves)
    played = []
    while left and not replay.is_won():
        move = left.pop(0)
        if not replay.is_legal(move):
            break
        replay.push(move)
        played.append(move)
        _drop(left, auto_play(replay, move))
    return played


def _drop(moves: list[Move], made: list[Move]) -> None:
    """Take out of ``moves`` the first of each move of ``made`` (moves made already)."""
    for move in made:
        if move in moves:
            moves.remove(move)


def first_choice(state: State, avoid: Collection[bytes] = ()) -> Move | None:
    """The move the solver tries first in ``state`` among those that reach no position of ``avoid``, or None."""
    game = state.game
    forced = ForcedMoves(game).move(state)
    legal = state.legal_moves()
    ordered = MoveOrder(game, interchangeable_groups(game)).order(state, legal)
    candidates = ([] if forced is None else [forced]) + ordered + list(legal)
    key = key_function(game)
    after = state.copy(stack=False)
    for move in candidates:
        after.push(move)
        position = key(after)
        after.pop()
        if position not in avoid:
            return move
    return None

