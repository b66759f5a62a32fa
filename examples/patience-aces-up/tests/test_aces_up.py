"""Aces Up's discard rule, tested with framework.testing."""

from framework import load_game
from framework.testing import check_random_games, legal_texts, position


def test_a_card_is_discarded_while_a_higher_card_of_its_suit_shows():
    game = load_game("aces-up-example")
    state = position(game, {"t1": "5H", "t2": "9H", "t3": "KS", "t4": "AS", "s": "2C 3C 4C 5C"})
    # 5H goes (9H shows), KS goes (the ace is high); 9H and AS stay; the stock may deal.
    assert legal_texts(state) == {"t1 x", "t3 x", "d"}


def test_won_with_only_the_aces_left():
    game = load_game("aces-up-example")
    rest = " ".join(rank + suit for suit in "CDHS" for rank in "23456789TJQK")
    state = position(game, {"t1": "AC", "t2": "AD", "t3": "AH", "t4": "AS", "x": rest})
    assert state.is_won()


def test_random_games_keep_the_kernel_promises():
    assert check_random_games(load_game("aces-up-example"), seeds=range(5)) > 0
