"""Cards as small integers, their text form, and the deterministic shuffle.

A card is an ``int`` from 0 to 51: ``suit * 13 + rank - 1``, with suits in the
order clubs, diamonds, hearts, spades and ranks from 1 (ace) to 13 (king).
Cards of a second deck are the same integers: two equal cards are equal.
"""

from __future__ import annotations

from collections.abc import Iterable

from .errors import quoted

SUITS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # ♣ ♦ ♥ ♠
RANKS = "A23456789TJQK"

RED_SUITS = frozenset((1, 2))

#: Rank (1..13) of each card.
RANK = tuple(card % 13 + 1 for card in range(52))
#: Suit index (0..3) of each card.
SUIT = tuple(card // 13 for card in range(52))
#: Colour of each card: 0 black, 1 red.
COLOUR = tuple(1 if card // 13 in RED_SUITS else 0 for card in range(52))


class CardError(ValueError):
    """Text that is not a card."""


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1..13) and ``suit`` (0..3)."""
    return suit * 13 + rank - 1


def parse_rank(text: str) -> int:
    """A rank from ``A 2 … 9 T J Q K`` (``10`` for ``T``; any case)."""
    word = text.strip().upper()
    if word == "10":
        word = "T"
    if len(word) != 1 or word not in RANKS:
        raise CardError(f"not a rank: {quoted(text)} (expected one of A 2 3 4 5 6 7 8 9 T J Q K)")
    return RANKS.index(word) + 1


def parse_card(text: str) -> int:
    """A card from its text, e.g. ``AS``, ``10h``, ``td``, ``7♣``."""
    word = text.strip()
    if len(word) < 2:
        raise CardError(f"not a card: {quoted(text)} (expected a rank and a suit, e.g. 'AS', 'TD', '10H')")
    suit_text = word[-1]
    upper = suit_text.upper()
    if upper in SUITS:
        suit = SUITS.index(upper)
    elif suit_text in SUIT_SYMBOLS:
        suit = SUIT_SYMBOLS.index(suit_text)
    else:
        raise CardError(f"not a card: {quoted(text)} (the suit must be one of C D H S)")
    try:
        rank = parse_rank(word[:-1])
    except CardError:
        raise CardError(f"not a card: {quoted(text)} (the rank must be one of A 2 … 9 T J Q K)") from None
    return make_card(rank, suit)


def card_text(card: int) -> str:
    """The two-character text of a card: ``AS``, ``TD``, ``7C``."""
    return RANKS[RANK[card] - 1] + SUITS[SUIT[card]]


def card_symbol(card: int) -> str:
    """The card with a unicode suit, for display: ``A♠``, ``10♦``."""
    return rank_symbol(RANK[card]) + SUIT_SYMBOLS[SUIT[card]]


def rank_symbol(rank: int) -> str:
    """A rank as the cards show it, for display: ``A``, ``10``, ``K``."""
    return "10" if rank == 10 else RANKS[rank - 1]


def rank_text(rank: int) -> str:
    """The one-character text of a rank."""
    return RANKS[rank - 1]


def full_deck(decks: int, suits: Iterable[int] = range(4)) -> list[int]:
    """``decks`` decks in order: each deck its ``suits`` (clubs, diamonds, hearts, spades), ace to king."""
    suits = tuple(suits)
    return [suit * 13 + rank for _ in range(decks) for suit in suits for rank in range(13)]


_MASK64 = (1 << 64) - 1


class SplitMix64:
    """The SplitMix64 generator: 64-bit outputs from a 64-bit seed, the same everywhere."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)``, by rejection of the biased top range."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next()
            if value < limit:
                return value % bound


def shuffled(cards: Iterable[int], seed: int) -> list[int]:
    """The cards in the order deal ``seed`` gives them (Fisher–Yates, from the last place down)."""
    order = list(cards)
    rng = SplitMix64(seed)
    for i in range(len(order) - 1, 0, -1):
        j = rng.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order
