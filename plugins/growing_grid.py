"""A grid that grows from the stock: fill gaps in reading order, then deal a new row.

Two actions, while the stock has cards:

- ``fill``: the stock's top card goes into the first gap (an empty cell of a row
  already dealt), in reading order: top row first, left to right.
- ``row``: when no gap is left, the next row is dealt below the last one, one card
  a cell from the left; if the stock runs short, the missing cells stay empty.

The number of rows dealt is the state variable ``grid_rows``; the rows the
opening deal fills count as dealt.
"""

from __future__ import annotations

from typing import Any

from framework import Game, Move, PatienceError, SetVar, State, Transfer, hookimpl
from framework.plugins import group_option
from framework.words import place

FILL = "fill"
ROW = "row"
ROWS_VAR = "grid_rows"


class GrowingGrid:
    """The fill and new-row actions of a grid dealt from a stock."""

    #: The named actions this plugin adds (their first word in move text).
    actions = (FILL, ROW)

    #: It tells cards and piles apart only through the rule data, so the solver may merge alike ones.
    sees_only_rule_data = True

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["grid", "stock"],
        "properties": {
            "grid": group_option("The grid group."),
            "stock": group_option("The stock group the grid is dealt from."),
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        grid = game.groups[options["grid"]]
        if not grid.spec.columns:
            raise PatienceError(f"plugin 'growing-grid': group {grid.name!r} needs 'columns' to be a grid")
        self.cells = grid.piles
        self.columns = grid.spec.columns
        self.stock = game.groups[options["stock"]].piles.start
        dealt = [index for step in game.spec.deal if step.group == grid.name
                 for index in (step.piles if step.piles is not None else range(len(grid.piles)))]
        self.rows_at_deal = max(dealt) // self.columns + 1 if dealt else 0

    def native_rule(self) -> dict[str, Any]:
        """This rule as the native core runs it (docs/plugins.md#native-rules)."""
        return {"kind": "growing-grid", "cells_first": self.cells.start, "cells_stop": self.cells.stop,
                "columns": self.columns, "stock": self.stock, "rows_var": ROWS_VAR}

    @hookimpl
    def state_vars(self) -> dict[str, Any]:
        return {ROWS_VAR: self.rows_at_deal}

    @hookimpl
    def check_state(self, state: State) -> str | None:
        rows = state.vars[ROWS_VAR]
        most = -(-len(self.cells) // self.columns)
        if not self.rows_at_deal <= rows <= most:
            return f"field 'vars.{ROWS_VAR}': expected a whole number from {self.rows_at_deal} to {most}, got {rows}"
        below = [cell for cell in range(self.cells.start + rows * self.columns, self.cells.stop) if state.piles[cell]]
        if below:
            return (f"field 'vars.{ROWS_VAR}': {rows} rows are dealt, "
                    f"but pile {state.game.pile_names[below[0]]} below them holds a card")
        return None

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        stock = state.piles[self.stock]
        if not stock:
            return []
        gap = self._first_gap(state)
        if gap is not None:
            return [Move(self.stock, gap, 1, FILL)]
        rows = state.vars[ROWS_VAR]
        first = self.cells.start + rows * self.columns
        if first >= self.cells.stop:
            return []
        return [Move(self.stock, first, min(self.columns, len(stock)), ROW)]

    def _first_gap(self, state: State) -> int | None:
        piles = state.piles
        for cell in range(self.cells.start, self.cells.start + state.vars[ROWS_VAR] * self.columns):
            if not piles[cell]:
                return cell
        return None

    @hookimpl
    def apply_action(self, state: State, move: Move) -> list[Any] | None:
        if move.action == FILL:
            return [Transfer(self.stock, move.target, 1)]
        if move.action == ROW:
            changes: list[Any] = [Transfer(self.stock, move.target + offset, 1) for offset in range(move.count)]
            changes.append(SetVar(ROWS_VAR, state.vars[ROWS_VAR] + 1))
            return changes
        return None

    @hookimpl
    def move_text(self, move: Move) -> str | None:
        return move.action if move.action in (FILL, ROW) else None

    @hookimpl
    def move_words(self, state: State, move: Move) -> str | None:
        if move.action == FILL:
            return f"fill the gap at {place(state.game, move.target)} from the stock"
        if move.action == ROW:
            return f"deal a new row of {move.count} cards from the stock"
        return None

    @hookimpl
    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why the grid cannot be filled or grown now: the stock is empty, a gap is left, or no gap is."""
        if move.action not in (FILL, ROW):
            return None
        if not state.piles[self.stock]:
            return "the stock is empty"
        gap = self._first_gap(state)
        if move.action == FILL:
            if gap is None:
                return "no gap is left to fill: deal a new row"
            return f"the stock fills the first gap in reading order, at {place(state.game, gap)}"
        if gap is not None:
            return f"a new row is dealt only when no gap is left: fill the gap at {place(state.game, gap)} first"
        return "the grid has no room for another row"
