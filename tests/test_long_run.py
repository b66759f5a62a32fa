"""The long run of ``benchmarks/long_run.py``, short: a few random games of every shipped game.

Card conservation after every move, exact undo of every move and of the whole game,
JSON round trips (see ``framework.testing.check_random_games``). The long version
plays thousands of deals per game.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import framework

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "long_run.py"
_spec = importlib.util.spec_from_file_location("long_run", SCRIPT)
assert _spec is not None and _spec.loader is not None
long_run = sys.modules.setdefault("long_run", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(long_run)


@pytest.mark.parametrize("name", sorted(framework.available_games()))
def test_random_games_keep_the_cards_undo_exactly_and_round_trip(name):
    tally = long_run.run(name, range(3), most_moves=60)
    assert tally.failures == []
    assert tally.games == 3 and tally.moves > 0


def test_a_broken_kernel_would_be_caught(monkeypatch):
    """The checks can fail: a pop that forgets to put a card back is reported with the deal to replay."""
    original = framework.State.pop

    def leaky_pop(state: framework.State) -> framework.Move:
        move = original(state)
        if not move.action:
            state.piles[move.source].pop()
        return move

    monkeypatch.setattr(framework.State, "pop", leaky_pop)
    tally = long_run.run("steeplechase", range(2), most_moves=30)
    assert len(tally.failures) == 2
    assert all("did not restore the state" in failure for failure in tally.failures)
    assert tally.failures[0].startswith("steeplechase seed 0: AssertionError: seed 0: pop after")


def test_a_pile_changed_unannounced_would_be_caught(monkeypatch):
    """The solver keys a position from the piles ``changed_piles`` names: one it leaves out is reported."""
    original = framework.State.changed_piles
    monkeypatch.setattr(framework.State, "changed_piles", lambda state: original(state)[1:])
    tally = long_run.run("klondike", range(1), most_moves=30)
    assert len(tally.failures) == 1 and "not named changed" in tally.failures[0]
