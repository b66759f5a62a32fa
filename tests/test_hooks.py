"""Every hook, exercised by a third-party plugin found through its entry point."""

from __future__ import annotations

import pytest
from helpers import small_rules

import framework
from framework import PluginError, plugins
from framework.testing import legal_texts, position

PLUGIN = '''
from framework import Move, SetVar, hookimpl

KNOCK = "knock"


class Knocker:
    """A test plugin: a 'knock' action, a move counter, a pile that may not be picked from, a win by knocks."""

    options_schema = {"type": "object", "properties": {"knocks_to_win": {"type": "integer"}},
                      "additionalProperties": False}

    def __init__(self, game, options):
        self.game = game
        self.knocks_to_win = options.get("knocks_to_win", 3)
        self.t1 = game.pile_index("t1")
        self.t4 = game.pile_index("t4")

    @hookimpl
    def state_vars(self, game):
        return {"knocks": 0, "moves_made": 0}

    @hookimpl
    def legal_moves(self, state):
        return [Move(-1, -1, 1, KNOCK)]

    @hookimpl
    def pick_limits(self, state):
        return {self.t1: 0}

    @hookimpl
    def apply_action(self, state, move):
        if move.action != KNOCK:
            return None
        if state.vars["knocks"] < 0:
            raise RuntimeError("broken on purpose")
        return [SetVar("knocks", state.vars["knocks"] + 1)]

    @hookimpl
    def after_move(self, state, move):
        return [SetVar("moves_made", state.vars["moves_made"] + 1)]

    @hookimpl
    def move_text(self, game, move):
        return "knock!" if move.action == KNOCK else None

    @hookimpl
    def is_won(self, state):
        return True if state.vars["knocks"] >= self.knocks_to_win else None
'''

GAME = small_rules("tiny").replace(
    "name: Tiny\n", "name: Knock\nplugins:\n  - knocker: {knocks_to_win: 2}\n")


@pytest.fixture
def knock(tmp_path, install_plugin):
    """The 'knock' game, with the 'knocker' plugin installed as a third-party package would be."""
    install_plugin("knocker", "knocker_plugin", PLUGIN, "Knocker")
    (tmp_path / "knock.yaml").write_text(GAME)
    return framework.load_game(str(tmp_path / "knock.yaml"))


#: The cards of the four columns of the test positions.
TABLEAU = {"t1": "AH", "t2": "5S", "t3": "6H", "t4": "7C"}


def test_a_third_party_plugin_is_found_like_a_built_in(knock):
    assert "knocker" in plugins.plugin_names()
    assert knock.initial_vars == {"knocks": 0, "moves_made": 0}


def test_legal_moves_and_pick_limits_shape_the_moves(knock):
    state = position(knock, TABLEAU)
    # t1's ace may not be picked (pick_limits); knock! is added (legal_moves).
    assert legal_texts(state) == {"t2 t3", "t3 t4", "knock!"}


def test_apply_action_after_move_and_undo(knock):
    state = position(knock, TABLEAU)
    state.push(state.parse_move("knock!"))
    assert state.vars == {"knocks": 1, "moves_made": 1}
    state.push(state.parse_move("t2 t3"))
    assert state.vars == {"knocks": 1, "moves_made": 2}
    state.pop()
    state.pop()
    assert state.vars == {"knocks": 0, "moves_made": 0}
    assert [len(pile) for pile in state.piles] == [0, 0, 0, 0, 1, 1, 1, 1]


def test_is_won_decides_the_outcome(knock):
    state = position(knock, TABLEAU)
    assert not state.is_won() and state.outcome() is None
    state.push(state.parse_move("knock!"))
    assert state.outcome() is None
    state.push(state.parse_move("knock!"))
    assert state.is_won() and state.outcome() is framework.Outcome.WON
    state.pop()
    assert not state.is_won() and state.outcome() is None  # pop gives back the position's own outcome


def test_plugin_variables_round_trip_through_json(knock):
    state = knock.deal(4)
    state.push(state.parse_move("knock!"))
    again = knock.state_from_json(state.to_json())
    assert again.vars == {"knocks": 1, "moves_made": 1}
    again.pop()
    assert again.vars == {"knocks": 0, "moves_made": 0}


def test_a_plugin_that_raises_is_named_and_changes_nothing(knock):
    state = position(knock, TABLEAU)
    state.vars["knocks"] = -1
    before = state.to_json()
    with pytest.raises(PluginError, match=r"^plugin 'knocker' failed in hook 'apply_action': RuntimeError: broken on purpose$"):
        state.push(framework.Move(-1, -1, 1, "knock"))
    assert state.to_json() == before and state.move_stack == []


HUSH = '''
from framework import hookimpl


@hookimpl(wrapper=True)
def legal_moves(state):
    """A pluggy wrapper around the other plugins' legal_moves: it keeps none of their moves."""
    yield
    return []
'''


def test_a_wrapper_around_the_only_plugin_of_a_hook_sees_its_answer(knock, tmp_path, install_plugin):
    # One plugin alone is asked without pluggy's loop (Hooks._call); a wrapper beside it must still be heard.
    assert "knock!" in legal_texts(position(knock, TABLEAU))
    install_plugin("hush", "hush_plugin", HUSH)
    (tmp_path / "hushed.yaml").write_text(GAME.replace("plugins:\n", "plugins:\n  - hush\n"))
    hushed = framework.load_game(str(tmp_path / "hushed.yaml"))
    assert legal_texts(position(hushed, TABLEAU)) == {"t2 t3", "t3 t4"}
