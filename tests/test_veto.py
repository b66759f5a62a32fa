"""The ``veto_move`` hook: a plugin refuses a move the rule data allows, and says why."""

from __future__ import annotations

import json

import pytest
from helpers import GAMES, patience, small_rules

import framework
from framework import MoveError, PluginError
from framework.testing import legal_texts, position

#: A plugin that keeps every king where it is; with the option 'answer', it answers that instead (nonsense).
KINGS_STAY = '''
from framework import hookimpl
from framework.cards import RANK


class KingsStay:
    options_schema = {"type": "object", "properties": {"answer": {}}, "additionalProperties": False}

    def __init__(self, game, options):
        self.answer = options.get("answer", "a king stays where it was dealt")

    @hookimpl
    def veto_move(self, state, move):
        if not move.action and RANK[state.piles[move.source][-move.count]] == 13:
            return self.answer
        return None


plugin = KingsStay
'''
#: Tiny, with the plugin named (and its options, if any).
RULES = small_rules("tiny").replace("name: Tiny\n", "name: Kings Stay\nplugins:\n  - kings-stay: OPTIONS\n")
PIECES = {"t1": "KH QS", "t2": "JD", "t3": "5D", "f1": "AD 2D 3D 4D"}


@pytest.fixture
def kings_stay(tmp_path, install_plugin):
    """Loads the game with the plugin installed and the given options."""
    install_plugin("kings-stay", "kings_stay_plugin", KINGS_STAY, "KingsStay")

    def load(options: str = "{}") -> framework.Game:
        path = tmp_path / "kings-stay.yaml"
        path.write_text(RULES.replace("OPTIONS", options), encoding="utf-8")
        return framework.load_game(str(path))

    return load


def test_a_vetoed_move_is_not_legal_and_says_why(kings_stay):
    allowed_by_the_data = legal_texts(position(framework.load_game(GAMES / "tiny.yaml"), PIECES))
    assert allowed_by_the_data == {"t2 t1", "t3 f1", "t1 t4", "t1 t4 2", "t2 t4", "t3 t4"}
    state = position(kings_stay(), PIECES)
    # the run KH QS may not leave t1 (a king would move); QS alone may
    assert legal_texts(state) == {"t2 t1", "t3 f1", "t1 t4", "t2 t4", "t3 t4"}
    refused = framework.Move(state.game.pile_index("t1"), state.game.pile_index("t4"), 2)
    assert state.explain(refused) == "a king stays where it was dealt"
    with pytest.raises(MoveError, match=r"^'t1 t4 2' is not legal now: a king stays where it was dealt$"):
        state.parse_move("t1 t4 2")
    assert state.explain(framework.Move(state.game.pile_index("t3"), state.game.pile_index("t1"))) != \
        "a king stays where it was dealt"  # another refusal: the rule data's


@pytest.mark.parametrize(("answer", "problem"), [("5", "5 is not text"), ("''", "'' says nothing")])
def test_a_veto_that_is_not_a_line_of_words_is_named(kings_stay, answer, problem):
    state = position(kings_stay(f"{{answer: {answer}}}"), PIECES)
    with pytest.raises(PluginError) as caught:
        state.legal_moves()
    assert str(caught.value) == f"plugin 'kings-stay' answered nonsense in hook 'veto_move': {problem}"


def test_a_game_with_a_veto_is_searched_in_python_through_the_veto(tmp_path):
    folder = tmp_path / "plugins"
    folder.mkdir()
    (folder / "kings_stay.py").write_text(KINGS_STAY, encoding="utf-8")
    rules = tmp_path / "kings-stay.yaml"
    rules.write_text(RULES.replace("OPTIONS", "{}"), encoding="utf-8")
    vetoed = patience("--plugin-path", str(folder), "solve", str(rules), "--seed", "2", "--json", cwd=tmp_path)
    assert vetoed.returncode in (0, 1), vetoed.stderr
    line = json.loads(vetoed.stdout)
    assert line["core"] == "python"
    plain = json.loads(patience("solve", str(GAMES / "tiny.yaml"), "--seed", "2", "--json", cwd=tmp_path).stdout)
    assert plain["core"] == "native"
    game = framework.load_game(GAMES / "tiny.yaml")
    state = game.deal(2)
    for text in line["line"]:  # the line found never moves a king
        move = state.parse_move(text)
        assert framework.cards.RANK[state.piles[move.source][-move.count]] != 13 or move.action
        state.push(move)


def test_explaining_a_move_the_rules_refuse_asks_no_veto(kings_stay):
    state = position(kings_stay(), PIECES)
    empty = state.game.pile_index("t4")
    # from an empty column: the plugin, which reads the pile's cards, is not asked (it would fail)
    assert state.explain(framework.Move(empty, state.game.pile_index("t1"))) == "the 4th tableau pile is empty"
