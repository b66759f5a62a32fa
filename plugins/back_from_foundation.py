"""Back from a foundation: the top card of a foundation may be moved back onto the table.

It goes onto a pile of the named groups where that group's build rule takes it,
and onto an empty pile only when ``onto_empty`` is true.
"""

from __future__ import annotations

from typing import Any

from framework import Game, Move, State, hookimpl
from framework.plugins import group_option
from framework.spec import Role


class BackFromFoundation:
    """Adds foundation-top-to-table moves to any game that names ``back-from-foundation``."""

    #: It tells cards and piles apart only through the rule data, so the solver may merge alike ones.
    sees_only_rule_data = True

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "to": group_option("The groups a foundation card may go back to (default: every tableau group).",
                               many=True),
            "onto_empty": {
                "description": "Whether a foundation card may go onto an empty pile (default: no).",
                "type": "boolean",
            },
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        names = options.get("to") or [group.name for group in game.groups.values() if group.role == Role.TABLEAU]
        self.targets = tuple(pile for name in names for pile in game.groups[name].piles)
        self.sources = game.foundation_piles
        self.onto_empty = bool(options.get("onto_empty", False))

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        piles = state.piles
        pile_group = state.game.pile_group
        moves = []
        for source in self.sources:
            if not piles[source]:
                continue
            card = piles[source][-1]
            for target in self.targets:
                destination = piles[target]
                group = pile_group[target]
                if destination:
                    if group.fits(destination[-1], card) and (group.max_cards is None
                                                              or len(destination) < group.max_cards):
                        moves.append(Move(source, target))
                elif self.onto_empty and group.accepts_on_empty(card, state.base_rank):
                    moves.append(Move(source, target))
        return moves
