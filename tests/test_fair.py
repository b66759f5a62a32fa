"""Fair hints: searched on arrangements of the hidden cards drawn from the public view, never from the cards.

Hints here search within a node budget (and a clock far beyond it), so that what they
find does not depend on the machine's speed.
"""

from __future__ import annotations

import random

import pytest
from helpers import randomly_played

import framework
from framework.public import public_view
from framework.solver.fair import FairHint, arrangement, fair_hint, hidden_places
from framework.solver.hint import hint

NODES = 40_000
SECONDS = 3600.0


def test_an_arrangement_looks_the_same_to_the_player_and_deals_the_hidden_cards_anew():
    state = randomly_played("klondike", 1, 6)
    places = hidden_places(state)
    boards = [arrangement(state, random.Random(seed)) for seed in range(5)]
    for board in boards:
        assert public_view(board) == public_view(state)
        assert sorted(board.piles[p][i] for p, i in places) == sorted(state.piles[p][i] for p, i in places)
    assert len({tuple(map(tuple, board.piles)) for board in boards}) == 5
    # Drawn from the hidden cards as a whole: a position with them in other places gets the same arrangement.
    twin = arrangement(state, random.Random(99))
    assert twin.piles != state.piles
    assert arrangement(twin, random.Random(3)).piles == arrangement(state, random.Random(3)).piles


@pytest.mark.parametrize(("name", "seed"), [("klondike", 1), ("spider-1-suit", 1), ("yukon", 1)])
def test_two_positions_that_differ_only_in_hidden_cards_get_the_same_fair_hint(name, seed):
    state = randomly_played(name, seed, 6)
    twin = arrangement(state, random.Random(99))
    # The all-knowing hint tells them apart: it looks at the cards.
    assert hint(state, SECONDS, NODES) != hint(twin, SECONDS, NODES)
    fair = fair_hint(state, SECONDS, NODES, samples=8, seed=1)
    assert fair == fair_hint(twin, SECONDS, NODES, samples=8, seed=1)
    assert fair.move in state.legal_moves() and 1 <= fair.wins <= fair.samples == 8


def test_a_fair_hint_without_a_legal_move_has_none():
    state = randomly_played("klondike", 1, 0)
    stuck = framework.State(state.game, [[] for _ in state.piles], [0] * len(state.piles), dict(state.vars))
    assert fair_hint(stuck, SECONDS, NODES, samples=4) == FairHint(None, 0, 4)
