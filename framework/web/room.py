"""The room a game's piles need on the page: the most cards a pile of each group may come to hold.

The page lays the table out once for a game and a window from these numbers, never from the
piles as they are now, so that no move makes it rearrange itself. They come from the game's
rules and its opening deal (the same counts in every deal of a built-in game): a pile no
card may move to keeps its deal; one with a most cards keeps to it; any other is given room
for its deal, the cards a stock deals it and one run of 13 ranks on them (all a pile building
down or up by rank can gain; one building round the corner or by any rank may, rarely, grow
longer: its column then squeezes further, and past that the page scrolls).
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING

from ..spec import Direction

if TYPE_CHECKING:
    from ..compile import Group
    from ..game import Game
    from ..state import State

#: The building rules whose runs may skip ranks (``step``).
RUNS = frozenset({Direction.UP, Direction.DOWN})


def pile_room(game: Game) -> dict[str, dict[str, int]]:
    """For each group (by name): ``dealt``, the most cards the deal gives one of its piles; ``most``, the
    most it is given room for in play; ``down``, the most of them face down (no pile gets more face-down
    cards than it was dealt)."""
    state = game.deal(0)
    every = sum(len(cards) for cards in state.piles)
    from_stock = _stock_shares(game, state)
    receiving = {target.name for group in game.groups.values() for target in group.target_groups} | set(from_stock)
    room = {}
    for name, group in game.groups.items():
        dealt = max((len(state.piles[pile]) for pile in group.piles), default=0)
        most = _most(group, dealt, from_stock.get(name, 0)) if name in receiving else dealt
        room[name] = {"dealt": dealt, "most": min(every, most),
                      "down": max((state.face_down[pile] for pile in group.piles), default=0)}
    return room


def _most(group: Group, dealt: int, from_stock: int) -> int:
    """The cards a pile of ``group`` that cards move to is given room for: its most, else its deal, what a
    stock deals it and a run on its top dealt card (or on the card under it, once that one has gone)."""
    if group.max_cards is not None:
        return group.max_cards
    run = 1 + 12 // group.spec.build.step if group.spec.build.direction in RUNS else 13
    return max(dealt - 1, 0) + from_stock + run


def _stock_shares(game: Game, state: State) -> dict[str, int]:
    """For each group a stock deals onto, the most cards the stock deals to one of its piles."""
    shares: dict[str, int] = {}
    for stock in game.groups.values():
        target = stock.spec.deals_to
        if target:
            cards = sum(len(state.piles[pile]) for pile in stock.piles)
            shares[target] = shares.get(target, 0) + ceil(cards / len(game.groups[target].piles))
    return shares
