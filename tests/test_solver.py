"""The solver: answers checked against an exhaustive search, winning lines replayed, budgets kept."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest
from helpers import LOST_LADDER, TRICKLE_ENDGAME, exhaustive, replays_to_a_win, small_game

import framework
from framework.cards import parse_card
from framework.safety import safe_moves
from framework.solver import LOST, UNKNOWN, WON, Budget, solve
from framework.solver.canonical import card_classes, interchangeable_groups, key_function
from framework.solver.forced import ForcedMoves
from framework.solver.hint import ALREADY_WON, HEURISTIC, HOPELESS, NO_MOVE, SOLUTION, hint
from framework.solver.search import ROUNDS, Round, Search
from framework.testing import position


@pytest.mark.parametrize("name", ["ladder", "seesaw", "trickle", "twins"])
def test_answers_agree_with_an_exhaustive_search(name):
    game = small_game(name)
    answers = set()
    for seed in range(1, 13):
        start = game.deal(seed)
        result = solve(start, Budget(nodes=100_000))
        assert result.answer == exhaustive(start), f"{name} deal {seed}"
        if result.answer == WON:
            assert replays_to_a_win(start, result.line), f"{name} deal {seed}"
        answers.add(result.answer)
    assert answers == {WON, LOST}, f"{name}: the deals should test both answers"


def test_one_move_from_a_win(steeplechase):
    # Foundations from the base rank 7: four begin red, four black, each alternating colours.
    ranks = "789TJQKA23456"
    foundations = {}
    for index in range(8):
        starts_red = index < 4
        suits = [("HD" if starts_red == (step % 2 == 0) else "CS")[index % 2] for step in range(13)]
        foundations[f"f{index + 1}"] = " ".join(rank + suit for rank, suit in zip(ranks, suits))
    last = foundations["f8"].split()[-1]
    foundations["f8"] = foundations["f8"].rsplit(" ", 1)[0]
    state = position(steeplechase, {**foundations, "t1": last}, rest="s", base_rank=7)
    result = solve(state, Budget(nodes=100))
    assert result.answer == WON
    assert result.line == ("t1 f8",)
    assert result.nodes == 1


def test_a_won_position_needs_no_move():
    game = small_game("ladder")
    state = position(game, {"f": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"})
    result = solve(state)
    assert result.answer == WON and result.line == () and result.nodes == 0


#: A Ladder position with moves but no win: the 5 is buried under the 8 and the K for good.


def test_a_provably_lost_position():
    game = small_game("ladder")
    state = position(game, LOST_LADDER)
    assert len(state.legal_moves()) == 3 and exhaustive(state) == LOST
    result = solve(state, Budget(nodes=10_000))
    assert result.answer == LOST and result.line == () and result.stopped_by is None


def test_a_cycle_does_not_trap_the_search():
    game = small_game("seesaw")
    state = position(game, {"f": "AS 2S 3S", "t1": "JS 9S", "t2": "KS QS", "t3": "8S 5S 7S TS 6S 4S"})
    assert {state.move_text(move) for move in state.legal_moves()} == {"t3 f", "f t3"}
    start = state.position_key()
    state.push(state.parse_move("f t3"))  # the 3 comes down onto the 4 ...
    state.push(state.parse_move("t3 f"))  # ... and goes back up: the same position again
    assert state.position_key() == start
    result = solve(state, Budget(nodes=1_000))
    assert result.answer == LOST and result.nodes < 50


#: A Trickle endgame (the stock spent): won only by laying the 7 on the 8 first, then the waste's 6 on the 7.


def test_an_endgame_round_searches_an_endgame_in_full():
    game = small_game("trickle")
    state = position(game, TRICKLE_ENDGAME)
    assert not state.piles[game.pile_names.index("s")]
    # The best-ranked moves alone miss the win: a round of allowance 0 gives up without a verdict ...
    assert Search(state, Budget(), rounds=(Round(0),)).run().answer == UNKNOWN
    # ... a round of allowance 0 that searches endgames in full finds it ...
    result = Search(state, Budget(), rounds=(Round(0, endgame_positions=100),)).run()
    assert result.answer == WON and replays_to_a_win(state, result.line)
    # ... and the solver's own rounds find it in the first round, which is such a round.
    search = Search(state, Budget())
    assert search.run().answer == WON and search.rounds == 1
    assert ROUNDS[0].allowance == 0 and ROUNDS[0].endgame_positions


def test_an_endgame_round_gives_up_an_endgame_larger_than_its_limit_without_a_verdict():
    state = position(small_game("trickle"), TRICKLE_ENDGAME)
    result = Search(state, Budget(), rounds=(Round(0, endgame_positions=3),)).run()
    assert result.answer == UNKNOWN and result.nodes == 3


def test_an_endgame_round_proves_a_lost_endgame():
    state = position(small_game("ladder"), LOST_LADDER)  # Ladder has no stock: every position is an endgame
    assert Search(state, Budget(), rounds=(Round(0, endgame_positions=1_000),)).run().answer == LOST
    assert Search(state, Budget(), rounds=(Round(0),)).run().answer == UNKNOWN


def test_a_round_without_limit_expands_each_position_once():
    # Charged for its detours, a round without limit entered a position again from every path that reached it
    # with fewer detours: in Microsoft FreeCell deal 11982, 2,003,049 expansions of 52,019 positions in 300 s.
    state = framework.load_game("freecell").deal("ms:11982")
    result = Search(state, Budget(nodes=3_000), rounds=(Round(sys.maxsize),)).run()
    assert result.nodes == 3_000 and result.positions >= result.nodes


def test_the_node_budget_is_kept_exactly(steeplechase):
    for nodes in (1, 7, 300):
        result = solve(steeplechase.deal(1), Budget(nodes=nodes))
        assert (result.answer, result.nodes, result.stopped_by) == (UNKNOWN, nodes, "nodes")


def test_the_memory_budget_stops_the_search(steeplechase):
    result = solve(steeplechase.deal(1), Budget(memory_mb=0.05))
    assert result.answer == UNKNOWN and result.stopped_by == "memory"


def test_the_same_budget_gives_the_same_answer(steeplechase):
    first = solve(steeplechase.deal(3), Budget(nodes=3_000))
    again = solve(steeplechase.deal(3), Budget(nodes=3_000))
    assert (first.answer, first.line, first.nodes) == (again.answer, again.line, again.nodes)


def test_the_start_position_is_left_alone(steeplechase):
    state = steeplechase.deal(3)
    state.push(state.legal_moves()[0])
    before = state.to_json()
    solve(state, Budget(nodes=500))
    assert state.to_json() == before


# --- forced moves --------------------------------------------------------------------------


def forced(state: framework.State) -> str | None:
    """The text of the move the solver would play in ``state`` without branching, if any."""
    move = ForcedMoves(state.game).move(state)
    return None if move is None else state.move_text(move)


def test_a_safe_move_is_forced_only_when_nothing_else_could_want_the_place(tmp_path):
    # Forty Thieves as it would be if its foundation cards stayed (two decks, so no card is ever settled where
    # they may come back: see the next test).
    rules = (Path(__file__).parent.parent / "rules" / "forty-thieves.yaml").read_text(encoding="utf-8")
    kept = rules.replace("    pick: top card\n    moves_to: [tableau]\n    when_empty: {accepts: A}\n",
                         "    when_empty: {accepts: A}\n", 1)
    assert kept != rules
    (tmp_path / "kept-thieves.yaml").write_text(kept, encoding="utf-8")
    thieves = framework.load_game(tmp_path / "kept-thieves.yaml")
    # Both aces of hearts are up, so nothing will ever be built on the 2H: safe by framework.safety.
    open_choice = position(thieves, {"f1": "AH", "f2": "AH", "t1": "2H"}, rest="s")
    assert [open_choice.move_text(move) for move in safe_moves(open_choice)] == ["t1 f1"]
    assert forced(open_choice) is None  # f1 or f2, and the other 2H (in the stock) wants the other one
    only_place = position(thieves, {"f1": "AH", "f2": "AH 2H", "t1": "2H"}, rest="s")
    assert forced(only_place) == "t1 f1"
    # Forty Thieves itself lets a foundation card come back, as PySolFC does; with two of each card the
    # settled-cards argument does not hold, so no move is forced there.
    real = framework.load_game("forty-thieves")
    assert forced(position(real, {"f1": "AH", "f2": "AH 2H", "t1": "2H"}, rest="s")) is None


def test_where_foundation_cards_come_back_a_move_is_forced_only_onto_settled_cards():
    klondike = framework.load_game("klondike")  # a foundation's top card may come back to a column
    # Nothing can be built on the 3H off the foundations, but the 2C it needs settled may come back for the AD.
    up = {"f1": "AH 2H", "f2": "AC 2C", "f3": "AS 2S", "t1": "3H"}
    state = position(klondike, up, rest="s")
    assert [state.move_text(move) for move in safe_moves(state)] == ["t1 f1"] and forced(state) is None
    state = position(klondike, {**up, "f4": "AD"}, rest="s")  # now every card the 3H rests on is settled
    assert forced(state) == "t1 f1"


def test_no_move_is_forced_where_plugins_change_the_rules(steeplechase):
    for game in (steeplechase, framework.load_game("blockade")):
        for seed in range(1, 4):
            deal = game.deal(seed)
            assert forced(deal) is None


# --- the canonical key ----------------------------------------------------------------------


def test_interchangeable_piles_and_alike_cards_share_a_key(steeplechase):
    key = key_function(steeplechase)
    state = steeplechase.deal(2)
    other = state.copy(stack=False)
    t1, t5 = steeplechase.pile_index("t1"), steeplechase.pile_index("t5")
    other.piles[t1], other.piles[t5] = other.piles[t5], other.piles[t1]
    assert key(other) == key(state) and other.position_key() != state.position_key()
    # Steeplechase builds by colour only: a heart and a diamond of one rank are alike.
    heart, diamond = parse_card("5H"), parse_card("5D")
    swapped = state.copy(stack=False)
    swapped.piles = [[{heart: diamond, diamond: heart}.get(card, card) for card in pile] for pile in state.piles]
    assert key(swapped) == key(state)
    club = parse_card("5C")
    recoloured = state.copy(stack=False)
    recoloured.piles = [[{heart: club, club: heart}.get(card, card) for card in pile] for pile in state.piles]
    assert key(recoloured) != key(state)


def test_several_actions_are_ordered_by_the_cards_they_let_go_to_a_foundation():
    from framework import testing
    from framework.solver.ordering import MoveOrder

    game = framework.load_game("blockade")
    rows = ["2C 2C 2D 2D 2H 2H 2S 2S 3C 3C", "AD 3D 3H 3S 3C 3D 3H 3S 4C 4D",
            "AH 4S 4C 4D 4H 4S 5C 5D 5H 6C", "6D 6H 6S 7C 7D 7H 7S 8C 8D 8H"]
    cells = {f"g{row * 10 + column + 1}": card for row, line in enumerate(rows) for column, card in enumerate(line.split())}
    state = testing.position(game, cells, grid_rows=4)
    # The stock is spent and nothing can be played: the only moves are the release of any of the 40 cards.
    assert [state.move_text(move) for move in state.legal_moves()][:2] == ["release g1", "release g2"]
    ordered = [state.move_text(move) for move in MoveOrder(game, interchangeable_groups(game)).order(state, state.legal_moves())]
    # Setting aside the AD (or the AH) lets it go up and opens its column to the other ace: two cards
    # for the foundations; g1 or g31 reaches only one ace; any other cell, none.
    assert ordered[:2] == ["release g11", "release g21"]
    assert ordered[2:4] == ["release g1", "release g31"]
    assert sorted(ordered) == sorted(state.move_text(move) for move in state.legal_moves())


def test_a_move_that_only_shifts_cards_costs_the_search_two_units_of_allowance(steeplechase):
    from framework.solver.ordering import MoveOrder

    state = position(steeplechase, {"f1": "7C", "t1": "9S 8H", "t2": "9C", "t3": "QD 5S", "w": "6D"}, rest="s", base_rank=7)
    order = MoveOrder(steeplechase, interchangeable_groups(steeplechase))
    detours = {state.move_text(move): order.detour(state, move) for move in state.legal_moves()}
    # The 8H lies on the 9S by the build rule: moving it alone, onto the 9C or an empty column, only shifts it.
    shifts = {"t1 t2", "t1 t4", "t1 t5", "t1 t6", "t1 t7", "t1 t8"}
    assert {text for text, detour in detours.items() if detour == 2} == shifts
    # Everything else costs one: the 8H up (t1 f1), the whole run (t1 t4 2, emptying t1), the 5S off
    # the QD it does not fit (t3 t4), the 9C off t2, the waste card, the stock, the 7C back down.
    assert {"t1 f1", "t1 t4 2", "t3 t4", "t2 t4", "w t4", "d", "f1 t1"} <= {text for text, detour in detours.items() if detour == 1}
    assert set(detours.values()) == {1, 2}


def test_places_in_a_grid_and_suited_piles_are_not_interchangeable():
    blockade = framework.load_game("blockade")
    assert interchangeable_groups(blockade) == ()  # the grid, and foundations with a suit each
    classes = card_classes(blockade)
    assert len(set(classes[:52])) == 52  # building by suit tells every card apart
    steeplechase = framework.load_game("steeplechase")
    names = {steeplechase.pile_names[group.start] for group in interchangeable_groups(steeplechase)}
    assert names == {"f1", "t1"}


@pytest.mark.parametrize("game_id", ["scorpion", "spider"])
def test_columns_a_stock_deals_onto_in_their_order_are_not_interchangeable(game_id):
    game = framework.load_game(game_id)
    assert {game.pile_names[group.start] for group in interchangeable_groups(game)} == {"f1"}
    # Deal 3 with its first and sixth columns swapped is another position to the solver...
    key = key_function(game)
    state = game.deal(3)
    swapped = state.copy(stack=False)
    first, sixth = game.pile_index("t1"), game.pile_index("t6")
    for places in (swapped.piles, swapped.face_down):
        places[first], places[sixth] = places[sixth], places[first]
    assert key(swapped) != key(state)
    # ...and rightly: the stock's next cards land on other cards, so the columns differ after the deal.
    deal = next(move for move in state.legal_moves() if move.action == "deal")
    for one in (state, swapped):
        one.push(deal)
    columns = game.groups["tableau"].piles
    assert sorted(tuple(swapped.piles[pile]) for pile in columns) != sorted(tuple(state.piles[pile]) for pile in columns)


@pytest.mark.parametrize("game_id", ["scorpion", "spider"])
def test_once_the_stock_is_dealt_out_the_columns_are_interchangeable(game_id):
    game = framework.load_game(game_id)
    key = key_function(game)
    state = game.deal(3)
    while state.piles[game.pile_index("s")]:
        state.push(next(move for move in state.legal_moves() if move.action == "deal"))
    swapped = state.copy(stack=False)
    first, sixth = game.pile_index("t1"), game.pile_index("t6")
    for places in (swapped.piles, swapped.face_down):
        places[first], places[sixth] = places[sixth], places[first]
    assert key(swapped) == key(state) and swapped.position_key() != state.position_key()


def test_columns_a_last_deal_lays_cards_on_are_interchangeable_only_once_it_is_made():
    # Algerian Patience's stock deals onto the reserves, but its last eight cards onto the columns in their order
    game = framework.load_game("algerian-patience")
    key = key_function(game)
    state = game.deal(3)
    first, sixth = game.pile_index("t1"), game.pile_index("t6")
    while True:
        swapped = state.copy(stack=False)
        swapped.piles[first], swapped.piles[sixth] = swapped.piles[sixth], swapped.piles[first]
        assert (key(swapped) == key(state)) == (not state.piles[game.pile_index("s")])
        if not state.piles[game.pile_index("s")]:
            break
        state.push(next(move for move in state.legal_moves() if move.action == "deal"))


# --- hints ----------------------------------------------------------------------------------


def test_hint_gives_the_next_move_of_a_solution():
    game = small_game("ladder")
    state = position(game, {"f": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "t1": "KS", "t2": "QS"})
    move, how, line = hint(state, seconds=5)
    assert (state.move_text(move), how, [state.move_text(step) for step in line]) == ("t2 f", SOLUTION, ["t2 f", "t1 f"])
    assert len(state.move_stack) == 0  # the state is left alone


def test_hint_without_a_solution():
    game = small_game("ladder")
    lost = position(game, LOST_LADDER)
    move, how, line = hint(lost, seconds=5)
    assert how == HOPELESS and move in lost.legal_moves() and line == ()
    steeplechase = framework.load_game("steeplechase")
    deal = steeplechase.deal(1)
    move, how, line = hint(deal, seconds=60, nodes=5)
    assert how == HEURISTIC and move in deal.legal_moves() and line == ()


def test_hint_when_nothing_is_left_to_do():
    game = small_game("ladder")
    won = position(game, {"f": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"})
    assert hint(won) == (None, ALREADY_WON, ())
    stuck = position(game, {"f": "AS 2S 3S 4S", "t1": "5S 9S", "t2": "6S JS", "t3": "7S 8S QS TS KS"})
    assert stuck.legal_moves() == () and hint(stuck) == (None, NO_MOVE, ())


def positions_after(state: framework.State, texts: list[str]) -> list[bytes]:
    """The canonical keys of the positions each move of ``texts`` leads to from ``state``, one at a time."""
    key = key_function(state.game)
    keys = []
    for text in texts:
        state.push(state.parse_move(text))
        keys.append(key(state))
        state.pop()
    return keys


def test_a_line_passes_through_no_position_to_avoid():
    game = small_game("ladder")
    deal = game.deal(11)
    key = key_function(game)
    first = solve(deal, Budget(nodes=10_000))
    on_it = deal.copy(stack=False)
    for move in first.moves[:6]:
        on_it.push(move)
    avoid = [key(on_it)]  # a position the first line passes through
    result = solve(deal, Budget(nodes=10_000), avoid=avoid)
    assert result.answer == WON and replays_to_a_win(deal, result.line) and result.line != first.line
    replay = deal.copy(stack=False)
    for move in result.moves:
        replay.push(move)
        assert key(replay) not in avoid
    assert hint(deal, nodes=10_000, avoid=avoid) == (result.moves[0], SOLUTION, result.moves)


def test_with_every_move_to_avoid_there_is_no_line_and_no_hint():
    game = small_game("ladder")
    state = position(game, {"f": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS", "t1": "KS", "t2": "QS"})
    avoid = positions_after(state, [state.move_text(move) for move in state.legal_moves()])
    assert solve(state, Budget(nodes=1000), avoid=avoid).answer == LOST  # no line wins without passing one
    assert hint(state, nodes=1000, avoid=avoid) == (None, HOPELESS, ())


def test_without_a_line_the_hint_is_the_first_move_that_goes_somewhere_new():
    steeplechase = framework.load_game("steeplechase")
    deal = steeplechase.deal(1)
    first, how, _ = hint(deal, seconds=60, nodes=5)
    assert how == HEURISTIC
    second, how, _ = hint(deal, seconds=60, nodes=5, avoid=positions_after(deal, [deal.move_text(first)]))
    assert how == HEURISTIC and second != first and second in deal.legal_moves()
    every = positions_after(deal, [deal.move_text(move) for move in deal.legal_moves()])
    assert hint(deal, seconds=60, nodes=5, avoid=every) == (None, HOPELESS, ())  # lost, if only by going back


@pytest.mark.parametrize("game_id, seed", [("freecell", 6), ("steeplechase", 5), ("blockade", 3), ("montana", 1)])
def test_a_search_leaves_no_reference_cycles_behind(game_id, seed):
    # The search pauses the cycle collector (Search.run) on the ground that it makes no cycles to collect.
    game = framework.load_game(game_id)
    deal = game.deal(seed)
    gc.collect()
    gc.disable()
    try:
        result = solve(deal, Budget(nodes=3000))
        assert result.nodes > 0
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("collecting", [True, False])
def test_a_search_leaves_the_cycle_collector_as_it_found_it(collecting):
    deal = framework.load_game("freecell").deal(6)
    if not collecting:
        gc.disable()
    try:
        for budget in (Budget(nodes=500), Budget(nodes=100_000, seconds=0.0)):  # stopped by positions, and by time
            solve(deal, budget)
            assert gc.isenabled() is collecting
    finally:
        gc.enable()
