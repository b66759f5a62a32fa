"""The web player's JSON API: every endpoint, and every kind of bad request refused with nothing changed.

The API is driven in process (Starlette's test client); ``patience serve`` itself is
started as a real command at the end, and by the browser tests.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from helpers import game_names, new, path, refused, serve_process, stuck_blockade, won_in_one_steeplechase

import framework
from framework.safety import safe_moves
from framework.seeds import MAX_SEED
from framework.session import Session
from framework.testing import position
from framework.web.app import create_app
from framework.words import move_words

ROOT = Path(__file__).resolve().parent.parent
LAUNCH_GAMES = ("steeplechase", "blockade")


@pytest.fixture()
def client() -> TestClient:
    return TestClient(create_app())


def pile_cards(table: dict, name: str) -> list[str]:
    pile = next(pile for pile in table["piles"] if pile["name"] == name)
    return [card["text"] for card in pile["cards"]]


def texts(state: framework.State) -> list[str]:
    return [state.move_text(move) for move in state.legal_moves()]


# --- games ------------------------------------------------------------------------------------


def test_the_games_listed_are_the_games_that_load_by_name(client):
    listed = client.get("/api/games").json()
    assert [game["id"] for game in listed] == list(framework.available_games())
    steeplechase = next(game for game in listed if game["id"] == "steeplechase")
    assert steeplechase == {"id": "steeplechase", "name": "Steeplechase", "decks": 2, "difficulty": "hard",
                            "family": "Other builders",
                            "summary": framework.load_game("steeplechase").spec.summary}


def test_each_game_listed_names_its_family_in_words_and_its_summary(client):
    listed = {game["id"]: game for game in client.get("/api/games").json()}
    assert listed["pyramid"]["family"] == "Pairing and adding up" and listed["klondike"]["family"] == "Klondike"
    assert listed["montana"]["summary"] == framework.load_game("montana").spec.summary != ""


def test_a_game_is_described_by_its_layout_hint_and_groups(client):
    steeplechase = client.get("/api/games/steeplechase").json()
    assert steeplechase["layout"] == [["foundation"], ["obstacle"], ["tableau"], ["stock", "waste"]]
    groups = {group["name"]: group for group in steeplechase["groups"]}
    assert groups["obstacle"]["fan"] == "right" and groups["obstacle"]["piles"] == ["o"]
    assert groups["tableau"]["fan"] == "down" and groups["tableau"]["piles"] == [f"t{n}" for n in range(1, 9)]
    assert groups["foundation"]["role"] == "foundation" and groups["foundation"]["columns"] is None
    assert "Two decks" in steeplechase["rules"]

    blockade = {group["name"]: group for group in client.get("/api/games/blockade").json()["groups"]}
    assert blockade["grid"]["columns"] == 10 and len(blockade["grid"]["piles"]) == 110
    assert blockade["aces"]["suits"] == ["♣", "♦", "♥", "♠"] and blockade["grid"]["suits"] is None


@pytest.mark.parametrize(("game", "group", "room"), [
    ("klondike", "tableau", {"dealt": 7, "most": 19, "down": 6}),  # six face down, then a king down to an ace
    ("klondike", "foundation", {"dealt": 0, "most": 13, "down": 0}),  # its most
    ("spider", "tableau", {"dealt": 6, "most": 23, "down": 5}),  # and the five cards the stock deals each column
    ("canfield", "reserve", {"dealt": 13, "most": 13, "down": 12}),  # no card goes to it
    ("la-belle-lucie", "tableau", {"dealt": 3, "most": 15, "down": 0}),
])
def test_a_game_says_the_room_its_piles_are_given(client, game, group, room):
    groups = {described["name"]: described for described in client.get(f"/api/games/{game}").json()["groups"]}
    assert groups[group]["room"] == room


def test_a_table_comes_with_its_game_described_when_a_game_starts_or_when_asked(client):
    described = client.get("/api/games/steeplechase").json()
    table = new(client)
    assert table["description"] == described  # one answer draws the first table
    assert client.post(path(table, "/moves"), json={"move": "t2 t8"}).json()["description"] is None
    assert client.get(path(table)).json()["description"] is None
    assert client.get(path(table), params={"describe": "true"}).json()["description"] == described
    saved = client.get(path(table, "/save")).json()
    assert client.post("/api/sessions/load", json=saved).json()["description"] == described


def test_a_new_game_that_names_none_is_the_servers_first_game_else_the_first_listed(client):
    first = client.get("/api/games").json()[0]["id"]
    response = client.post("/api/sessions", json={"seed": 5})
    assert response.status_code == 201 and response.json()["game"] == first
    served = TestClient(create_app(first_game="blockade"))  # patience serve blockade
    assert served.post("/api/sessions", json={"seed": 5}).json()["game"] == "blockade"
    assert served.post("/api/sessions", json={"game": "steeplechase"}).json()["game"] == "steeplechase"


def test_a_move_is_explained_whether_it_is_legal_or_not(client):
    table = new(client, autoplay=False)  # deal 3: 4♥ on t2 goes on 5♣ (t8) only
    explain = path(table, "/explain")
    assert client.get(explain, params={"source": "t2", "target": "t5"}).json() == {
        "legal": False,
        "message": "columns build down by one in alternating colours (a K goes on an A): 4♥ does not go on 8♥",
    }
    assert client.get(explain, params={"source": "t2", "target": "t8"}).json() == {
        "legal": True, "message": "legal now: 4♥ to the 8th column"}
    refused(client.get(explain, params={"source": "t2", "target": "q9"}), 400, "no pile called 'q9'")
    refused(client.get(explain, params={"source": "t2", "target": "t8", "count": 0}), 422, "query count")
    assert client.get(path(table)).json()["moves_made"] == 0  # nothing is played


@pytest.mark.parametrize("name", ["no-such-game", "steeplechase.yaml", "~"])
def test_an_unknown_game_is_not_found_and_no_path_is_read(client, name):
    refused(client.get(f"/api/games/{name}"), 404, "no game called", "games: GET /api/games lists them")
    assert client.get("/api/games/..%2Frules%2Fsteeplechase.yaml").status_code == 404


def test_a_rule_file_that_does_not_load_is_left_out_and_refused_in_one_line(tmp_path, monkeypatch):
    (tmp_path / "broken.yaml").write_text("name: Broken\ndecks: 3\ngroups: {}\nsurprise: 1\n", "utf-8")
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(tmp_path))
    client = TestClient(create_app())
    assert "broken" in framework.available_games()
    assert "broken" not in [game["id"] for game in client.get("/api/games").json()]
    detail = refused(client.post("/api/sessions", json={"game": "broken", "seed": 1}), 400, "broken:4:1: unknown key 'surprise'")
    assert detail.startswith("broken:1:1: missing key 'deal'; ")  # every problem, on one line


# --- a new deal -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", LAUNCH_GAMES)
def test_a_new_deal_is_the_kernels_deal_with_auto_play(client, name):
    table = new(client, name, 13)
    session, auto = Session.new(framework.load_game(name), 13)
    assert table["game"] == name and table["seed"] == 13 and table["autoplay"] is True
    assert table["played"] == [session.state.move_text(move) for move in auto]
    assert [move["text"] for move in table["moves"]] == texts(session.state)
    assert table["moves_made"] == len(session.state.move_stack)
    for index, pile in enumerate(table["piles"]):
        assert pile["name"] == session.game.pile_names[index]
        assert [card["text"] for card in pile["cards"]] == [framework.card_text(card) for card in session.state.piles[index][pile["down"]:]]
    assert table["result"] is None and table["message"] == ""


def test_a_new_deal_without_auto_play_is_the_deal_itself(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    deal = framework.load_game("steeplechase").deal(3)
    assert table["played"] == [] and table["moves_made"] == 0 and not table["can_undo"] and not table["can_redo"]
    assert pile_cards(table, "t2") == ["4H"] and pile_cards(table, "f1") == ["5S"]
    stock = next(pile for pile in table["piles"] if pile["name"] == "s")
    assert stock == {"name": "s", "group": "stock", "down": 82, "cards": [], "takes": None, "blocked": False}  # hidden
    assert [move["text"] for move in table["moves"]] == texts(deal)
    assert {"text": "t2 t8", "words": "4♥ to the 8th column", "source": "t2", "target": "t8", "count": 1,
            "action": ""} in table["moves"]
    assert {"text": "d", "words": "turn the stock", "source": "s", "target": "w", "count": 1,
            "action": "deal"} in table["moves"]


def test_cards_are_sent_with_rank_suit_symbol_and_colour(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    tableau = [next(pile for pile in table["piles"] if pile["name"] == f"t{n}")["cards"][0] for n in (1, 3)]
    assert tableau == [{"text": "TD", "rank": "10", "suit": "♦", "red": True}, {"text": "3C", "rank": "3", "suit": "♣", "red": False}]


def test_a_named_deal_from_a_plugin(client):
    # Microsoft FreeCell deal 1, through the microsoft-deals plugin: its well-known first row.
    table = new(client, "freecell", "ms:1")
    assert table["seed"] == "ms:1"
    first_row = [pile_cards(table, f"t{column}")[0] for column in range(1, 9)]
    assert first_row == ["JD", "2D", "9H", "JC", "5D", "7H", "7C", "5H"]
    saved = client.get(path(table, "/save")).json()
    again = client.post("/api/sessions/load", json=saved)
    assert again.status_code == 201 and again.json()["seed"] == "ms:1"


def test_a_seed_is_read_as_everywhere_else(client):
    """The one grammar of framework.seeds: a number's digits as text are that number, and a named deal is text."""
    assert client.post("/api/sessions", json={"game": "steeplechase", "seed": "7"}).json()["seed"] == 7
    assert client.post("/api/sessions", json={"game": "freecell", "seed": "ms:617"}).json()["seed"] == "ms:617"


