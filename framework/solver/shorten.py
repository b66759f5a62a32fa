"""Shorter winning lines: cut out every stretch of a line that one move can skip.

A search that plays an endgame out in full takes the first win it meets, and on
the way it shifts cards about: lines thousands of moves long, where a player
wants the few hundred that matter. Positions that the solver treats as one
(equal canonical keys: interchangeable piles in another order, alike cards
swapped) count as the same place on the line, so a move that reaches such a
position jumps there, and the rest of the line is played on the piles that
now hold what the line's piles held.

Shortening may take far longer than the search that found the line (each
position's every legal move is tried: thousands in a game of 200 columns), so it
keeps a deadline: when the deadline passes, the line is the one shortened so far,
and the rest of it is played as found.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from time import perf_counter

from ..game import Game
from ..moves import Move
from ..state import State
from .canonical import Keys, alike_groups, key_function

#: Where each of the line's piles is in the position played: pile number -> pile number.
Places = list[int]


def shorten(start: State, moves: Sequence[Move], deadline: float | None = None) -> list[Move]:
    """A line from ``start`` (left unchanged) that wins as ``moves`` do, no longer, often much shorter.

    Walking the line, from each position it plays the legal move that reaches
    the latest later position of the line (up to the solver's equivalences), and
    goes on from there; passes repeat until one shortens nothing. Once the clock
    (``time.perf_counter``) passes ``deadline``, the line shortened so far is returned.
    """
    game = start.game
    key = key_function(game)
    places = _matcher(game)
    line = list(moves)
    while True:
        shorter, whole = _one_pass(start, line, key, places, deadline)
        if len(shorter) == len(line) or not whole:
            return shorter
        line = shorter


def _one_pass(start: State, moves: list[Move], key: Callable[[State], Hashable],
              places: Callable[[State, State], Places], deadline: float | None) -> tuple[list[Move], bool]:
    """The line ``moves`` shortened by one walk along it, and whether the walk was made whole before ``deadline``."""
    line = start.copy(stack=False)
    keys = [key(line)]
    for move in moves:
        if deadline is not None and perf_counter() > deadline:
            return moves, False
        line.push(move)
        keys.append(key(line))
    latest = {position: index for index, position in enumerate(keys)}
    line = start.copy(stack=False)  # walks the line forward, to the positions jumped to
    state = start.copy(stack=False)
    where = list(range(len(start.piles)))
    shorter: list[Move] = []
    index = 0
    while index < len(moves):
        if latest[keys[index]] > index:
            # The position comes back later on the line: go on from its last visit.
            index = latest[keys[index]]
            where = places(_forward(line, moves, index), state)
            continue
        reach, jump = index + 1, None
        for move in state.legal_moves():
            if deadline is not None and perf_counter() > deadline:
                # Out of time: the rest of the line as found, on the piles that hold what its piles held.
                return shorter + [_placed(rest, where) for rest in moves[index:]], False
            state.push(move)
            later = latest.get(key(state), -1)
            state.pop()
            if later > reach:
                reach, jump = later, move
        if jump is None:
            jump = _placed(moves[index], where)
            state.push(jump)
        else:
            state.push(jump)
            where = places(_forward(line, moves, reach), state)
        shorter.append(jump)
        index = reach
    return shorter, True


def _forward(line: State, moves: list[Move], index: int) -> State:
    """``line``, a position of the line no later than ``index``, taken on to the position after ``index`` moves."""
    for move in moves[len(line.move_stack):index]:
        line.push(move)
    return line


def _placed(move: Move, where: Places) -> Move:
    """``move`` of the line, played on the piles that hold what its piles held."""
    return move._replace(source=where[move.source] if move.source >= 0 else move.source,
                         target=where[move.target] if move.target >= 0 else move.target)


def _matcher(game: Game) -> Callable[[State, State], Places]:
    """The function that says where each pile of one position is in an equivalent one."""
    alike = alike_groups(game)
    keys = Keys(game)

    def content(state: State, pile: int) -> tuple[bytes, int]:
        return keys.part(pile, state.piles[pile]), state.face_down[pile]

    def places(line: State, state: State) -> Places:
        where = list(range(len(state.piles)))
        for group in alike(state):  # the same groups as in ``line``: the two positions have one key
            free: dict[tuple[bytes, int], list[int]] = {}
            for pile in reversed(group):
                free.setdefault(content(state, pile), []).append(pile)
            for pile in group:
                where[pile] = free[content(line, pile)].pop()
        return where

    return places
