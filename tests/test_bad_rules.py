"""A corpus of bad rule files: each is refused with exactly the problems its ``.expected`` file lists.

``tests/bad_rules/NAME.yaml`` is a rule file with one kind of fault (most start with a
comment saying which); ``NAME.expected`` holds the problems the loader must report, one
``file:line:column: message`` line each, with the file named as ``NAME.yaml``. How fast
each is refused is measured by ``benchmarks/bad_rules.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import framework
from framework import LoadError
from framework.cli import main
from framework.rulefiles import MAX_BYTES
from framework.web.app import create_app

CORPUS = Path(__file__).with_name("bad_rules")
CASES = sorted(CORPUS.glob("*.yaml"))


def file_problems(path: Path | str) -> list[str]:
    """The problems loading ``path`` reports, with the path shortened to the file's name."""
    with pytest.raises(LoadError) as caught:
        framework.load_game(str(path))
    return [str(problem).replace(str(path), Path(path).name) for problem in caught.value.problems]


def expected(path: Path) -> list[str]:
    return path.with_suffix(".expected").read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("path", CASES, ids=lambda path: path.stem)
def test_each_bad_rule_file_is_refused_with_its_exact_problems(path):
    assert file_problems(path) == expected(path)


def test_the_corpus_is_whole():
    assert len(CASES) >= 90
    assert sorted(path.stem for path in CORPUS.glob("*.expected")) == [path.stem for path in CASES]
    assert all(path.with_suffix(".expected").read_text(encoding="utf-8").strip() for path in CASES)


def test_a_ten_megabyte_file_is_refused_by_its_size(tmp_path):
    path = tmp_path / "big.yaml"
    with path.open("wb") as file:
        file.write(b"name: Big\nrules: '")
        file.write(b"x" * 10_000_000)
        file.write(b"'\n")
    assert file_problems(path) == [f"big.yaml: file too large: 10000020 bytes (a rule file has at most {MAX_BYTES})"]
    with pytest.raises(LoadError, match=r"^<rules>: file too large: 10000020 bytes"):
        framework.parse_spec(path.read_bytes())


def test_files_that_are_not_rule_files(tmp_path):
    assert file_problems(tmp_path / "missing.yaml") == ["missing.yaml: cannot read: No such file or directory"]
    assert file_problems(tmp_path / "no\0such.yaml") == ["no\0such.yaml: cannot read: embedded null byte"]
    assert file_problems("x" * 5000)[0].startswith("x" * 5000 + ": no such game (")
    if hasattr(os, "mkfifo"):  # a pipe would block a reader that opened it
        os.mkfifo(tmp_path / "pipe.yaml")
        assert file_problems(tmp_path / "pipe.yaml") == ["pipe.yaml: is not a regular file"]
    if Path("/dev/zero").exists():  # a device that never ends
        assert file_problems("/dev/zero") == ["zero: is not a regular file"]