def test_a_new_deal_without_a_seed_gets_a_random_one(client):
    seeds = {new_random["seed"] for new_random in (client.post("/api/sessions", json={"game": "blockade"}).json() for _ in range(3))}
    assert all(isinstance(seed, int) and 0 <= seed for seed in seeds) and len(seeds) > 1


@pytest.mark.parametrize(("body", "status", "words"), [
    (None, 422, ("request body", "required")),
    ([], 422, ("request body",)),
    ({"autoplay": "yes"}, 422, ("field 'autoplay'",)),
    ({"game": ""}, 422, ("field 'game'",)),
    ({"game": "no-such-game", "seed": 1}, 404, ("no game called 'no-such-game'",)),
    ({"game": "rules/steeplechase.yaml", "seed": 1}, 404, ("no game called",)),
    ({"game": "steeplechase", "seed": -1}, 422, ("field 'seed': expected a whole number from 0 to", "or a named deal")),
    ({"game": "steeplechase", "seed": MAX_SEED + 1}, 422, ("field 'seed': expected a whole number from 0 to",)),
    ({"game": "steeplechase", "seed": 1.5}, 422, ("field 'seed': expected a whole number",)),
    ({"game": "steeplechase", "seed": True}, 422, ("field 'seed': expected a whole number",)),
    ({"game": "steeplechase", "seed": "ms 1"}, 422, ("field 'seed': expected a whole number", "'ms:617'")),
    ({"game": "steeplechase", "seed": "ms:1"}, 400, ("no deal called 'ms:1' in Steeplechase",)),
    ({"game": "steeplechase", "autoplay": "yes"}, 422, ("field 'autoplay'", "boolean")),
    ({"game": "steeplechase", "shuffle": 1}, 422, ("field 'shuffle'", "not permitted")),
])
def test_a_bad_new_deal_is_refused_and_starts_nothing(body, status, words):
    app = create_app(session_limit=1)
    client = TestClient(app)
    kept = new(client)
    refused(client.post("/api/sessions", json=body), status, *words)
    assert client.get(path(kept)).status_code == 200  # no new game took the only place


