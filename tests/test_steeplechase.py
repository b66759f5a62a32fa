"""Steeplechase plays exactly by its rules (spec: launch-games.md): given a position, exactly these moves.

Positions are written as card texts, bottom card first. The cards a position
does not name lie in the stock (so turning it, ``d``, is legal) unless a test
needs an empty stock; then they lie under the obstacle's playable card, where
they cannot move. Most positions use base rank 7, as in the spec's example:
foundations go 7 8 9 T J Q K A 2 3 4 5 6.
"""

from __future__ import annotations

import pytest
from helpers import cards_of, changed_game, each, play

import framework
from framework.cards import RANK, full_deck, shuffled
from framework.testing import legal_texts, position

FOUNDATIONS = "f1 f2 f3 f4 f5 f6 f7 f8"
LATER_FOUNDATIONS = "f2 f3 f4 f5 f6 f7 f8"
#: A full foundation from base 7: thirteen cards up, alternating colours.
FULL_FROM_7 = "7C 8H 9S TD JC QH KS AD 2C 3H 4S 5D 6C"


def columns(first: int, last: int = 8) -> str:
    """The names of columns ``first`` to ``last``."""
    return " ".join(f"t{n}" for n in range(first, last + 1))


# --- the deal: obstacle, determining card, head row, stock ----------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2, 17, 1000, 2**40])
def test_the_deal_follows_the_dealing_order(steeplechase, seed):
    pack = shuffled(full_deck(2), seed)
    state = steeplechase.deal(seed)
    piles = dict(zip(steeplechase.pile_names, state.piles))
    assert piles["o"] == pack[:13]  # the obstacle; the last card dealt is the playable one
    assert piles["f1"] == [pack[13]]  # the 14th card: the determining card, f1's only card
    assert state.base_rank == RANK[pack[13]]
    assert all(piles[name] == [] for name in LATER_FOUNDATIONS.split())
    assert [piles[f"t{n}"] for n in range(1, 9)] == [[card] for card in pack[14:22]]  # the head row
    assert piles["s"][::-1] == pack[22:]  # 82 cards, the next one to turn on top
    assert len(piles["s"]) == 82
    assert piles["w"] == []
    assert not any(state.face_down)


def test_only_base_rank_cards_start_the_seven_later_foundations(steeplechase):
    # The determining card 7C on f1; the other seven 7s, in every suit, lie about the table.
    state = position(steeplechase, {
        "f1": "7C", "o": "KD 7D", "w": "7H",
        "t1": "7S", "t2": "7C", "t3": "7D", "t4": "7H", "t5": "7S", "t6": "8C", "t7": "6D",
    }, rest="s", base_rank=7)
    assert legal_texts(state) == (
        each("o w t1 t2 t3 t4 t5", LATER_FOUNDATIONS)   # 8C and 6D start no foundation
        | each("w t1 t2 t3 t4 t5 t6 t7", "t8")           # the obstacle's card never goes to a column
        | {"w t6", "t3 t6", "t4 t6"}                      # red 7s on 8C
        | {"t7 t1", "t7 t2", "t7 t5"}                     # 6D on black 7s
        | {"d"}
    )
    play(state, ["o f", "w f", "t1 f", "t2 f", "t3 f", "t4 f", "t5 f"])
    assert [cards_of(state, name) for name in FOUNDATIONS.split()] == ["7C", "7D", "7H", "7S", "7C", "7D", "7H", "7S"]
    assert state.base_rank == 7
    assert legal_texts(state) == (
        each("t6", "f2 f3 f6 f7")      # 8C on the red 7s
        | each("f2 f3 f6 f7", "t6")    # and the red 7s back onto it
        | each("t6 t7", "t1 t2 t3 t4 t5 t8")
        | {"d"}
    )


def test_the_base_rank_stays_when_the_determining_card_leaves_f1(steeplechase):
    state = position(steeplechase, {"f1": "7C", "t1": "8D", "w": "7H"}, rest="s", base_rank=7)
    assert legal_texts(state) == (
        {"f1 t1", "t1 f1"}                 # 7C back onto 8D; 8D up onto 7C
        | each("w", LATER_FOUNDATIONS)
        | each("t1 w", columns(2))
        | {"d"}
    )
    play(state, ["f1 t1"])
    assert state.base_rank == 7
    # f1 is empty again and is started by any 7, f1 included.
    assert legal_texts(state) == (
        each("w t1", FOUNDATIONS)
        | each("w t1", columns(2))
        | {f"t1 {column} 2" for column in columns(2).split()}
        | {"d"}
    )


# --- the obstacle ------------------------------------------------------------------------------


def test_the_obstacle_card_goes_only_to_a_foundation(steeplechase):
    # 8H would fit on 9S and could go to an empty column, but it is the obstacle's card.
    state = position(steeplechase, {"f1": "7C", "o": "6S 8H", "t1": "9S"}, rest="s", base_rank=7)
    assert legal_texts(state) == {"o f1", "d"} | each("t1", columns(2))


