"""Touching pairs in a grid: two cards that touch leave together; then the grid closes up.

The grid is a group drawn with ``columns``, one card a cell, cells in reading order.
Two cards of the same rank (or, with ``ranks_add_up_to``, whose ranks add up to that
number) leave together for the ``to`` pile when their cells touch: side by side, one
above the other or diagonally (with ``touching: false``, anywhere in the grid). A
card of a rank in ``alone`` leaves by itself. The pair's move is its two cells,
first cell first: ``g1 g7``.

Closing up shifts the cards to fill the empty cells, keeping their order: in
reading order (``closing: reading order``), or up their columns (``closing:
upwards``); then the empty cells are filled from the ``stock`` in reading order.
It is the action ``close``, legal when it changes something, or, with
``close_after_pair``, done at once after every card that leaves.
"""

from __future__ import annotations

from typing import Any

from framework import Game, Move, PatienceError, State, Transfer, hookimpl
from framework.cards import RANK, card_symbol, parse_rank
from framework.plugins import group_option
from framework.refusals import pair_order_words
from framework.words import rank_words

MATCH = "match"
CLOSE = "close"
#: A rank as a rule file writes it: A 2 … 10 (or T) J Q K.
RANK_SCHEMA = {"type": ["string", "integer"], "pattern": "^([AaTtJjQqKk2-9]|10)$", "minimum": 2, "maximum": 10}


