"""Aces Up's discard: a column's top card may be discarded while another column shows a
higher card of the same suit (aces high). The game is won when only the aces are left."""

from __future__ import annotations

from typing import Any

from framework import Game, Move, State, hookimpl
from framework.cards import RANK, SUIT
from framework.plugins import group_option


def _value(card: int) -> int:
    return 14 if RANK[card] == 1 else RANK[card]  # aces high


class AcesUpDiscard:
    """Discards from the columns, and the win with the aces alone left."""

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["columns", "discard"],
        "properties": {
            "columns": group_option("The group of columns."),
            "discard": group_option("The discard pile's group."),
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        self.columns = game.groups[options["columns"]].piles
        self.discard = game.groups[options["discard"]].piles.start
        self.aces = game.total_cards // 13

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        tops = [state.piles[column][-1] if state.piles[column] else None for column in self.columns]
        moves = []
        for column, card in zip(self.columns, tops):
            if card is not None and any(
                other is not None and SUIT[other] == SUIT[card] and _value(other) > _value(card) for other in tops
            ):
                moves.append(Move(column, self.discard, 1))
        return moves

    @hookimpl
    def is_won(self, state: State) -> bool:
        return len(state.piles[self.discard]) == len(state.game.pack) - self.aces
