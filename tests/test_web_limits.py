"""The web server's bounds: request bodies, a game's length, hint searches, and its own faults.

Each bound is refused with the API's usual ``{"detail": ...}`` and the status the docs give
(docs/api.md), and a refusal changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from concurrent.futures import Future
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from helpers import issue_file, kept_bytes, new, path, play, refused

import framework
from framework.session import Session
from framework.web import app as web_app
from framework.web import pools
from framework.web.app import MAX_BODY_BYTES, MAX_GAME_MOVES, create_app
from framework.web.pools import HINT_WORKERS, HINTS_WAITING, LOAD_WORKERS, LOADS_WAITING, BoundedPool
from framework.web.store import Sessions, UnknownSession

# --- bodies -----------------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_unread_with_413():
    client = TestClient(create_app())
    body = b"{" + b" " * MAX_BODY_BYTES + b"}"
    detail = refused(client.post("/api/sessions/load", content=body, headers={"content-type": "application/json"}),
                     413, "the request body is over 1,000,000 bytes")
    assert len(detail) < 100


def test_a_body_sent_in_chunks_is_cut_off_at_the_limit():
    client = TestClient(create_app())

    def chunks():
        yield b'{"game": "'
        for _ in range(MAX_BODY_BYTES // 10_000 + 1):
            yield b"x" * 10_000
        yield b'"}'

    refused(client.post("/api/sessions", content=chunks(), headers={"content-type": "application/json"}), 413,
            "the request body is over")


def test_a_body_within_the_limit_is_read():
    client = TestClient(create_app())
    table = new(client, "freecell", 27)
    saved = client.get(path(table, "/save")).json()
    text = json.dumps(saved)
    body = text + " " * (MAX_BODY_BYTES - len(text))  # to the last byte
    assert client.post("/api/sessions/load", content=body, headers={"content-type": "application/json"}).status_code == 201


# --- a game's length --------------------------------------------------------------------------


def test_a_game_stops_at_the_move_limit_and_the_refused_turn_changes_nothing():
    client = TestClient(create_app(move_limit=2))
    table = new(client, "freecell", 27, autoplay=False)
    for move in ("t7 t4", "t8 c2"):
        client.post(path(table, "/moves"), json={"move": move}).raise_for_status()
    before = client.get(path(table, "/save")).json()
    refused(client.post(path(table, "/moves"), json={"move": "t5 c1"}), 409,
            "this game has reached 2 moves, the most it may have here")
    assert client.get(path(table, "/save")).json() == before
    client.post(path(table, "/undo")).raise_for_status()
    assert client.post(path(table, "/moves"), json={"move": "t5 c1"}).status_code == 200  # in place of the other


def test_a_save_longer_than_the_limit_is_refused_before_its_moves_are_replayed():
    client = TestClient(create_app())
    table = new(client, "freecell", 27)
    saved = client.get(path(table, "/save")).json()
    saved["state"]["moves"] = ["not even a move"] * (MAX_GAME_MOVES + 1)  # never read: the count refuses it
    refused(client.post("/api/sessions/load", json=saved), 400,
            "field 'state.moves': 10,001 moves; a game here may have at most 10,000")
    state = saved["state"] | {"moves": ["t1 c1"] * 6_000}
    refused(client.post("/api/sessions/load", json={**saved, "state": state, "redo": [["t1 c1"]] * 5_000}), 400,
            "6,000 moves played and 5,000 to redo")
    refused(client.post("/api/sessions/load", json=saved["state"]), 400, "field 'moves': 10,001 moves; a game")


# --- hints ------------------------------------------------------------------------------------


@pytest.fixture
def held_searches(monkeypatch):
    """Hint searches that wait until the test lets them go: ``held_searches.set()``."""
    release = threading.Event()
    real = web_app.suggest

    def held(state, seconds, **options):
        release.wait(60)
        return real(state, 0.5, **options)

    monkeypatch.setattr(web_app, "suggest", held)
    yield release
    release.set()


def test_hints_wait_in_a_bounded_queue_apart_from_other_requests(held_searches):
    app = create_app()
    client = TestClient(app)
    table = new(client, "freecell", 27)
    answers: dict[int, int] = {}

    def ask(index: int) -> None:
        answers[index] = client.get(path(table, "/hint")).status_code

    askers = [threading.Thread(target=ask, args=(index,)) for index in range(45)]
    for asker in askers:
        asker.start()
    while len(answers) < 45 - HINT_WORKERS - HINTS_WAITING:  # the others are refused at once
        time.sleep(0.01)
    assert app.state.hints.taken == HINT_WORKERS + HINTS_WAITING
    assert set(answers.values()) == {429}
    busy = client.get(path(table, "/hint"))
    refused(busy, 429, "the server is searching 10 hints already")
    assert busy.headers["retry-after"] == "5"
    assert client.get("/api/games/freecell").status_code == 200  # every search held, and the server answers
    assert client.post(path(table, "/moves"), json={"move": "t1 c1"}).status_code == 200
    held_searches.set()
    for asker in askers:
        asker.join()
    assert sorted(answers.values()) == [200] * 10 + [429] * 35
    assert app.state.hints.taken == 0
    assert client.get(path(table, "/hint"), params={"seconds": 0.5}).status_code == 200


def test_a_place_in_a_pool_is_free_before_its_answer_is_given(monkeypatch):
    # The race that made the test above fail now and then: the answer was given (and the client could ask
    # again, or look at the places taken) before the search's place was given back.
    pool = BoundedPool("test", workers=1, waiting=0, busy="busy")
    taken_when_answered = []

    class Watched(Future):
        def set_result(self, result):
            taken_when_answered.append(pool.taken)
            super().set_result(result)

        def set_exception(self, exception):
            taken_when_answered.append(pool.taken)
            super().set_exception(exception)

    def fails():
        raise ValueError("a bug")

    async def ask_twice():
        assert await pool.run(lambda: "answer") == "answer"
        with pytest.raises(ValueError):
            await pool.run(fails)

    monkeypatch.setattr(pools, "Future", Watched)
    asyncio.run(ask_twice())
    assert taken_when_answered == [0, 0]


def test_loads_wait_in_a_bounded_queue_apart_from_other_requests(monkeypatch):
    release = threading.Event()
    real = Session.from_json

    def held(game, data, **options):
        release.wait(60)
        return real(game, data, **options)

    app = create_app()
    client = TestClient(app)
    table = new(client, "freecell", 27)
    saved = client.get(path(table, "/save")).json()
    monkeypatch.setattr(Session, "from_json", held)
    answers: dict[int, int] = {}
    places = LOAD_WORKERS + LOADS_WAITING

    def load(index: int) -> None:
        answers[index] = client.post("/api/sessions/load", json=saved).status_code

    loaders = [threading.Thread(target=load, args=(index,)) for index in range(places + 3)]
    try:
        for loader in loaders:
            loader.start()
        waited = time.monotonic()
        while len(answers) < 3:  # the others are refused at once (before, every load waited its turn)
            assert time.monotonic() < waited + 60, answers
            time.sleep(0.01)
        assert app.state.loads.taken == places and set(answers.values()) == {429}
        busy = client.post("/api/sessions/load", json=saved)
        refused(busy, 429, f"the server is loading {places} games already")
        assert busy.headers["retry-after"] == "5"
        assert client.get("/api/games/freecell").status_code == 200  # every load held, and the server answers
        assert client.post(path(table, "/moves"), json={"move": "t1 c1"}).status_code == 200
    finally:
        release.set()
        for loader in loaders:
            loader.join()
    assert sorted(answers.values()) == [201] * places + [429] * 3
    assert app.state.loads.taken == 0


def test_a_plugin_failing_in_a_hint_search_is_named_and_the_game_goes_on(tmp_path, install_plugin, monkeypatch):
    install_plugin("no-foundation", "no_foundation_plugin", '''
        from framework import hookimpl

        class NoFoundation:
            """Fails as soon as a card is on a foundation: in a hint's search, not on the table."""

            options_schema = {"type": "object"}

            def __init__(self, game, options):
                pass

            @hookimpl
            def legal_moves(self, state):
                if any(state.piles[index] for index in state.game.groups["foundation"].piles):
                    raise ValueError("a card on a foundation")
                return []
    ''', "NoFoundation")
    freecell = (Path(framework.__file__).parent.parent / "rules" / "freecell.yaml").read_text(encoding="utf-8")
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "sabotaged.yaml").write_text(freecell.replace("plugins: [microsoft-deals]",
                                                                        "plugins: [microsoft-deals, no-foundation]"))
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(tmp_path / "rules"))
    client = TestClient(create_app())
    table = new(client, "sabotaged", 27, autoplay=False)
    refused(client.get(path(table, "/hint"), params={"seconds": 2}), 400,
            "plugin 'no-foundation' failed in hook 'legal_moves': ValueError: a card on a foundation")
    assert client.post(path(table, "/moves"), json={"move": "t1 c1"}).status_code == 200


def test_an_unknown_key_is_quoted_short():
    client = TestClient(create_app())
    detail = refused(client.get("/api/sessions/" + "k" * 15_000), 404, "no game in play with key 'kkkkk")
    assert len(detail) < 200, len(detail)  # before, the 15,000 characters in full


@pytest.mark.parametrize("asked", ["bytes=999999999-", "bytes=abc", "bytes=9-2", "lines=1-2"])
def test_the_page_and_its_files_are_sent_whole_whatever_range_is_asked(asked):
    # Starlette answers a range it cannot give in plain text (416, 400); the page's files are small.
    client = TestClient(create_app())
    for url in ("/", "/static/app.js"):
        whole = client.get(url)
        answer = client.get(url, headers={"range": asked})
        assert (answer.status_code, answer.content) == (200, whole.content), (url, answer.text[:200])


def test_a_fault_of_the_server_is_a_json_500(monkeypatch):
    def broken(state, seconds, **options):
        raise RuntimeError("a bug")

    monkeypatch.setattr(web_app, "suggest", broken)
    client = TestClient(create_app(), raise_server_exceptions=False)
    table = new(client, "freecell", 27)
    detail = refused(client.get(path(table, "/hint")), 500, "the server failed on this request (RuntimeError)")
    assert "a bug" not in detail  # the server's log has it, not the client
    assert client.app.state.hints.taken == 0


def test_a_refusal_quotes_at_most_80_characters_of_what_it_was_sent():
    client = TestClient(create_app())
    table = new(client, "freecell", 27)
    for response in (client.post("/api/sessions", json={"game": "freecell", "seed": 27, "extra" * 10_000: 1}),
                     client.post("/api/sessions", json={"game": "x" * 500_000}),
                     client.post(path(table, "/moves"), json={"move": [1] * 100_000}),
                     client.post("/api/sessions/load", json={"format": "patience-state", "version": 1, "game": "freecell",
                                                             "piles": {"t1": ["ZZ" * 100_000]}})):
        assert response.status_code in (400, 422) and len(response.json()["detail"]) < 200, response.text[:300]


def test_the_games_kept_hold_at_most_the_move_budget_the_least_recently_used_dropped_first():
    freecell = framework.load_game("freecell")
    sessions = Sessions(limit=10, move_budget=5)
    keys = [sessions.add(Session.new(freecell, seed, autoplay=False)[0]) for seed in (1, 2, 3)]
    for key, count in zip(keys, (2, 2, 1)):
        with sessions.use(key) as session:
            for _ in range(count):
                session.play(session.state.legal_moves()[0])
    with sessions.use(keys[0]):  # the first game is now the most recently used
        pass
    with sessions.use(keys[2]) as session:  # six moves in all: the least recently used game goes
        session.play(session.state.legal_moves()[0])
    with pytest.raises(UnknownSession):
        with sessions.use(keys[1]):
            pass
    for key in (keys[0], keys[2]):
        with sessions.use(key) as session:
            session.undo()  # a move taken back is still held, as a move to redo
    with sessions.use(keys[2]) as session:
        assert len(session.state.move_stack) == 1 and len(session.redo_turns) == 1


def test_the_winning_line_a_game_keeps_for_its_hints_counts_in_the_move_budget():
    freecell = framework.load_game("freecell")
    sessions = Sessions(limit=10, move_budget=10**6)
    keys = [sessions.add(Session.new(freecell, seed, autoplay=False)[0]) for seed in (1, 2)]
    with sessions.use(keys[1]) as session:
        session.hint(3600, 20_000)
        assert session.line is not None
        length = len(session.line.moves)
    sessions.move_budget = length - 1  # no move played, and the line alone is over it: the other game goes
    with sessions.use(keys[1]):
        pass
    with pytest.raises(UnknownSession):
        with sessions.use(keys[0]):
            pass


def test_a_rule_file_that_asks_too_much_is_refused_at_once_by_the_server(tmp_path, monkeypatch):

    (tmp_path / "wide.yaml").write_text(issue_file(), encoding="utf-8")
    monkeypatch.setenv("PATIENCE_RULES_PATH", str(tmp_path))
    client = TestClient(create_app())
    refused(client.post("/api/sessions", json={"game": "wide", "seed": 1}), 400,
            "piles in all; a game may have at most 1,000", "moves in one position")
    assert "wide" not in [game["id"] for game in client.get("/api/games").json()]


# --- memory -------------------------------------------------------------------------------------


def test_a_game_in_play_keeps_a_few_hundred_bytes_a_move_not_its_legal_moves():
    # Triple FreeCell's deal 1 offers 148 moves; "t4 c1" and "c1 t4" go back and forth. Each position's legal
    # moves were kept for undo: 12.8 kB a move, 2.5 GB for the server's budget of 200,000 moves.
    game = framework.load_game("triple-freecell")
    session = Session(game.deal(1), autoplay=False)
    for text in ["t4 c1", "c1 t4"] * 1000:
        session.play(session.state.parse_move(text))
    saved = session.to_json()
    client = TestClient(create_app())
    client.post("/api/sessions/load", json=saved).raise_for_status()  # the game's first load loads its rules
    tables = []
    kept = kept_bytes(lambda: tables.append(client.post("/api/sessions/load", params={"autoplay": False},
                                                        json=saved).json()))
    assert kept / 2000 < 1000, kept / 2000
    undone = client.post(path(tables[0], "/undo")).json()  # the legal moves of the position before, worked out again
    before_last = play(game.deal(1), ["t4 c1"])
    assert len(undone["moves"]) == len(before_last.legal_moves()) and undone["moves_made"] == 1999
    given = game.deal(1)  # a state a session is given (as a command that failed puts one back) forgets too
    session.state = given
    assert kept_bytes(lambda: play(given, ["t4 c1", "c1 t4"] * 100)) / 200 < 1000
