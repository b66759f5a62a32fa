"""Build leftward: a pile moves onto the pile some places to its left when their top cards match.

The piles of one group lie in a line, in pile order. A whole pile may be moved onto
the pile ``distances`` places to its left, counting only the piles that hold cards,
when the two top cards share a suit or a rank (``match`` says which count); with
``rightward``, onto the pile as far to its right as well. After every move the line
closes up (``close_up``): the piles that hold cards shift left, keeping their
order, so that the empty piles are all at the right end. With ``discard``, the cards
a moved pile covers go to that pile instead, so that each pile keeps only its top
card (PySolFC's way). With ``won_with_piles``, the game is won once every card is in
the line or on the discard pile and at most that many piles hold cards (Accordion:
one).
"""

from __future__ import annotations

from typing import Any

from framework import Game, Move, PatienceError, State, Transfer, hookimpl
from framework.cards import RANK, SUIT, card_symbol
from framework.plugins import group_option


class BuildLeftward:
    """Whole-pile moves leftward onto a matching pile, closing up the line, and the win with few piles left."""

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["group"],
        "properties": {
            "group": group_option("The group whose piles lie in a line, in pile order."),
            "distances": {
                "description": "How many places (counting piles that hold cards) a pile may move (default: 1 and 3).",
                "type": "array",
                "items": {"type": "integer", "minimum": 1},
                "minItems": 1,
                "uniqueItems": True,
            },
            "match": {
                "description": "What the two top cards must share: 'suit', 'rank' or both words for either (default).",
                "type": "array",
                "items": {"enum": ["suit", "rank"]},
                "minItems": 1,
                "uniqueItems": True,
            },
            "rightward": {
                "description": "Whether a pile may also move onto the pile as far to its right (default: no).",
                "type": "boolean",
            },
            "discard": group_option("The group of one pile the covered cards go to (default: they stay under)."),
            "close_up": {
                "description": "Whether the piles shift left after every move to fill the empty ones (default: yes).",
                "type": "boolean",
            },
            "won_with_piles": {
                "description": "The game is won when every card is in the group or discarded, "
                               "and at most this many piles hold cards.",
                "type": "integer",
                "minimum": 1,
            },
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        self.piles = game.groups[options["group"]].piles
        self.distances = tuple(sorted(options.get("distances", (1, 3))))
        match = options.get("match", ("suit", "rank"))
        self.by_suit = "suit" in match
        self.by_rank = "rank" in match
        self.rightward = bool(options.get("rightward", False))
        self.close_up = bool(options.get("close_up", True))
        self.discard: int | None = None
        if "discard" in options:
            discard = game.groups[options["discard"]]
            if len(discard.piles) != 1 or discard.piles.start in self.piles:
                raise PatienceError(f"plugin 'build-leftward': group {discard.name!r} in 'discard' must be "
                                    "one pile outside the line")
            self.discard = discard.piles.start
        self.won_with_piles: int | None = options.get("won_with_piles")

    def native_rule(self) -> dict[str, Any]:
        """This rule as the native core runs it (docs/plugins.md#native-rules)."""
        return {"kind": "build-leftward", "piles_first": self.piles.start, "piles_stop": self.piles.stop,
                "distances": list(self.distances), "by_suit": int(self.by_suit), "by_rank": int(self.by_rank),
                "rightward": int(self.rightward), "close_up": int(self.close_up),
                "discard": -1 if self.discard is None else self.discard,
                "won_with_piles": -1 if self.won_with_piles is None else self.won_with_piles}

    def _in_line(self, move: Move) -> bool:
        """Whether ``move`` is a card move from a pile of the line to another."""
        return not move.action and move.source in self.piles and move.target in self.piles

    def _distance(self, piles: list[list[int]], move: Move) -> int:
        """How many places ``move`` goes to the left (negative: to the right), counting the piles that hold
        cards."""
        held = [pile for pile in self.piles if piles[pile]]
        return held.index(move.source) - held.index(move.target)

    def _matches(self, card: int, other: int) -> bool:
        return (self.by_suit and SUIT[card] == SUIT[other]) or (self.by_rank and RANK[card] == RANK[other])

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        piles = state.piles
        held = [pile for pile in self.piles if piles[pile]]
        moves = []
        for index, pile in enumerate(held):
            card = piles[pile][-1]
            for distance in self.distances:
                places = (index - distance, index + distance) if self.rightward else (index - distance,)
                for place in places:
                    if 0 <= place < len(held) and self._matches(card, piles[held[place]][-1]):
                        moves.append(Move(pile, held[place], len(piles[pile])))
        return moves

    def _matching(self) -> str:
        """What two top cards must share, in words."""
        return " or ".join(word for word, used in (("suit", self.by_suit), ("rank", self.by_rank)) if used)

    def _places(self) -> str:
        """How far a pile may move, in words: ``1 or 3 places to its left``."""
        places = " or ".join(map(str, self.distances))
        sides = "to its left or right" if self.rightward else "to its left"
        return f"{places} place{'s' if self.distances != (1,) else ''} {sides}"

    @hookimpl
    def move_words(self, state: State, move: Move) -> str | None:
        piles = state.piles
        if not self._in_line(move) or not piles[move.source] or not piles[move.target]:
            return None
        distance = self._distance(piles, move)
        side = "left" if distance > 0 else "right"
        top = card_symbol(piles[move.source][-1])
        under = f" and the {move.count - 1} cards under it" if move.count > 1 else ""
        places = f"{abs(distance)} place{'s' if abs(distance) != 1 else ''}"
        return f"{top}{under} onto {card_symbol(piles[move.target][-1])}, {places} to the {side}"

    @hookimpl
    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why a pile of the line does not move onto another: it moves whole, as far as the distances say, onto
        a pile whose top card matches."""
        piles = state.piles
        if not self._in_line(move) or not piles[move.source]:
            return None
        if not piles[move.target]:
            return "a pile moves only onto a pile that holds cards"
        if move.count != len(piles[move.source]):
            return "a pile moves whole, every card of it at once"
        distance = self._distance(piles, move)
        if distance not in self.distances and not (self.rightward and -distance in self.distances):
            return f"a pile moves only onto the pile {self._places()}, counting the piles that hold cards"
        card, other = piles[move.source][-1], piles[move.target][-1]
        if not self._matches(card, other):
            return (f"a pile moves onto another only when their top cards match in {self._matching()}: "
                    f"{card_symbol(card)} and {card_symbol(other)} do not")
        return None

    @hookimpl
    def after_move(self, state: State, move: Move) -> list[Transfer]:
        sizes = [len(state.piles[pile]) for pile in self.piles]
        changes = []
        if self.discard is not None and self._in_line(move):
            # all the target's cards to the discard pile, then the moved ones back: the covered ones stay there
            changes += [Transfer(move.target, self.discard, sizes[move.target - self.piles.start]),
                        Transfer(self.discard, move.target, move.count)]
            sizes[move.target - self.piles.start] = move.count
        if not self.close_up:
            return changes
        free = self.piles.start  # the next pile to fill, from the left
        for pile, size in zip(self.piles, sizes):
            if size:
                if pile != free:
                    changes.append(Transfer(pile, free, size))
                free += 1
        return changes

    @hookimpl
    def is_won(self, state: State) -> bool | None:
        if self.won_with_piles is None:
            return None
        piles = state.piles
        held = [len(piles[pile]) for pile in self.piles if piles[pile]]
        discarded = len(piles[self.discard]) if self.discard is not None else 0
        return len(held) <= self.won_with_piles and sum(held) + discarded == len(state.game.pack)
