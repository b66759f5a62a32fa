"""The single release: once per game, set aside any one card of a group, free or not.

Only when the groups named in ``when_empty`` are empty (e.g. the stock). The card
goes to the ``to`` group (from which the rule data lets it go on), and the name of
the cell it left is kept in the state variable ``released_cell``, so that other
plugins (e.g. grid-access's ``openings``) can treat that cell as an opening.
The action's text is ``release`` and the cell: ``release g17``.
"""

from __future__ import annotations

from typing import Any

from framework import Game, Move, SetVar, State, Transfer, hookimpl
from framework.cards import card_symbol
from framework.plugins import group_option
from framework.words import place

RELEASE = "release"
USED_VAR = "release_used"
CELL_VAR = "released_cell"


class SingleRelease:
    """The release action, allowed once per game."""

    #: The named actions this plugin adds (their first word in move text).
    actions = (RELEASE,)

    #: It tells cards and piles apart only through the rule data, so the solver may merge alike ones.
    sees_only_rule_data = True

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["from", "to"],
        "properties": {
            "from": group_option("The group a card may be released from."),
            "to": group_option("The group the released card is set aside to."),
            "when_empty": group_option("Groups that must be empty before the release (e.g. the stock).", many=True),
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        self.game = game
        self.sources = game.groups[options["from"]].piles
        self.target = game.groups[options["to"]].piles.start
        self.must_be_empty = tuple(p for name in options.get("when_empty", ()) for p in game.groups[name].piles)

    def native_rule(self) -> dict[str, Any]:
        """This rule as the native core runs it (docs/plugins.md#native-rules)."""
        return {"kind": "single-release", "sources_first": self.sources.start, "sources_stop": self.sources.stop,
                "target": self.target, "must_be_empty": list(self.must_be_empty), "used_var": USED_VAR,
                "cell_var": CELL_VAR}

    @hookimpl
    def state_vars(self) -> dict[str, Any]:
        return {USED_VAR: False, CELL_VAR: None}

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        piles = state.piles
        if state.vars[USED_VAR] or any(piles[pile] for pile in self.must_be_empty):
            return []
        return [Move(cell, self.target, 1, RELEASE) for cell in self.sources if piles[cell]]

    @hookimpl
    def apply_action(self, move: Move) -> list[Any] | None:
        if move.action != RELEASE:
            return None
        return [
            Transfer(move.source, move.target, 1),
            SetVar(USED_VAR, True),
            SetVar(CELL_VAR, self.game.pile_names[move.source]),
        ]

    @hookimpl
    def move_text(self, move: Move) -> str | None:
        return f"{RELEASE} {self.game.pile_names[move.source]}" if move.action == RELEASE else None

    @hookimpl
    def move_words(self, state: State, move: Move) -> str | None:
        if move.action != RELEASE or move.source not in self.sources or not state.piles[move.source]:
            return None
        return f"set aside {card_symbol(state.piles[move.source][-1])} from {place(self.game, move.source)}"

    @hookimpl
    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why no card may be set aside now: the one release is used, or the groups it waits for hold cards."""
        if move.action != RELEASE:
            return None
        if state.vars[USED_VAR]:
            return "the one release of the game is used"
        waiting = [pile for pile in self.must_be_empty if state.piles[pile]]
        if waiting:
            return f"a card is set aside only once {place(self.game, waiting[0])} is empty"
        if move.source not in self.sources:
            return f"a card is set aside only from the {self.game.pile_group[self.sources.start].name}"
        return f"{place(self.game, move.source)} is empty" if not state.piles[move.source] else None

    @hookimpl
    def check_state(self, state: State) -> str | None:
        cell = state.vars[CELL_VAR]
        names = [self.game.pile_names[pile] for pile in self.sources]
        if cell is not None and cell not in names:
            return f"field 'vars.{CELL_VAR}': expected a pile from {names[0]} to {names[-1]}, or null; got {cell!r}"
        if (cell is None) == state.vars[USED_VAR]:
            return f"field 'vars.{USED_VAR}': it is true exactly when '{CELL_VAR}' names the cell released"
        return None
