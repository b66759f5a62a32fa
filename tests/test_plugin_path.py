"""``patience --plugin-path DIR``: the plugin modules of a folder, for one run, without packaging them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import GAMES, assert_one_line_error, patience

#: A one-hook plugin, as an author tries an idea: every deal of the game it is used in is won as dealt.
WON_AS_DEALT = """
from framework import hookimpl


@hookimpl
def is_won(state):
    return True
"""


def ladder_with(folder: Path, plugins: str) -> Path:
    """The ladder test game, with ``plugins`` (the YAML of its list) named, written into ``folder``."""
    path = folder / "ladder.yaml"
    text = (GAMES / "ladder.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("\ngroups:", f"\nplugins: {plugins}\ngroups:"), encoding="utf-8")
    return path


def solved(*arguments: str, cwd: Path) -> dict:
    result = patience(*arguments, "--seed", "1", "--json", cwd=cwd)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder holding the plugin module won_as_dealt.py."""
    plugins = tmp_path / "experiments"
    plugins.mkdir()
    (plugins / "won_as_dealt.py").write_text(WON_AS_DEALT, encoding="utf-8")
    return plugins


def test_a_plugin_module_in_a_folder_is_used_for_the_run_that_names_the_folder(tmp_path, folder):
    rules = ladder_with(tmp_path, "[won-as-dealt]")
    before = solved("--plugin-path", str(folder), "solve", str(rules), cwd=tmp_path)
    after = solved("solve", str(rules), "--plugin-path", str(folder), cwd=tmp_path)  # after the command too
    assert before["answer"] == after["answer"] == "won" and before["line"] == after["line"] == []
    assert before["core"] == "python"  # a plugin with no native rule
    without = patience("solve", str(rules), "--seed", "1", cwd=tmp_path)
    assert_one_line_error(without, "plugin 'won-as-dealt' is not installed")


def test_a_plugin_of_the_path_may_be_a_class_with_options_and_import_a_module_beside_it(tmp_path, folder):
    (folder / "goal_words.py").write_text("WORD = 'won'\n", encoding="utf-8")
    (folder / "chosen_goal.py").write_text("""
from framework import hookimpl

from goal_words import WORD


class Goal:
    options_schema = {"type": "object", "properties": {"won": {"type": "boolean"}}, "additionalProperties": False}

    def __init__(self, game, options):
        self.won = options["won"]

    @hookimpl
    def is_won(self, state):
        return self.won if WORD == "won" else None


plugin = Goal
""", encoding="utf-8")
    never = solved("--plugin-path", str(folder), "solve", str(ladder_with(tmp_path, "[{chosen-goal: {won: false}}]")),
                   "--nodes", "2000", cwd=tmp_path)
    at_once = solved("--plugin-path", str(folder), "solve", str(ladder_with(tmp_path, "[{chosen-goal: {won: true}}]")),
                     cwd=tmp_path)
    assert never["answer"] in ("lost", "unknown") and at_once["answer"] == "won"


def test_the_processes_of_a_study_find_the_plugins_of_the_path(tmp_path, folder):
    rules = ladder_with(tmp_path, "[won-as-dealt]")
    result = patience("--plugin-path", str(folder), "stats", str(rules), "--deals", "2", "--jobs", "2", "--no-db",
                      "--nodes", "1000", "--json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert [record["answer"] for record in json.loads(result.stdout)["records"]] == ["won", "won"]


def test_a_module_that_would_hide_another_is_refused_in_one_line(tmp_path, folder):
    (folder / "json.py").write_text("x = 1\n", encoding="utf-8")
    result = patience("--plugin-path", str(folder), "list", cwd=tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "a module 'json' is already there to import" in result.stderr and "rename json" in result.stderr
    missing = patience("--plugin-path", str(tmp_path / "nowhere"), "list", cwd=tmp_path)
    assert missing.returncode == 2 and "does not exist" in missing.stderr


def test_neither_a_rule_file_nor_its_folder_adds_plugins(tmp_path, folder):
    result = patience("solve", str(ladder_with(tmp_path, f"['{folder / 'won_as_dealt'}']")), "--seed", "1",
                      cwd=tmp_path)
    assert_one_line_error(result, "in plugins[0]: expected plugin name")
    (tmp_path / "won_as_dealt.py").write_text(WON_AS_DEALT, encoding="utf-8")  # beside the rule file, and here
    result = patience("solve", str(ladder_with(tmp_path, "[won-as-dealt]")), "--seed", "1", cwd=tmp_path)
    assert_one_line_error(result, "plugin 'won-as-dealt' is not installed")
