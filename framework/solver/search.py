"""Depth-first search for a win, with a table of the positions seen, in widening rounds.

The search works on one copy of the position through the kernel's ``push`` and
``pop``. It enters a position by playing the safe moves it can prove (``forced``)
one after another, then tries the moves ``MoveOrder`` offers, best first.

Rounds (limited discrepancy search): taking any move but the best-ranked one
spends one unit of the round's allowance of discrepancies (two for a move
that only shifts cards between fitting places), and a move that
would overspend is not tried in that round. Round allowances grow (0, 1, 2, 4, 8,
...), so the search first follows the ordering closely everywhere instead of
sinking its whole budget into the last decisions of one early guess. Every
round is a depth-first search with its own table: canonical key -> the largest
allowance left with which that position was entered; a position entered again
with no more allowance left is not searched again.

Endgame rounds: an endgame is a position where the stock is spent and no
action is offered, so that only card moves are left. Endgame rounds, placed
between the limited ones (``ROUNDS``), search each endgame they reach in full
(every move free) up to a number of positions per endgame, then give that
endgame up. A deal is often lost or won in its endgame, where the best-ranked
moves with a few discrepancies miss wins that a plain depth-first search finds
within a few thousand positions; the limit keeps one vast lost endgame from
eating the whole budget, and the rounds in between keep the cheap limited
search for the deals it wins.

A won line is cut short (``shorten``) and replayed through the kernel before it
is reported, both within the budget's seconds: shortening stops in time for the
replay, and the line is then reported as shortened so far. A search run beside others (``portfolio``) stops once it has
expanded more positions than one of them needed to decide.

A round may be given up after a number of positions (``most_positions``), to
take a cheap look with a larger allowance before the beams (``beam``), which
search by another plan: the best-scored positions after each action. Where the
start offers no action, a beam has nothing to compare, and the beams and the
rounds given up early are left out of the schedule.

Positions proven lost are remembered across rounds: a position whose every
move was tried (none left for want of allowance) and led only to dead ends or
to positions already proven lost is proven lost itself; later rounds do not
enter it again.

Why "lost" is a proof: a round in which no move was left untried for want of
allowance (and no endgame given up) is a plain graph search for a reachable
won position. A key enters the table when its position is first reached, and
every position in the table is either fully searched or still on the current
path (whose remaining moves the search will still try). So when such a round
ends without a win, every position reachable from the start, up to the
equivalences below, was reached, and none is won. A cycle (moves back to a
position on the path, such as a card going back from a foundation and up
again) meets a key already in the table and is cut; that is sound because the position it returns to is searched in
full anyway. The verdict is about the start only: no table outlives its round,
and a position cut that way is not proven lost (its search depended on a
position still in progress), so such a cut never becomes a verdict about the
position cut. A position is proven lost only by induction on positions proven
before it, so the start proven lost is a proof too. The equivalences: equal
canonical keys (``canonical``), the targets ``MoveOrder`` leaves out (they give
a position with an equal key), and the forced safe moves (playing one never
turns a winnable position into a lost one: see ``forced`` for the argument, or
the plugin that vouched for the move).

Positions to avoid (a hint's positions already reached in the game) are taken
for proven lost from the start, so no line passes through one, and ``lost`` is
then a proof that no line wins without passing through one.
"""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable, Collection, Hashable
from typing import Any, NamedTuple

from ..errors import PatienceError
from ..moves import Move
from ..state import State
from .beam import Beam
from .canonical import interchangeable_groups, key_function
from .doomed import Doom
from .forced import ForcedMoves
from .ordering import LONGEST_DETOUR, MoveOrder
from .result import LOST, UNKNOWN, WON, Budget, Result
from .shorten import shorten

#: Rough bytes a table spends per key besides the key object itself.
_ENTRY_OVERHEAD = 100
#: Positions an endgame round searches in each endgame, per unit of the round's allowance plus one.
ENDGAME_POSITIONS = 8_000
#: Expanded positions between two collections of the young objects while the cycle collector is paused (``run``).
_COLLECT_EVERY = 1 << 16


