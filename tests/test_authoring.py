"""docs/authoring.md works as written: a new game from `patience new` to playing, solving and testing it."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

import framework
from framework.cli import main

DOC = (Path(__file__).resolve().parent.parent / "docs" / "authoring.md").read_text(encoding="utf-8")


def the_game_file() -> str:
    """The whole rule file of the tutorial: the YAML block after ``<!-- castle.yaml -->``."""
    return re.search(r"<!-- castle.yaml -->\n```yaml\n(.*?)```", DOC, re.DOTALL).group(1)


def run_in_process(*arguments: str, **environment: str):
    return CliRunner().invoke(main, list(arguments), env=environment or None, catch_exceptions=False)


def test_patience_new_writes_a_starter_that_loads_and_plays(tmp_path):
    result = run_in_process("new", "castle", "--directory", str(tmp_path))
    assert result.exit_code == 0, result.output
    text = (tmp_path / "castle.yaml").read_text(encoding="utf-8")
    assert text.startswith("# yaml-language-server: $schema=file://")
    schema = Path(text.split("$schema=file://", 1)[1].splitlines()[0])
    assert schema.is_file() and schema.name == "game.schema.json"
    assert run_in_process("validate", str(tmp_path / "castle.yaml")).exit_code == 0
    assert framework.load_game(str(tmp_path / "castle.yaml")).deal(1).legal_moves()
    again = run_in_process("new", "castle", "--directory", str(tmp_path))
    assert again.exit_code == 2 and "exists already" in again.output


def test_patience_new_refuses_a_bad_name(tmp_path):
    result = run_in_process("new", "../castle", "--directory", str(tmp_path))
    assert result.exit_code == 2 and "not a game name" in result.output


def test_patience_new_refuses_a_name_too_long_for_a_file_in_one_line(tmp_path):
    result = run_in_process("new", "a" * 300, "--directory", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.startswith("patience: 'aaaaa") and "not a game name" in result.output
    assert len(result.output.splitlines()) == 1 and len(result.output) < 250
    deep = run_in_process("new", "castle", "--directory", str(tmp_path / ("d" * 300)))
    assert deep.exit_code == 2 and deep.output.endswith("castle.yaml: File name too long\n")
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def castle(tmp_path) -> Path:
    path = tmp_path / "games" / "castle.yaml"
    path.parent.mkdir()
    path.write_text(the_game_file(), encoding="utf-8")
    return path


def test_the_tutorial_game_validates_and_the_typo_gives_the_message_shown(castle):
    result = run_in_process("validate", str(castle))
    assert result.exit_code == 0 and result.output.strip() == f"{castle}: ok"
    castle.write_text(the_game_file().replace("    pick: top card", "    pik: top card"), encoding="utf-8")
    result = run_in_process("validate", str(castle))
    shown = re.search(r"castle.yaml:\d+:\d+: unknown key 'pik'.*", DOC).group(0)
    assert result.exit_code == 1 and result.output.strip() == f"{castle.parent}/{shown}"


def test_the_tutorial_game_plays_by_name_from_the_users_directory(castle):
    environment = {"PATIENCE_RULES_PATH": str(castle.parent)}
    assert "Beleaguered Castle" in run_in_process("list", **environment).output
    shown = run_in_process("show", "castle", "--seed", "1", **environment)
    assert shown.exit_code == 0 and "A♣" in shown.output
    game = framework.load_game(str(castle))
    state = game.deal(1)
    assert [framework.card_text(state.piles[game.pile_index(f"f{index}")][0]) for index in range(1, 5)] == ["AC", "AD", "AH", "AS"]
    assert all(len(state.piles[pile]) == 6 for pile in game.groups["row"].piles)


def test_the_tutorial_game_is_solved(castle):
    command = re.search(r"patience solve castle --seed (\d+)", DOC)
    result = run_in_process("solve", "castle", "--seed", command.group(1), "--nodes", "20000", PATIENCE_RULES_PATH=str(castle.parent))
    assert result.exit_code == 0
    assert re.search(r": (won|lost)\b", result.output), result.output


def test_the_tutorial_tests_pass(castle, monkeypatch):
    code = re.search(r"```python\n(from framework import load_game.*?)```", DOC, re.DOTALL).group(1)
    monkeypatch.chdir(castle.parent)
    namespace: dict[str, object] = {}
    exec(compile(textwrap.dedent(code), "docs/authoring.md", "exec"), namespace)  # the doc's own test code
    tests = [value for name, value in namespace.items() if name.startswith("test_")]
    assert len(tests) == 2
    for test in tests:
        test()
