"""The rule editor's API: a rule file's text checked as `patience validate` checks it, dealt, played and
solved, with the limits of any untrusted input and nothing written anywhere."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from helpers import refused

import framework
from framework.cli import main
from framework.rulefiles import MAX_BYTES
from framework.web.app import MAX_BODY_BYTES, create_app


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app())


def rule_text(client: TestClient, game: str = "freecell") -> str:
    answer = client.get(f"/api/games/{game}/rules")
    assert answer.status_code == 200, answer.text
    return answer.json()["text"]


def test_the_editors_page_and_its_files_are_served(client):
    page = client.get("/editor")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for name in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        assert client.get(name).status_code == 200, name
    assert 'action="/editor"' in client.get("/").text  # the player's More menu goes to it


# --- the text of an installed game ------------------------------------------------------------


def test_an_installed_games_rule_file_is_given_as_it_is(client):
    answer = client.get("/api/games/freecell/rules").json()
    assert answer == {"id": "freecell", "text": framework.available_games()["freecell"].read_text(encoding="utf-8")}


def test_the_rule_file_of_a_game_not_installed_is_refused(client):
    refused(client.get("/api/games/freecel/rules"), 404, "no game called 'freecel'", "did you mean")
    refused(client.get("/api/games/setup.py/rules"), 404, "no game called 'setup.py'")  # a name, never a path


# --- checking ---------------------------------------------------------------------------------


def test_a_game_checks_clean_and_is_named(client):
    answer = client.post("/api/rules/check", json={"text": rule_text(client)}).json()
    assert answer == {"ok": True, "problems": [], "game": "FreeCell"}


def test_bad_yaml_is_reported_at_its_line_and_column(client):
    text = rule_text(client).replace("decks: 1\n", "decks: [1\n", 1)
    answer = client.post("/api/rules/check", json={"text": text, "name": "broken"}).json()
    assert answer["ok"] is False and answer["game"] is None
    (problem,) = answer["problems"]
    line = text.splitlines().index("decks: [1") + 1
    assert problem["line"] > line and problem["column"] >= 1  # PyYAML finds the missing ']' on a later line
    assert problem["text"] == f"broken.yaml:{problem['line']}:{problem['column']}: {problem['message']}"


def test_each_problem_is_at_its_key_as_validate_says_it(client, tmp_path):
    text = rule_text(client).replace("decks: 1", "decks: one").replace("piles: 8", "piles: -8")
    answer = client.post("/api/rules/check", json={"text": text, "name": "two-wrongs"}).json()
    lines = text.splitlines()
    assert [(problem["line"], problem["column"]) for problem in answer["problems"]] == [
        (lines.index("decks: one") + 1, 8), (lines.index("    piles: -8") + 1, 12)]
    file = tmp_path / "two-wrongs.yaml"
    file.write_text(text, encoding="utf-8")
    validated = CliRunner().invoke(main, ["validate", str(file)])
    assert validated.output.splitlines() == [str(tmp_path / problem["text"]) for problem in answer["problems"]]


def test_a_plugin_not_installed_is_refused_and_never_imported(client, tmp_path, monkeypatch):
    (tmp_path / "planted.py").write_text("import sys\nsys.planted_ran = True\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # importable, but not an installed plugin
    text = rule_text(client, "klondike") + "plugins: [planted, os]\n"
    answer = client.post("/api/rules/check", json={"text": text}).json()
    assert [problem["message"] for problem in answer["problems"]] == [
        "plugin 'planted' is not installed", "plugin 'os' is not installed"]
    refused(client.post("/api/rules/sessions", json={"text": text}), 400, "my-game.yaml:", "'planted' is not installed")
    assert "planted" not in sys.modules and not hasattr(sys, "planted_ran")


def test_an_installed_plugin_may_be_named(client):
    text = rule_text(client, "montana")
    assert "plugins:" in text
    assert client.post("/api/rules/check", json={"text": text}).json()["ok"] is True


def test_a_body_over_the_limit_is_refused_with_413(client):
    refused(client.post("/api/rules/check", json={"text": "#" * MAX_BODY_BYTES}), 413, "1,000,000 bytes")


def test_a_text_over_a_rule_files_limit_is_a_problem_of_the_file(client):
    answer = client.post("/api/rules/check", json={"text": "#" * (MAX_BYTES + 1)}).json()
    assert [problem["text"] for problem in answer["problems"]] == [
        f"my-game.yaml: file too large: {MAX_BYTES + 1} bytes (a rule file has at most {MAX_BYTES})"]


@pytest.mark.parametrize(("body", "words"), [
    ({"text": "name: x", "name": "../etc/passwd"}, "field 'name'"),
    ({"text": "name: x", "name": "x" * 61}, "field 'name'"),
    ({"text": 12}, "field 'text'"),
    ({"text": "name: x", "path": "/etc/passwd"}, "field 'path'"),
])
def test_a_request_of_another_shape_is_refused(client, body, words):
    refused(client.post("/api/rules/check", json=body), 422, words)


# --- playing and solving ------------------------------------------------------------------------


def test_a_draft_is_dealt_and_played_as_any_game(client):
    text = rule_text(client).replace("name: FreeCell", "name: My FreeCell")
    table = client.post("/api/rules/sessions", json={"text": text, "name": "mine", "seed": 3,
                                                     "autoplay": False})
    assert table.status_code == 201, table.text
    table = table.json()
    assert (table["game"], table["seed"], table["description"]["name"]) == ("draft:mine", 3, "My FreeCell")
    builtin = client.post("/api/sessions", json={"game": "freecell", "seed": 3, "autoplay": False}).json()
    assert table["piles"] == builtin["piles"]
    move = table["moves"][0]["text"]
    played = client.post(f"/api/sessions/{table['session']}/moves", json={"move": move}).json()
    assert played["played"] == [move] and played["moves_made"] == 1
    assert client.get(f"/api/sessions/{table['session']}/hint").status_code == 200


def test_a_draft_with_problems_is_not_dealt(client):
    text = rule_text(client).replace("decks: 1", "decks: one")
    line = text.splitlines().index("decks: one") + 1  # after the rule file's opening comments
    refused(client.post("/api/rules/sessions", json={"text": text, "name": "mine"}), 400,
            f"mine.yaml:{line}:8:", "expected a whole number")


def test_the_solver_answers_about_a_deal_of_a_draft(client):
    answer = client.post("/api/rules/solve", json={"text": rule_text(client), "seed": 3}).json()
    assert answer["answer"] == "won" and answer["seed"] == 3
    state = framework.load_game("freecell").deal(3)
    for text in answer["line"]:
        state.push(state.parse_move(text))
    assert state.is_won()
    assert answer["message"] == f"Deal 3 can be won, in {len(answer['line'])} moves."


def test_the_solvers_time_is_bounded(client):
    refused(client.post("/api/rules/solve", json={"text": rule_text(client), "seconds": 31}), 422, "field 'seconds'")


# --- nothing written ------------------------------------------------------------------------------


def files_under(*folders: Path) -> dict[str, tuple[int, int]]:
    return {str(path): (path.stat().st_size, path.stat().st_mtime_ns)
            for folder in folders for path in folder.rglob("*") if path.is_file()}


def test_nothing_is_written_on_the_server(tmp_path, monkeypatch):
    home, work = tmp_path / "home", tmp_path / "work"
    home.mkdir(), work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.chdir(work)
    client = TestClient(create_app())
    text = rule_text(client)
    client.post("/api/rules/check", json={"text": "name: warm"})  # the user's cache of plugins, made once
    before = files_under(home, work, Path(framework.__file__).parent.parent / "rules")
    assert client.post("/api/rules/check", json={"text": text, "name": "unsaved"}).json()["ok"]
    table = client.post("/api/rules/sessions", json={"text": text, "name": "unsaved", "seed": 1}).json()
    client.post(f"/api/sessions/{table['session']}/moves", json={"move": table["moves"][0]["text"]})
    client.post("/api/rules/solve", json={"text": text, "name": "unsaved", "seed": 1, "seconds": 2})
    assert files_under(home, work, Path(framework.__file__).parent.parent / "rules") == before
    assert os.getcwd() == str(work)
