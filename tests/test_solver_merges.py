"""What the solver merges in a game with plugins: alike cards and interchangeable piles, only where every plugin
declares that it sees cards and piles through the rule data alone (``sees_only_rule_data``)."""

from __future__ import annotations

from pathlib import Path

import framework
from framework.solver import Budget, solve
from framework.solver.canonical import card_classes, interchangeable_groups

TWINS = Path(__file__).parent / "solver_games" / "twins.yaml"


def twins_with(tmp_path: Path, plugin: str) -> framework.Game:
    path = tmp_path / f"twins-{plugin}.yaml"
    path.write_text(TWINS.read_text(encoding="utf-8").replace("decks: 1\n", f"decks: 1\nplugins: [{plugin}]\n", 1))
    return framework.load_game(str(path))


def test_a_plugin_that_may_see_more_than_the_rule_data_keeps_every_card_and_pile_apart(tmp_path, install_plugin):
    install_plugin("suit-reader", "suit_reader", "from framework import hookimpl\n")
    game = twins_with(tmp_path, "suit-reader")
    assert card_classes(game)[:52] == bytes(range(52)) and interchangeable_groups(game) == ()
    assert card_classes(framework.load_game(str(TWINS)))[framework.parse_card("5S")] == framework.parse_card("5C")


def test_a_plugin_that_sees_only_the_rule_data_keeps_the_merges_and_the_answers(tmp_path, install_plugin):
    install_plugin("data-reader", "data_reader", "from framework import hookimpl\nsees_only_rule_data = True\n")
    plain = framework.load_game(str(TWINS))
    game = twins_with(tmp_path, "data-reader")
    assert card_classes(game) == card_classes(plain)
    assert [group.start for group in interchangeable_groups(game)] == [group.start for group in interchangeable_groups(plain)]
    for seed in range(1, 4):
        assert solve(game.deal(seed), Budget(nodes=50_000)).answer == solve(plain.deal(seed), Budget(nodes=50_000)).answer


def test_built_in_plugins_leave_alike_cards_alike():
    game = framework.load_game("steeplechase")  # back-from-foundation sees only the rule data
    classes = card_classes(game)
    assert classes[framework.parse_card("5H")] == classes[framework.parse_card("5D")]
    assert classes[framework.parse_card("5H")] != classes[framework.parse_card("5S")]
