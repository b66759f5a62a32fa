"""Which moves the search tries from a position, best first, and which it may leave out.

Moves are ranked by what they do, judged from the rule data alone: a card to a
foundation first; then moves that uncover a card its pile was blocking (the
moved cards did not lie on the card below them by the pile's build rule) or
empty a pile; then actions such as turning the stock; then moves that only
shift cards from one fitting place to another; moves off a foundation last.

Left out, because another move already tried gives the same position up to
the order of interchangeable piles (so the proof of a loss stays sound):
the same cards onto a pile whose contents equal those of a pile of the same
interchangeable group already offered as a target, and a whole pile onto an
empty pile of its own interchangeable group.
"""

from __future__ import annotations

from ..game import Game
from ..moves import Move
from ..state import State

TO_FOUNDATION = 5
UNCOVERS = 4
EMPTIES = 3
ACTION = 2
SHIFTS = 1
FROM_FOUNDATION = 0


class MoveOrder:
    """Orders and prunes the legal moves of positions of one game."""

    def __init__(self, game: Game, interchangeable: tuple[range, ...]) -> None:
        self.foundations = frozenset(game.foundation_piles)
        self.pile_group = game.pile_group
        #: Index of the interchangeable group of each pile, or -1.
        self.symmetric = [-1] * len(game.pile_names)
        for index, piles in enumerate(interchangeable):
            for pile in piles:
                self.symmetric[pile] = index

    def rank(self, state: State, move: Move) -> int:
        """How promising ``move`` is: one of the constants above, higher first."""
        if move.action:
            return ACTION
        foundations = self.foundations
        if move.source in foundations:
            return FROM_FOUNDATION
        if move.target in foundations:
            return TO_FOUNDATION
        pile = state.piles[move.source]
        below = len(pile) - move.count - 1
        if below < 0:
            return EMPTIES
        if below < state.face_down[move.source] or not self.pile_group[move.source].fits_table[pile[below] * 52 + pile[below + 1]]:
            return UNCOVERS
        return SHIFTS

    def order(self, state: State, moves: list[Move]) -> list[Move]:
        """The moves worth trying, best first; ties keep the kernel's order."""
        piles = state.piles
        symmetric = self.symmetric
        offered: dict[tuple[int, int, int], list[tuple[int, list[int]]]] = {}
        ranked = []
        for move in moves:
            if not move.action:
                group = symmetric[move.target]
                if group >= 0:
                    destination = piles[move.target]
                    if not destination and group == symmetric[move.source] and move.count == len(piles[move.source]) \
                            and not state.face_down[move.source]:
                        continue  # a whole pile onto an empty pile like it: the same position
                    alike = offered.setdefault((move.source, move.count, group), [])
                    contents = (state.face_down[move.target], destination)
                    if contents in alike:
                        continue  # onto a pile equal to one already offered: the same position
                    alike.append(contents)
            ranked.append((-self.rank(state, move), len(ranked), move))
        ranked.sort()
        return [move for _, _, move in ranked]
