"""An installed wheel works outside the checkout, and its native core searches as the Python kernel does.

The project is built and installed into a fresh virtual environment, then used
from another directory, so nothing can come from the checkout: rules and
plugins must ship inside the wheel and be found through its entry points.
Where a C compiler is found, the wheel has the native core (setup.py); the same
deals then get the same searches as this checkout's Python search. Without one,
the build goes on without it.
"""

from __future__ import annotations

import json
import shutil
import sysconfig
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import NOT_SOURCE, FreshVenv

import framework
from framework.cli import main
from framework.solver import Budget, solve
from framework.solver.native import CORE_VARIABLE, NATIVE, PYTHON

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


#: Whether this machine can build the native core: a C compiler and the Python headers.
CAN_COMPILE = bool(shutil.which("cc")) and (Path(sysconfig.get_paths()["include"]) / "Python.h").exists()

#: Deals whose searches the wheel and the Python search must agree on: the launch games, one game of
#: each family and the plugins' games; positions per search, small enough to run in seconds.
SEARCHES = [("steeplechase", 1), ("blockade", 2), ("klondike", 3), ("freecell", "ms:617"), ("spider", 1),
            ("golf", 1), ("black-hole", 1), ("canfield", 2), ("yukon", 4), ("pyramid", 1), ("montana", 1),
            ("aces-up", 2), ("accordion", 1), ("monte-carlo", 1)]
NODES = 3000

SEARCH = """
import json, sys
import framework
from framework.solver import Budget, solve
from framework.solver.native import CORE_VARIABLE, NATIVE, PYTHON
answers = []
for game, seed in json.loads(sys.argv[1]):
    result = solve(framework.load_game(game).deal(seed), Budget(nodes=int(sys.argv[2])))
    answers.append([result.answer, result.nodes, result.positions, list(result.line), result.core])
print(json.dumps({"answers": answers}))
"""


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> FreshVenv:
    """A fresh virtual environment with the project installed from a copy of the checkout, as ``pip install .``."""
    venv = FreshVenv(tmp_path_factory.mktemp("wheel"))
    venv.install(ROOT)
    return venv


def test_the_installed_wheel_loads_steeplechase_outside_the_checkout(installed, tmp_path):
    fresh_venv = installed
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


@pytest.mark.skipif(not CAN_COMPILE, reason="no C compiler or no Python headers: the wheel has no native core")
def test_the_wheels_native_core_searches_as_the_python_kernel(installed, tmp_path, monkeypatch):
    found = json.loads(installed.run([str(installed.python), "-c", SEARCH, json.dumps(SEARCHES), str(NODES)], cwd=tmp_path))
    monkeypatch.setenv(CORE_VARIABLE, PYTHON)  # this checkout's searches: in Python
    for (game, seed), (answer, nodes, positions, line, core) in zip(SEARCHES, found["answers"]):
        result = solve(framework.load_game(game).deal(seed), Budget(nodes=NODES))
        assert result.core == PYTHON
        assert (answer, nodes, positions, line) == (result.answer, result.nodes, result.positions, list(result.line)), \
            f"{game} deal {seed}"
        assert core == NATIVE, f"{game} deal {seed}"
    assert {answer for answer, *_ in found["answers"]} == {"won", "lost", "unknown"}  # every kind of answer seen


def test_without_a_compiler_the_wheel_is_built_without_the_native_core(fresh_venv, tmp_path):
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=NOT_SOURCE)
    fresh_venv.run([str(fresh_venv.python), "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path),
                    str(source)], cwd=tmp_path, settings={"CC": "false", "LDSHARED": "false"})
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "framework/state.py" in names and "framework/solver/search.py" in names
    assert not [name for name in names if name.endswith(".so")]
