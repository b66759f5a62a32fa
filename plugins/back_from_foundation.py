"""Back from a foundation: the top card of a foundation may be moved back onto the table.

It goes onto a pile of the named groups where that group's build rule takes it,
and onto an empty pile only when ``onto_empty`` is true.
"""

from __future__ import annotations

from typing import Any

from framework import Game, Group, Move, State, hookimpl
from framework.cards import card_symbol
from framework.plugins import group_option
from framework.refusals import build_refusal
from framework.spec import Role
from framework.words import noun, place

#: How the refusals of this rule begin.
_BACK = "a card goes back from a foundation"


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

    def native_rule(self) -> dict[str, Any]:
        """This rule as the native core runs it (docs/plugins.md#native-rules)."""
        return {"kind": "back-from-foundation", "targets": list(self.targets), "onto_empty": int(self.onto_empty)}

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        piles = state.piles
        pile_group = state.game.pile_group
        moves = []
        for source in self.sources:  # (in one frame: the Python search asks it in every position)
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

    @hookimpl
    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why a foundation's top card does not go back onto one of the piles it may go back to."""
        if move.action or move.source not in self.sources or move.target not in self.targets:
            return None
        cards, destination = state.piles[move.source], state.piles[move.target]
        if not cards:
            return None  # the kernel says the foundation is empty
        game = state.game
        group = game.pile_group[move.target]
        if move.count > 1:
            return f"{_BACK} one at a time"
        card = cards[-1]
        if not destination:
            return self._empty_refusal(state, group, card)
        if not group.fits(destination[-1], card):
            return f"{_BACK} only where it fits: {build_refusal(game, group, destination[-1], card)}"
        if group.max_cards is not None and len(destination) >= group.max_cards:
            return f"{_BACK} only where there is room: {place(game, move.target)} is full"
        return None

    def _empty_refusal(self, state: State, group: Group, card: int) -> str | None:
        """Why ``card`` does not go back from a foundation to an empty pile of ``group``."""
        called = noun(state.game, group).one
        if not self.onto_empty:
            return f"{_BACK} only onto a card, not to an empty {called}"
        if not group.accepts_on_empty(card, state.base_rank):
            return f"{_BACK} to an empty {called} only where it takes {card_symbol(card)}"
        return None
