"""The hint a player gets where cards are hidden: fair unless it is told to peek, through the session and the web API.

Hints here search within a node budget (and a clock far beyond it), so that what they
find does not depend on the machine's speed; the web's search is given the same budget by
a stand-in for its ``suggest``.
"""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient
from helpers import path, randomly_played

import framework
import framework.web.app as web_app
from framework.session import PEEKED, Session
from framework.solver.canonical import key_function
from framework.solver.fair import arrangement, masked
from framework.web.app import create_app

NODES = 8_000
SECONDS = 3600.0


def played(name: str, seed: int, moves: int) -> framework.State:
    """Deal ``seed`` of ``name`` after ``moves`` random moves, as a position alone (no seed, no moves)."""
    state = randomly_played(name, seed, moves)
    return framework.State(state.game, state.piles, state.face_down, state.vars)


def twin(state: framework.State) -> framework.State:
    """A position that looks like ``state`` to a player, with its hidden cards elsewhere."""
    other = arrangement(state, random.Random(99))
    assert other.piles != state.piles
    return framework.State(other.game, other.piles, other.face_down, other.vars)


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> TestClient:
    """The web API, its hints searched within ``NODES`` positions."""
    real = web_app.suggest
    monkeypatch.setattr(web_app, "suggest", lambda state, seconds, **options: real(state, SECONDS, NODES, **options))
    return TestClient(create_app())


def loaded(client: TestClient, state: framework.State) -> dict:
    response = client.post("/api/sessions/load", params={"autoplay": "false"}, json=state.to_json())
    assert response.status_code == 201, response.text
    return response.json()


# --- through the session ---------------------------------------------------------------------


def test_where_cards_are_hidden_the_hint_is_fair_and_says_how_sure_it_is():
    session, _ = Session.new(framework.load_game("klondike"), 3, autoplay=False)
    found = session.hint(SECONDS, NODES)
    assert found.move in session.state.legal_moves()
    assert (found.how, found.fair, found.line, found.samples) == ("fair", True, None, 40) and 0 < found.wins <= 40
    assert found.reason == f"it wins in {found.wins} of 40 arrangements of the hidden cards"
    peeked = session.hint(SECONDS, NODES, peek=True)
    assert (peeked.how, peeked.fair, peeked.wins, peeked.samples) == ("solution", False, None, None)
    assert peeked.reason == PEEKED + "it starts a winning line the solver found"


@pytest.mark.parametrize(("name", "seed", "moves"), [("klondike", 1, 6), ("steeplechase", 7, 0)])
def test_two_positions_that_differ_only_in_hidden_cards_get_the_same_hint_from_a_session(name, seed, moves):
    state = played(name, seed, moves)
    other = twin(state)
    fair = Session(state, autoplay=False).hint(SECONDS, NODES)
    assert fair == Session(other, autoplay=False).hint(SECONDS, NODES) and fair.fair and fair.samples == 40
    # Peeking, the hints tell the two apart: they look at the cards.
    assert Session(state, autoplay=False).hint(SECONDS, NODES, peek=True) != Session(other, autoplay=False).hint(
        SECONDS, NODES, peek=True)


def test_a_fair_hint_does_not_follow_a_line_found_by_peeking():
    session, _ = Session.new(framework.load_game("steeplechase"), 7, autoplay=False)
    line = session.hint(SECONDS, NODES, peek=True).line
    session.play(line.moves[0])
    assert session.line_hint() is None and session.line_hint(peek=True).move == line.moves[1]
    fair = session.hint(SECONDS, NODES)
    assert (fair.fair, fair.line, fair.samples) == (True, None, 40) and fair.how in ("fair", "heuristic")
    assert session.hint(SECONDS, NODES, peek=True).reason == PEEKED + f"move 2 of a winning line of {len(line.moves)} the solver found"


def test_where_no_card_is_hidden_the_hint_is_the_one_that_follows_a_line():
    session, _ = Session.new(framework.load_game("freecell"), "ms:1", autoplay=False)
    found = session.hint(SECONDS, NODES)
    assert (found.how, found.fair, found.wins, found.samples) == ("solution", True, None, None)
    assert found.reason == "it starts a winning line the solver found"
    assert session.hint(SECONDS, NODES, peek=True) == found


def test_a_fair_hint_does_not_lead_back_where_the_game_has_been():
    state = framework.load_game("steeplechase").deal(5)
    for text in ("d", "d", "t7 t2", "t8 t7", "t3 t8", "t1 t3", "t3 t1", "t2 t3"):
        state.push(state.parse_move(text))
    alone = state.copy(stack=False)  # the same position with no past
    back = Session(alone, autoplay=False).hint(SECONDS, NODES)
    assert alone.move_text(back.move) == "t3 t2"  # the last move taken back: where the game was
    found = Session(state, autoplay=False).hint(SECONDS, NODES)
    assert found.move is not None and found.move != back.move and found.samples == 40
    key = key_function(state.game)
    been = set()
    for _ in range(len(state.move_stack) + 1):
        been.add(key(masked(state)))
        if state.move_stack:
            state.pop()
    after = alone.copy()
    after.push(found.move)
    assert key(masked(after)) not in been


# --- through the web API ---------------------------------------------------------------------


def test_the_web_hint_is_fair_unless_asked_to_peek(client):
    table = loaded(client, played("klondike", 1, 6))
    fair = client.get(path(table, "/hint")).json()
    assert (fair["fair"], fair["samples"], fair["line_left"]) == (True, 40, None) and fair["how"] in ("fair", "heuristic")
    assert "arrangements of the hidden cards" in fair["message"]
    peeked = client.get(path(table, "/hint"), params={"peek": "true"}).json()
    assert (peeked["fair"], peeked["wins"], peeked["samples"]) == (False, None, None)
    assert peeked["message"].startswith(f"Hint: {peeked['move']['words']} (looking at the hidden cards: ")
    # The line found by peeking is not what the next fair hint follows.
    client.post(path(table, "/moves"), json={"move": peeked["move"]["text"]})
    after = client.get(path(table, "/hint")).json()
    assert (after["fair"], after["samples"], after["line_left"]) == (True, 40, None)


def test_two_positions_that_differ_only_in_hidden_cards_get_the_same_web_hint(client):
    state = played("klondike", 1, 6)
    one, other = loaded(client, state), loaded(client, twin(state))
    assert one["piles"] == other["piles"]  # the same table to the player
    found = client.get(path(one, "/hint")).json()
    assert found == client.get(path(other, "/hint")).json() and found["fair"]