def test_a_body_that_is_not_json_is_refused(client):
    response = client.post("/api/sessions", content="{game:", headers={"Content-Type": "application/json"})
    refused(response, 422, "not JSON")


# --- the table and the moves ------------------------------------------------------------------


def test_the_table_and_the_moves_of_a_game_in_play(client):
    table = new(client, "blockade", 13, autoplay=False)
    again = client.get(path(table)).json()
    assert again == {**table, "played": [], "description": None}
    moves = client.get(path(table, "/moves")).json()
    assert moves == table["moves"]
    assert [move["text"] for move in moves] == ["g2 a1", "g5 k3", "g6 a4", "g8 a3", "row"]


@pytest.mark.parametrize("suffix", ["", "/moves", "/save"])
def test_an_unknown_game_in_play_is_not_found(client, suffix):
    refused(client.get(f"/api/sessions/nope{suffix}"), 404, "no game in play", "start a new game")


@pytest.mark.parametrize("suffix", ["/moves", "/undo", "/redo", "/restart", "/autoplay"])
def test_no_action_on_an_unknown_game_in_play(client, suffix):
    refused(client.post(f"/api/sessions/nope{suffix}", json={"move": "d"}), 404, "no game in play")


def test_the_oldest_game_in_play_is_dropped_past_the_limit():
    client = TestClient(create_app(session_limit=2))
    first, second, third = (new(client) for _ in range(3))
    refused(client.get(path(first)), 404, "no game in play")
    assert client.get(path(second)).status_code == client.get(path(third)).status_code == 200


