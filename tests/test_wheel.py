"""An installed wheel works outside the checkout: the API and the command line load Steeplechase.

The project is built and installed into a fresh virtual environment, then used
from another directory, so nothing can come from the checkout: rules and
plugins must ship inside the wheel and be found through its entry points.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import framework
from framework.cli import main

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
#: What a fresh clone would not have: built or installed leftovers of this checkout.
NOT_SOURCE = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".pytest_cache", ".hypothesis")

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


def run(command: list[str], cwd: Path) -> str:
    """Run ``command`` in ``cwd`` with none of the checkout's settings; its output, or the test fails."""
    environment = {name: value for name, value in os.environ.items()
                   if name not in {"PYTHONPATH", "VIRTUAL_ENV", "PATIENCE_RULES_PATH", "PYTHONHOME"}}
    result = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, f"{' '.join(command)} failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


def test_the_installed_wheel_loads_steeplechase_outside_the_checkout(tmp_path):
    # A copy of the source, so that building leaves nothing behind in the checkout.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    environment = tmp_path / "venv"
    run([sys.executable, "-m", "venv", str(environment)], cwd=tmp_path)
    python = environment / "bin" / "python"
    run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(source)], cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    found = json.loads(run([str(python), "-c", API_CHECK], cwd=elsewhere))
    for module in found["modules"]:
        assert Path(module).is_relative_to(environment.resolve()), f"{module} is not from the installed wheel"
    expected = framework.load_game("steeplechase").deal(1)
    assert found["state"] == expected.to_json()
    assert found["moves"] == sorted(expected.move_text(move) for move in expected.legal_moves())
    assert "f1 t2" in found["moves"]  # back from a foundation: the plugin came with the wheel

    shown = run([str(environment / "bin" / "patience"), "show", "steeplechase", "--seed", "1"], cwd=elsewhere)
    assert shown == CliRunner().invoke(main, ["show", "steeplechase", "--seed", "1"]).output
    assert "Steeplechase" in shown
