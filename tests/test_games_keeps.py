"""Games whose piles keep their first card (``keeps``, PySolFC's ``min_cards``) and that PySolFC has: each test
builds a position by hand and states the exact set of legal moves (the moves that must not be legal are named in a
comment). Stalactites, Trefoil and Windmill, which now keep their first cards too, are tested with their families
and in test_foundation_returns.py."""

from __future__ import annotations

from helpers import build, cards_of

import framework
from framework.testing import legal_texts

COLUMNS = {f"t{n}": "9C" for n in range(2, 7)}  # columns whose cards fit nowhere below


def test_dutch_solitaire_deals_five_aces_six_columns_of_ten_and_a_card_to_the_waste():
    state = framework.load_game("dutch-solitaire").deal(1)
    assert [cards_of(state, f"f{n}") for n in range(1, 6)] == ["AC", "AC", "AS", "AS", "AD"]
    tableau = state.game.groups["tableau"].piles
    assert [len(state.piles[pile]) for pile in tableau] == [10] * 6
    assert [state.face_down[pile] for pile in tableau] == [0] * 6
    assert len(cards_of(state, "w").split()) == 1 and len(state.piles[state.game.pile_index("s")]) == 38


def test_dutch_solitaire_foundation_cards_come_back_but_never_an_ace():
    state = build("dutch-solitaire", {"f1": "AC 2H 3S", "f2": "AC", "f3": "AS KD", "f4": "AS", "f5": "AD",
                                      "t1": "4C", **COLUMNS, "w": "QH", "s": "2C"})
    # 3S back onto 4C; KD onto an ace (up or down round the corner); 4C up on 3S; QH on KD. Not 'f2 ..', 'f4 ..' or
    # 'f5 ..': a foundation keeps its ace (PySolFC's min_cards=1). Not 'f3 t1': columns do not turn the corner.
    assert legal_texts(state) == {"f1 t1", "f3 f2", "f3 f4", "f3 f5", "t1 f1", "w f3", "d"}
    state.push(state.parse_move("f3 f2"))
    assert cards_of(state, "f3") == "AS" and "f3 f2" not in legal_texts(state)  # the ace stays


def test_dutch_solitaire_columns_build_up_or_down_one_card_at_a_time():
    state = build("dutch-solitaire", {"f1": "AC", "f2": "AC", "f3": "AS", "f4": "AS", "f5": "AD",
                                      "t1": "7D 6H 5S", "t2": "4H", "t3": "6C", **{f"t{n}": "9C" for n in (4, 5)},
                                      "s": "KC"})
    # 5S on 4H (up) or 6C (down), 4H on 5S, 6C on 5S; the empty t6 takes any top card; no run of two moves
    assert legal_texts(state) == {"t1 t2", "t1 t3", "t2 t1", "t3 t1", "t1 t6", "t2 t6", "t3 t6", "t4 t6",
                                  "t5 t6", "d"}
    state.push(state.parse_move("t1 t2"))
    # 5S went up on 4H: 6H, now on top of t1, goes on it, and it back on 6H or on 6C; not 't1 t3' (6H on 6C)
    assert legal_texts(state) == {"t1 t2", "t2 t1", "t2 t3", "t3 t2", "t1 t6", "t2 t6", "t3 t6", "t4 t6", "t5 t6",
                                  "d"}


CASTLE_COLUMNS = {f"t{n}": "JS" for n in range(3, 11)}  # columns whose cards fit nowhere below


def test_castles_end_deals_ten_columns_of_five_and_two_reserve_cards():
    state = framework.load_game("castles-end").deal(1)
    assert [len(state.piles[pile]) for pile in state.game.groups["tableau"].piles] == [5] * 10
    assert [len(cards_of(state, f"r{n}").split()) for n in (1, 2)] == [1, 1] and not any(state.face_down)


def test_castles_end_the_first_card_up_sets_the_base_rank():
    state = build("castles-end", {"r1": "9D", "t1": "5H", "t2": "6C", **CASTLE_COLUMNS})
    # any top card may start a foundation; 5H and 6C build on each other (alternate colours, up or down); the
    # empty reserve takes nothing (not 't1 r2')
    starts = {f"{source} f{n}" for source in ("r1", "t1", "t2", *CASTLE_COLUMNS) for n in range(1, 5)}
    assert legal_texts(state) == starts | {"t1 t2", "t2 t1"}
    state.push(state.parse_move("r1 f1"))
    assert state.base_rank == 9 and legal_texts(state) == {"t1 t2", "t2 t1"}  # only 9s start the others now


def test_castles_end_foundations_give_back_their_top_card_but_keep_the_first():
    state = build("castles-end", {"f1": "5H 6H", "f2": "5C", "t1": "7S", "t2": "4D", **CASTLE_COLUMNS}, base_rank=5)
    # 6H back onto 7S; not 'f2 ..' (5C, the base card, stays), not 't2 f3' (an empty foundation takes only a 5)
    assert legal_texts(state) == {"f1 t1"}
    state.push(state.parse_move("f1 t1"))
    assert cards_of(state, "f1") == "5H" and legal_texts(state) == {"t1 f1"}  # 5H stays; 6H may go up again