def test_only_the_obstacle_top_card_is_playable(steeplechase):
    # 8H under the top card would fit on f1; 6S fits on 7H but goes only to a foundation.
    state = position(steeplechase, {"f1": "7C", "o": "8H 6S", "t1": "7H"}, rest="s", base_rank=7)
    assert legal_texts(state) == each("t1", LATER_FOUNDATIONS) | each("t1", columns(2)) | {"d"}


def test_the_next_obstacle_card_becomes_playable(steeplechase):
    state = position(steeplechase, {"f1": "7C", "o": "9S 8H", "t1": "TD"}, rest="s", base_rank=7)
    assert legal_texts(state) == {"o f1", "d"} | each("t1", columns(2))
    play(state, ["o f1"])
    assert cards_of(state, "o") == "9S"
    assert legal_texts(state) == {"o f1", "d"} | each("t1", columns(2))
    play(state, ["o f1"])
    assert cards_of(state, "o") == ""
    assert legal_texts(state) == {"t1 f1", "f1 t1", "d"} | each("t1", columns(2))


# --- back from a foundation -------------------------------------------------------------------


def test_a_foundation_card_goes_back_only_onto_a_column_it_fits(steeplechase):
    state = position(steeplechase, {"f1": "7C 8H", "f2": "7D", "t1": "9S", "t2": "9H", "t3": "8S"}, rest="s", base_rank=7)
    assert legal_texts(state) == (
        {"f1 t1", "f2 t3"}    # 8H onto 9S, 7D onto 8S; not 8H onto 9H, and never onto an empty column
        | {"t1 f1", "t3 f2"}  # and up again
        | {"t3 t2"}
        | each("t1 t2 t3", columns(4))
        | {"d"}
    )


def test_a_foundation_card_never_goes_to_another_foundation(steeplechase):
    # 8D on f2 would fit on 7C on f1, but foundation cards go back only to columns.
    # Foundations take 8H or 8D on 7C, then 9C or 9S: alternate colour, whatever the suit.
    state = position(steeplechase, {
        "f1": "7C", "f2": "7S 8D",
        "t1": "8H", "t2": "8D", "t3": "8C", "t4": "8S", "t5": "9C", "t6": "9S", "t7": "9H", "t8": "9D",
    }, rest="s", base_rank=7)
    assert legal_texts(state) == {
        "t1 f1", "t2 f1", "t5 f2", "t6 f2",
        "t1 t5", "t1 t6", "t2 t5", "t2 t6", "t3 t7", "t3 t8", "t4 t7", "t4 t8",
        "f1 t1", "f1 t2", "f2 t5", "f2 t6",
        "d",
    }


# --- foundations: thirteen cards, cyclic --------------------------------------------------------


def test_a_foundation_takes_its_13th_card_but_not_a_14th(steeplechase):
    twelve = FULL_FROM_7.rsplit(" ", 1)[0]
    state = position(steeplechase, {"f1": twelve, "w": "7H 6C", "t1": "7D"}, rest="s", base_rank=7)
    assert legal_texts(state) == (
        {"w f1", "w t1", "d"}
        | each("t1", LATER_FOUNDATIONS)
        | each("w t1", columns(2))
    )
    play(state, ["w f1"])
    assert cards_of(state, "f1") == FULL_FROM_7
    # 7H and 7D would follow 6C in cyclic order, but a foundation holds 13 cards.
    assert legal_texts(state) == (
        each("w t1", LATER_FOUNDATIONS)
        | each("w t1", columns(2))
        | {"f1 t1", "d"}
    )


def test_a_foundation_goes_on_from_king_to_ace(steeplechase):
    state = position(steeplechase, {"f1": "7C 8H 9S TD JC QH KS", "w": "AD", "t1": "AH", "t2": "AC"}, rest="s", base_rank=7)
    assert legal_texts(state) == (
        {"w f1", "t1 f1"}   # the red aces on KS; not AC
        | {"f1 t1"}          # and KS back onto AH: a column takes a K on an A
        | each("w t1 t2", columns(3))
        | {"d"}
    )


# --- columns: down, alternate colours, cyclic; runs ----------------------------------------------


KING_ON_ACE = {"f1": "7C", "t1": "AC", "t2": "KD", "t3": "KS", "t4": "2H"}


def test_a_king_goes_on_an_ace_in_a_column(steeplechase):
    state = position(steeplechase, KING_ON_ACE, rest="s", base_rank=7)
    assert legal_texts(state) == {"t1 t4", "t2 t1", "d"} | each("t1 t2 t3 t4", columns(5))


def test_a_game_author_can_turn_the_column_wrap_off(steeplechase):
    cyclic = "build: {direction: down, suit: alternate colours, wrap: true}"
    assert framework.available_games()["steeplechase"].read_text("utf-8").count(cyclic) == 1
    not_cyclic = changed_game("steeplechase", (cyclic, cyclic.replace("true", "false")))
    state = position(not_cyclic, KING_ON_ACE, rest="s", base_rank=7)
    assert legal_texts(state) == {"t1 t4", "d"} | each("t1 t2 t3 t4", columns(5))


