"""What a player sees of a position: its public view, with every card the player cannot see hidden.

A card is hidden where it lies face down (the bottom ``State.face_down`` cards of a
pile) and throughout a stock, but for the top card of a stock the rules let the player
play (``Game.open_stock_piles``). The rest is in sight: the face-up cards of every pile,
in order, each pile's number of cards, and the game's variables (the redeals made and
the like). The terminal and web players draw the table from it, so that two positions
that differ only in their hidden cards look the same.

The kernel does not keep what a player has seen of a card that is hidden again (a waste
turned back into its stock, say): the view is of the position alone, and hides such a
card as it hides one never seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .spec import Role

if TYPE_CHECKING:
    from .state import State


class PublicPile(NamedTuple):
    """A pile as a player sees it: ``hidden`` cards at the bottom, then the ``cards`` in sight, bottom first."""

    hidden: int
    cards: tuple[int, ...]


class PublicView(NamedTuple):
    """A position as a player sees it: each pile (``PublicPile``), and the variables by name, in the game's order."""

    piles: tuple[PublicPile, ...]
    vars: tuple[tuple[str, Any], ...]


def public_view(state: State) -> PublicView:
    """``state``'s position as a player sees it: equal for two positions that differ only in hidden cards."""
    return PublicView(tuple(public_pile(state, pile) for pile in range(len(state.piles))), tuple(state.vars.items()))


def public_pile(state: State, pile: int) -> PublicPile:
    """Pile ``pile`` of ``state`` as a player sees it."""
    hidden = hidden_count(state, pile)
    return PublicPile(hidden, tuple(state.piles[pile][hidden:]))


def hidden_count(state: State, pile: int) -> int:
    """How many cards of pile ``pile``, from the bottom, a player cannot see in ``state``."""
    game = state.game
    cards = state.piles[pile]
    if game.pile_group[pile].role == Role.STOCK:
        return len(cards) - (1 if cards and pile in game.open_stock_piles else 0)
    return min(state.face_down[pile], len(cards))


def hides_cards(state: State) -> bool:
    """Whether a player cannot see some card of ``state``."""
    return any(hidden_count(state, pile) for pile in range(len(state.piles)))
