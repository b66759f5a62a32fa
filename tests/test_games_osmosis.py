"""The Osmosis games (PySolFC's pysollib/games/osmosis.py): foundations in suit, regardless of rank, each of which
takes a rank only once the foundation before it holds it (``ranks_of_pile_before``). Each test builds a position by
hand and states the exact set of legal moves (the moves that must not be legal are named in a comment)."""

from __future__ import annotations

import pytest
from helpers import build, cards_of

import framework
from framework import IllegalMoveError
from framework.solver.canonical import Keys, interchangeable_groups, sink_piles
from framework.testing import legal_texts


@pytest.mark.parametrize(("game_id", "down"), [("osmosis", 3), ("peek", 0)])
def test_osmosis_and_peek_deal_four_reserves_of_four_and_the_first_foundation_card(game_id, down):
    state = framework.load_game(game_id).deal(1)
    reserves = state.game.groups["reserve"].piles
    assert [len(state.piles[pile]) for pile in reserves] == [4] * 4
    assert [state.face_down[pile] for pile in reserves] == [down] * 4
    assert [len(cards_of(state, f"f{n}").split()) for n in range(1, 5)] == [1, 0, 0, 0]
    assert len(state.piles[state.game.pile_index("s")]) == 35


def test_osmosis_foundations_take_only_the_ranks_the_foundation_above_holds():
    state = build("osmosis", {"f1": "5H 9H KH", "f2": "5C", "r1": "9C", "r2": "7C", "r3": "5D", "r4": "KS",
                              "w": "2H", "s": "3C 4C 6C"})
    # 9C onto the clubs (f1 holds a 9); 5D starts the third foundation (the rank f2 started with); 2H onto the
    # hearts. Not 'r2 f2' (no 7 on f1), not 'r4 f3' (an empty foundation takes only f2's first rank, 5),
    # not 'r3 f4' (f3 holds nothing yet), not 'r4 f1' (KS is not a heart).
    assert legal_texts(state) == {"r1 f2", "r3 f3", "w f1", "d"}
    state.push(state.parse_move("r3 f3"))
    assert "r4 f4" not in legal_texts(state)  # KS: the fourth takes only the third's first rank, 5


@pytest.mark.parametrize(("text", "reason"), [
    ("r2 f2", "the 2nd foundation takes only ranks the 1st foundation holds: no 7 lies there"),
    ("r4 f3", "the 3rd foundation starts with the rank of the first card of the 2nd foundation, 5"),
    ("r3 f4", "the 4th foundation takes only ranks the 3rd foundation holds, and it is empty"),
])
def test_osmosis_says_why_a_foundation_does_not_take_a_rank(text, reason):
    state = build("osmosis", {"f1": "5H 9H KH", "f2": "5C", "r2": "7C", "r3": "5D", "r4": "KS"})
    with pytest.raises(IllegalMoveError) as refused:
        state.parse_move(text)
    assert str(refused.value) == f"{text!r} is not legal now: {reason}"


def test_osmosis_turns_up_the_reserve_card_under_one_that_went_up():
    state = build("osmosis", {"f1": "8D", "r1": "3S 4S | 8S", "s": "2C"})
    state.push(state.parse_move("r1 f2"))  # 8S starts the spades, under the diamonds' 8
    assert state.face_down[state.game.pile_index("r1")] == 1 and cards_of(state, "r1") == "3S 4S"
    assert legal_texts(state) == {"d"}  # 4S, turned up, waits for a 4 on the diamonds


def test_the_solver_keeps_the_foundations_apart_and_whole():
    # A foundation's place and every rank it holds decide what the next one takes: the solver's key must not sort
    # the foundations as interchangeable, nor keep only the top card of any but the last ("sinks").
    game = framework.load_game("osmosis")
    foundations = game.groups["foundation"].piles
    assert foundations not in interchangeable_groups(game)
    assert [pile in sink_piles(game) for pile in foundations] == [False, False, False, True]
    same_tops = [build("osmosis", {"f1": first, "f2": "5C", "w": "7C"}) for first in ("5H 7H 9H", "5H 8H 9H")]
    assert [legal_texts(state) for state in same_tops] == [{"w f2", "redeal"}, {"redeal"}]
    assert len({Keys(game)(state) for state in same_tops}) == 2


def test_bridesmaids_plays_osmosis_from_the_stock_alone():
    state = framework.load_game("bridesmaids").deal(1)
    assert [len(cards_of(state, f"f{n}").split()) for n in range(1, 5)] == [1, 0, 0, 0]
    assert len(state.piles[state.game.pile_index("s")]) == 51 and legal_texts(state) == {"d"}
    state = build("bridesmaids", {"f1": "7H 2H", "f2": "7S", "w": "3D 2S", "s": "4C"})
    assert legal_texts(state) == {"w f2", "d"}  # 2S on the spades (a 2 is on the hearts)
    state.push(state.parse_move("w f2"))
    assert legal_texts(state) == {"d"}  # 3D: the third foundation starts only with a 7


def test_genesis_deals_twenty_six_open_piles_and_gives_each_suit_its_foundation():
    state = framework.load_game("genesis").deal(1)
    assert [len(state.piles[pile]) for pile in state.game.groups["tableau"].piles] == [1] * 13 + [3] * 13
    assert not any(state.face_down)
    # the clubs' foundation takes any club, and no other suit
    assert legal_texts(build("genesis", {"t1": "5H", "t2": "5C"})) == {"t2 f1"}
    state = build("genesis", {"f1": "5C 9C", "t1": "5H", "t2": "5S", "t3": "9S", "t4": "KC"})
    # 5S starts the spades (the clubs started with a 5), KC on the clubs. Not 't1 f3' (the hearts wait for the
    # spades), not 't3 f2' (the spades start with a 5), not 't2 f1' (a spade on the clubs)
    assert legal_texts(state) == {"t2 f2", "t4 f1"}


def test_genesis_plus_has_two_free_cells_that_give_only_to_the_foundations():
    state = build("genesis-plus", {"f1": "5C", "c1": "5S", "t1": "9H"})
    assert legal_texts(state) == {"c1 f2", "t1 c2"}  # not 't1 f3': the hearts wait for the spades


def test_open_peek_deals_all_face_up_and_its_first_foundation_takes_any_card():
    state = framework.load_game("open-peek").deal(1)
    assert [len(state.piles[pile]) for pile in state.game.groups["tableau"].piles] == [5] * 4
    assert [len(state.piles[pile]) for pile in state.game.groups["reserve"].piles] == [1] * 32
    assert not any(state.face_down) and not any(state.piles[pile] for pile in state.game.foundation_piles)
    state = build("open-peek", {"t1": "8D 5H", "r1": "5C", "r2": "KH"})
    assert legal_texts(state) == {"t1 f1", "r1 f1", "r2 f1"}  # any card starts the first foundation
    state.push(state.parse_move("r2 f1"))
    assert legal_texts(state) == {"t1 f1"}  # 5H on the hearts; 5C waits: the second starts with a K
