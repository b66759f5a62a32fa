"""The example third-party package (examples/patience-aces-up) installs and plays like a built-in game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import json
import framework
from framework.testing import check_random_games
game = framework.load_game("aces-up-example")
state = game.deal(3)
opening = sorted(state.move_text(move) for move in state.legal_moves())
# play: discard when possible, else deal, else fill an empty column from a column of two or more
while not state.is_won() and len(state.move_stack) < 500:
    moves = state.legal_moves()
    discards = [move for move in moves if state.game.pile_names[move.target] == "x"]
    deals = [move for move in moves if move.action]
    spreads = [move for move in moves if not move.action and len(state.piles[move.source]) > 1]
    choice = discards or deals or spreads
    if not choice:
        break
    state.push(choice[0])
print(json.dumps({
    "games": list(framework.available_games()),
    "opening": opening,
    "discarded": len(state.piles[game.pile_index("x")]),
    "won": state.is_won(),
    "moves": len(state.move_stack),
    "checked": check_random_games(game, seeds=range(3)),
}))
"""


def test_the_example_plugin_package_installs_and_its_game_plays(fresh_venv, tmp_path):
    fresh_venv.install(ROOT, ROOT / "examples" / "patience-aces-up", settings={"PATIENCE_PURE": "1"})  # test_wheel compiles
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    found = json.loads(fresh_venv.run([str(fresh_venv.python), "-c", PLAY], cwd=elsewhere))
    assert "aces-up-example" in found["games"] and "steeplechase" in found["games"]
    assert "d" in found["opening"]
    assert found["moves"] > 12 and found["discarded"] > 0
    assert found["won"] == (found["discarded"] == 48)
    assert found["checked"] > 0
    listing = fresh_venv.run([fresh_venv.bin("patience"), "list"], cwd=elsewhere)
    assert "Aces Up (example plugin)" in listing
    solved = json.loads(fresh_venv.run([fresh_venv.bin("patience"), "solve", "aces-up-example", "--seed", "3", "--nodes", "5000", "--json"], cwd=elsewhere))
    assert solved["game"] == "aces-up-example" and (solved["answer"] in ("won", "lost") or solved["nodes"] == 5000 * solved["searches"])