class TouchingPairs:
    """Pairs of touching cards in a grid, cards that leave alone, and closing up the grid from a stock."""

    #: The named actions this plugin adds (their first word in move text); a pair's text is its two cells.
    actions = (CLOSE,)

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["grid", "to"],
        "properties": {
            "grid": group_option("The grid group (with 'columns'), one card a cell."),
            "to": group_option("The group of one pile the cards that leave go to."),
            "stock": group_option("The stock group the grid is filled from when it closes up (default: none)."),
            "ranks_add_up_to": {
                "description": "Two cards pair when their ranks add up to this (A 1, J 11, Q 12, K 13); "
                               "without it, when they have the same rank.",
                "type": "integer",
                "minimum": 2,
                "maximum": 26,
            },
            "alone": {
                "description": "Ranks whose cards leave by themselves (default: none).",
                "type": "array",
                "items": RANK_SCHEMA,
                "uniqueItems": True,
            },
            "touching": {
                "description": "Whether the two cells must touch, across, down or diagonally (default: yes).",
                "type": "boolean",
            },
            "closing": {
                "description": "How the cards shift to fill the empty cells: 'reading order' (default) or 'upwards'.",
                "enum": ["reading order", "upwards"],
            },
            "close_after_pair": {
                "description": "Whether the grid closes up at once after every card that leaves, "
                               "rather than by the action 'close' (default: no).",
                "type": "boolean",
            },
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        grid = game.groups[options["grid"]]
        columns = grid.spec.columns
        if not columns:
            raise PatienceError(f"plugin 'touching-pairs': group {grid.name!r} needs 'columns' to be a grid")
        target = game.groups[options["to"]]
        if len(target.piles) != 1:
            raise PatienceError(f"plugin 'touching-pairs': group {target.name!r} in 'to' must have one pile")
        self.game = game
        self.cells = grid.piles
        self.columns = columns
        self.discard = target.piles.start
        self.stock = game.groups[options["stock"]].piles.start if "stock" in options else None
        total = options.get("ranks_add_up_to")
        self.pairs = _pairs(total)
        self.alone = frozenset(parse_rank(str(rank)) for rank in options.get("alone", ()))
        self.upwards = options.get("closing", "reading order") == "upwards"
        self.close_after_pair = bool(options.get("close_after_pair", False))
        #: When two cards pair, in words.
        self.pair_words = (f"two cards pair when their ranks add up to {total}" if total
                           else "two cards pair when they have the same rank")
        #: For each cell, the later cells it may pair with.
        self.partners = {cell: tuple(other for other in self.cells if other > cell and (
            not options.get("touching", True) or self._touch(cell, other))) for cell in self.cells}

    def _touch(self, cell: int, other: int) -> bool:
        """Whether cells ``cell`` and ``other`` of the grid touch, across, down or diagonally."""
        start, columns = self.cells.start, self.columns
        return (abs((cell - start) // columns - (other - start) // columns) <= 1
                and abs((cell - start) % columns - (other - start) % columns) <= 1)

    def native_rule(self) -> dict[str, Any]:
        """This rule as the native core runs it (docs/plugins.md#native-rules)."""
        return {"kind": "touching-pairs", "cells_first": self.cells.start, "cells_stop": self.cells.stop,
                "columns": self.columns, "discard": self.discard, "stock": -1 if self.stock is None else self.stock,
                "pairs": bytes((first, second) in self.pairs for first in range(52) for second in range(52)),
                "alone": sorted(self.alone), "partners": [list(self.partners[cell]) for cell in self.cells],
                "upwards": int(self.upwards), "close_after_pair": int(self.close_after_pair)}

    @hookimpl
    def check_state(self, state: State) -> str | None:
        for cell in self.cells:
            if len(state.piles[cell]) > 1:
                return f"field 'piles.{self.game.pile_names[cell]}': a cell of the grid holds one card at most"
        return None

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        piles = state.piles
        pairs = self.pairs
        moves = []
        for cell in self.cells:
            if not piles[cell]:
                continue
            card = piles[cell][-1]
            if RANK[card] in self.alone:
                moves.append(Move(cell, self.discard, 1))
            for other in self.partners[cell]:
                if piles[other] and (card, piles[other][-1]) in pairs:
                    moves.append(Move(cell, other, 1, MATCH))
        if not self.close_after_pair and self._closing(state):
            moves.append(Move(self.cells.start, -1, 1, CLOSE))
        return moves

    def _closing(self, state: State) -> list[Transfer]:
        """The changes that close up the grid and fill its empty cells from the stock (none if nothing changes)."""
        piles = state.piles
        held = {cell: bool(piles[cell]) for cell in self.cells}
        changes = self._shift_up(held) if self.upwards else self._shift_back(held)
        if self.stock is not None:
            empty = [cell for cell in self.cells if not held[cell]]
            changes += [Transfer(self.stock, cell, 1) for cell in empty[:len(piles[self.stock])]]
        return changes

    def _shift_up(self, held: dict[int, bool]) -> list[Transfer]:
        """The moves that shift each card of the grid up its column into the empty cells above it; ``held`` (whether
        each cell holds a card) is changed to match."""
        changes = []
        columns = self.columns
        for cell in self.cells:
            if held[cell]:
                goal = cell
                while goal - columns >= self.cells.start and not held[goal - columns]:
                    goal -= columns
                if goal != cell:
                    changes.append(Transfer(cell, goal, 1))
                    held[cell], held[goal] = False, True
        return changes

    def _shift_back(self, held: dict[int, bool]) -> list[Transfer]:
        """The moves that shift the cards of the grid back in reading order into the empty cells before them;
        ``held`` (whether each cell holds a card) is changed to match."""
        changes = []
        free = self.cells.start
        for cell in self.cells:
            if held[cell]:
                if cell != free:
                    changes.append(Transfer(cell, free, 1))
                    held[cell], held[free] = False, True
                free += 1
        return changes

    @hookimpl
    def apply_action(self, state: State, move: Move) -> list[Transfer] | None:
        if move.action == MATCH:
            return [Transfer(move.source, self.discard, 1), Transfer(move.target, self.discard, 1)]
        if move.action == CLOSE:
            return self._closing(state)
        return None

    @hookimpl
    def after_move(self, state: State, move: Move) -> list[Transfer]:
        if self.close_after_pair and (move.action == MATCH or move.target == self.discard):
            return self._closing(state)
        return []

    @hookimpl
    def move_text(self, move: Move) -> str | None:
        if move.action == MATCH:
            return f"{self.game.pile_names[move.source]} {self.game.pile_names[move.target]}"
        return CLOSE if move.action == CLOSE else None

    @hookimpl
    def move_words(self, state: State, move: Move) -> str | None:
        if move.action == CLOSE:
            return "close up the grid" + (" and fill it from the stock" if self.stock is not None else "")
        piles = state.piles
        if move.action != MATCH or not piles[move.source] or not piles[move.target]:
            return None
        return f"pair {card_symbol(piles[move.source][-1])} and {card_symbol(piles[move.target][-1])}"

    def _pair_refusal(self, state: State, move: Move) -> str:
        """Why the two cards that ``move`` names do not pair."""
        piles = state.piles
        if move.source not in self.cells or move.target not in self.cells or move.source == move.target:
            return "a pair is two cards of the grid"
        if not piles[move.source] or not piles[move.target]:
            return "a pair is two cards of the grid: one of those cells is empty"
        first, second = sorted((move.source, move.target))
        cards = piles[first][-1], piles[second][-1]
        said = f"{card_symbol(cards[0])} and {card_symbol(cards[1])}"
        if cards not in self.pairs:
            return f"{self.pair_words}: {said} do not"
        if second not in self.partners[first]:
            return f"two cards pair only when they touch, across, down or diagonally: {said} do not"
        return pair_order_words(state.game, move)

    @hookimpl
    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why two cards do not pair, a card does not leave alone, or the grid does not close up."""
        piles = state.piles
        if move.action == CLOSE:
            return "the grid closes up by itself after every pair" if self.close_after_pair else (
                "the grid has no gap to close up")
        if move.action == MATCH or not move.action and move.source in self.cells and move.target in self.cells:
            return self._pair_refusal(state, move)
        if not move.action and move.source in self.cells and move.target == self.discard and piles[move.source]:
            return self._alone_refusal()
        return None

    def _alone_refusal(self) -> str:
        """Why a card of the grid does not leave alone: the ranks that do, and what pairs."""
        alone = " or ".join(rank_words(rank) for rank in sorted(self.alone))
        return (f"a card leaves alone only if it is {alone}" if alone else "no card leaves alone") + (
            f"; {self.pair_words}")


def _pairs(total: int | None) -> frozenset[tuple[int, int]]:
    """The two cards that pair: their ranks add up to ``total``, or (None) are the same."""
    return frozenset((first, second) for first in range(52) for second in range(52)
                     if (RANK[first] + RANK[second] == total if total else RANK[first] == RANK[second]))
