"""Gaps: a grid of single cards in rows, where a gap takes the card that follows the one on its left.

The grid is a group drawn with ``columns``, one card a cell, cells in reading
order; each row of ``columns`` cells is to end up holding one suit in sequence
from the rank ``first`` up to the king, from its first cell on. Any card of the
grid may move into a gap (an empty cell) that takes it:

- a gap in the first column takes a card of rank ``first``;
- any other gap takes the card one rank above the card on its left (with
  ``rank: higher``, any higher rank), of its suit (with ``suit: any suit``, of
  any suit); a gap whose left neighbour is empty or a king takes nothing, unless
- with ``from_right``, it also takes the card one rank below the card on its
  right in the same row (any lower rank with ``rank: higher``), by the same
  suit rule.

``aces`` adds an opening move, ``aces``, the only legal move at the deal: the
aces dealt into the grid are set aside onto the ``aside`` group (their cells
become the gaps), or moved into the empty first cells of the rows, in reading
order (their cells become the gaps).

``redeals`` adds the move ``shuffle``, while redeals are left and the game is
not won: in each row the sequence from the first cell (a card of rank ``first``
and the cards following it in suit) stays; every other card of the grid is
gathered, shuffled, and dealt again into the cells not in sequence, leaving one
gap a row: the cell just after the row's sequence (``redeal_gaps: after
sequence``), the row's last cell (``last column``), or as many cells as there
are rows chosen at random among those not in sequence (``random``). The
shuffle is fixed by the deal's seed and the number of redeals before, and is
made of single-card transfers through an empty cell, so ``pop`` undoes it. The
redeals used are the state variable ``shuffles_used``.

The game is won when every row holds its sequence from ``first`` to the king.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from framework import Game, Group, Move, PatienceError, SetVar, State, Transfer, hookimpl
from framework.cards import RANK, SUIT, card_symbol, make_card, shuffled
from framework.plugins import group_option
from framework.seeds import redeal_seed
from framework.words import place, rank_words

ACES = "aces"
SHUFFLE = "shuffle"
ACES_VAR = "aces_moved"
SHUFFLES_VAR = "shuffles_used"

ASIDE = "aside"
FIRST_COLUMN = "first column"
AFTER_SEQUENCE = "after sequence"
LAST_COLUMN = "last column"
RANDOM = "random"
#: Where a redeal leaves the gaps, in the order the native core numbers them.
REDEAL_GAPS = (AFTER_SEQUENCE, LAST_COLUMN, RANDOM)

#: The ranks an option may name, as a rule file writes them, and their numbers.
RANK_WORDS: dict[Any, int] = {"A": 1, **{number: number for number in range(2, 11)}, "J": 11, "Q": 12, "K": 13}


class Gaps:
    """The moves into gaps of a Montana-like grid, its opening move for the aces, its redeals and its win."""

    #: The named actions this plugin adds (their first word in move text).
    actions = (ACES, SHUFFLE)

    # No ``sees_only_rule_data``: the plugin looks at ranks, suits and a row's first column itself,
    # so the solver must not merge cards or piles that the rule data cannot tell apart.

    options_schema = {
        "type": "object",
        "additionalProperties": False,
        "required": ["grid"],
        "properties": {
            "grid": group_option("The grid group: one card a cell, with 'columns' cells a row."),
            "first": {
                "description": "The rank a gap in the first column takes, which starts each row's sequence "
                               "(default: A).",
                "enum": list(RANK_WORDS),
            },
            "suit": {
                "description": "The suit of the card a gap takes, next to the card on its left "
                               "(default: same suit).",
                "enum": ["same suit", "any suit"],
            },
            "rank": {
                "description": "The rank of the card a gap takes: the next one above the card on its left, "
                               "or any higher one (default: next).",
                "enum": ["next", "higher"],
            },
            "from_right": {
                "description": "Whether a gap also takes the card one rank below the card on its right "
                               "(default: no).",
                "type": "boolean",
            },
            "aces": {
                "description": "An opening move for the aces dealt into the grid: set them aside onto the "
                               "'aside' group, or move them into the empty first column (default: none).",
                "enum": [ASIDE, FIRST_COLUMN],
            },
            "aside": group_option("The group the aces are set aside to, with 'aces: aside'."),
            "redeals": {
                "description": "How many times the cards not in sequence may be gathered, shuffled and dealt "
                               "again (default: 0).",
                "type": "integer",
                "minimum": 0,
            },
            "redeal_gaps": {
                "description": "Where a redeal leaves the gaps: after each row's sequence, in each row's last "
                               "cell, or at random (default: after sequence).",
                "enum": list(REDEAL_GAPS),
            },
        },
    }

    def __init__(self, game: Game, options: dict[str, Any]) -> None:
        grid = game.groups[options["grid"]]
        columns = _grid_columns(grid)
        self.first = RANK_WORDS[options.get("first", "A")]
        #: The length of a row's sequence, from the first rank to the king.
        self.length = 14 - self.first
        if columns <= self.length:
            raise PatienceError(f"plugin 'gaps': a row of {columns} cells has no room for a gap next to "
                                f"its {self.length} cards from {options.get('first', 'A')} to K")
        self.aces = options.get("aces")
        #: The pile the aces are set aside to (-1: none).
        self.aside = _aside(game, options, grid.name)
        if self.aces == FIRST_COLUMN and self.first != 1:
            raise PatienceError("plugin 'gaps': 'aces: first column' needs 'first: A', the rank the first "
                                "column takes")
        self.redeals = options.get("redeals", 0)
        self.redeal_gaps = options.get("redeal_gaps", AFTER_SEQUENCE)
        self.columns = columns
        self.cells = grid.piles
        #: The first cell of each row.
        self.row_starts = tuple(grid.piles[::columns])
        same_suit = options.get("suit", "same suit") == "same suit"
        higher = options.get("rank", "next") == "higher"
        self.from_right = bool(options.get("from_right", False))
        #: The cards a gap takes after each card on its left, and before each card on its right.
        self.after = tuple(_neighbours(card, +1, same_suit, higher) for card in range(52))
        self.before = tuple(_neighbours(card, -1, same_suit, higher) for card in range(52))
        self.starters = frozenset(make_card(self.first, suit) for suit in range(4))
        #: What a gap takes, in words.
        self.takes_words = (f"a card {'of any rank' if higher else 'one rank'} above the card on its left, "
                            f"{'of its suit' if same_suit else 'of any suit'}"
                            + (", or below the card on its right" if self.from_right else ""))

    def native_rule(self) -> dict[str, Any]:
        """This rule as the native core runs it (docs/plugins.md#native-rules)."""
        return {"kind": "gaps", "cells_first": self.cells.start, "cells_stop": self.cells.stop,
                "columns": self.columns, "first": self.first, "from_right": int(self.from_right),
                "after": _table(self.after), "before": _table(self.before),
                "aces_var": ACES_VAR if self.aces else None, "aside": self.aside,
                "shuffles_var": SHUFFLES_VAR if self.redeals else None, "redeals": self.redeals,
                "redeal_gaps": REDEAL_GAPS.index(self.redeal_gaps)}

    # --- state ---------------------------------------------------------------------------------

    @hookimpl
    def state_vars(self) -> dict[str, Any]:
        variables: dict[str, Any] = {}
        if self.aces:
            variables[ACES_VAR] = False
        if self.redeals:
            variables[SHUFFLES_VAR] = 0
        return variables

    @hookimpl
    def check_state(self, state: State) -> str | None:
        if self.redeals and not 0 <= state.vars[SHUFFLES_VAR] <= self.redeals:
            return (f"field 'vars.{SHUFFLES_VAR}': expected a whole number from 0 to {self.redeals}, "
                    f"got {state.vars[SHUFFLES_VAR]}")
        return None

    # --- moves ---------------------------------------------------------------------------------

    @hookimpl
    def legal_moves(self, state: State) -> list[Move]:
        if self.aces and not state.vars[ACES_VAR]:
            return [Move(-1, -1, 1, ACES)]  # the opening move comes before any other
        piles = state.piles
        gaps = [cell for cell in self.cells if not piles[cell]]
        moves = [move for gap in gaps for move in self._moves_into(piles, gap)]
        if gaps and self._may_shuffle(state):
            moves.append(Move(-1, -1, 1, SHUFFLE))
        return moves

    def _moves_into(self, piles: Sequence[list[int]], gap: int) -> list[Move]:
        """The moves of a card of the grid into the gap ``gap``, in the order of its cells."""
        taken = self._taken(piles, gap)
        if not taken:
            return []
        return [Move(cell, gap) for cell in self.cells if piles[cell] and piles[cell][-1] in taken]

    def _may_shuffle(self, state: State) -> bool:
        """Whether a redeal is left and would change something: the game not won, a card out of sequence."""
        return (self.redeals > 0 and state.vars[SHUFFLES_VAR] < self.redeals and not state.is_won()
                and any(state.piles[cell] for cell in self._out_of_sequence(state.piles)))

    def _taken(self, piles: Sequence[list[int]], gap: int) -> frozenset[int]:
        """The cards the gap ``gap`` takes."""
        column = (gap - self.cells.start) % self.columns
        if column == 0:
            return self.starters
        left = piles[gap - 1]
        taken = self.after[left[-1]] if left else frozenset()
        if self.from_right and column < self.columns - 1 and piles[gap + 1]:
            taken = taken | self.before[piles[gap + 1][-1]]
        return taken

    def _in_sequence(self, piles: Sequence[list[int]], start: int) -> int:
        """How many cells of the row from ``start`` hold its sequence: the first rank, then its suit upwards."""
        cell = piles[start]
        if not cell or RANK[cell[-1]] != self.first:
            return 0
        card = cell[-1]
        count = 1
        while count < self.length and piles[start + count] and piles[start + count][-1] == card + count:
            count += 1
        return count

    def _out_of_sequence(self, piles: Sequence[list[int]]) -> list[int]:
        """The cells not in their row's sequence, in reading order."""
        return [start + offset for start in self.row_starts
                for offset in range(self._in_sequence(piles, start), self.columns)]

    @hookimpl
    def apply_action(self, state: State, move: Move) -> list[Any] | None:
        if move.action == ACES:
            return self._aces(state.piles)
        if move.action == SHUFFLE:
            return self._shuffle(state)
        return None

    def _aces(self, piles: Sequence[list[int]]) -> list[Any]:
        """Set the grid's aces aside, or move them into the empty first cells of the rows."""
        aces = [cell for cell in self.cells if piles[cell] and RANK[piles[cell][-1]] == 1]
        if self.aces == ASIDE:
            changes: list[Any] = [Transfer(cell, self.aside, 1) for cell in aces]
        else:
            firsts = [cell for cell in self.row_starts if not piles[cell]]
            changes = [Transfer(ace, first, 1) for ace, first in zip(
                [cell for cell in aces if cell not in self.row_starts], firsts)]
        changes.append(SetVar(ACES_VAR, True))
        return changes

    def _shuffle(self, state: State) -> list[Any]:
        """Gather the cards not in sequence, shuffle them and deal them again, a gap left in each row.

        Every card goes through one empty cell, the scratch: the cards are stacked on it in the
        reverse of their new order, then dealt from it one by one, the scratch's own card last."""
        piles = state.piles
        used = state.vars[SHUFFLES_VAR]
        number = redeal_seed(state.seed, used)
        out = self._out_of_sequence(piles)
        sources = [cell for cell in out if piles[cell]]
        gaps = self._redeal_gaps(piles, out, number)
        targets = ([cell for cell in out if cell not in gaps] + [cell for cell in out if cell in gaps])[:len(sources)]
        scratch = next(cell for cell in out if not piles[cell])
        if scratch in targets:
            targets.remove(scratch)
            targets.append(scratch)  # it keeps the last card stacked on it, the one at the bottom
        order = shuffled(sources, number)
        changes: list[Any] = [Transfer(cell, scratch, 1) for cell in reversed(order)]
        changes += [Transfer(scratch, cell, 1) for cell in targets if cell != scratch]
        changes.append(SetVar(SHUFFLES_VAR, used + 1))
        return changes

    def _redeal_gaps(self, piles: Sequence[list[int]], out: list[int], number: int) -> set[int]:
        """The cells of ``out`` (the cells out of sequence) that a redeal leaves empty, one a row, by the option
        ``redeal_gaps`` (``number``: the redeal's seed)."""
        if self.redeal_gaps == RANDOM:
            return set(shuffled(out, number + 500)[:len(self.row_starts)])
        row_gap = self._row_gap_after_sequence if self.redeal_gaps == AFTER_SEQUENCE else self._row_gap_last
        return {row_gap(piles, start) for start in self.row_starts}

    def _row_gap_after_sequence(self, piles: Sequence[list[int]], start: int) -> int:
        return start + self._in_sequence(piles, start)

    def _row_gap_last(self, piles: Sequence[list[int]], start: int) -> int:
        return start + self.columns - 1

    @hookimpl
    def move_text(self, move: Move) -> str | None:
        return move.action if move.action in (ACES, SHUFFLE) else None

    @hookimpl
    def move_words(self, state: State, move: Move) -> str | None:
        if move.action == ACES:
            return "set the aces aside" if self.aces == ASIDE else "move the aces to the first column"
        if move.action == SHUFFLE:
            return "gather the cards out of sequence, shuffle them and deal them again"
        if move.action or move.source not in self.cells or move.target not in self.cells or (
                not state.piles[move.source] or state.piles[move.target]):
            return None
        return f"{card_symbol(state.piles[move.source][-1])} into the gap at {place(state.game, move.target)}"

    @hookimpl
    def explain_refusal(self, state: State, move: Move) -> str | None:
        """Why a move breaks the rules of the gaps: the aces' opening move first, the redeals, what a gap takes."""
        if self.aces and move.action != ACES and not state.vars[ACES_VAR]:
            return f"first {self.move_words(state, Move(-1, -1, 1, ACES))}: the opening move, '{ACES}'"
        if move.action == ACES:
            return "the aces have been moved already" if self.aces else None
        if move.action == SHUFFLE:
            return self._shuffle_refusal(state) if self.redeals else None
        if move.action or move.source not in self.cells or move.target not in self.cells:
            return None
        return self._gap_refusal(state.piles, move)

    def _gap_refusal(self, piles: Sequence[list[int]], move: Move) -> str | None:
        """Why the grid's card move ``move`` breaks the rule of what a gap takes."""
        if not piles[move.source]:
            return None  # the kernel says the cell is empty
        if piles[move.target]:
            return "a card moves only into a gap, an empty cell"
        card = piles[move.source][-1]
        if card in self._taken(piles, move.target):
            return None
        if (move.target - self.cells.start) % self.columns == 0:
            return f"a gap in the first column takes only {rank_words(self.first)}"
        left = piles[move.target - 1]
        if not left and not self.from_right:
            return "a gap takes no card while the cell on its left is empty"
        said = f": {card_symbol(card)} does not follow {card_symbol(left[-1])}" if left else ""
        return f"a gap takes {self.takes_words}{said}"

    def _shuffle_refusal(self, state: State) -> str:
        used = state.vars[SHUFFLES_VAR]
        if used >= self.redeals:
            return f"no redeal is left: {self.redeals} of {self.redeals} are used"
        if state.is_won():
            return "the game is won"
        if not any(state.piles[cell] for cell in self._out_of_sequence(state.piles)):
            return "every card is in sequence: nothing to shuffle"
        return "a redeal needs a gap"

    # --- the end -------------------------------------------------------------------------------

    @hookimpl
    def is_won(self, state: State) -> bool:
        piles = state.piles
        return all(self._in_sequence(piles, start) == self.length for start in self.row_starts)


def _grid_columns(grid: Group) -> int:
    """The columns of ``grid``, the group the plugin plays in: whole rows of cells of one card each."""
    name, columns = grid.name, grid.spec.columns
    if not columns:
        raise PatienceError(f"plugin 'gaps': group {name!r} needs 'columns' to be a grid")
    if grid.spec.max_cards != 1:
        raise PatienceError(f"plugin 'gaps': group {name!r} needs 'max_cards: 1', one card a cell")
    if len(grid.piles) % columns:
        raise PatienceError(f"plugin 'gaps': the {len(grid.piles)} piles of group {name!r} "
                            f"are not whole rows of {columns}")
    return columns


def _aside(game: Game, options: dict[str, Any], grid: str) -> int:
    """The first pile of the group the aces are set aside to with 'aces: aside' (-1 for other options)."""
    if options.get("aces") != ASIDE:
        if "aside" in options:
            raise PatienceError("plugin 'gaps': the option 'aside' is only for 'aces: aside'")
        return -1
    if "aside" not in options:
        raise PatienceError("plugin 'gaps': 'aces: aside' needs the option 'aside', the group "
                            "the aces go to")
    if options["aside"] == grid:
        raise PatienceError("plugin 'gaps': the aces cannot be set aside into the grid itself")
    return game.groups[options["aside"]].piles.start


def _neighbours(card: int, side: int, same_suit: bool, higher: bool) -> frozenset[int]:
    """The cards that may lie on the ``side`` (+1 right, -1 left) of ``card`` in a row."""
    rank = RANK[card]
    ranks = range(rank + 1, 14) if side > 0 else range(1, rank)
    if not higher:
        ranks = range(rank + side, rank + side + 1) if 1 <= rank + side <= 13 else range(0)
    suits = (SUIT[card],) if same_suit else range(4)
    return frozenset(make_card(other, suit) for other in ranks for suit in suits)


def _table(neighbours: Sequence[frozenset[int]]) -> bytes:
    """``neighbours`` (the cards next to each card) as a table of 52 by 52 bytes, 1 where a card may lie next."""
    return bytes(other in neighbours[card] for card in range(52) for other in range(52))
