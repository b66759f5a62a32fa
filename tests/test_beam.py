"""Beam rounds: the score, wins that replay, never a verdict of loss, budgets kept; rounds given up early."""

from __future__ import annotations

import sys

from helpers import LOST_LADDER, TRICKLE_ENDGAME, exhaustive, replays_to_a_win, small_game, small_rules

import framework
from framework.solver import LOST, UNKNOWN, WON, Budget
from framework.solver.beam import Score
from framework.solver.search import BEAM_ROUNDS, Round, Search
from framework.testing import position

BEAMS = (Round(0, beam_width=2), Round(0, beam_width=8))


def test_the_score_counts_foundation_cards_buried_cards_breaks_and_empty_piles(steeplechase):
    trickle = small_game("trickle")
    # 4 cards up (+20); buried under a top card: the 8's Q (1) and five waste cards (5), -18.
    assert Score(trickle)(position(trickle, TRICKLE_ENDGAME)) == 2
    empty_column = dict(TRICKLE_ENDGAME, t1="", w="9H KH JH 5H TH 6H 7H")
    assert Score(trickle)(position(trickle, empty_column)) == 20 - 3 * 7 + 2
    # Ladder's columns move runs: 9 on 7, 5 on 9, 8 on 5, K on 8 and J on 6 are breaks.
    ladder = small_game("ladder")
    assert Score(ladder)(position(ladder, LOST_LADDER)) == 20 - 4 * 5
    # Klondike's 21 face-down cards count as breaks; the stock counts for nothing.
    assert Score(framework.load_game("klondike"))(framework.load_game("klondike").deal(1)) == -4 * 21

    start = steeplechase.deal(5)  # K♥ up; an obstacle of 13 cards and an empty waste; 8 one-card columns
    assert Score(steeplechase)(start) == 5 * 1 - 3 * 12
    state = start.copy()
    state.push(state.parse_move("t7 t2"))  # 9♦ onto 10♣, the column left empty
    assert Score(steeplechase)(state) == 5 * 1 - 3 * 12 + 2


def test_beams_win_only_deals_that_are_won_and_their_lines_replay():
    game = small_game("trickle")
    won = 0
    for seed in range(1, 13):
        start = game.deal(seed)
        result = Search(start, Budget(nodes=20_000), BEAMS).run()
        assert result.answer in (WON, UNKNOWN), f"deal {seed}"
        if result.answer == WON:
            assert exhaustive(start) == WON and replays_to_a_win(start, result.line), f"deal {seed}"
            won += 1
        else:
            assert result.stopped_by is None  # every beam ended: no budget ran out
    assert won >= 3


def test_a_beam_wins_a_deal_that_the_best_ranked_moves_alone_miss():
    start = small_game("trickle").deal(5)
    assert Search(start, Budget(), rounds=(Round(0),)).run().answer == UNKNOWN
    result = Search(start, Budget(), rounds=(Round(0, beam_width=1),)).run()
    assert result.answer == WON and replays_to_a_win(start, result.line)


def test_a_beam_never_proves_a_loss():
    start = small_game("trickle").deal(1)
    assert Search(start, Budget(), rounds=(Round(sys.maxsize),)).run().answer == LOST
    search = Search(start, Budget(), rounds=BEAMS)
    result = search.run()
    assert (result.answer, result.stopped_by, search.rounds) == (UNKNOWN, None, len(BEAMS))


def test_beams_keep_the_node_budget_exactly(steeplechase):
    for nodes in (1, 75, 2_500):
        result = Search(steeplechase.deal(5), Budget(nodes=nodes), BEAM_ROUNDS[3:]).run()
        assert (result.answer, result.nodes, result.stopped_by) == (UNKNOWN, nodes, "nodes")


def test_a_beam_stops_when_a_rival_decided_within_fewer_positions(steeplechase):
    class Rival:
        value = 40

    result = Search(steeplechase.deal(5), Budget(), BEAM_ROUNDS[3:], rival=Rival()).run()
    assert (result.answer, result.nodes, result.stopped_by) == (UNKNOWN, 41, "beaten")


def test_a_round_is_given_up_after_its_most_positions():
    start = small_game("trickle").deal(1)
    whole = Search(start, Budget(), rounds=(Round(sys.maxsize),)).run()
    assert whole.answer == LOST and whole.nodes > 5
    cut = Search(start, Budget(), rounds=(Round(sys.maxsize, most_positions=5),)).run()
    assert (cut.answer, cut.nodes, cut.stopped_by) == (UNKNOWN, 5, None)


def test_a_beam_ends_where_actions_can_repeat_for_ever(tmp_path):
    rules = small_rules("trickle")
    assert "    deals_to: waste\n" in rules
    path = tmp_path / "trickle-again.yaml"
    path.write_text(rules.replace("    deals_to: waste\n", "    deals_to: waste\n    redeals: unlimited\n"))
    game = framework.load_game(path)
    outcomes = set()
    for seed in range(1, 13):
        result = Search(game.deal(seed), Budget(nodes=50_000), BEAMS).run()
        assert result.stopped_by is None, f"deal {seed}"  # the beams ended themselves, far within the budget
        outcomes.add(result.answer)
    assert outcomes == {WON, UNKNOWN}


def test_where_the_start_offers_no_action_beams_and_the_rounds_given_up_for_them_are_left_out():
    ladder = small_game("ladder")  # no stock, no action: every position is an endgame
    search = Search(ladder.deal(1), Budget(), BEAM_ROUNDS)
    depth_first = tuple(round_ for round_ in BEAM_ROUNDS if not round_.beam_width and not round_.most_positions)
    assert search.schedule == depth_first
    assert search.schedule[:3] == (Round(0), Round(1), Round(2))
    trickle = small_game("trickle")
    assert Search(trickle.deal(1), Budget(), BEAM_ROUNDS).schedule == BEAM_ROUNDS
