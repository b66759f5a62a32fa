"""What the solver merges in a game with plugins: alike cards and interchangeable piles, only where every plugin
declares that it sees cards and piles through the rule data alone (``sees_only_rule_data``)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import GAMES

import framework
from framework.solver import Budget, solve
from framework.solver.canonical import card_classes, interchangeable_groups, key_function, sink_piles

TWINS = GAMES / "twins.yaml"


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



def test_piles_gathered_up_in_their_order_are_keyed_in_their_order():
    # Relaxed Cruel's gather picks its piles up in order and deals them again in fours: two positions with two
    # piles exchanged deal different piles. Merged, the search cut its line short through such a position, and
    # deal 157's line did not replay.
    game = framework.load_game("relaxed-cruel")
    tableau = game.groups["tableau"].piles
    assert all(group != tableau for group in interchangeable_groups(game))
    data = game.deal(157).to_json()
    data["seed"] = None  # (positions of their own, not reached from the deal)
    swapped = dict(data, piles=dict(data["piles"], t1=data["piles"]["t2"], t2=data["piles"]["t1"]))
    key = key_function(game)
    assert key(game.state_from_json(data)) != key(game.state_from_json(swapped))
    result = solve(game.deal(157), Budget(nodes=20_000))
    assert result.answer == "won"
    replay = game.deal(157)
    for move in result.line:
        replay.push(replay.parse_move(move))
    assert replay.is_won()

def golf_position(foundation: list[str], fifth: tuple[str, ...] = ("8D", "KD", "2C")) -> framework.State:
    """A Golf position: ``foundation`` (bottom first) on the foundation, the table of deal 1 less those cards."""
    game = framework.load_game("golf")
    data = game.deal(1).to_json()
    data["piles"]["t5"] = list(fifth)
    data["piles"]["t6"] = ["5S", "3C", "AD", "TD"]
    data["piles"]["f"] = foundation
    data["seed"] = None  # (a position of its own, not one reached from the deal)
    return game.state_from_json(data)


def test_a_pile_no_card_leaves_is_keyed_by_its_top_card_and_its_count():
    game = framework.load_game("golf")
    assert [game.pile_names[pile] for pile in sink_piles(game)] == ["f"]
    key = key_function(game)
    one, other = golf_position(["KS", "AS", "JS", "5C"]), golf_position(["KS", "JS", "AS", "5C"])
    assert one.piles != other.piles and key(one) == key(other)
    assert one.legal_moves() == other.legal_moves()
    assert [one.move_text(move) for move in one.legal_moves()] == ["t2 f", "t3 f", "d"]
    for move in one.legal_moves():
        one.push(move)
        other.push(move)
        assert key(one) == key(other)
        one.pop()
        other.pop()
    assert key(golf_position(["KS", "JS", "5C", "AS"])) != key(one)  # another top card
    assert key(golf_position(["KS", "JS", "5C"], ("8D", "KD", "2C", "AS"))) != key(one)  # fewer cards


def test_piles_cards_leave_or_a_plugin_plays_on_are_keyed_in_full(tmp_path, install_plugin):
    assert sink_piles(framework.load_game("klondike")) == ()  # its foundations give cards back to the table
    assert sink_piles(framework.load_game("steeplechase")) == ()  # back-from-foundation plays from foundations
    install_plugin("mover", "mover", "from framework import hookimpl\nsees_only_rule_data = True\n"
                   "@hookimpl\ndef legal_moves(state):\n    return []\n")
    assert sink_piles(twins_with(tmp_path, "mover")) == ()
    assert sink_piles(framework.load_game(str(TWINS)))  # without the plugin, its foundation is one


def test_golf_deals_are_proven_lost_in_full_once_the_order_on_the_foundation_is_merged():
    game = framework.load_game("golf")
    lost = solve(game.deal(5), Budget(nodes=200_000))
    assert lost.answer == "lost"
    won = solve(game.deal(3), Budget(nodes=200_000))
    assert won.answer == "won" and won.line


@pytest.mark.parametrize("game_id", ["klondike", "golf", "blockade", "steeplechase", "spider", "la-belle-lucie",
                                     "pyramid", "montana"])
def test_a_key_made_from_the_position_before_is_the_key_made_afresh(game_id):
    """The search keys each position from the key's parts of the one before and the piles the move changed:
    turned-up cards, sets that leave, gathering, pairs, plugins' actions and sinks included."""
    game = framework.load_game(game_id)
    keys = key_function(game)
    rng = random.Random(game_id)
    for seed in (1, 2):
        state = game.deal(seed)
        parts = keys.parts(state)
        for _ in range(80):
            moves = state.legal_moves()
            if not moves:
                break
            state.push(rng.choice(moves))
            parts = keys.after(parts, state)
            assert keys.join(parts, state) == keys(state), f"{game_id} seed {seed}: {state.move_text(state.move_stack[-1])}"
