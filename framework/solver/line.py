"""A winning line a player follows: moves from one position, and the positions they pass through.

A hint taken from a line keeps to it: while the player's position is one the line
passes through, the line's next move is the hint, with no new search. Positions are
compared whole (``State.position_key``), so a move of the line means the same move
wherever the player reaches one of its positions, by play, undo or redo. A line keeps a
digest of each position, not the position: a server keeps a line for each of its games.

A line for a player with auto-play on is a line of turns (``State.autoplay``):
its moves are the player's, and the positions it passes through are those after
auto-play's moves, where the player's turns end.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Sequence

from ..moves import Move
from ..safety import with_auto_play
from ..state import State
from .canonical import key_function, reached


class Line:
    """A winning line: its ``moves`` from a position, and ``before``, how many moves of the line found came before.

    A line found by the solver has ``before`` 0; one that goes on after a turn
    played some of its moves out of order counts them in ``before``. ``auto_play``:
    whether its moves are turns with auto-play on.
    """

    __slots__ = ("moves", "before", "auto_play", "_steps")

    def __init__(self, moves: tuple[Move, ...], steps: dict[bytes, int], before: int, auto_play: bool) -> None:
        self.moves = moves
        self.before = before
        self.auto_play = auto_play
        #: Position digest -> how many of ``moves`` lead there (the furthest, should a position come twice).
        self._steps = steps

    @classmethod
    def through(cls, state: State, moves: Sequence[Move], before: int = 0,
                avoid: Collection[bytes] = ()) -> Line | None:
        """The line of ``moves`` from ``state`` (left unchanged); None unless each is legal in turn and they win.

        None too if a move reaches a position of ``avoid`` (canonical keys). The moves
        are turns with auto-play on if ``state`` is an ``AutoPlayState``.
        """
        key = key_function(state.game)
        replay = state.copy(stack=False)
        steps = {_digest(replay): 0}
        for step, move in enumerate(moves, 1):
            if not replay.is_legal(move):
                return None
            replay.push(move)
            if avoid and key(replay) in avoid:
                return None
            steps[_digest(replay)] = step
        return cls(tuple(moves), steps, before, state.autoplay) if replay.is_won() else None

    def step(self, state: State) -> int | None:
        """How many of the line's moves lead to ``state``'s position (``moves[step]`` is next), or None if off it."""
        return self._steps.get(_digest(state))

    def rejoin(self, state: State, turn: int) -> Line | None:
        """The line to follow from ``state``: this one if ``state`` is on it, else what is left of it after the turn.

        The turn is the last ``turn`` moves of ``state``'s stack. If they went
        from a position of the line (moves of it in another order, as auto-play
        may play them), the line goes on with its remaining moves less those the
        turn played, provided they still win from ``state`` and pass through no position
        of ``state``'s move stack (``canonical.reached``). Else None.
        """
        if self.step(state) is not None:
            return self
        back = state.copy()
        played: list[Move] = []
        for _ in range(min(turn, len(back.move_stack))):
            played.append(back.pop())
            step = self.step(back)
            if step is not None:
                rest = list(self.moves[step:])
                for move in played:
                    if move in rest:
                        rest.remove(move)
                start = with_auto_play(state) if self.auto_play else state
                return Line.through(start, rest, self.before + step + len(played), reached(state))
        return None


def _digest(state: State) -> bytes:
    """16 bytes that stand for ``state``'s position (``State.position_key``): 49 bytes kept where the key itself
    is a kilobyte and more (1.4 kB for one deck on 16 piles), with no two positions alike but by a 2**-128 chance."""
    return hashlib.blake2b(repr(state.position_key()).encode(), digest_size=16).digest()
