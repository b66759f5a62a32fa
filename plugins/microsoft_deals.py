"""Numbered deals of Microsoft FreeCell: deal ``ms:N`` lays out exactly the cards of game N.

The generator is the one of the Microsoft C library (``rand()``: seed times
214013 plus 2531011, modulo 2^31, the upper 15 bits) driving the Windows
FreeCell shuffle; it is public, and documented in ``docs/formats.md``. It needs
a game of one standard deck dealt into its columns row by row, as FreeCell is.
"""

from __future__ import annotations

from framework import Game, hookimpl
from framework.cards import make_card

PREFIX = "ms:"
#: It only deals, so the solver may merge cards and piles the rule data cannot tell apart.
sees_only_rule_data = True
#: Deal numbers Windows FreeCell accepts (with the extension to a million).
HIGHEST = 1_000_000


def microsoft_order(number: int) -> list[int]:
    """The 52 cards of Microsoft FreeCell game ``number``, in the order they are dealt row by row."""
    state = number
    cards = list(range(51, -1, -1))  # Microsoft's card c is rank c // 4 and suit c % 4 (C D H S)
    for i in range(52):
        state = (state * 214013 + 2531011) & 0x7FFFFFFF
        j = 51 - (state >> 16) % (52 - i)
        cards[i], cards[j] = cards[j], cards[i]
    return [make_card(card // 4 + 1, card % 4) for card in cards]


@hookimpl
def deal_order(game: Game, seed: str) -> list[int] | None:
    if not seed.lower().startswith(PREFIX):
        return None
    number = seed[len(PREFIX):]
    if not number.isdigit() or not 1 <= int(number) <= HIGHEST:
        return None
    if sorted(game.pack) != list(range(52)):
        return None
    return microsoft_order(int(number))
