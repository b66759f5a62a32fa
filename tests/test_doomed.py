"""Positions the solver calls lost at a glance: a card no card left can take onto the one foundation."""

from __future__ import annotations

import random

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


def golf(table: dict[str, list[str]], top: str, stock: tuple[str, ...] = ()) -> framework.State:
    """A Golf position: ``table`` on the columns, ``stock`` (its next card last), every other card on the
    foundation with ``top`` last."""
    game = framework.load_game("golf")
    data = game.deal(1).to_json()
    placed = {card for cards in table.values() for card in cards} | set(stock)
    rest = [card_text(card) for card in full_deck(1)]
    data["piles"] = {name: table.get(name, []) for name in game.pile_names}
    data["piles"]["s"] = list(stock)
    data["piles"]["f"] = [card for card in rest if card not in placed and card != top] + [top]
    data["seed"] = None
    return game.state_from_json(data)


def test_golf_table_cards_that_no_run_left_can_hold_are_lost():
    # 4 and 6 both fit the 5, but after one goes the other fits nothing left: no run can hold both
    two_even = golf({"t1": ["4D"], "t2": ["6H"]}, top="5C")
    assert Doom.of(two_even.game).lost(two_even)
    assert sorted(two_even.move_text(move) for move in two_even.legal_moves()) == ["t1 f", "t2 f"]
    for move in two_even.legal_moves():  # the kernel agrees: either way, the other card is stuck
        two_even.push(move)
        assert two_even.legal_moves() == () and not two_even.is_won()
        two_even.pop()
    # one run goes 5, 4, 3
    assert not Doom.of(two_even.game).lost(golf({"t1": ["4D"], "t2": ["3H"]}, top="5C"))
    # a stock card starts a second run: 5, 4, then 7 from the stock, 6
    assert not Doom.of(two_even.game).lost(golf({"t1": ["4D"], "t2": ["6H"]}, top="5C", stock=("7S",)))
    # three cards of S = {4, 6, 8} and two runs, each starting next to S (5 and 7): one is left over
    assert Doom.of(two_even.game).lost(golf({"t1": ["4D"], "t2": ["6H"], "t3": ["8S"]}, top="5C", stock=("7S",)))
    # two sevens in one run need a 6 or an 8 before each: with a 6 alone, the second 7 is stuck
    sevens = golf({"t1": ["7D", "7H"], "t2": ["6S"]}, top="5C")
    assert Doom.of(sevens.game).lost(sevens)
    # with an 8 as well the run 5, 6, 7, 8, 7 wins
    assert not Doom.of(sevens.game).lost(golf({"t1": ["7D", "7H"], "t2": ["6S"], "t3": ["8C"]}, top="5C"))


def test_black_hole_counts_around_the_corner_from_king_to_ace():
    # three 7s and one 6: the 7s need a 6 or an 8 between each two of them, and there is one run (no stock)
    sevens = black_hole({"t1": ["7D"], "t2": ["7H"], "t3": ["6S", "7S"]}, top="8C")
    assert Doom.of(sevens.game).lost(sevens)
    # two kings and one ace, after a queen: Q, K, A, K wins; after a 5, one king is left over (ace and queen
    # are the king's neighbours only because the ranks turn the corner)
    kings = {"t1": ["KS"], "t2": ["AD", "KH"]}
    assert not Doom.of(sevens.game).lost(black_hole(kings, top="QC"))
    assert Doom.of(sevens.game).lost(black_hole(kings, top="5C"))


def test_only_foundations_whose_cards_fit_along_lines_or_rings_are_counted(tmp_path):
    assert Doom.of(framework.load_game("golf")).lines == ((bytes(range(13)), False),)  # A-2-...-K, a line
    assert Doom.of(framework.load_game("black-hole")).lines == ((bytes(range(13)), True),)  # K to A: a ring
    path = tmp_path / "black-hole-any-rank.yaml"  # any rank on any rank: every class is next to every other
    path.write_text(find_rule_file("black-hole").read_text(encoding="utf-8").replace(
        "build: {direction: either, suit: any suit, wrap: true}", "build: {direction: any, suit: any suit}", 1),
        encoding="utf-8")
    assert Doom.of(framework.load_game(str(path))).lines is None


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
    state = black_hole({"t1": ["7H"]}, top="8D")  # every other 6 and 8 in the hole: the top takes the 7
    assert not Doom.of(state.game).lost(state)
    # but only one of 7 and 9: after either, the other fits nothing left (the count, below, sees it)
    assert Doom.of(state.game).lost(black_hole({"t1": ["7H"], "t2": ["9C"]}, top="8D"))


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


def test_golf_positions_the_count_calls_lost_cannot_be_won_by_any_line():
    game = framework.load_game("golf")
    doom = Doom.of(game)
    chance = random.Random(3)
    confirmed = 0
    for seed in range(1, 9):  # random play from each deal, until a late position (4 stock cards left at most)
        state = game.deal(seed)  # is called lost; then every line from it is tried
        while moves := state.legal_moves():
            state.push(chance.choice(moves))
            if len(state.piles[game.pile_index("s")]) <= 4 and doom.lost(state):
                confirmed += 1
                assert not _winnable(state.copy(stack=False), set()), state.to_json()
                break
    assert confirmed >= 5


def _winnable(state: framework.State, lost: set[tuple[object, ...]]) -> bool:
    """Whether some line of legal moves wins from ``state``: every move tried, depth first (``lost``: the
    positions found lost so far)."""
    if state.is_won():
        return True
    for move in state.legal_moves():
        state.push(move)
        won = state.position_key() not in lost and _winnable(state, lost)
        state.pop()
        if won:
            return True
    lost.add(state.position_key())
    return False
