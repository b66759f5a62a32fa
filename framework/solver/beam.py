"""Beam search by actions: the most promising positions after each action, compared by a score.

A one-pass stock is the clock of many patiences: every turn of it is a
decision point that cannot be taken back. Depth-first rounds (``search``)
judge one move at a time and rarely revisit an early turn; a beam compares
whole positions at the same turn. Layer ``n`` holds up to ``width`` positions
reached by ``n`` actions (stock turns, a plugin's choices). From each, the
card moves are searched depth first, up to ``CLOSURE_POSITIONS`` positions per
layer member, in ``MoveOrder`` order and playing the forced moves; every action
taken from a position reached that way gives a candidate for layer ``n + 1``.
The ``width`` candidates with the best ``Score`` make the next layer (equal
canonical keys count once; ties keep the order in which they were found).
No position the search avoids (``Search.avoid``) is entered.
Positions reached where no action is left (the stock is spent) are endgames:
the best-scored ``width`` of them are each searched in full, up to
``ENDGAME_POSITIONS`` positions each.

A beam leaves out most of the tree, so it proves nothing: it answers a win or
nothing. Its worth is in the deals the depth-first rounds miss (``docs/solver.md``).
"""

from __future__ import annotations

import heapq
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..game import Game
from ..moves import Move
from ..spec import SEVERAL_CARDS, Pick, Role
from ..state import State

if TYPE_CHECKING:
    from .search import Search

#: Card-move positions searched from each member of a layer.
CLOSURE_POSITIONS = 60
#: Positions searched in full from each endgame the beam reaches.
ENDGAME_POSITIONS = 2_000


class Score:
    """How promising a position is for a beam, from the rule data alone: higher is better.

    Five points per card on a foundation; minus three per card buried in a pile
    whose top card alone may be picked (a waste, a reserve); minus four per face-down
    card and per card that does not lie on the one below it by the build rule in a
    pile that moves runs (a card a run cannot take along); plus two per empty
    tableau pile.
    """

    ON_FOUNDATION = 5
    BURIED = 3
    BREAK = 4
    EMPTY = 2

    def __init__(self, game: Game) -> None:
        self.foundations = game.foundation_piles
        other = [group for group in game.groups.values() if group.role not in (Role.FOUNDATION, Role.STOCK)]
        self.top_card_piles = tuple(pile for group in other if group.pick == Pick.TOP_CARD for pile in group.piles)
        self.run_piles = tuple((pile, group.run_table) for group in other if group.pick in SEVERAL_CARDS
                               for pile in group.piles)
        self.tableau = tuple(pile for group in other if group.role == Role.TABLEAU for pile in group.piles)

    def __call__(self, state: State) -> int:
        piles = state.piles
        score = self.ON_FOUNDATION * sum(len(piles[pile]) for pile in self.foundations)
        score -= self.BURIED * sum(len(piles[pile]) - 1 for pile in self.top_card_piles if piles[pile])
        face_down = state.face_down
        breaks = 0
        for pile, lies_on in self.run_piles:
            cards = piles[pile]
            down = face_down[pile]
            breaks += down
            for index in range(down + 1, len(cards)):
                if not lies_on[cards[index - 1] * 52 + cards[index]]:
                    breaks += 1
        score -= self.BREAK * breaks
        return score + self.EMPTY * sum(1 for pile in self.tableau if not piles[pile])


class Beam:
    """One beam search of a given width, spending the positions and budget of ``search``."""

    def __init__(self, search: Search, width: int) -> None:
        self.search = search
        self.width = width
        self.score = Score(search.start.game)
        # Keys of every layer's positions: a position is not taken again in a later layer, so that
        # actions that can repeat (a stock gathered up and dealt again) cannot keep a beam going for ever.
        self.members: set[Hashable] = {search.key(search.start)} | search.avoid

    def run(self) -> list[Move] | None:
        """The moves of a won line from the search's start, or None when the beam ends without a win."""
        layer: list[tuple[State, tuple[Move, ...]]] = [(self.search.start.copy(stack=False), ())]
        while layer:
            # Candidates by key: (score, order found, layer member, moves from that member).
            candidates: dict[Hashable, tuple[int, int, int, tuple[Move, ...]]] = {}
            endgames: list[tuple[int, int, State, tuple[Move, ...]]] = []
            seen: set[Hashable] = set()
            for member, (state, line) in enumerate(layer):
                won = self._closure(state, line, member, candidates, endgames, seen)
                if won is not None:
                    return won
            for _, _, state, line in heapq.nlargest(self.width, endgames, key=_best):
                won = self.search.search_in_full(state, ENDGAME_POSITIONS)
                if won is not None:
                    return list(line) + won
            next_layer = []
            best = heapq.nlargest(self.width, candidates.items(), key=lambda item: _best(item[1]))
            self.members.update(position for position, _ in best)
            for _, (_, _, member, moves) in best:
                state, line = layer[member]
                state = state.copy(stack=False)
                for move in moves:
                    state.push(move)
                next_layer.append((state, line + moves))
            layer = next_layer
        return None

    def _closure(self, state: State, line: tuple[Move, ...], member: int,
                 candidates: dict[Hashable, tuple[int, int, int, tuple[Move, ...]]],
                 endgames: list[tuple[int, int, State, tuple[Move, ...]]], seen: set[Hashable]) -> list[Move] | None:
        """Search the card moves from ``state`` (left as it was), gathering candidates and endgames.

        Returns the won line from the start, if one is met, else None.
        """
        key = self.search.key
        start = len(state.move_stack)
        expanded = 0

        def expand() -> list[Move] | None:
            """The card moves to try from the position reached (None if it is won); its actions become candidates."""
            nonlocal expanded
            if state.is_won():
                return None
            self.search.spend()
            expanded += 1
            moves = state.legal_moves()
            forced = self.search.forced.move(state)
            if forced is not None:
                return [forced]
            actions = [move for move in moves if move.action]
            if not actions:
                endgames.append((self.score(state), len(endgames), state.copy(stack=False),
                                 line + tuple(state.move_stack[start:])))
                return []
            for action in actions:
                state.push(action)
                position = key(state)
                if position not in candidates and position not in self.members:
                    candidates[position] = (self.score(state), len(candidates), member, tuple(state.move_stack[start:]))
                state.pop()
            return [move for move in self.search.order.order(state, moves) if not move.action]

        seen.add(key(state))
        children = expand()
        if children is None:
            return list(line)
        frames: list[list[Any]] = [[children, 0]]  # each: the moves to try, and the next one's index
        try:
            while frames:
                frame = frames[-1]
                children, index = frame[0], frame[1]
                if index == len(children) or expanded >= CLOSURE_POSITIONS:
                    frames.pop()
                    if frames:
                        state.pop()
                    continue
                frame[1] = index + 1
                state.push(children[index])
                position = key(state)
                if position in seen or position in self.search.avoid:
                    state.pop()
                    continue
                seen.add(position)
                children = expand()
                if children is None:
                    return list(line) + state.move_stack[start:]
                frames.append([children, 0])
            return None
        finally:
            while len(state.move_stack) > start:
                state.pop()


def _best(item: tuple[Any, ...]) -> tuple[int, int]:
    """Higher score first; on a tie, the one found first."""
    return item[0], -item[1]
