"""The solver's hooks: a plugin tells the solver which piles and cards are alike, or gives its own key."""

from __future__ import annotations

from pathlib import Path

import pytest

import framework
from framework.solver import Budget, solve
from framework.solver.canonical import card_classes, interchangeable_groups, key_function

TWINS = Path(__file__).parent / "solver_games" / "twins.yaml"

PLUGIN = '''
from framework import hookimpl
from framework.cards import RANK


class Sorter:
    """Declares the columns not interchangeable, every card of a rank alike, and (optionally) a key."""

    sees_only_rule_data = True  # for the rest, the rule data's defaults hold

    options_schema = {"type": "object", "properties": {"own_key": {"type": "boolean"}}, "additionalProperties": False}

    def __init__(self, game, options):
        self.own_key = options.get("own_key", False)

    @hookimpl
    def interchangeable_piles(self, game, group):
        return False if group == "tableau" else None

    @hookimpl
    def card_classes(self, game):
        return [RANK[card] for card in range(52)]

    @hookimpl
    def solver_key(self, state):
        if not self.own_key:
            return None
        return ("mine", tuple(map(tuple, state.piles)))
'''


@pytest.fixture
def sorted_twins(tmp_path, install_plugin):
    """Twins with the 'sorter' plugin, without and with its own key."""
    install_plugin("sorter", "sorter_plugin", PLUGIN, "Sorter")
    text = TWINS.read_text(encoding="utf-8")

    def load(own_key: bool) -> framework.Game:
        path = tmp_path / f"twins-{own_key}.yaml"
        path.write_text(text.replace("decks: 1\n", f"decks: 1\nplugins: [{{sorter: {{own_key: {str(own_key).lower()}}}}}]\n", 1))
        return framework.load_game(str(path))

    return load


def test_interchangeable_piles_keeps_the_columns_apart(sorted_twins):
    plain = framework.load_game(str(TWINS))
    game = sorted_twins(False)
    assert [group.start for group in interchangeable_groups(plain)] == [plain.groups["foundation"].piles.start, plain.groups["tableau"].piles.start]
    assert [group.start for group in interchangeable_groups(game)] == [game.groups["foundation"].piles.start]


def test_card_classes_makes_every_card_of_a_rank_alike(sorted_twins):
    classes = card_classes(sorted_twins(False))
    five_of_clubs, five_of_spades = framework.parse_card("5C"), framework.parse_card("5S")
    assert classes[five_of_spades] == classes[five_of_clubs] == five_of_clubs


def test_solver_key_is_used_and_falls_back_when_a_plugin_says_none(sorted_twins):
    own = sorted_twins(True)
    state = own.deal(1)
    assert key_function(own)(state) == ("mine", tuple(map(tuple, state.piles)))
    fallback = sorted_twins(False)
    assert isinstance(key_function(fallback)(fallback.deal(1)), bytes)


def test_the_hooks_keep_the_answers(sorted_twins):
    plain = framework.load_game(str(TWINS))
    for seed in range(1, 6):
        expected = solve(plain.deal(seed), Budget(nodes=50_000)).answer
        for own_key in (False, True):
            assert solve(sorted_twins(own_key).deal(seed), Budget(nodes=50_000)).answer == expected


def test_a_plugin_that_may_see_more_than_the_rule_data_keeps_every_card_and_pile_apart(tmp_path, install_plugin):
    install_plugin("suit-reader", "suit_reader", "from framework import hookimpl\n")
    path = tmp_path / "twins.yaml"
    path.write_text(TWINS.read_text(encoding="utf-8").replace("decks: 1\n", "decks: 1\nplugins: [suit-reader]\n", 1))
    game = framework.load_game(str(path))
    assert card_classes(game)[:52] == bytes(range(52)) and interchangeable_groups(game) == ()
    assert card_classes(framework.load_game(str(TWINS)))[framework.parse_card("5S")] == framework.parse_card("5C")


def test_built_in_plugins_leave_alike_cards_alike():
    game = framework.load_game("steeplechase")  # back-from-foundation sees only the rule data
    classes = card_classes(game)
    assert classes[framework.parse_card("5H")] == classes[framework.parse_card("5D")]
    assert classes[framework.parse_card("5H")] != classes[framework.parse_card("5S")]