def test_playing_a_move_changes_the_table_as_the_kernel_does(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    after = client.post(path(table, "/moves"), json={"move": "t2 t8"}).json()
    state = framework.load_game("steeplechase").deal(3)
    state.push(state.parse_move("t2 t8"))
    assert after["played"] == ["t2 t8"] and after["moves_made"] == 1 and after["can_undo"] and not after["can_redo"]
    assert pile_cards(after, "t2") == [] and pile_cards(after, "t8") == ["5C", "4H"]
    assert [move["text"] for move in after["moves"]] == texts(state)


def test_the_moves_played_and_undone_are_said_in_words_of_the_position_before_each(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    after = client.post(path(table, "/moves"), json={"move": "t2 t8"}).json()
    assert after["said"] == ["4♥ to the 8th column"]
    assert {"text": "t8 t2 2", "words": "5♣ 4♥ to the 2nd column", "source": "t8", "target": "t2", "count": 2,
            "action": ""} in after["moves"]
    undone = client.post(path(table, "/undo")).json()
    assert undone["played"] == ["t2 t8"] and undone["said"] == ["4♥ to the 8th column"]
    redone = client.post(path(table, "/redo")).json()
    assert redone["said"] == ["4♥ to the 8th column"]
    assert client.get(path(table)).json()["said"] == []


def test_a_move_is_followed_by_auto_play_when_it_is_on(client):
    table = new(client, "steeplechase", 34, autoplay=True)
    session, _ = Session.new(framework.load_game("steeplechase"), 34)
    auto = session.play(session.state.parse_move("t2 t5"))
    after = client.post(path(table, "/moves"), json={"move": "t2 t5"}).json()
    assert after["played"] == ["t2 t5", *(session.state.move_text(move) for move in auto)]
    board = framework.load_game("steeplechase").deal(34)
    for move in session.state.move_stack[:-1 - len(auto)]:
        board.push(move)
    expected = []
    for move in session.state.move_stack[-1 - len(auto):]:
        expected.append(move_words(board, move))
        board.push(move)
    assert after["said"] == expected and len(expected) == len(after["played"])


def test_a_move_may_be_written_short_as_the_terminal_player_takes_it(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    after = client.post(path(table, "/moves"), json={"move": "T8 F"}).json()
    assert after["played"] == ["t8 f2"]


@pytest.mark.parametrize(("body", "status", "words"), [
    ({"move": "t1 t2"}, 400, ("'t1 t2' is not legal now: columns build down by one in alternating colours "
                              "(a K goes on an A): 10♦ does not go on 4♥",)),
    ({"move": "t1 t3 2"}, 400, ("'t1 t3 2' is not legal now: the 1st column holds only one card",)),
    ({"move": "o t1"}, 400, ("'o t1' is not legal now: cards go from the obstacle only to the foundation",)),
    ({"move": "x9 t2"}, 400, ("no pile called 'x9'",)),
    ({"move": "t1"}, 400, ("'t1' is not a move",)),
    ({"move": "t8 f"}, 200, ()),  # the control: a legal move is played
    ({"move": ""}, 422, ("field 'move'",)),
    ({"move": 3}, 422, ("field 'move'", "string")),
    ({"move": "t8 f" * 100}, 422, ("field 'move'", "at most 200")),
    ({}, 422, ("field 'move'", "required")),
    ({"move": "t8 f", "count": 1}, 422, ("field 'count'",)),
])
def test_a_bad_move_is_refused_and_changes_nothing(client, body, status, words):
    table = new(client, "steeplechase", 3, autoplay=False)
    before = client.get(path(table, "/save")).json()
    response = client.post(path(table, "/moves"), json=body)
    if status == 200:
        assert response.status_code == 200 and client.get(path(table, "/save")).json() != before
        return
    refused(response, status, *words)
    assert client.get(path(table, "/save")).json() == before


def test_options_turn_auto_play_off_and_on(client):
    table = new(client, "steeplechase", 34)
    assert client.patch(path(table), json={"autoplay": False}).json()["autoplay"] is False
    after = client.post(path(table, "/moves"), json={"move": "t2 t5"}).json()
    assert after["played"] == ["t2 t5"] and after["autoplay"] is False
    assert client.patch(path(table), json={"autoplay": True}).json()["autoplay"] is True


@pytest.mark.parametrize(("body", "words"), [
    ({}, ("field 'autoplay'", "required")),
    ({"autoplay": "no"}, ("field 'autoplay'", "boolean")),
    ({"autoplay": False, "seed": 2}, ("field 'seed'", "not permitted")),
])
def test_bad_options_are_refused(client, body, words):
    table = new(client)
    refused(client.patch(path(table), json=body), 422, *words)
    assert client.get(path(table)).json()["autoplay"] is True
    refused(client.patch("/api/sessions/nope", json={"autoplay": False}), 404, "no game in play")


# --- undo, redo, restart, auto-play -----------------------------------------------------------


def test_undo_and_redo_take_back_and_play_again_a_whole_turn(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    client.post(path(table, "/moves"), json={"move": "t2 t8"})
    undone = client.post(path(table, "/undo")).json()
    assert undone["played"] == ["t2 t8"] and undone["moves_made"] == 0 and not undone["can_undo"] and undone["can_redo"]
    assert {key: undone[key] for key in ("piles", "moves")} == {key: table[key] for key in ("piles", "moves")}
    redone = client.post(path(table, "/redo")).json()
    assert redone["played"] == ["t2 t8"] and pile_cards(redone, "t8") == ["5C", "4H"] and not redone["can_redo"]


def test_nothing_to_undo_or_redo_is_a_conflict_that_changes_nothing(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    refused(client.post(path(table, "/undo")), 409, "nothing to undo")
    refused(client.post(path(table, "/redo")), 409, "nothing to redo")
    assert client.get(path(table)).json() == {**table, "played": [], "description": None}


def test_restart_goes_back_to_the_deal_and_every_turn_can_be_redone(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    for move in ("t2 t8", "t3 t2", "d"):
        client.post(path(table, "/moves"), json={"move": move})
    restarted = client.post(path(table, "/restart")).json()
    assert restarted["moves_made"] == 0 and restarted["piles"] == table["piles"] and restarted["can_redo"]
    for _ in range(3):
        client.post(path(table, "/redo"))
    assert client.get(path(table)).json()["moves_made"] == 3


def test_auto_play_now_plays_the_safe_moves_as_one_turn(client):
    table = new(client, "blockade", 13, autoplay=False)
    state = framework.load_game("blockade").deal(13)
    expected = []
    while moves := safe_moves(state):
        expected.append(state.move_text(moves[0]))
        state.push(moves[0])
    assert expected  # the control: this deal has safe moves
    played = client.post(path(table, "/autoplay")).json()
    assert played["played"] == expected and played["moves_made"] == len(expected)
    assert client.post(path(table, "/autoplay")).json()["played"] == []
    assert client.post(path(table, "/undo")).json()["moves_made"] == 0


# --- hints -----------------------------------------------------------------------------------


def test_a_hint_is_a_legal_move_from_the_solver_and_changes_nothing(client):
    table = new(client, "steeplechase", 3, autoplay=False)
    before = client.get(path(table, "/save")).json()
    found = client.get(path(table, "/hint"), params={"seconds": 1}).json()
    assert found["move"] in table["moves"]
    # Steeplechase hides its stock: the hint is fair, searched in arrangements of the hidden cards.
    assert found["how"] in ("fair", "heuristic") and found["fair"] and found["samples"] == 40
    assert found["message"].startswith(f"Hint: {found['move']['words']} (it wins in ")
    assert client.get(path(table, "/save")).json() == before


def test_a_hint_names_the_winning_move_and_says_when_there_is_none(client):
    loaded = client.post("/api/sessions/load", json=won_in_one_steeplechase().to_json()).json()
    found = client.get(path(loaded, "/hint")).json()
    words = "6♣ to the foundation on 5♥"
    assert found == {"move": {"text": "w f1", "words": words, "source": "w", "target": "f1", "count": 1, "action": ""},
                     "how": "solution", "message": f"Hint: {words} (it starts a winning line the solver found).",
                     "line_left": 1, "fair": True, "wins": None, "samples": None}  # no card hidden: fair as it is
    client.post(path(loaded, "/moves"), json={"move": "w f1"})
    assert client.get(path(loaded, "/hint")).json() == {"move": None, "how": "won", "message": "The game is won already.",
                                                        "line_left": None, "fair": True, "wins": None, "samples": None}
    stuck = client.post("/api/sessions/load", json=stuck_blockade().to_json()).json()
    assert client.get(path(stuck, "/hint")).json() == {"move": None, "how": "no move", "message": "No legal move.",
                                                       "line_left": None, "fair": True, "wins": None, "samples": None}


def test_the_next_hint_goes_on_along_the_winning_line_the_first_one_found(client):
    # The stock is hidden: a hint finds a line to follow by peeking (a fair hint keeps none).
    table = new(client, "steeplechase", 7, autoplay=False)
    peek = {"seconds": 30, "peek": "true"}
    first = client.get(path(table, "/hint"), params=peek).json()
    assert first["how"] == "solution" and first["message"] == (f"Hint: {first['move']['words']} (looking at the hidden "
                                                               "cards: it starts a winning line the solver found).")
    assert (first["fair"], first["wins"], first["samples"]) == (False, None, None)
    length = first["line_left"]
    client.post(path(table, "/moves"), json={"move": first["move"]["text"]})
    second = client.get(path(table, "/hint"), params=peek).json()
    assert second["how"] == "solution" and second["line_left"] == length - 1 and second["move"] in client.get(path(table, "/moves")).json()
    assert second["message"] == (f"Hint: {second['move']['words']} (looking at the hidden cards: move 2 of a winning "
                                 f"line of {length} the solver found).")


def test_with_auto_play_on_the_hints_follow_one_line_to_the_win(client):
    # Deal 4: auto-play spoils the line found without it; the hints plan with auto-play, and it never leaves them.
    table = new(client, "steeplechase", 4)
    peek = {"seconds": 30, "peek": "true"}
    first = client.get(path(table, "/hint"), params=peek).json()
    assert first["how"] == "solution"
    for left in range(first["line_left"], 0, -1):
        found = client.get(path(table, "/hint"), params=peek).json()
        assert (found["how"], found["line_left"]) == ("solution", left)
        table = client.post(path(table, "/moves"), json={"move": found["move"]["text"]}).json()
    assert table["result"] == "won"


@pytest.mark.parametrize(("seconds", "words"), [
    ("0", ("query seconds", "greater than 0")),
    ("-1", ("query seconds", "greater than 0")),
    ("31", ("query seconds", "less than or equal to 30")),
    ("soon", ("query seconds", "number")),
])
def test_a_bad_hint_budget_is_refused(client, seconds, words):
    table = new(client)
    refused(client.get(path(table, "/hint"), params={"seconds": seconds}), 422, *words)
    refused(client.get("/api/sessions/nope/hint"), 404, "no game in play")


# --- save and load ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", LAUNCH_GAMES)
def test_a_saved_game_loads_as_it_was_with_its_undo_and_redo(client, name):
    table = new(client, name, 13, autoplay=False)
    first = table["moves"][0]["text"]
    client.post(path(table, "/moves"), json={"move": first})
    client.post(path(table, "/moves"), json={"move": client.get(path(table, "/moves")).json()[0]["text"]})
    before = client.post(path(table, "/undo")).json()
    saved = client.get(path(table, "/save")).json()
    assert saved["format"] == "patience-game" and saved["state"]["game"] == name
    loaded = client.post("/api/sessions/load", json=saved)
    assert loaded.status_code == 201
    loaded = loaded.json()
    assert loaded["session"] != table["session"]
    for key in ("piles", "moves", "moves_made", "can_undo", "can_redo", "seed", "game"):
        assert loaded[key] == before[key], key
    assert client.post(path(loaded, "/redo")).json()["moves_made"] == 2


def test_a_saved_state_loads_too(client):
    state = framework.load_game("steeplechase").deal(3)
    state.push(state.parse_move("t2 t8"))
    loaded = client.post("/api/sessions/load", json=state.to_json()).json()
    assert loaded["moves_made"] == 1 and pile_cards(loaded, "t8") == ["5C", "4H"] and loaded["can_undo"]
    assert loaded["autoplay"] is True


def test_a_game_is_loaded_with_auto_play_on_or_off():
    client = TestClient(create_app())
    saved = framework.load_game("blockade").deal(13).to_json()
    assert client.post("/api/sessions/load?autoplay=false", json=saved).json()["autoplay"] is False
    refused(client.post("/api/sessions/load?autoplay=maybe", json=saved), 422, "query autoplay", "boolean")


def saved_game(client: TestClient) -> dict:
    return client.get(path(new(client, "steeplechase", 3, autoplay=False), "/save")).json()


@pytest.mark.parametrize(("change", "status", "words"), [
    (lambda saved: {**saved, "format": "x"}, 400, ("field 'format'", "'patience-game'")),
    (lambda saved: {**saved, "version": 99}, 400, ("field 'version'", "newer")),
    (lambda saved: {**saved, "state": {**saved["state"], "game": "no-such-game"}}, 404, ("no game called 'no-such-game'",)),
    (lambda saved: {**saved, "state": {**saved["state"], "game": "../rules/steeplechase"}}, 404, ("no game called",)),
    (lambda saved: {**saved, "state": {**saved["state"], "game": 7}}, 400, ("field 'state.game'",)),
    (lambda saved: {**saved, "state": {**saved["state"], "piles": {**saved["state"]["piles"], "t1": ["ZZ"]}}}, 400, ("field 'piles.t1'",)),
    (lambda saved: {**saved, "state": {**saved["state"], "moves": ["t1 t2"]}}, 400, ("field 'moves[0]'",)),
    (lambda saved: {**saved, "turns": [5]}, 400, ("field 'turns'",)),
    (lambda saved: {**saved, "redo": [["t1 t2"]]}, 400, ("field 'redo[0][0]'",)),
])
def test_a_damaged_save_is_refused_with_the_field_named(client, change, status, words):
    refused(client.post("/api/sessions/load", json=change(saved_game(client))), status, *words)


@pytest.mark.parametrize(("content", "words"), [
    ("[1, 2]", ("request body", "dictionary")),
    ("{\"format\": ", ("not JSON",)),
    ("", ("request body", "required")),
    ("[" * 1_000_000, ("the request body: nested deeper than 200 levels",)),
    ('{"format": "patience-game", "version": ' + "9" * 5000 + "}", ("the request body: a number of 5000 characters (at most 100)",)),
    ('{"format": "patience-game", "format": "patience-game"}', ("the request body: the key 'format' appears twice in one object",)),
    (b'{"format": "\xff"}', ("the request body: not UTF-8 text (byte 13)",)),
])
def test_a_body_that_is_not_a_json_object_within_the_limits_is_refused(client, content, words):
    refused(client.post("/api/sessions/load", content=content, headers={"Content-Type": "application/json"}), 422, *words)


def test_every_body_is_read_within_the_same_limits(client):
    body = '{"game": "no-such-game", "game": "steeplechase", "seed": 3}'
    refused(client.post("/api/sessions", content=body, headers={"Content-Type": "application/json"}), 422,
            "the request body: the key 'game' appears twice in one object")


# --- the end of a game ------------------------------------------------------------------------


def test_a_won_game_says_so(client):
    loaded = client.post("/api/sessions/load", json=won_in_one_steeplechase().to_json()).json()
    assert loaded["result"] is None and "w f1" in [move["text"] for move in loaded["moves"]]
    won = client.post(path(loaded, "/moves"), json={"move": "w f1"}).json()
    assert won["result"] == "won" and "won" in won["message"] and won["moves"] == []


def test_a_game_with_no_legal_move_left_says_so(client):
    stuck = client.post("/api/sessions/load", json=stuck_blockade().to_json()).json()
    assert stuck["moves"] == [] and stuck["result"] == "no legal move left"
    assert stuck["message"] == "No legal move left: the game is lost."


# --- the page, the OpenAPI description, the package -------------------------------------------


def test_the_openapi_description_lists_every_endpoint(client):
    description = client.get("/openapi.json").json()
    assert set(description["paths"]) == {
        "/api/games", "/api/games/{game}", "/api/sessions", "/api/sessions/load", "/api/sessions/{key}",
        "/api/sessions/{key}/moves", "/api/sessions/{key}/undo", "/api/sessions/{key}/redo",
        "/api/sessions/{key}/restart", "/api/sessions/{key}/autoplay", "/api/sessions/{key}/explain", "/api/sessions/{key}/hint", "/api/sessions/{key}/save",
        "/api/games/{game}/rules", "/api/rules/check", "/api/rules/sessions", "/api/rules/solve",
    }
    assert "422" in description["paths"]["/api/sessions"]["post"]["responses"]
    assert client.get("/docs").status_code == 200


def test_the_page_and_its_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for name in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        assert client.get(name).status_code == 200, name
    assert client.get("/static/no-such-file.js").status_code == 404


def test_every_module_of_the_page_is_fetched_at_once():
    """Each page names each module it imports as a preload, so none waits for the one importing it; the player's
    page fetches every module but the editor's."""
    static = ROOT / "framework" / "web" / "static"

    def fetched(page: str) -> set[str]:
        html = (static / page).read_text("utf-8")
        return set(re.findall(r'(?:rel="modulepreload" href|type="module" src)="/static/([^"]+)"', html))

    def imported(names: set[str]) -> set[str]:
        return {name for module in names for name in re.findall(r'from "\./([^"]+)"', (static / module).read_text("utf-8"))}

    player, editor = fetched("index.html"), fetched("editor.html")
    assert imported(player) and imported(player) <= player and imported(editor) <= editor
    assert player == {path.name for path in static.glob("*.js")} - {"editor.js"} and "editor.js" in editor


def test_the_web_package_names_no_game():
    web = ROOT / "framework" / "web"
    names = game_names()
    assert {"steeplechase", "blockade"} <= names
    files = [path for path in web.rglob("*") if path.is_file() and "__pycache__" not in path.parts
             and path.suffix != ".png"]  # the app's icons: pictures, no words
    assert {path.name for path in files} >= {"app.py", "index.html", "app.js", "style.css", "manifest.json"}
    for file in files:
        text = file.read_text("utf-8").lower()
        found = sorted(name for name in names if re.search(rf"\b{re.escape(name.lower())}\b", text))
        assert not found, f"{file.relative_to(ROOT)} names {found}"


def test_the_page_ships_in_the_package_data():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    setuptools = project["tool"]["setuptools"]
    assert "framework.web" in setuptools["packages"]
    assert setuptools["package-data"]["framework.web"] == ["static/*"]


# --- patience serve ---------------------------------------------------------------------------


def test_a_request_naming_another_host_is_refused():
    client = TestClient(create_app(hosts=["localhost", "127.0.0.1", "::1"]), base_url="http://127.0.0.1:8000")
    assert client.get("/api/games/steeplechase").status_code == 200
    for host in ("localhost:8000", "LOCALHOST", "[::1]:8000", "127.0.0.1"):
        assert client.get("/api/games/steeplechase", headers={"host": host}).status_code == 200, host
    for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""):
        refused(client.get("/api/games/steeplechase", headers={"host": host}), 400,
                "this server does not answer for the host")
    refused(client.get("/", headers={"host": "x" * 10_000}), 400, "x" * 80)
    assert len(client.get("/", headers={"host": "x" * 10_000}).text) < 200  # the bad name is not echoed whole


def test_serve_answers_for_its_address_localhost_and_the_names_allowed():
    from framework.cli.serve import served_hosts

    assert served_hosts("127.0.0.1", ()) == ["127.0.0.1", "::1", "localhost"]
    assert served_hosts("192.168.1.5", ("Box.lan",)) == ["127.0.0.1", "192.168.1.5", "::1", "box.lan", "localhost"]
    assert served_hosts("0.0.0.0", ()) is None  # every address, no name known: any name
    assert "box.lan" in served_hosts("0.0.0.0", ("box.lan",))


def test_the_server_socket_sends_each_answer_at_once():
    from framework.cli.serve import listen

    with listen("127.0.0.1", 0) as listener:  # no Nagle wait on a kept-alive connection
        assert listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)


def test_serve_prints_the_address_and_serves_on_loopback():
    server, address = serve_process()
    try:
        import httpx2

        assert httpx2.get(f"{address}api/games/steeplechase", timeout=10).json()["name"] == "Steeplechase"
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize("request_text", [
    b"GARBAGE\r\n\r\n",
    b"GET /api/games HTTP/1.1\r\n\r\n",  # no Host
    b"GET /\xff HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nno colon\r\n\r\n",
    b"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    b"POST /api/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
])
def test_a_request_that_is_not_http_is_refused_as_the_api_refuses(server, request_text):
    # uvicorn refuses these itself, before the application sees them: before, in plain text.
    port = int(server.rsplit(":", 1)[1].strip("/"))
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request_text)
        answer = b""
        while chunk := connection.recv(65536):  # the server closes the connection
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400 ") and b"content-type: application/json" in head, answer
    assert json.loads(body) == {"detail": "the request is not HTTP this server can read "
                                          "(a request line, a header or a body is malformed)"}


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_stops_a_server_holding_a_game_with_status_0_and_no_traceback(presses):
    session = Session(framework.load_game("triple-freecell").deal(1), autoplay=False)
    for text in ["t4 c1", "c1 t4"] * 500:
        session.play(session.state.parse_move(text))
    server, address = serve_process()
    try:
        import httpx2

        httpx2.post(f"{address}api/sessions/load", json=session.to_json(), timeout=60).raise_for_status()
        server.send_signal(signal.SIGINT)
        if presses == 2:  # a second Ctrl-C while it stops: at once
            time.sleep(0.05)
            server.send_signal(signal.SIGINT)
        _, log = server.communicate(timeout=30)
    finally:
        server.kill()
        server.wait()
    assert (server.returncode, log) == (0, ""), log[-2000:]


def test_serve_refuses_a_port_in_use_a_bad_port_and_an_unknown_game():
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        busy = subprocess.run([sys.executable, "-m", "framework.cli", "serve", "--port", str(port)],
                              capture_output=True, text=True, timeout=30)
    assert busy.returncode == 2 and busy.stderr.startswith(f"patience: cannot listen on 127.0.0.1:{port}")
    assert "Traceback" not in busy.stderr
    bad = subprocess.run([sys.executable, "-m", "framework.cli", "serve", "--port", "70000"], capture_output=True, text=True, timeout=30)
    assert bad.returncode == 2 and "--port" in bad.stderr
    unknown = subprocess.run([sys.executable, "-m", "framework.cli", "serve", "no-such-game", "--port", "0"],
                             capture_output=True, text=True, timeout=30)
    assert unknown.returncode == 2 and unknown.stderr.startswith("patience: no-such-game: no such game")
    assert "Traceback" not in unknown.stderr


def test_a_group_drawn_in_rows_says_how_many_piles_each_row_holds(client):
    groups = {group["name"]: group for group in client.get("/api/games/pyramid").json()["groups"]}
    assert groups["pyramid"]["rows_of"] == [1, 2, 3, 4, 5, 6, 7] and groups["stock"]["rows_of"] is None


def test_a_stock_whose_top_card_may_be_played_shows_it(client):
    table = new(client, "pyramid", 3)
    stock = next(pile for pile in table["piles"] if pile["name"] == "s")
    assert stock["down"] == 23 and len(stock["cards"]) == 1
    klondike = next(pile for pile in new(client, "klondike", 3)["piles"] if pile["name"] == "s")
    assert klondike["down"] == 24 and klondike["cards"] == []


def pile_view(table: dict, name: str) -> dict:
    return next(pile for pile in table["piles"] if pile["name"] == name)


def test_an_empty_pile_says_the_rank_it_takes_where_a_rule_fixes_one(client):
    steeplechase = new(client, "steeplechase", 3, autoplay=False)  # base rank 5, the 5♠ on f1
    assert [pile_view(steeplechase, f"f{n}")["takes"] for n in range(1, 9)] == [None] + ["5"] * 7
    assert all(pile_view(steeplechase, f"t{n}")["takes"] is None for n in range(1, 9))  # not empty
    after = client.post(path(steeplechase, "/moves"), json={"move": "t2 t8"}).json()
    assert pile_view(after, "t2")["takes"] is None  # an empty column takes any card
    blockade = client.post("/api/sessions/load", json=stuck_blockade().to_json()).json()
    assert [pile_view(blockade, f"{label}1")["takes"] for label in "ak"] == ["A", "K"]
    assert pile_view(blockade, "g110")["takes"] is None  # an empty cell takes nothing
    klondike = client.post("/api/sessions/load", json=position(
        framework.load_game("klondike"), {"t1": "TD"}, rest="s").to_json()).json()
    assert pile_view(klondike, "t2")["takes"] == "K" and pile_view(klondike, "f1")["takes"] == "A"


def test_a_base_rank_chosen_in_play_is_the_rank_the_empty_foundations_take(client):
    game = framework.load_game("chessboard")  # the first card played to a foundation sets the base rank
    state = position(game, {"t1": "9S", "t2": "9H", "t5": "KH"}, rest="t5")
    table = client.post("/api/sessions/load", params={"autoplay": False}, json=state.to_json()).json()
    assert [pile_view(table, f"f{n}")["takes"] for n in range(1, 5)] == [None] * 4
    after = client.post(path(table, "/moves"), json={"move": "t1 f1"}).json()
    assert [pile_view(after, f"f{n}")["takes"] for n in range(1, 5)] == [None, "9", "9", "9"]


def test_a_pile_whose_cards_the_rules_hold_now_is_blocked(client):
    rows = ["2C 2C 2D 2D 2H 2H 2S 2S 3C 3C", "AS KH 3D 3H 3S 5H 3D 3H 3S 4C", "AC 4D 4H 4S 4C 4D 4H 4S 5C KD"]
    cells = {f"g{row * 10 + column + 1}": card for row, line in enumerate(rows) for column, card in enumerate(line.split())}
    blockade = position(framework.load_game("blockade"), cells, grid_rows=3, rest="s")
    table = client.post("/api/sessions/load", params={"autoplay": False}, json=blockade.to_json()).json()
    blocked = {view["name"] for view in table["piles"] if view["blocked"]}
    assert blocked == {f"g{cell}" for cell in range(11, 21)}  # the middle row; the top and bottom rows are free
    two_rows = position(blockade.game, {name: card for name, card in cells.items() if int(name[1:]) <= 20},
                             grid_rows=2, rest="s")
    table = client.post("/api/sessions/load", params={"autoplay": False}, json=two_rows.to_json()).json()
    assert not any(view["blocked"] for view in table["piles"])  # every card is free, though few go anywhere
    pyramid = position(framework.load_game("pyramid"), {"p1": "KS", "p2": "8C", "p3": "5C", "p28": "QH"}, rest="s")
    table = client.post("/api/sessions/load", params={"autoplay": False}, json=pyramid.to_json()).json()
    assert {view["name"] for view in table["piles"] if view["blocked"]} == {"p1"}  # under p2 and p3
