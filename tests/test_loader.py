"""The rule-file loader: every problem as file:line:column: message."""

from __future__ import annotations

import pytest
from helpers import problems, small_rules

import framework
from framework import LoadError

TINY = small_rules("tiny")


def test_the_tiny_game_loads(tmp_path):
    path = tmp_path / "tiny.yaml"
    path.write_text(TINY)
    game = framework.load_game(str(path))
    assert game.id == "tiny" and game.pile_names == ("f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("decks: 1", "decks: one", ["game.yaml:2:8: 'one' in decks: expected a whole number"]),
        ("role: tableau", "role: tablaeu",
         ["game.yaml:10:11: 'tablaeu' in groups.tableau.role is not one of 'stock', 'waste', 'reserve', "
          "'foundation', 'tableau', 'cell' (did you mean 'tableau'?)"]),
        ("pick: run", "pik: run", ["game.yaml:13:5: unknown key 'pik' in groups.tableau (did you mean 'pick'?)"]),
        ("moves_to: [foundation, tableau]", "moves_to: [foundations, tableau]",
         ["game.yaml:14:16: no pile group called 'foundations' (did you mean 'foundation'?) (groups: foundation, tableau)"]),
        ("cards: 13", "cards: 14", ["game.yaml:16:26: the deal needs 56 cards by this step, but the pack holds 52"]),
        ("cards: 13", "cards: 12", ["game.yaml:15:1: the deal leaves 4 of 52 cards undealt; end it with 'cards: rest'"]),
        ("name: Tiny", "name: no", ["game.yaml:1:7: false (a YAML 1.1 boolean; quote it if you meant a word) in name: expected a string"]),
        ("name: Tiny", "name: !!python/object:os.system ls",
         ["game.yaml:1:7: the tag '!!python/object:os.system' is not allowed: only plain YAML values are"]),
        ("    piles: 4\n    build: {direction: up", "    piles: 4\n    piles: 5\n    build: {direction: up",
         ["game.yaml:7:5: duplicate key 'piles'"]),
        ("decks: 1", "decks: 1\nplugins: [back-from-foundaton]",
         ["game.yaml:3:11: plugin 'back-from-foundaton' is not installed (did you mean 'back-from-foundation'?)"]),
        ("decks: 1", "decks: 1\nplugins: [{back-from-foundation: {to: [nothere], bogus: 1}}]",
         ["game.yaml:3:39: no pile group called 'nothere' (groups: foundation, tableau)",
          "game.yaml:3:50: plugin 'back-from-foundation': unknown key 'bogus'"]),
        ("    pick: run", "\tpick: run", ["game.yaml:13:1: a tab character; indent YAML with spaces"]),
        ("cards: 13}", "cards: 13", ["game.yaml:17:1: expected ',' or '}', but got '<stream end>'"]),
        ("deal:\n  - {to: tableau, cards: 13}\n", "", ["game.yaml:1:1: missing key 'deal'"]),
        ("decks: 1", "decks: 0", ["game.yaml:2:8: 0 in decks: expected at least 1"]),
        ("{to: tableau, cards: 13}", "{to: tableau, pile: 5, cards: 13}",
         ["game.yaml:16:25: group 'tableau' has 4 piles; there is no pile 5"]),
        ("when_empty: {accepts: A}", "when_empty: {accepts: base rank}",
         ["game.yaml:8:27: 'base rank' needs the game's 'base_rank'"]),
    ],
)
def test_each_problem_is_reported_where_it_is(tmp_path, old, new, expected):
    assert old in TINY
    assert problems(TINY.replace(old, new, 1), tmp_path) == expected


def test_every_problem_is_reported_not_only_the_first(tmp_path):
    text = TINY.replace("decks: 1", "decks: two").replace("pick: run", "pik: run")
    assert problems(text, tmp_path) == [
        "game.yaml:2:8: 'two' in decks: expected a whole number",
        "game.yaml:13:5: unknown key 'pik' in groups.tableau (did you mean 'pick'?)",
    ]


def test_an_alias_bomb_is_refused(tmp_path):
    lines = ["a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]"]
    for name, previous in zip("bcdefgh", "abcdefg"):
        lines.append(f"{name}: &{name} [{', '.join(['*' + previous] * 9)}]")
    assert problems("\n".join(lines) + "\n", tmp_path) == [
        "game.yaml:1:14: the document expands to more than 10000 values (aliases?)"
    ]


def test_empty_file_binary_and_non_utf8(tmp_path):
    assert problems("", tmp_path) == ["game.yaml:1:1: empty file: expected a game definition"]
    path = tmp_path / "game.yaml"
    path.write_bytes(b"name: \xff\xfe\n")
    with pytest.raises(LoadError, match=r"game.yaml:1:7: not UTF-8 text"):
        framework.load_game(str(path))


def test_a_directory_and_an_unknown_game(tmp_path):
    with pytest.raises(LoadError, match="is a directory, not a rule file"):
        framework.load_game(str(tmp_path) + "/")
    with pytest.raises(LoadError, match=r"^steeplechace: no such game \(did you mean 'steeplechase'\?\)"):
        framework.load_game("steeplechace")


def test_games_are_found_in_the_user_directory_first(tmp_path, monkeypatch):
    (tmp_path / "tiny.yaml").write_text(TINY)
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(tmp_path))
    assert framework.load_game("tiny").name == "Tiny"
    assert {"tiny", "steeplechase", "blockade"} <= set(framework.available_games())


def test_a_spec_is_frozen():
    spec = framework.load_spec("steeplechase")
    with pytest.raises(AttributeError):
        spec.decks = 3  # type: ignore[misc]
    assert spec.group("tableau").build.wrap is True
