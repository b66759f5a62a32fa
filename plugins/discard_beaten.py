"""Discard the beaten: a top card may be discarded while a higher card of its suit shows.

The top cards of the piles of the ``from`` groups are compared: one of them may go
to the ``to`` pile while another of them (on a different pile) is of the same suit
and higher in rank, aces high unless ``aces`` says ``low``. With ``won_with_left``,
the game is won once every card but those of the ranks listed is on the ``to``
pile (and, with ``apart``, each card left lies alone on its own pile of the
``from`` groups), as in Aces Up.
"""

from __future__ import annotations

from typing import Any

from framework import Game, Move, PatienceError, State, hookimpl
from framework.cards import RANK, SUIT, SUIT_SYMBOLS, card_symbol, parse_rank
from framework.plugins import group_option

#: A rank as a rule file writes it: A 2 … 10 (or T) J Q K.
RANK_SCHEMA = {"type": ["string", "integer"], "pattern": "^([AaTtJjQqKk2-9]|10)$", "minimum": 2, "maximum": 10}


class DiscardBeaten:
    """Discards of top cards beaten by a higher card of their suit, and the win with some ranks left."""

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["from", "to"],
        "properties": {
            "from": group_option("The groups whose top cards are compared and may be discarded.", many=True),
            "to": group_option("The group of one pile the discarded cards go to."),
            "aces": {
                "description": "Whether aces rank above kings (high, the default) or below twos (low).",
                "enum": ["high", "low"],
            },
            "won_with_left": {
                "description": "Ranks whose cards stay: the game is won when every other card is discarded.",
                "type": "array",
                "items": RANK_SCHEMA,
                "uniqueItems": True,
            },
            "apart": {
                "description": "With won_with_left: each card left must lie alone on its own pile (default: no).",
                "type": "boolean",
            },
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        target = game.groups[options["to"]]
        if len(target.piles) != 1:
            raise PatienceError(f"plugin 'discard-beaten': group {target.name!r} in 'to' must have one pile")
        self.discard = target.piles.start
        self.piles = tuple(pile for name in options["from"] for pile in game.groups[name].piles)
        if self.discard in self.piles:
            raise PatienceError(f"plugin 'discard-beaten': group {target.name!r} is both in 'from' and 'to'")
        high = options.get("aces", "high") == "high"
        #: Each card's value for the comparison: its rank, or 14 for an ace that is high.
        self.value = tuple(14 if high and rank == 1 else rank for rank in RANK)
        #: The ranks of the cards left when the game is won (None: the plugin does not decide the win).
        self.left_ranks = _left_ranks(options)
        self.apart = bool(options.get("apart", False))
        #: How many cards stay when the game is won.
        self.kept = sum(1 for card in game.pack if RANK[card] in self.left_ranks) if self.left_ranks else 0

    def native_rule(self) -> dict[str, Any]:
        """This rule as the native core runs it (docs/plugins.md#native-rules)."""
        return {"kind": "discard-beaten", "piles": list(self.piles), "discard": self.discard,
                "values": list(self.value), "won_with_left": int(self.left_ranks is not None), "kept": self.kept,
                "apart": int(self.apart)}

    @staticmethod
    def _tops(state: State, piles: tuple[int, ...]) -> list[tuple[int, int]]:
        """Each pile of ``piles`` whose top card lies face up, with that card."""
        cards = state.piles
        return [(pile, cards[pile][-1]) for pile in piles if cards[pile] and state.face_down[pile] < len(cards[pile])]

    def _beaters(self, pile: int, card: int, tops: list[tuple[int, int]]) -> list[int]:
        """The top cards, among ``tops``, of other piles than ``pile`` that beat ``card``: its suit, higher."""
        value = self.value
        return [top for other, top in tops if other != pile and SUIT[top] == SUIT[card] and value[top] > value[card]]

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        tops = self._tops(state, self.piles)
        return [Move(pile, self.discard, 1) for pile, card in tops if self._beaters(pile, card, tops)]

    def _beaten_by(self, state: State, move: Move) -> list[int] | None:
        """For one of this plugin's discards (from a pile whose top card lies face up), the cards that beat that
        card; None for any other move."""
        if move.action or move.count != 1 or move.source not in self.piles or move.target != self.discard:
            return None
        card = self._tops(state, (move.source,))
        return self._beaters(move.source, card[0][1], self._tops(state, self.piles)) if card else None

    @hookimpl
    def move_words(self, state: State, move: Move) -> str | None:
        beaters = self._beaten_by(state, move)
        if beaters is None:
            return None
        by = f", beaten by {card_symbol(max(beaters, key=self.value.__getitem__))}" if beaters else ""
        return f"discard {card_symbol(state.piles[move.source][-1])}{by}"

    @hookimpl
    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why a top card may not be discarded: no higher card of its suit shows on another pile."""
        if self._beaten_by(state, move) != []:
            return None
        card = state.piles[move.source][-1]
        aces = "aces high" if self.value[0] == 14 else "aces low"
        return (f"a card is discarded only while a higher card of its suit ({aces}) shows on another pile: "
                f"no {SUIT_SYMBOLS[SUIT[card]]} above {card_symbol(card)} shows")

    @hookimpl
    def is_won(self, state: State) -> bool | None:
        if self.left_ranks is None:
            return None
        piles = state.piles
        if len(piles[self.discard]) != len(state.game.pack) - self.kept:
            return False
        return not self.apart or sum(1 for pile in self.piles if len(piles[pile]) == 1) == self.kept


def _left_ranks(options: dict[str, Any]) -> frozenset[int] | None:
    """The ranks of the option ``won_with_left``, or None where it is not given (and nor is ``apart``)."""
    left = options.get("won_with_left")
    if left is None:
        if options.get("apart"):
            raise PatienceError("plugin 'discard-beaten': 'apart' needs 'won_with_left'")
        return None
    return frozenset(parse_rank(str(rank)) for rank in left)