class Round(NamedTuple):
    """One round of the search: its discrepancy allowance and how far it searches each endgame in full, or a beam."""

    allowance: int
    #: Positions searched in full in each endgame (None: endgames follow the allowance like the rest).
    endgame_positions: int | None = None
    #: A beam of this width instead of a depth-first round (``beam``; it ignores the other fields).
    beam_width: int | None = None
    #: Positions after which the round is given up (None: no limit but the budget's).
    most_positions: int | None = None


def _endgame_round(allowance: int) -> Round:
    return Round(allowance, ENDGAME_POSITIONS * (allowance + 1))


#: The rounds, in order: limited rounds of growing allowance, with endgame rounds between them.
#: The first round follows the best-ranked moves to few endgames, so it searches each one further.
#: The last round never stops a move, so it is a full search.
ROUNDS = (
    Round(0, 3 * ENDGAME_POSITIONS), Round(0), Round(1), Round(2), _endgame_round(1), Round(4), _endgame_round(2),
    Round(8), _endgame_round(4), Round(16), _endgame_round(8), Round(32), _endgame_round(16), Round(sys.maxsize),
)
#: The limited rounds of ``ROUNDS`` alone, for a search that runs beside one with the endgame rounds.
LIMITED_ROUNDS = tuple(round_ for round_ in ROUNDS if round_.endgame_positions is None)
#: The limited rounds with every endgame searched in full, for a search that runs beside another.
ENDGAME_ROUNDS = tuple(Round(round_.allowance, sys.maxsize) for round_ in LIMITED_ROUNDS)


def _beam_round(width: int) -> Round:
    return Round(0, beam_width=width)


#: Beams of doubling width between the limited rounds, for a search that runs beside ``ENDGAME_ROUNDS``.
#: The cheap rounds and a short look with allowance 2 come first; the beams then come before the
#: costly rounds of allowance 2 and more, which on a hard deal spend more than the first beams together.
BEAM_ROUNDS = (
    Round(0), Round(1), Round(2, most_positions=10_000),
    _beam_round(10), _beam_round(20), _beam_round(40), _beam_round(80), Round(2), _beam_round(160), Round(4),
    _beam_round(320), Round(8), _beam_round(640), Round(16), Round(32), Round(sys.maxsize),
)


class SolverError(PatienceError):
    """The solver found a line that the kernel does not replay to a win (a bug in a rule or plugin)."""


class _Stop(Exception):
    """The search stops: a budget ran out (``reason`` says which), or a rival decided first ("beaten")."""

    def __init__(self, reason: str) -> None:
        self.reason = reason


class _Offset:
    """A rival's count less the positions a search had spent when an inner search began."""

    def __init__(self, rival: Any, spent: int) -> None:
        self.rival = rival
        self.spent = spent

    @property
    def value(self) -> int:
        return int(self.rival.value) - self.spent


def is_detour(index: int, move: Move, last: Move | None) -> bool:
    """Whether taking ``move``, ranked ``index`` (from 0), after ``last`` spends some of a round's allowance.

    The best-ranked move is free, and so is going on with what the last move did
    (the same card move between the same two piles again, such as taking a
    second card back from a foundation): one decision, not several. Any other
    move spends what ``MoveOrder.detour`` says.
    """
    return not (index == 0 or (last is not None and not move.action
                               and move.source == last.source and move.target == last.target))


