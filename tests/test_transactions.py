"""A move and everything it sets off is one transaction: all of it happens and is recorded, or nothing does.

The game is FreeCell with the plugin ``saboteur`` installed beside its own: on deal 27,
after the turns ``t7 t4`` and ``t8 c2`` (taken back, so there is a turn to redo), the
player's ``t5 c1`` makes auto-play play ``t5 f1`` then ``t5 f2``: a turn of three moves.
The plugin fails in the hook its option ``hook`` names, at the move the test names
(``sabotage``): in ``after_move`` as that move is pushed, in ``legal_moves`` in the
position that move leads to, in ``move_words`` as that move is put in words (after it is
played, for the table a command answers with). Whatever command fails, the session is
exactly as before it: the position, the turns, the turns to redo and the saved game, and
the error names the plugin.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

import framework
from framework import PluginError
from framework.cli import main
from framework.session import Session
from framework.web.app import create_app

PLUGIN = """
from framework import hookimpl

#: The text of the move the plugin fails at; none while empty.
AT = ""


class Saboteur:
    options_schema = {"type": "object", "properties": {"hook": {"type": "string"}}, "additionalProperties": False}

    def __init__(self, game, options):
        self.hook = options["hook"]

    def fails_at(self, state, hook, move):
        return self.hook == hook and state.move_text(move) == AT

    @hookimpl
    def after_move(self, state, move):
        if self.fails_at(state, "after_move", move):
            raise ValueError("not " + AT + " today")
        return []

    @hookimpl
    def legal_moves(self, state):
        if state.move_stack and self.fails_at(state, "legal_moves", state.move_stack[-1]):
            raise ValueError("lost after " + AT)
        return []

    @hookimpl
    def move_words(self, state, move):
        if self.fails_at(state, "move_words", move):
            raise ValueError("no words for " + AT)
        return None
