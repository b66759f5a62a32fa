"""Which moves the search tries from a position, best first, and which it may leave out.

Moves are ranked by what they do, judged from the rule data alone: a card to a
foundation first; then moves that uncover a card its pile was blocking (the
moved cards did not lie on the card below them by the pile's build rule) or
empty a pile; then actions such as turning the stock; then moves that only
shift cards from one fitting place to another; moves off a foundation last.

When the best a position offers is one of several actions (a plugin's choice
of which card to set aside, say), the actions are ordered by a look one move
ahead: first the one after which the most cards can go to a foundation; ties
keep the kernel's order. That look costs a move generation per action, so it
is taken only where an action is the search's first choice.

Left out, because a settled card never needs to come back (``settled``): a
foundation's top card whose taking back could help nothing. And left out,
because another move already tried gives the same position up to the order of
interchangeable piles (so the proof of a loss stays sound):
the same cards onto a pile whose contents equal those of a pile of the same
interchangeable group already offered as a target, and a whole pile onto an
empty pile of its own interchangeable group.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from ..moves import Move
from ..state import State
from .settled import SettledCards

TO_FOUNDATION = 5
UNCOVERS = 4
EMPTIES = 3
ACTION = 2
SHIFTS = 1
FROM_FOUNDATION = 0

#: The most that ``MoveOrder.detour`` charges for one move.
LONGEST_DETOUR = 2


class MoveOrder:
    """Orders and prunes the legal moves of positions of one game."""

    def __init__(self, game: Game, interchangeable: tuple[range, ...]) -> None:
        self.foundations = frozenset(game.foundation_piles)
        self.pile_group = game.pile_group
        self.settled = SettledCards(game)
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
        if (below < state.face_down[move.source]
                or not self.pile_group[move.source].fits_table[pile[below] * 52 + pile[below + 1]]):
            return UNCOVERS
        return SHIFTS

    def detour(self, state: State, move: Move) -> int:
        """What the search spends of its allowance to take ``move`` in ``state`` instead of its first choice.

        Two units for a move that only shifts cards from one fitting place to
        another, one for any other: such shifts are many (every tail of every
        run, onto every pile it fits) and are seldom what a deal needs, so the
        allowance goes to the other choices first.
        """
        return LONGEST_DETOUR if self.rank(state, move) == SHIFTS else 1

    def order(self, state: State, moves: Sequence[Move]) -> list[Move]:
        """The moves worth trying, best first; ties keep the kernel's order."""
        piles = state.piles
        symmetric = self.symmetric
        offered: dict[tuple[int, int, int], list[tuple[int, list[int]]]] = {}
        ranked: list[tuple[int, int, Move]] = []
        for move in self.settled.without_taking_back(state, moves):
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
        ordered = [move for _, _, move in ranked]
        if len(ordered) > 1 and ordered[0].action and ordered[1].action:
            return self._actions_by_look_ahead(state, ordered)
        return ordered

    def _actions_by_look_ahead(self, state: State, ordered: list[Move]) -> list[Move]:
        """``ordered`` with its actions (which rank first) sorted by cards they let go to a foundation, most first."""
        foundations = self.foundations

        def opened(action: Move) -> int:
            state.push(action)
            try:
                return sum(1 for move in state.legal_moves()
                           if not move.action and move.target in foundations and move.source not in foundations)
            finally:
                state.pop()

        actions = [move for move in ordered if move.action]
        actions.sort(key=opened, reverse=True)  # stable: ties keep the kernel's order
        return actions + [move for move in ordered if not move.action]