class _Frame:
    """A position on the path of a depth-first round: the moves to try from it, and what its search has found."""

    __slots__ = ("moves", "index", "pushed", "left", "last", "keys", "clean", "endgame_entered", "parts", "charges")

    def __init__(self, moves: list[Move], pushed: int, left: int, last: Move | None, keys: list[object],
                 endgame_entered: int | None, parts: list[bytes], charged: bool) -> None:
        #: The moves to try, best first, and the index of the next one.
        self.moves = moves
        self.index = 0
        #: The moves to pop when done: the move that led here (none at the start) and the forced moves after it.
        self.pushed = pushed
        #: The allowance of discrepancies left.
        self.left = left
        #: The move that led here (None at the start).
        self.last = last
        #: The keys of the positions entered on the way here (the forced moves' too).
        self.keys = keys
        #: Whether no cut in its search so far was against a position not proven lost.
        self.clean = True
        #: In an endgame searched in full, the number of positions expanded when the endgame was entered; else None.
        self.endgame_entered = endgame_entered
        #: The parts of the key of the position the moves are tried from.
        self.parts = parts
        #: Whether a detour from here spends allowance: in a round with a limit, and not in an endgame searched in full.
        self.charges = charged and endgame_entered is None


def _endgame_entered(endgame: bool, parents: int | None, spent: int) -> int | None:
    """Where the endgame of a position just entered began (positions expanded then), if it is one searched in full:
    its parent's endgame's start if the parent is in it, else ``spent``, the count as the position was entered."""
    if not endgame:
        return None
    return spent if parents is None else parents


