"""Grid access: a card in a grid is free when its column is empty on one side of it.

The grid is a group drawn with ``columns``; its piles are cells of one card in
reading order. A card may be picked up when every cell above it in its column is
empty, or every cell below it is. An empty cell with cards on both sides opens
nothing. Cells named by the state variables listed in ``openings`` (a pile name
or null) count as an edge of their column: a card is also free when every cell
between it and such an opening is empty.
"""

from __future__ import annotations

from typing import Any

from framework import Game, Move, PatienceError, State, hookimpl
from framework.cards import card_symbol
from framework.plugins import group_option


class GridAccess:
    """Restricts what may be picked from a grid to the cards at an edge of their column."""

    #: It tells cards and piles apart only through the rule data, so the solver may merge alike ones.
    sees_only_rule_data = True

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["grid"],
        "properties": {
            "grid": group_option("The grid group."),
            "openings": {
                "description": "State variables that name a cell which opens its column like an edge.",
                "type": "array",
                "items": {"type": "string"},
            },
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        group = game.groups[options["grid"]]
        if not group.spec.columns:
            raise PatienceError(f"plugin 'grid-access': group {group.name!r} needs 'columns' to be a grid")
        self.game = game
        columns = group.spec.columns
        #: The cells of each column, top row first.
        self.column_cells = tuple(range(top, group.piles.stop, columns) for top in group.piles[:columns])
        self.openings = tuple(options.get("openings", ()))

    def native_rule(self) -> dict[str, Any]:
        """This rule as the native core runs it (docs/plugins.md#native-rules)."""
        return {"kind": "grid-access", "columns": [list(cells) for cells in self.column_cells],
                "openings": list(self.openings)}

    @hookimpl
    def check_state(self, state: State) -> str | None:
        for name in self.openings:
            opening = state.vars.get(name)
            if opening is not None and (not isinstance(opening, str) or opening.lower() not in self.game.pile_names):
                return f"field 'vars.{name}': expected a pile name or null, got {opening!r}"
        return None

    @hookimpl
    def pick_limits(self, state: State) -> dict[int, int]:
        """Every card of the grid that is not free, with 0: nothing may be picked from it."""
        piles = state.piles
        named = (state.vars.get(name) for name in self.openings)
        openings = [self.game.pile_index(opening) for opening in named if opening is not None]
        blocked = {}
        for column in self.column_cells:  # (in one frame: the Python search asks it in every position)
            held = [cell for cell in column if piles[cell]]
            if len(held) < 3:
                continue  # the top-most and the bottom-most card are free
            free = {held[0], held[-1]}
            for opening in openings:
                if opening in column:  # so is the nearest card on each side of an opening
                    free.update([cell for cell in held if cell < opening][-1:],
                                [cell for cell in held if cell > opening][:1])
            for cell in held[1:-1]:
                if cell not in free:
                    blocked[cell] = 0
        return blocked

    @hookimpl
    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why a card of the grid that is not free may not move."""
        if move.action or move.source < 0 or self.pick_limits(state).get(move.source) != 0:
            return None
        opening = " or of a cell set aside" if self.openings else ""
        return (f"in a grid, a card is free only at an edge of its column{opening}: "
                f"{card_symbol(state.piles[move.source][-1])} has cards above and below it")