def counted(source: str, targets: str, counts: range) -> set[str]:
    """Texts of moving ``counts`` cards from ``source`` to each of ``targets``."""
    return {f"{source} {target}" + (f" {count}" if count > 1 else "") for target in targets.split() for count in counts}


def test_a_run_moves_onto_the_one_card_that_fits_its_first_card(steeplechase):
    # t1's run is KS QH JC TD (5H under it is not part of it); each length fits one column:
    # TD on JS, JC on QD, QH on KC, and KS on AH (cyclic).
    state = position(steeplechase, {
        "f1": "7C 8H 9S", "t1": "5H KS QH JC TD", "t2": "JS", "t3": "QD", "t4": "KC", "t5": "AH",
    }, rest="s", base_rank=7)
    assert legal_texts(state) == (
        {"t1 t2", "t1 t3 2", "t1 t4 3", "t1 t5 4"}
        | counted("t1", "t6 t7 t8", range(1, 5))  # an empty column takes every length, not 5
        | {"t1 f1", "f1 t1"}                       # one card to a foundation, and 9S back onto TD
        | {"t2 t3", "t3 t4", "t4 t5"}
        | each("t2 t3 t4 t5", "t6 t7 t8")
        | {"d"}
    )


def test_a_whole_column_run_moves_to_an_empty_column(steeplechase):
    state = position(steeplechase, {"f1": "7C", "t1": "3D 2S AH KC QD JS TH"}, rest="s", base_rank=7)
    assert legal_texts(state) == counted("t1", columns(2), range(1, 8)) | {"d"}
    play(state, ["t1 t5 4", "t5 t1 4"])
    assert cards_of(state, "t1") == "3D 2S AH KC QD JS TH"


# --- the waste and the stock -------------------------------------------------------------------


def test_the_waste_top_goes_to_a_foundation_or_a_column(steeplechase):
    state = position(steeplechase, {"f1": "7C", "w": "2S 8H", "t1": "9C", "t2": "9H"}, rest="s", base_rank=7)
    assert legal_texts(state) == {"w f1", "w t1", "d"} | each("w t1 t2", columns(3))  # not onto 9H
    play(state, ["w f1"])
    assert legal_texts(state) == {"t1 f1", "f1 t1", "d"} | each("w t1 t2", columns(3))


def test_the_stock_turns_one_card_onto_the_waste(steeplechase):
    state = position(steeplechase, {"f1": "7C", "w": "KC", "s": "9D 5H"}, rest="s", base_rank=7)
    stock = len(state.piles[steeplechase.pile_index("s")])
    play(state, ["d"])
    assert cards_of(state, "w") == "KC 5H"
    assert cards_of(state, "s").endswith("9D")
    assert len(state.piles[steeplechase.pile_index("s")]) == stock - 1
    assert legal_texts(state) == each("w", columns(1)) | {"d"}


def test_no_redeal_when_the_stock_is_empty(steeplechase):
    state = position(steeplechase, {"f1": "7C", "o": "JD", "w": "KC 5H"}, rest="o", base_rank=7)
    assert legal_texts(state) == each("w", columns(1))
    for text in ("d", "redeal"):
        with pytest.raises(framework.MoveError):
            state.parse_move(text)


# --- the end -----------------------------------------------------------------------------------


def full_foundations() -> list[str]:
    """Eight full foundations from base 7 that use both decks: four start black, four red."""
    piles: list[list[str]] = [[] for _ in range(8)]
    for step, rank in enumerate("789TJQKA23456"):
        blacks, reds = iter("CCSS"), iter("DDHH")
        for number, pile in enumerate(piles):
            black = (number < 4) == (step % 2 == 0)
            pile.append(rank + next(blacks if black else reds))
    return [" ".join(pile) for pile in piles]


def test_won_only_with_all_104_cards_on_the_foundations(steeplechase):
    *seven, last = full_foundations()
    last, card = last.rsplit(" ", 1)
    piles = {f"f{n}": cards for n, cards in enumerate(seven, 1)} | {"f8": last, "w": card}
    state = position(steeplechase, piles, rest="s", base_rank=7)
    assert sum(map(len, state.piles)) == 104
    assert not state.is_won() and not state.is_over()
    assert legal_texts(state) == {"w f8"} | each("w", columns(1))
    play(state, ["w f8"])
    assert state.is_won() and state.is_over()
    assert legal_texts(state) == set()
    state.pop()
    assert not state.is_won()


def test_over_and_not_won_when_no_move_is_left(steeplechase):
    # All column cards black, none a 7 or an 8; the stock is empty; the obstacle's 9D fits nowhere.
    state = position(steeplechase, {
        "f1": "7C", "o": "9D",
        "t1": "2C", "t2": "4C", "t3": "6C", "t4": "9C", "t5": "JC", "t6": "KC", "t7": "3S", "t8": "5S",
    }, rest="o", base_rank=7)
    assert legal_texts(state) == set()
    assert state.is_over() and not state.is_won()
