"""The pick_limits hook: plugins say once per position how many cards may be picked from which piles."""

from __future__ import annotations

import pytest
from helpers import small_rules

import framework
from framework import PluginError, testing

PLUGIN = '''
from framework import hookimpl


class Limiter:
    """A test plugin: answers pick_limits with its option 'limits' (pile name to limit, passed on as it is)."""

    options_schema = {"type": "object", "additionalProperties": False,
                      "properties": {"limits": {"type": "object"}, "answer": {"enum": ["limits", "list", "no pile", "raise"]}}}

    def __init__(self, game, options):
        self.limits = {game.pile_index(name): most for name, most in options.get("limits", {}).items()}
        self.answer = options.get("answer", "limits")

    @hookimpl
    def pick_limits(self, state):
        if self.answer == "raise":
            raise ValueError("no limits today")
        return {"limits": self.limits, "list": [0, 1], "no pile": {99: 0}}[self.answer]
'''

TINY = small_rules("tiny")

# t1 holds a run of three, 9S 8H 7C: all three fit on t2's TD, two on t4's 9C, one on f1's 6C.
PILES = {"t1": "KH 9S 8H 7C", "t2": "TD", "t3": "6D", "t4": "9C", "f1": "AC 2C 3C 4C 5C 6C"}
EVERY_MOVE = ["t1 f1", "t1 t2 3", "t1 t4 2", "t3 t1", "t4 t2"]


@pytest.fixture
def limited(tmp_path, install_plugin):
    """Makes a tiny game whose rule file names the given plugins and options (YAML text per plugin)."""
    install_plugin("limiter", "limiter_plugin", PLUGIN, "Limiter")
    install_plugin("second-limiter", "second_limiter_plugin", PLUGIN, "Limiter")

    def make(*uses: str) -> framework.Game:
        path = tmp_path / "limited.yaml"
        listed = "".join(f"  - {use}\n" for use in uses)
        path.write_text(TINY.replace("name: Tiny\n", f"name: Limited\nplugins:\n{listed}"), encoding="utf-8")
        return framework.load_game(str(path))

    return make


def moves(game: framework.Game) -> list[str]:
    state = testing.position(game, PILES)
    return [state.move_text(move) for move in state.legal_moves()]


def test_no_limit_named_restricts_nothing(limited):
    assert moves(limited("limiter: {limits: {}}")) == EVERY_MOVE


def test_a_limit_of_0_forbids_the_pile_and_a_limit_caps_the_run(limited):
    assert moves(limited("limiter: {limits: {t3: 0}}")) == ["t1 f1", "t1 t2 3", "t1 t4 2", "t4 t2"]
    assert moves(limited("limiter: {limits: {t1: 2}}")) == ["t1 f1", "t1 t4 2", "t3 t1", "t4 t2"]
    assert moves(limited("limiter: {limits: {t1: 1}}")) == ["t1 f1", "t3 t1", "t4 t2"]


def test_where_two_plugins_name_a_pile_the_smaller_limit_holds(limited):
    game = limited("limiter: {limits: {t1: 3, t3: 0}}", "second-limiter: {limits: {t1: 1}}")
    assert moves(game) == ["t1 f1", "t4 t2"]


def test_a_limit_never_allows_more_than_the_pick_rule(limited):
    # KH lies under 9S, which does not fit on it: the run is three cards however high the limit.
    assert moves(limited("limiter: {limits: {t1: 4, t3: 1}}")) == EVERY_MOVE


@pytest.mark.parametrize(("use", "message"), [
    ("limiter: {answer: list}", r"\[0, 1\] is not a mapping of pile numbers to numbers of cards"),
    ("limiter: {answer: no pile}", r"99 is not a pile number from 0 to 7"),
    ("limiter: {limits: {t1: -1}}", r"pile 4: -1 is not a number of cards, 0 or more"),
    ("limiter: {limits: {t1: 1.5}}", r"pile 4: 1.5 is not a number of cards, 0 or more"),
    ("limiter: {limits: {t1: true}}", r"pile 4: True is not a number of cards, 0 or more"),
])
def test_nonsense_is_an_error_naming_the_plugin(limited, use, message):
    game = limited("second-limiter: {limits: {t3: 0}}", use)
    with pytest.raises(PluginError, match=rf"^plugin 'limiter' answered nonsense in hook 'pick_limits': {message}$"):
        moves(game)


def test_a_plugin_that_raises_is_named(limited):
    with pytest.raises(PluginError, match=r"^plugin 'limiter' failed in hook 'pick_limits': ValueError: no limits today$"):
        moves(limited("limiter: {answer: raise}"))


BLOCKADE_ROWS = [
    "2C 2D . 2H 2S 3C 3D 3H 3S 4C",
    "5C 5D 5H . 5S 6C 6D 6H 6S 7C",
    "8C 8D 8H 8S . 9C 9D 9H 9S TC",
    "JC . JH JS QC QD QH QS KC KD",
]


def grid_position(game: framework.Game, *, released: str = "", **variables: object) -> framework.State:
    piles = {f"g{row * 10 + column + 1}": word
             for row, line in enumerate(BLOCKADE_ROWS) for column, word in enumerate(line.split()) if word != "."}
    piles.pop(released, None)
    return testing.position(game, piles, grid_rows=len(BLOCKADE_ROWS), **variables)


def blocked(state: framework.State) -> list[str]:
    """The cells grid-access (Blockade's only plugin to limit picks) answers 0 for: nothing may be picked from them."""
    limits = state.game.hooks.pick_limits(state) or {}
    return [state.game.pile_names[pile] for pile, most in sorted(limits.items()) if most == 0]


def test_grid_access_blocks_the_cards_between_the_top_most_and_bottom_most_of_each_column():
    game = framework.load_game("blockade")
    # Column 2's bottom-most card is g22 and column 3's top-most is g13 (gaps beyond them);
    # the gaps g14 and g25 inside columns 4 and 5 open nothing.
    assert blocked(grid_position(game)) == [
        "g11", "g12", "g15", "g16", "g17", "g18", "g19", "g20", "g21", "g23", "g24", "g26", "g27", "g28", "g29", "g30"]


def test_grid_access_frees_the_nearest_card_below_and_above_an_opening():
    game = framework.load_game("blockade")
    # g16 (6C) was set aside: 9C just below it is free now, 3C above it was free anyway.
    state = grid_position(game, released="g16", release_used=True, released_cell="g16")
    assert blocked(state) == [
        "g11", "g12", "g15", "g17", "g18", "g19", "g20", "g21", "g23", "g24", "g27", "g28", "g29", "g30"]
    # An opening in another column frees nothing here; with none, the gap g16 opens nothing.
    state = grid_position(game, released="g16", release_used=True, released_cell="g25")
    assert "g26" in blocked(state) and "g15" not in blocked(state)
    state = grid_position(game, released="g16", release_used=True, released_cell=None)
    assert "g26" in blocked(state)
