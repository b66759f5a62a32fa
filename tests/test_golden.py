"""Golden tests of every built-in game: the seeded deal, perft counts and a fixed line of play.

The figures come from tests/golden/make_golden.py; a difference means the rules
a game is played by have changed. The kernel's vocabulary behind them is checked
position by position in tests/test_vocabulary.py.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import framework

GOLDEN = Path(__file__).parent / "golden"
sys.path.insert(0, str(GOLDEN))
import make_golden  # noqa: E402


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda path: path.stem)
def test_the_game_plays_as_its_golden_file_says(path):
    expected = json.loads(path.read_text(encoding="utf-8"))
    assert make_golden.golden(expected["game"]) == expected


def test_every_built_in_game_has_a_golden_file():
    assert {path.stem for path in GOLDEN.glob("*.json")} == set(framework.available_games())


def test_there_are_at_least_twelve_classic_games_besides_the_launch_games():
    assert len(set(framework.available_games()) - {"steeplechase", "blockade"}) >= 12
