"""Adela (PySolFC's pysollib/games/sultan.py): a queen or king pile takes its card only once the jack pile above it
holds one (``opened_by``). Each test builds a position by hand and states the exact set of legal moves (the moves
that must not be legal are named in a comment)."""

from __future__ import annotations

import pytest
from helpers import build, cards_of

import framework
from framework import IllegalMoveError
from framework.solver.canonical import interchangeable_groups
from framework.testing import legal_texts

COLUMNS = {f"t{n}": "2H" for n in range(5, 10)}  # columns whose cards fit nowhere


def test_adela_deals_one_card_to_each_of_nine_columns():
    state = framework.load_game("adela").deal(1)
    assert [len(state.piles[pile]) for pile in state.game.groups["tableau"].piles] == [1] * 9
    assert len(state.piles[state.game.pile_index("s")]) == 95
    state.push(state.parse_move("d"))
    assert [len(state.piles[pile]) for pile in state.game.groups["tableau"].piles] == [2] * 9


def test_adela_a_queen_or_king_goes_up_only_under_a_jack_pile_that_holds_a_card():
    state = build("adela", {"j1": "JC TC", "t1": "QC", "t2": "QS", "t3": "KC", "t4": "9C", **COLUMNS, "s": "2D"})
    # QC and KC under the clubs' jack pile j1, which holds cards; not 't1 q5' (j5, clubs too, is empty), not
    # 't2 q2' (the spades' jack pile is empty). KC on QC and TC on 9C (up in suit), 9C on TC (down in suit).
    assert legal_texts(state) == {"t1 q1", "t3 k1", "t3 t1", "t4 j1", "j1 t4", "d"}
    state.push(state.parse_move("t1 q1"))
    assert cards_of(state, "q1") == "QC" and cards_of(state, "t1") == "2D"  # the empty column filled from the stock
    state = build("adela", {"j1": "JC", "t1": "TC", "t2": "QC", "t3": "2H", "t4": "2H", **COLUMNS, "s": "2D"})
    state.push(state.parse_move("j1 t1"))  # the jack back onto TC: the queen and king piles under it close again
    # JC up again onto either clubs' jack pile, QC onto it in the column; not 't2 q1' (j1 is empty now)
    assert cards_of(state, "j1") == "" and legal_texts(state) == {"t1 j1", "t1 j5", "t2 t1", "d"}


@pytest.mark.parametrize(("text", "reason"), [
    ("t2 q2", "the 2nd queens foundation takes a card only once the 2nd jacks foundation holds one"),
    ("t1 q5", "the 5th queens foundation takes a card only once the 5th jacks foundation holds one"),
])
def test_adela_says_which_jack_pile_a_queen_waits_for(text, reason):
    state = build("adela", {"j1": "JC", "t1": "QC", "t2": "QS"})
    with pytest.raises(IllegalMoveError) as refused:
        state.parse_move(text)
    assert str(refused.value) == f"{text!r} is not legal now: {reason}"


def test_the_solver_keeps_the_piles_paired_by_number_apart():
    # A queen pile and the jack pile above it are paired by number: neither group's piles may be sorted in the key.
    assert interchangeable_groups(framework.load_game("adela")) == ()
