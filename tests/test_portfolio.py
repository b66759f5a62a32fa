"""Several searches of one position side by side: the first to decide answers, however many processes run them."""

from __future__ import annotations

import pytest
from helpers import LOST_LADDER, replays_to_a_win, small_game

from framework.solver import LOST, UNKNOWN, WON, Budget, SolverError, solve
from framework.solver.portfolio import PORTFOLIOS
from framework.solver.search import Search
from framework.testing import position


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("seed, answering", [(3, 0), (24, 1)])
def test_the_search_that_decides_within_the_fewest_positions_answers(steeplechase, seed, answering, jobs):
    # Deal 3: the limited rounds win first. Deal 24: only the rounds that search endgames in full win.
    start = steeplechase.deal(seed)
    budget = Budget(nodes=12_000)
    alone = [Search(start, budget, schedule).run() for schedule in PORTFOLIOS[2]]
    first = min((result.nodes, index) for index, result in enumerate(alone) if result.decided)[1]
    assert first == answering
    result = solve(start, budget, searches=2, jobs=jobs)
    assert (result.answer, result.moves, result.line) == (WON, alone[first].moves, alone[first].line)
    assert replays_to_a_win(start, result.line)
    # Each search counts up to the answer: the same count whether they ran side by side or in turn.
    assert result.nodes == sum(min(other.nodes, alone[first].nodes) for other in alone)
    assert result.stopped_by is None


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_lost_position_is_proven_lost_by_the_searches(jobs):
    game = small_game("ladder")
    result = solve(position(game, LOST_LADDER), Budget(nodes=10_000), searches=2, jobs=jobs)
    assert result.answer == LOST and result.line == ()


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_search_spends_the_whole_budget_when_none_decides(steeplechase, jobs):
    result = solve(steeplechase.deal(1), Budget(nodes=300), searches=2, jobs=jobs)
    assert (result.answer, result.nodes, result.stopped_by) == (UNKNOWN, 600, "nodes")


def test_an_error_in_a_search_process_reaches_the_caller(steeplechase, monkeypatch):
    def broken_replay(self, moves, replays=None):
        raise SolverError("the line does not replay")

    monkeypatch.setattr(Search, "replay", broken_replay)  # the forked search processes inherit it
    with pytest.raises(SolverError, match="does not replay"):
        solve(steeplechase.deal(3), Budget(nodes=12_000), searches=2, jobs=2)


def test_only_the_portfolios_defined_can_be_asked_for(steeplechase):
    with pytest.raises(ValueError, match="searches must be one of"):
        solve(steeplechase.deal(3), Budget(nodes=100), searches=max(PORTFOLIOS) + 1)
