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

from framework import Game, PatienceError, State, hookimpl
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
        self.first = group.piles.start
        self.cells = group.piles
        self.columns = group.spec.columns
        self.openings = tuple(options.get("openings", ()))

    @hookimpl
    def check_state(self, state: State) -> str | None:
        for name in self.openings:
            opening = state.vars.get(name)
            if opening is not None and (not isinstance(opening, str) or opening.lower() not in self.game.pile_names):
                return f"field 'vars.{name}': expected a pile name or null, got {opening!r}"
        return None

    @hookimpl
    def can_pick(self, state: State, pile: int, count: int) -> bool | None:
        if pile not in self.cells:
            return None
        piles = state.piles
        columns = self.columns
        above = range(pile - columns, self.first - 1, -columns)
        below = range(pile + columns, self.cells.stop, columns)
        if not any(piles[cell] for cell in above) or not any(piles[cell] for cell in below):
            return True
        for name in self.openings:
            opening = state.vars.get(name)
            if opening is None:
                continue
            cell = self.game.pile_index(opening)
            if cell in self.cells and cell != pile and (cell - pile) % columns == 0:
                step = columns if cell > pile else -columns
                if not any(piles[between] for between in range(pile + step, cell, step)):
                    return True
        return False
