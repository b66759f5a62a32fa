"""A hint for a player: a winning line if one is found quickly, else the best-looking move that goes somewhere new."""

from __future__ import annotations

from collections.abc import Collection
from typing import NamedTuple

from ..moves import Move
from ..state import State
from .canonical import interchangeable_groups, key_function
from .forced import ForcedMoves
from .ordering import MoveOrder
from .portfolio import solve
from .result import LOST, WON, Budget

#: ``Hint.how``: the move starts a winning line the solver found (and replayed).
SOLUTION = "solution"
#: ``Hint.how``: no line found within the budget; the move is the one the solver would try first.
HEURISTIC = "heuristic"
#: ``Hint.how``: the solver proved that no line wins from here; the move is still its first choice.
HOPELESS = "lost"
#: ``Hint.how``: the position is won already (``move`` is None).
ALREADY_WON = "won"
#: ``Hint.how``: there is no legal move (``move`` is None).
NO_MOVE = "no move"


class Hint(NamedTuple):
    """A suggested ``move``, ``how`` it was chosen (one of the constants above), and the winning ``line`` it starts.

    ``line`` is the whole line from the position, ``move`` first, when ``how`` is
    ``SOLUTION``; else it is empty. ``move`` is None when the position is won or
    stuck, and when no line was found and every move leads back to a position
    the hint was told to avoid.
    """

    move: Move | None
    how: str
    line: tuple[Move, ...] = ()


def hint(state: State, seconds: float = 2.0, nodes: int | None = None, avoid: Collection[bytes] = ()) -> Hint:
    """The move to play next in ``state`` (left unchanged), searching at most ``seconds`` (and ``nodes``).

    No position in ``avoid`` (canonical keys, as ``canonical.reached`` gives them) is passed
    through: neither by the winning line nor, without one, by the move, the solver's
    first choice among the others. Hints followed one after another then never go
    round in a circle. ``HOPELESS`` says that no line wins without passing through one.
    """
    if state.is_won():
        return Hint(None, ALREADY_WON)
    if not state.legal_moves():
        return Hint(None, NO_MOVE)
    result = solve(state, Budget(nodes=nodes, seconds=seconds), avoid=avoid)
    if result.answer == WON:
        return Hint(result.moves[0], SOLUTION, result.moves)
    return Hint(first_choice(state, avoid), HOPELESS if result.answer == LOST else HEURISTIC)


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

