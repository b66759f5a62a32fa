"""The search never takes a settled card back from a foundation, and loses no win by it."""

from __future__ import annotations

import random

import pytest
from helpers import changed_game, exhaustive

import framework.native
from framework.cards import card_text
from framework.game import load_game
from framework.solver import settled
from framework.solver.canonical import interchangeable_groups
from framework.solver.ordering import MoveOrder
from framework.solver.result import LOST, UNKNOWN, WON, Budget
from framework.solver.search import Search
from framework.testing import position

HEARTS_TO_SIX = "AH 2H 3H 4H 5H 6H"


def searched(state) -> set[str]:
    """The texts of the moves the search tries from ``state``."""
    order = MoveOrder(state.game, interchangeable_groups(state.game))
    return {state.move_text(move) for move in order.order(state, state.legal_moves())}


def test_a_card_whose_followers_are_all_up_is_not_taken_back():
    # Fan builds by suit: only the 5H could be built on the 6H, and it lies under it.
    state = position(load_game("fan"), {"f1": HEARTS_TO_SIX, "t1": "7H", "t2": "KS QS"}, rest="t3")
    assert "f1 t1" in {state.move_text(move) for move in state.legal_moves()}
    assert "f1 t1" not in searched(state)
    assert "t2 t1" not in searched(state)  # (a queen of spades never fits a seven of hearts)


def test_a_card_a_card_off_the_foundations_could_be_built_on_is_taken_back():
    # King Albert builds in alternate colours: the 5S, still in play, could go on the 6H.
    game = load_game("king-albert")
    state = position(game, {"f1": HEARTS_TO_SIX, "f2": "AS 2S 3S 4S", "t1": "7C", "t2": "5S"}, rest="t3")
    assert "f1 t1" in searched(state)


def test_the_cards_that_could_be_built_on_those_count_too():
    # Both black fives are up, but the 4D that could go on the 5C is not: the 5C may be wanted back on the 6H.
    game = load_game("king-albert")
    state = position(game, {"f1": HEARTS_TO_SIX, "f2": "AS 2S 3S 4S 5S", "f3": "AC 2C 3C 4C 5C",
                            "f4": "AD 2D 3D", "t1": "7C", "t2": "4D"}, rest="t3")
    assert "f1 t1" in searched(state)
    state = position(game, {"f1": HEARTS_TO_SIX, "f2": "AS 2S 3S 4S 5S", "f3": "AC 2C 3C 4C 5C",
                            "f4": "AD 2D 3D 4D", "t1": "7C"}, rest="t3")
    assert "f1 t1" not in searched(state)


@pytest.mark.parametrize("name", ["steeplechase", "double-klondike", "canfield", "freecell"])
def test_only_games_the_argument_covers_are_pruned(name):
    # plugins that change the rules, two decks, a base rank dealt, foundations that give nothing back
    assert not settled.applies(load_game(name))


def test_no_card_is_settled_where_a_pile_takes_the_ranks_of_another_pile_s_first_card():
    # Taken back and restarted with another card, a foundation would let the next take another first rank: the
    # line without the settled card's moves would not be legal.
    assert settled.applies(load_game("klondike"))
    osmotic = changed_game("klondike", ("    moves_to: [tableau]\n    when_empty: {accepts: A}",
                                        "    moves_to: [tableau]\n    ranks_of_pile_before: true\n"
                                        "    when_empty: {accepts: A}"))
    assert not settled.applies(osmotic)
    kept = changed_game("klondike", ("    moves_to: [tableau]\n    when_empty: {accepts: A}",
                                     "    moves_to: [tableau]\n    keeps: 1\n    when_empty: {accepts: A}"))
    assert settled.applies(kept)  # a pile that keeps its first card allows no less where it holds more


@pytest.mark.parametrize("name", ["fan", "king-albert", "klondike", "castles-in-spain"])
def test_pruned_and_unpruned_searches_never_disagree(name, monkeypatch):
    """On small deals under a node budget, every deal both searches decide gets the same answer."""
    monkeypatch.setenv("PATIENCE_CORE", "python")
    game = load_game(name)
    assert settled.applies(game)
    deals = range(1, 7)

    def answers() -> list[str]:
        return [Search(game.deal(deal), Budget(nodes=3_000)).run().answer for deal in deals]

    pruned = answers()
    monkeypatch.setattr(settled, "applies", lambda game: False)  # no settled cards: none left out, none forced
    unpruned = answers()
    assert any(answer != UNKNOWN for answer in pruned)
    assert all(a == b for a, b in zip(pruned, unpruned) if UNKNOWN not in (a, b)), (pruned, unpruned)
    assert all(answer in (WON, LOST, UNKNOWN) for answer in pruned)


@pytest.mark.skipif(framework.native.core is None, reason="the native core is not built here")
def test_the_native_core_leaves_out_the_same_moves():
    from framework.solver.native import NativeSolver

    game = load_game("fan")
    state = position(game, {"f1": HEARTS_TO_SIX, "t1": "7H", "t2": "KS QS"}, rest="t3")
    solver = NativeSolver.of(game)
    native = {state.move_text(solver.native.move(move)) for move in solver.core.order(solver.native.position(state))}
    assert native == searched(state)


def ending(game, rng: random.Random, off: int):
    """A random ending of ``game``: each suit up to a random rank on its foundation, ``off`` cards left on the
    table, dealt at random onto its first three columns (so that they block one another at times)."""
    heights = [13] * 4
    for _ in range(off):
        heights[rng.choice([suit for suit in range(4) if heights[suit]])] -= 1
    piles = {f"f{index + 1}": " ".join(card_text(suit * 13 + rank) for rank in range(height))
             for index, (suit, height) in enumerate(zip(range(4), heights))}
    table = ["t1", "t2", "t3"]
    loose: dict[str, list[str]] = {}
    for suit, height in enumerate(heights):
        for rank in range(height, 13):
            loose.setdefault(rng.choice(table), []).append(card_text(suit * 13 + rank))
    return position(game, {**piles, **{name: " ".join(cards) for name, cards in loose.items()}})


@pytest.mark.parametrize("name", ["king-albert", "klondike", "castles-in-spain"])
def test_the_search_answers_small_endings_as_a_search_of_every_move_does(name, monkeypatch):
    """Endings small enough to search every move: the solver, with settled cards left out and forced, answers
    each as brute force does."""
    monkeypatch.setenv("PATIENCE_CORE", "python")
    game = load_game(name)
    rng = random.Random(name)
    engaged = 0
    for _ in range(10):
        state = ending(game, rng, off=9)
        # (a wrong cut shows as "lost" where brute force wins, so won endings test it as well as lost ones)
        assert Search(state, Budget(nodes=200_000)).run().answer == exhaustive(state), state.piles
        legal = state.legal_moves()
        engaged += len(settled.SettledCards(game).without_taking_back(state, legal)) < len(legal)
    assert engaged  # some endings start with a settled card that could be taken back