def test_a_user_rules_directory_that_cannot_be_read_has_no_games(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_RULES_PATH", os.pathsep.join([str(tmp_path / "missing"), str(tmp_path / "file")]))
    (tmp_path / "file").write_text("not a directory")
    assert {"steeplechase", "blockade"} <= set(framework.available_games())


BASE = (CORPUS / "deal_leaves_cards.yaml").read_text(encoding="utf-8").replace(
    "  - {to: tableau, cards: 5}\n", "  - {to: tableau, cards: 5}\n  - {to: stock, cards: rest}\n"
)


@pytest.mark.parametrize(
    ("old", "new", "check"),
    [
        # A date is text, as in JSON: no datetime objects reach the rules.
        ("name: Tiny", "name: 2001-12-14", lambda spec: spec.name == "2001-12-14"),
        # A quoted or explicitly tagged word keeps its text.
        ("name: Tiny", 'name: "no"', lambda spec: spec.name == "no"),
        ("name: Tiny", "name: !!str 010", lambda spec: spec.name == "010"),
        # YAML 1.1 booleans are fine where a boolean goes.
        ("{direction: up, suit: same suit}", "{direction: up, suit: same suit, wrap: yes}",
         lambda spec: spec.group("foundation").build.wrap is True),
        # Merge keys bring in a mapping's keys; the keys written beside them win.
        ("    build: {direction: down, suit: alternate colours}\n",
         "    <<: {build: {direction: up}, max_cards: 7}\n    build: {direction: down, suit: alternate colours}\n",
         lambda spec: spec.group("tableau").build.direction == "down" and spec.group("tableau").max_cards == 7),
        # Windows line ends and a byte-order mark are text too.
        ("# The deal leaves cards undealt.\n", "\ufeff# Windows text\r\n", lambda spec: spec.name == "Tiny"),
    ],
)
def test_yaml_that_looks_odd_but_is_fine(tmp_path, old, new, check):
    assert old in BASE
    path = tmp_path / "odd.yaml"
    path.write_text(BASE.replace(old, new), encoding="utf-8")
    assert check(framework.load_spec(str(path)))


# --- the command line --------------------------------------------------------------------

CLI_CASES = ["tab_indent", "yaml11_octal", "bytes_binary", "bomb_billion_laughs", "group_unknown_in_plugin", "unknown_key_top",
             "deal_named_card_twice", "deal_rest_face_down_too_many", "plugin_named_twice", "tag_bool_number"]
#: Files that once passed ``validate`` and then failed every command with a traceback.
ONCE_PASSED = ["deal_named_card_twice", "deal_named_card_past_the_pack", "deal_rest_face_down_too_many",
               "plugin_named_twice", "tag_bool_number", "tag_bool_empty", "tag_int_empty", "tag_int_word"]


@pytest.mark.parametrize("name", CLI_CASES)
def test_validate_prints_the_problems_and_exits_1(name):
    path = CORPUS / f"{name}.yaml"
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 1, result.output
    assert result.output.splitlines() == [line.replace(path.name, str(path), 1) for line in expected(path)]


@pytest.mark.parametrize("name", CLI_CASES + ["a_directory"])
@pytest.mark.parametrize("command", [["show"], ["rules"], ["play", "--seed", "1"], ["replay", "missing.json", "--game"]])
def test_every_other_command_exits_2_with_the_problems(name, command):
    path = CORPUS / f"{name}.yaml"
    result = CliRunner().invoke(main, [*command, str(path)], input="q\n")
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    first = expected(path)[0].replace(path.name, str(path), 1)
    assert first in result.output and "Traceback" not in result.output


def test_a_plugin_that_refuses_its_options_is_named(tmp_path):
    # The loader cannot know that grid-access needs a grid: the plugin says so when the game is built.
    path = tmp_path / "not_a_grid.yaml"
    path.write_text(BASE.replace("decks: 1", "decks: 1\nplugins:\n  - grid-access: {grid: tableau}"), encoding="utf-8")
    message = "plugin 'grid-access': group 'tableau' needs 'columns' to be a grid"
    with pytest.raises(framework.PatienceError, match=f"^{message}$"):
        framework.load_game(str(path))
    checked = CliRunner().invoke(main, ["validate", str(path)])
    assert (checked.exit_code, checked.output) == (1, f"{path}: {message}\n")
    shown = CliRunner().invoke(main, ["show", str(path)])
    assert (shown.exit_code, shown.output) == (2, f"patience: {message}\n")


def test_the_installed_command_prints_no_traceback():
    path = CORPUS / "tag_python_object_apply.yaml"
    command = [sys.executable, "-m", "framework.cli"]
    checked = subprocess.run([*command, "validate", str(path)], capture_output=True, text=True, timeout=60)
    shown = subprocess.run([*command, "show", str(path)], capture_output=True, text=True, timeout=60)
    line = expected(path)[0].replace(path.name, str(path), 1)
    assert (checked.returncode, checked.stdout, checked.stderr) == (1, line + "\n", "")
    assert (shown.returncode, shown.stdout, shown.stderr) == (2, "", f"patience: {line}\n")


def test_a_bad_file_in_a_rules_path_is_listed_as_not_loading_and_left_out_of_the_web(tmp_path, monkeypatch):
    for name in ONCE_PASSED:
        shutil.copy(CORPUS / f"{name}.yaml", tmp_path)
    (tmp_path / "tiny.yaml").write_text(BASE, encoding="utf-8")
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(tmp_path))
    listed = CliRunner().invoke(main, ["list"])
    assert listed.exit_code == 0 and listed.exception is None, listed.output
    lines = {line.split()[0]: line.split(None, 1)[1] for line in listed.output.splitlines()}
    assert lines["tiny"] == "Tiny, 52 cards, difficulty not given"
    for name in ONCE_PASSED:
        assert lines[name] == "cannot be loaded: " + expected(CORPUS / f"{name}.yaml")[0].replace(
            f"{name}.yaml", str(tmp_path / f"{name}.yaml"), 1)
    client = TestClient(create_app())
    games = client.get("/api/games")
    assert games.status_code == 200
    assert "tiny" in [game["id"] for game in games.json()]
    assert not set(ONCE_PASSED) & {game["id"] for game in games.json()}
    for name in ONCE_PASSED:
        refused = client.post("/api/sessions", json={"game": name, "seed": 1})
        assert refused.status_code == 400
        assert refused.json()["detail"] == expected(CORPUS / f"{name}.yaml")[0].replace(f"{name}.yaml", name, 1)
