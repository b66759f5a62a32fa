"""Winning lines cut short: stretches that one move skips, and positions visited twice, are cut out."""

from __future__ import annotations

import math

import pytest

from framework import native
from framework.solver import Budget, solve
from framework.solver import shorten as shorten_module
from framework.solver.native import NativeSolver
from framework.solver.result import WON
from framework.solver.search import ENDGAME_ROUNDS, Search
from framework.solver.shorten import shorten
from framework.testing import position

POSITION = {"f1": "7C", "t1": "9S", "t2": "8H", "t3": "9C", "t4": "KD", "t5": "QS"}


def moves(start, *texts):
    """The moves of ``texts``, played one after another from ``start`` (left unchanged)."""
    state = start.copy(stack=False)
    for text in texts:
        state.push(state.parse_move(text))
    return list(state.move_stack)


def test_two_moves_that_one_move_does_are_cut_to_one(steeplechase):
    start = position(steeplechase, {**POSITION, "t1": ""}, rest="s", base_rank=7)
    # The 8H goes onto the 9C by way of the foundation; "t2 t3" puts it there at once.
    line = moves(start, "t2 f1", "f1 t3", "t5 t4")
    assert shorten(start, line) == moves(start, "t2 t3", "t5 t4")


def test_positions_alike_up_to_the_order_of_columns_are_one_place_on_the_line(steeplechase):
    start = position(steeplechase, {**POSITION, "t3": ""}, rest="s", base_rank=7)
    # The 8H goes to the empty t3 by way of the 9S: the columns are as before, in another order,
    # so the line goes on from there with the 8H where it is, in t2.
    line = moves(start, "t2 t1", "t1 t3", "t3 f1", "t5 t4")
    assert shorten(start, line) == moves(start, "t2 f1", "t5 t4")


def test_a_position_visited_twice_keeps_only_what_comes_after_its_last_visit(steeplechase):
    start = position(steeplechase, POSITION, rest="s", base_rank=7)
    line = moves(start, "t5 t4", "t4 t5", "t5 t4", "t2 t1")
    assert shorten(start, line) == moves(start, "t5 t4", "t2 t1")


def test_a_line_with_nothing_to_cut_is_kept(steeplechase):
    start = position(steeplechase, POSITION, rest="s", base_rank=7)
    line = moves(start, "t2 f1", "t5 t4")
    assert shorten(start, line) == line


def test_the_solver_reports_lines_with_nothing_left_to_cut(steeplechase):
    # Deal 24 is won only by searching its endgame in full, which wanders: its raw line is thousands of moves.
    start = steeplechase.deal(24)
    search = Search(start, Budget(nodes=12_000), ENDGAME_ROUNDS)
    result = search.run()
    assert len(result.moves) < len(search.state.move_stack)
    assert shorten(start, result.moves) == list(result.moves)
    assert solve(start, Budget(nodes=12_000), searches=2).moves == result.moves


def raw_line(start):
    """Deal 24's line as its search found it, thousands of moves that wander (see the test above)."""
    search = Search(start, Budget(nodes=12_000), ENDGAME_ROUNDS)
    search.run()
    return list(search.state.move_stack)


def wins(start, line):
    state = start.copy(stack=False)
    for move in line:
        state.push(state.parse_move(state.move_text(move)))
    return state.is_won()


@pytest.fixture
def clock(monkeypatch):
    """The clock shortening reads: long before any deadline for ``clock.stop_after`` more readings, then past every one."""

    class Clock:
        stop_after = 0

        def __call__(self):
            self.stop_after -= 1
            return -math.inf if self.stop_after >= 0 else math.inf

    fake = Clock()
    monkeypatch.setattr(shorten_module, "perf_counter", fake)
    return fake


def test_shortening_stops_at_its_deadline_with_the_line_shortened_so_far(steeplechase, clock):
    start = steeplechase.deal(24)
    raw = raw_line(start)
    shortest = shorten(start, raw)
    clock.stop_after = 0  # out of time at once: the line as it was found
    assert shorten(start, raw, deadline=0.5) == raw
    clock.stop_after = len(raw) + 5_000  # out of time part of the way along the line
    cut = shorten(start, raw, deadline=0.5)
    assert len(shortest) < len(cut) < len(raw) and wins(start, cut)
    clock.stop_after = 10**9
    assert shorten(start, raw, deadline=0.5) == shortest  # time enough: the same line as without a deadline


def test_a_search_out_of_time_while_it_shortens_reports_the_line_so_far_replayed(steeplechase, clock):
    start = steeplechase.deal(24)
    clock.stop_after = 0  # the search's own clock is the real one: it finds its win, then shortening is out of time
    result = Search(start, Budget(nodes=12_000, seconds=600), ENDGAME_ROUNDS).run_python()
    assert result.answer == WON and list(result.moves) == raw_line(start)
    assert len(result.line) == len(result.moves) and wins(start, result.moves)


@pytest.mark.skipif(native.core is None, reason=str(native.MISSING))
def test_the_native_core_shortens_within_its_deadline_as_the_python_kernel_does(steeplechase):
    start = steeplechase.deal(24)
    raw = raw_line(start)
    solver = NativeSolver.of(steeplechase)
    position = solver.native.position(start)
    as_native = [solver.native.native_move(move) for move in raw]
    assert [solver.native.move(move) for move in position.shorten(as_native)] == shorten(start, raw)
    assert [solver.native.move(move) for move in position.shorten(as_native, 0.0)] == raw  # out of time at once
