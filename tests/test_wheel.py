"""An installed wheel works outside the checkout: the API and the command line load Steeplechase.

The project is built and installed into a fresh virtual environment, then used
from another directory, so nothing can come from the checkout: rules and
plugins must ship inside the wheel and be found through its entry points.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import framework
from framework.cli import main

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent

API_CHECK = """
import json, pathlib, sys
import framework, patience_plugins, patience_rules
game = framework.load_game("steeplechase")
state = game.deal(1)
print(json.dumps({
    "modules": [str(pathlib.Path(module.__file__).resolve()) for module in (framework, patience_plugins, patience_rules)],
    "state": state.to_json(),
    "moves": sorted(state.move_text(move) for move in state.legal_moves()),
}))
"""


def test_the_installed_wheel_loads_steeplechase_outside_the_checkout(fresh_venv, tmp_path):
    fresh_venv.install(ROOT)
    environment = fresh_venv.path
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    found = json.loads(fresh_venv.run([str(fresh_venv.python), "-c", API_CHECK], cwd=elsewhere))
    for module in found["modules"]:
        assert Path(module).is_relative_to(environment.resolve()), f"{module} is not from the installed wheel"
    expected = framework.load_game("steeplechase").deal(1)
    assert found["state"] == expected.to_json()
    assert found["moves"] == sorted(expected.move_text(move) for move in expected.legal_moves())
    assert "f1 t2" in found["moves"]  # back from a foundation: the plugin came with the wheel

    shown = fresh_venv.run([fresh_venv.bin("patience"), "show", "steeplechase", "--seed", "1"], cwd=elsewhere)
    assert shown == CliRunner().invoke(main, ["show", "steeplechase", "--seed", "1"]).output
    assert "Steeplechase" in shown
