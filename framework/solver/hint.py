"""A hint for a player: the next move of a solution if one is found quickly, else the best-looking move."""

from __future__ import annotations

from typing import NamedTuple

from ..moves import Move
from ..state import State
from .canonical import interchangeable_groups
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
    """A suggested ``move`` and ``how`` it was chosen (one of the constants above)."""

    move: Move | None
    how: str


def hint(state: State, seconds: float = 2.0, nodes: int | None = None) -> Hint:
    """The move to play next in ``state`` (left unchanged), searching at most ``seconds`` (and ``nodes``)."""
    if state.is_won():
        return Hint(None, ALREADY_WON)
    if not state.legal_moves():
        return Hint(None, NO_MOVE)
    result = solve(state, Budget(nodes=nodes, seconds=seconds))
    if result.answer == WON:
        return Hint(result.moves[0], SOLUTION)
    return Hint(first_choice(state), HOPELESS if result.answer == LOST else HEURISTIC)


def first_choice(state: State) -> Move:
    """The move the solver tries first in ``state``, which has a legal move."""
    game = state.game
    forced = ForcedMoves(game).move(state)
    if forced is not None:
        return forced
    legal = state.legal_moves()
    ordered = MoveOrder(game, interchangeable_groups(game)).order(state, legal)
    return ordered[0] if ordered else legal[0]
