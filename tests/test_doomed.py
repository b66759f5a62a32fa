"""Positions the solver calls lost at a glance: a card no card left can take onto the one foundation."""

from __future__ import annotations

import framework
from framework.cards import card_text, full_deck
from framework.rulefiles import find_rule_file
from framework.solver import Budget, solve
from framework.solver.doomed import Doom


def black_hole(table: dict[str, list[str]], top: str = "2C") -> framework.State:
    """A Black Hole position: ``table`` on the fans, every other card in the hole with ``top`` last."""
    game = framework.load_game("black-hole")
    data = game.deal(1).to_json()
    on_table = {card for cards in table.values() for card in cards}
    rest = [card_text(card) for card in full_deck(1)]
    data["piles"] = {name: table.get(name, []) for name in game.pile_names}
    data["piles"]["h"] = [card for card in rest if card not in on_table and card != top] + [top]
    data["seed"] = None
    return game.state_from_json(data)


def test_a_card_whose_neighbours_are_all_in_the_hole_below_its_top_is_lost():
    state = black_hole({"t1": ["7H"]})
    assert Doom.of(state.game).lost(state)
    assert state.legal_moves() == ()  # here the kernel agrees: nothing to play


def test_a_card_with_a_neighbour_still_to_come_is_not_lost_yet():
    state = black_hole({"t1": ["7H"], "t2": ["8S"]})
    assert not Doom.of(state.game).lost(state)
    assert [state.move_text(move) for move in state.legal_moves()] == []  # (2C on top: neither goes now)


def test_a_neighbour_under_the_card_in_its_own_fan_does_not_count():
    buried = black_hole({"t1": ["8S", "7H"], "t2": ["3D"]})
    assert Doom.of(buried.game).lost(buried)
    assert [buried.move_text(move) for move in buried.legal_moves()] == ["t2 h"]  # a move, but no way out
    beside = black_hole({"t1": ["7H"], "t2": ["3D", "8S"]})
    assert not Doom.of(beside.game).lost(beside)


def test_the_top_of_the_foundation_takes_the_card():
    state = black_hole({"t1": ["7H"], "t2": ["9C"]}, top="8D")
    assert not Doom.of(state.game).lost(state)


def test_only_games_whose_every_card_must_fit_one_foundation_are_checked(tmp_path, install_plugin):
    assert Doom.of(framework.load_game("golf")) is not None
    assert Doom.of(framework.load_game("klondike")) is None  # eight foundations
    path = tmp_path / "black-hole-plus.yaml"
    path.write_text(find_rule_file("black-hole").read_text(encoding="utf-8")
                    .replace("groups:", "plugins: [mover]\ngroups:", 1), encoding="utf-8")
    install_plugin("mover", "mover", "from framework import hookimpl\nsees_only_rule_data = True\n"
                   "@hookimpl\ndef legal_moves(state):\n    return []\n")
    assert Doom.of(framework.load_game(str(path))) is None  # a plugin with a rule hook could play otherwise


def test_golf_deals_are_proven_lost_within_a_small_budget():
    game = framework.load_game("golf")
    assert [solve(game.deal(seed), Budget(nodes=60_000)).answer for seed in (1, 5)] == ["lost", "lost"]