class Search:
    """One search from one position, in rounds."""

    def __init__(self, state: State, budget: Budget, rounds: tuple[Round, ...] = ROUNDS, rival: Any = None,
                 avoid: Collection[Hashable] = ()) -> None:
        """Search ``state`` within ``budget`` in ``rounds``.

        ``rival`` (anything with an int ``value``, such as a shared ``multiprocessing`` value)
        is the number of positions within which another search of the same position has
        already decided: this one stops once it has expanded more than that.

        ``avoid`` holds canonical keys of positions the search never enters (but ``state``'s
        own): a line it finds passes through none of them, and ``lost`` then says that
        no line wins without passing through one.
        """
        game = state.game
        depth_first = tuple(round_ for round_ in rounds if not round_.beam_width and round_.most_positions is None)
        if depth_first != rounds and not any(move.action for move in state.legal_moves()):
            # Nothing for a beam to compare (every position is an endgame, as in a game without a stock):
            # leave out the beams and the rounds given up early to make room for them.
            rounds = depth_first
        self.schedule = rounds
        self.start = state.copy(stack=False)
        self.state = state.copy(stack=False)
        # The positions of the search (and of its beams and shortening, copies of these) are not checked for a
        # plugin changing them (hooks.py): it would cost up to 40% of the search. A line found is (_replay).
        self.start.hooks_checked = self.state.hooks_checked = False
        self.budget = budget
        self.key = key_function(game)
        #: Keys of the positions never entered.
        self.avoid = frozenset(avoid) - {self.key(self.start)}
        self.order = MoveOrder(game, interchangeable_groups(game))
        self.forced = ForcedMoves(game)
        self.doom = Doom.of(game)
        self.stock_piles = tuple(pile for stock in game.stocks for pile in stock.piles)
        self.table: dict[object, int] = {}
        #: Keys of positions proven lost: searched in full, every cut against a position proven lost.
        #: The positions to avoid are treated as lost from the start.
        self.dead: set[object] = set(self.avoid)
        self.nodes = 0
        self.positions = 0
        self.rounds = 0
        self._memory = 0
        self._dead_memory = 0
        self._short = False
        #: Whether the round under way searches endgames in full (else ``_enter`` need not tell them).
        self._full_endgames = False
        #: Whether the round under way charges detours to the allowance.
        self._charged = True
        self._max_nodes = budget.nodes
        self._max_memory = None if budget.memory_mb is None else budget.memory_mb * 1024 * 1024
        #: When the search must stop, by the clock (``time.perf_counter``), if its budget has seconds.
        self.deadline: float | None = None
        #: The count of positions a rival search decided within, if any.
        self.rival = rival

    def run(self) -> Result:
        """Search until a win is found, the space is exhausted or the budget runs out: in the native core where
        it is built and runs the game (``native``), else in Python (``run_python``); the two search alike."""
        from .native import search_natively  # (it imports this module's neighbours)

        result = search_natively(self)
        return self.run_python() if result is None else result

    def run_python(self) -> Result:
        """``run`` in Python, through the kernel's ``State``: the reference the native core is held to."""
        # The cycle collector is paused for the search: the search makes no reference cycles, and the
        # collector's passes over the objects it keeps alive (the moves and keys on the path, the set of
        # positions proven lost) cost up to 8% of its time (docs/solver.md, "Compiled"). ``spend`` still
        # collects the young objects now and then, so cycles a plugin makes cannot pile up.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._run()
        finally:
            if collecting:
                gc.enable()

    def _run(self) -> Result:
        started = time.perf_counter()
        if self.budget.seconds is not None:
            self.deadline = started + self.budget.seconds
        answer, stopped_by = UNKNOWN, None
        try:
            for round_ in self.schedule:
                self.rounds += 1
                answer = self._beam(round_.beam_width) if round_.beam_width else self._round(round_)
                if answer == WON or not self._short or self.key(self.start) in self.dead:
                    break
                answer = UNKNOWN
        except _Stop as stop:
            stopped_by = stop.reason
        finally:
            self.positions = max(self.positions, len(self.table))
        moves: tuple[Move, ...] = ()
        line: tuple[str, ...] = ()
        if answer == WON:
            moves = tuple(shorten(self.start, self.state.move_stack, self.shortening_deadline(started)))
            line = self.replay(moves)
        return Result(
            answer=answer,
            nodes=self.nodes,
            positions=self.positions,
            seconds=time.perf_counter() - started,
            moves=moves,
            line=line,
            stopped_by=stopped_by,
        )

    def _round(self, round_: Round) -> str:
        """One depth-first search: at most ``round_.allowance`` discrepancies per path, endgames searched in full."""
        allowance, endgame_positions, _, most_positions = round_
        spent = self.nodes
        first = self._begin(allowance, endgame_positions is not None)
        if not isinstance(first, _Frame):
            return first
        state = self.state
        keys_of = self.key
        table = self.table
        dead = self.dead
        detour = self.order.detour
        endgame_limit = sys.maxsize if endgame_positions is None else endgame_positions
        give_up = sys.maxsize if most_positions is None else spent + most_positions
        frames = [first]
        while frames:
            if self.nodes >= give_up:
                self._short = True
                return LOST  # given up: not a proof, and the next round starts from the start again
            frame = frames[-1]
            index = self._next_move(frame, endgame_limit)
            if index == len(frame.moves):
                frames.pop()
                self._back(frame.pushed, frame.keys, frame.clean, frames[-1] if frames else None)
                continue
            frame.index = index + 1
            move = frame.moves[index]
            left = frame.left
            if frame.charges and is_detour(index, move, frame.last):
                left -= detour(state, move)
            state.push(move)
            parts = keys_of.after(frame.parts, state)
            position = keys_of.join(parts, state)
            if position in dead:
                state.pop()
                continue
            if table.get(position, -1) >= left:
                state.pop()
                frame.clean = False  # cut against a position not (yet) proven lost
                continue
            self._remember(position, left)
            spent = self.nodes
            status, children, pushed, keys, clean, endgame, parts = self._enter(left, position, parts)
            if status == WON:
                return WON
            if status is not None:
                self._back(pushed + 1, keys, clean, frame)
                continue
            entered = _endgame_entered(endgame, frame.endgame_entered, spent)
            frames.append(_Frame(children, pushed + 1, left, move, keys, entered, parts, self._charged))
        return LOST

    def _begin(self, allowance: int, full_endgames: bool) -> _Frame | str:
        """A new round from the start, with a table of its own: the start's frame, or the round's answer when it
        is decided as the start is entered."""
        state = self.state
        while state.move_stack:
            state.pop()
        self.positions = max(self.positions, len(self.table))
        self.table = {}
        self._memory = 0
        self._short = False
        self._full_endgames = full_endgames
        # A round without limit charges no detour: every position then has the same allowance left, so one
        # reached again is cut, however it was reached (charged, it would be searched again from each path
        # that reached it with more left, as often as the paths to it differ in detours).
        self._charged = allowance != sys.maxsize
        parts = self.key.parts(state)
        start = self.key.join(parts, state)
        if start in self.dead:
            return LOST
        self._remember(start, allowance)
        spent = self.nodes
        status, children, pushed, keys, clean, endgame, parts = self._enter(allowance, start, parts)
        if status is not None:
            if status == LOST and clean:
                self._bury(keys)
            return status
        return _Frame(children, pushed, allowance, None, keys, spent if endgame else None, parts, self._charged)

    def _next_move(self, frame: _Frame, endgame_limit: int) -> int:
        """The index of the next move to try from ``frame``'s position: past the moves this round does not try
        there (detours beyond the allowance left, or every move of an endgame searched as far as the round
        searches one), ``len(frame.moves)`` when none is left. A move left untried makes the round no proof."""
        moves, index = frame.moves, frame.index
        if frame.endgame_entered is not None:
            if index < len(moves) and self.nodes - frame.endgame_entered >= endgame_limit:
                self._short = True  # this endgame is given up for this round
                frame.clean = False
                return len(moves)
            return index
        left, last = frame.left, frame.last
        # (A detour costs 1 or LONGEST_DETOUR: with that much left, no need to ask which.)
        while index < len(moves) and is_detour(index, moves[index], last) and (
                left == 0 or (left < LONGEST_DETOUR and self.order.detour(self.state, moves[index]) > left)):
            self._short = True
            frame.clean = False
            index += 1
        return index

    def _back(self, pushed: int, keys: list[object], clean: bool, parent: _Frame | None) -> None:
        """Go back from a position searched to its end, popping the ``pushed`` moves that led there: with the
        positions of ``keys`` it is proven lost if its search was clean, else its parent's search is not clean."""
        for _ in range(pushed):
            self.state.pop()
        if clean:
            self._bury(keys)
        elif parent is not None:
            parent.clean = False

    def _enter(self, left: int, position: object, parts: list[bytes]) -> tuple[
            str | None, list[Move], int, list[object], bool, bool, list[bytes]]:
        """Play the forced moves from the position just reached (key ``position``, of parts ``parts``).

        Returns (status, moves to try, forced moves played, keys of the positions
        entered, clean, endgame, the parts of the last one's key). The status is
        None with moves to try, WON when a won position is reached, LOST at a dead
        end: no move, or a forced move leads to a position proven lost (clean) or
        searched before in this round (not clean). Endgame (told only in a round
        that searches endgames in full): the stock is spent and no move to try is
        an action.
        """
        state = self.state
        piles = state.piles
        pushed = 0
        keys = [position]
        while True:
            if state.is_won():
                return WON, [], pushed, keys, False, False, parts
            self.spend()
            if self.doom is not None and self.doom.lost(state):
                return LOST, [], pushed, keys, True, False, parts
            moves = state.legal_moves()
            forced = self.forced.move(state)
            if forced is None:
                children = self.order.order(state, moves)
                endgame = self._full_endgames and not any(piles[pile] for pile in self.stock_piles) and not any(
                    move.action for move in children)
                return (None if children else LOST), children, pushed, keys, True, endgame, parts
            state.push(forced)
            pushed += 1
            parts = self.key.after(parts, state)
            position = self.key.join(parts, state)
            if position in self.dead:
                return LOST, [], pushed, keys, True, False, parts
            if self.table.get(position, -1) >= left:
                return LOST, [], pushed, keys, False, False, parts
            self._remember(position, left)
            keys.append(position)

    def _beam(self, width: int) -> str:
        """A beam of ``width``: WON with its line on the search's state, else UNKNOWN (a beam proves nothing)."""
        self._short = True
        line = Beam(self, width).run()
        if line is None:
            return UNKNOWN
        state = self.state
        while state.move_stack:
            state.pop()
        for move in line:
            state.push(move)
        return WON

    def search_in_full(self, state: State, positions: int) -> list[Move] | None:
        """A won line from ``state`` found by a plain depth-first search of up to ``positions`` positions, or None.

        The positions are spent from this search's budget, and the budget's
        seconds and rival stop it as they stop this search.
        """
        left = positions if self._max_nodes is None else min(positions, self._max_nodes - self.nodes)
        seconds = None if self.deadline is None else max(self.deadline - time.perf_counter(), 0.0)
        rival = None if self.rival is None else _Offset(self.rival, self.nodes)
        inner = Search(state, Budget(nodes=max(left, 0), seconds=seconds), (Round(sys.maxsize),), rival, self.avoid)
        result = inner.run_python()
        self.nodes += result.nodes
        if result.stopped_by in ("time", "beaten"):
            raise _Stop(result.stopped_by)
        return list(result.moves) if result.answer == WON else None

    def _remember(self, position: object, left: int) -> None:
        if position not in self.table:
            self._memory += sys.getsizeof(position) + _ENTRY_OVERHEAD
            self._check_memory()
        self.table[position] = left

    def _bury(self, keys: list[object]) -> None:
        """Record the positions of ``keys`` as proven lost, for every later round."""
        for position in keys:
            if position not in self.dead:
                self.dead.add(position)
                self._dead_memory += sys.getsizeof(position) + _ENTRY_OVERHEAD
        self._check_memory()

    def _check_memory(self) -> None:
        if self._max_memory is not None and self._memory + self._dead_memory > self._max_memory:
            raise _Stop("memory")

    def spend(self) -> None:
        """Count one expanded position, or stop if the budget is spent."""
        if self._max_nodes is not None and self.nodes >= self._max_nodes:
            raise _Stop("nodes")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Stop("time")
        if self.rival is not None and self.nodes > self.rival.value:
            raise _Stop("beaten")
        self.nodes += 1
        if not self.nodes % _COLLECT_EVERY:
            gc.collect(0)

    def shortening_deadline(self, started: float) -> float | None:
        """When shortening the line found must stop: the budget's deadline, less what its replay should take.

        The replay generates each position's legal moves once, as the search did for each
        position it expanded: a move of the line is reckoned at what a position took on average.
        """
        if self.deadline is None:
            return None
        each = (time.perf_counter() - started) / max(self.nodes, 1)
        return self.deadline - each * len(self.state.move_stack)

    def replay(self, moves: tuple[Move, ...],
               replays: Callable[[tuple[Move, ...]], tuple[int, bool]] | None = None) -> tuple[str, ...]:
        """The move texts of ``moves``, checked by replaying them from the start to a win: as text through the
        kernel, or by ``replays`` (the native core's replay: how many of the moves are legal in turn, and whether
        they win), which the native core's searches use (``native``)."""
        if replays is not None:
            legal, won = replays(moves)
            line = tuple(self.start.move_text(move) for move in moves)
            if legal < len(moves):
                raise SolverError(f"the solver's line does not replay at move {legal + 1}: "
                                  f"{line[legal]!r} is not legal there")
            if not won:
                raise SolverError("the solver's line does not win when replayed: " + " ".join(line))
            return line
        replay = self.start.copy(stack=False)
        replay.hooks_checked = True
        texts: list[str] = []
        try:
            for move in moves:
                text = replay.move_text(move)
                replay.push(replay.parse_move(text))
                texts.append(text)
        except PatienceError as error:
            raise SolverError(f"the solver's line does not replay at move {len(texts) + 1}: {error}") from None
        if not replay.is_won():
            raise SolverError("the solver's line does not win when replayed: " + " ".join(texts))
        return tuple(texts)