"""

AFTER_MOVE = "plugin 'saboteur' failed in hook 'after_move': ValueError: not {move} today"
LEGAL_MOVES = "plugin 'saboteur' failed in hook 'legal_moves': ValueError: lost after {move}"
MOVE_WORDS = "plugin 'saboteur' failed in hook 'move_words': ValueError: no words for {move}"


@pytest.fixture
def sabotaged(tmp_path, install_plugin):
    """Makes the game ``saboteur`` (FreeCell with the plugin) failing in ``hook``; returns the rule file."""
    install_plugin("saboteur", "saboteur_plugin", PLUGIN, "Saboteur")
    freecell = (Path(framework.__file__).parent.parent / "rules" / "freecell.yaml").read_text(encoding="utf-8")

    def make(hook: str) -> Path:
        path = tmp_path / "rules" / "saboteur.yaml"
        path.parent.mkdir(exist_ok=True)
        path.write_text(freecell.replace("plugins: [microsoft-deals]", f"plugins: [microsoft-deals, saboteur: {{hook: {hook}}}]"))
        return path

    return make


def sabotage(at: str) -> None:
    """Makes the installed plugin fail at the move whose text is ``at`` (none if empty)."""
    importlib.import_module("saboteur_plugin").AT = at


def on_deal_27(path: Path, *, autoplay: bool = True) -> Session:
    """The session before ``t5 c1``: one turn played, one taken back."""
    session, auto = Session.new(framework.load_game(str(path)), 27, autoplay=autoplay)
    for text in ("t7 t4", "t8 c2"):
        assert session.play(session.state.parse_move(text)) == []
    session.undo()
    return session


def snapshot(session: Session) -> tuple:
    """All a command may change: the position and its moves, the turns, the turns to redo, the save."""
    state = session.state
    return (state.to_json(), list(state.move_stack), list(session.turns), [list(turn) for turn in session.redo_turns],
            session.to_json())


def refused_and_unchanged(session: Session, command, message: str) -> None:
    """``command`` fails with ``message`` and leaves ``session`` exactly as it was; so is its save, read back
    once the plugin behaves again (reading a save plays its turns to redo)."""
    before = snapshot(session)
    with pytest.raises(PluginError) as caught:
        command()
    assert str(caught.value) == message
    assert snapshot(session) == before
    sabotage("")
    assert snapshot(Session.from_json(session.game, session.to_json())) == before


@pytest.mark.parametrize(
    ("hook", "at", "message"),
    [
        ("after_move", "t5 c1", AFTER_MOVE),  # the player's own move
        ("after_move", "t5 f2", AFTER_MOVE),  # the 3rd push of the turn: auto-play's 2nd move
        ("legal_moves", "t5 f1", LEGAL_MOVES),  # auto-play looking for the next safe move
        ("legal_moves", "t5 f2", LEGAL_MOVES),  # the position the whole turn reaches
    ],
    ids=["the move", "auto-play's 2nd move", "looking for a safe move", "the position reached"],
)
def test_a_move_whose_turn_fails_is_not_made_at_all(sabotaged, hook, at, message):
    session = on_deal_27(sabotaged(hook))
    sabotage(at)
    refused_and_unchanged(session, lambda: session.play(session.state.parse_move("t5 c1")),
                          message.format(move=at))
    assert session.turns == [1] and session.undo() == [session.state.parse_move("t7 t4")]  # undo takes back t7 t4
    sabotage("")
    assert [session.state.move_text(move) for move in session.play(session.state.parse_move("t5 c1"))] == [
        "t5 f1", "t5 f2"]


def test_without_auto_play_a_move_into_a_position_a_plugin_fails_on_is_not_made(sabotaged):
    session = on_deal_27(sabotaged("legal_moves"), autoplay=False)
    sabotage("t5 c1")
    refused_and_unchanged(session, lambda: session.play(session.state.parse_move("t5 c1")),
                          LEGAL_MOVES.format(move="t5 c1"))


def test_auto_play_that_fails_plays_nothing(sabotaged):
    session = on_deal_27(sabotaged("after_move"), autoplay=False)
    assert session.play(session.state.parse_move("t5 c1")) == []
    sabotage("t5 f2")
    refused_and_unchanged(session, session.auto_play, AFTER_MOVE.format(move="t5 f2"))
    sabotage("")
    assert len(session.auto_play()) == 2 and session.turns == [1, 1, 2]


@pytest.mark.parametrize("at", ["t5 c1", "t5 f2"])
def test_a_redo_that_fails_leaves_the_turn_to_redo(sabotaged, at):
    session = on_deal_27(sabotaged("after_move"))
    turn = [session.state.parse_move("t5 c1"), *session.play(session.state.parse_move("t5 c1"))]
    assert session.undo() == turn
    sabotage(at)
    refused_and_unchanged(session, session.redo, AFTER_MOVE.format(move=at))
    sabotage("")
    assert session.redo() == turn and session.turns == [1, 3]


def test_the_web_refuses_the_move_and_the_game_goes_on_from_before_it(sabotaged, monkeypatch):
    path = sabotaged("after_move")
    session = on_deal_27(path)
    sabotage("t5 f2")
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(path.parent))
    client = TestClient(create_app())
    key = client.post("/api/sessions/load", json=session.to_json()).json()["session"]
    table, save = client.get(f"/api/sessions/{key}").json(), client.get(f"/api/sessions/{key}/save").json()
    played = client.post(f"/api/sessions/{key}/moves", json={"move": "t5 c1"})
    assert (played.status_code, played.json()) == (400, {"detail": AFTER_MOVE.format(move="t5 f2")})
    assert client.get(f"/api/sessions/{key}").json() == table
    assert client.get(f"/api/sessions/{key}/save").json() == save
    assert client.post("/api/sessions/load", json=save).status_code == 201
    undone = client.post(f"/api/sessions/{key}/undo")
    assert undone.status_code == 200 and undone.json()["moves"] != table["moves"]


def test_the_player_reports_the_plugin_and_plays_on_from_before_the_move(sabotaged, tmp_path):
    path = sabotaged("after_move")
    session = on_deal_27(path)
    sabotage("t5 f2")
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(session.to_json()))
    result = CliRunner().invoke(main, ["play", str(path), "--load", str(saved)], input=f"t5 c1\nundo\nsave {saved}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output
    after = result.output.split(AFTER_MOVE.format(move="t5 f2"))[1]
    assert "undone: " in after and "t7 t4" in after.split("undone: ")[1].splitlines()[0]
    reloaded = Session.from_json(session.game, json.loads(saved.read_text()))
    assert reloaded.turns == [] and len(reloaded.redo_turns) == 2


# --- what a command answers with is part of it -----------------------------------------------
# The web answers a command with the table it leaves, its moves in words; the terminal prints them.
# A plugin failing to word a move after the command was carried out must undo the command too.

#: Each command of the web API, what comes before it (from the session ``on_deal_27`` makes, loaded
#: with auto-play on or off), and the move the plugin fails to word in the table it answers with.
WEB_COMMANDS = {
    "play": ([], True, ("POST", "moves", {"move": "t5 c1"}), "t5 f2"),  # auto-play's 2nd move, said of the turn
    "undo": (["t5 c1"], False, ("POST", "undo", None), "t5 c1"),  # the move taken back, said
    "redo": ([], True, ("POST", "redo", None), "t8 c2"),  # the move played again, said
    "restart": ([], True, ("POST", "restart", None), "t7 t4"),  # a legal move of the deal, listed
    "autoplay": (["t5 c1"], False, ("POST", "autoplay", None), "t5 f1"),  # the moves auto-play made, said
    "options": ([], False, ("PATCH", "", {"autoplay": True}), "t5 c1"),  # a legal move, listed
}


@pytest.mark.parametrize("command", WEB_COMMANDS)
def test_a_web_command_whose_table_a_plugin_fails_to_word_changes_nothing(sabotaged, monkeypatch, command):
    played, autoplay, (method, route, body), at = WEB_COMMANDS[command]
    path = sabotaged("move_words")
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(path.parent))
    client = TestClient(create_app())
    key = client.post("/api/sessions/load", json=on_deal_27(path).to_json(),
                      params={"autoplay": autoplay}).json()["session"]
    for text in played:
        assert client.post(f"/api/sessions/{key}/moves", json={"move": text}).status_code == 200
    table, save = client.get(f"/api/sessions/{key}").json(), client.get(f"/api/sessions/{key}/save").json()
    sabotage(at)
    answer = client.request(method, f"/api/sessions/{key}/{route}".rstrip("/"), json=body)
    assert (answer.status_code, answer.json()) == (400, {"detail": MOVE_WORDS.format(move=at)})
    sabotage("")
    assert client.get(f"/api/sessions/{key}/save").json() == save
    assert client.get(f"/api/sessions/{key}").json() == table
    assert client.request(method, f"/api/sessions/{key}/{route}".rstrip("/"), json=body).status_code == 200


@pytest.mark.parametrize("route", ["/api/sessions", "/api/sessions/load"])
def test_a_new_game_a_plugin_fails_to_word_is_not_kept(sabotaged, monkeypatch, route):
    path = sabotaged("move_words")
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(path.parent))
    client = TestClient(create_app(session_limit=1))  # a game kept would drop the one in play
    saved = on_deal_27(path).to_json()
    key = client.post("/api/sessions/load", json=saved).json()["session"]
    sabotage("t5 c1")  # a legal move of the game started
    answer = client.post(route, json={"game": "saboteur", "seed": 27} if route == "/api/sessions" else saved)
    assert (answer.status_code, answer.json()) == (400, {"detail": MOVE_WORDS.format(move="t5 c1")})
    sabotage("")
    assert client.get(f"/api/sessions/{key}/save").json() == saved


@pytest.mark.parametrize(("line", "at"), [("t5 c1", "t5 f2"), ("undo", "t7 t4"), ("redo", "t8 c2")])
def test_the_player_refuses_a_command_whose_words_fail_and_prints_only_why(sabotaged, tmp_path, line, at):
    path = sabotaged("move_words")
    session = on_deal_27(path)
    saved, after = tmp_path / "game.json", tmp_path / "after.json"
    saved.write_text(json.dumps(session.to_json()))
    sabotage(at)
    result = CliRunner().invoke(main, ["play", str(path), "--load", str(saved)], input=f"{line}\nsave {after}\nquit\n")
    assert result.exit_code == 0 and result.exception is None, result.output
    answer = result.output.split(f"> {line}\n")[1].split("\n> ")[0]
    assert answer == MOVE_WORDS.format(move=at)  # nothing of what the command did, which is undone
    assert json.loads(after.read_text()) == session.to_json()
