"""What a player sees: the public view hides every card the player cannot see, and nothing shown leaks one.

Two positions that differ only in their hidden cards (face-down cards, the unseen
cards of a stock) must look the same everywhere a player looks: the public view, the
legal moves and their words, why a move is refused, the terminal's table and the web
API's game JSON.
"""

from __future__ import annotations

import random

import pytest

import framework
from framework.moves import Move
from framework.player.render import draw
from framework.public import PublicPile, hidden_count, public_view
from framework.session import Session
from framework.web.views import table_view
from framework.words import move_words

#: Games with face-down cards or a stock, and one with neither (FreeCell: nothing is hidden).
GAMES = ["klondike", "klondike-draw-3", "spider", "spider-2-suits", "yukon", "forty-thieves", "canfield", "scorpion",
         "steeplechase", "blockade", "pyramid", "freecell"]


def with_hidden_cards_shuffled(state: framework.State, rng: random.Random) -> framework.State:
    """A position like ``state`` but for its hidden cards, which change places among themselves."""
    piles = [list(pile) for pile in state.piles]
    places = [(pile, index) for pile in range(len(piles)) for index in range(hidden_count(state, pile))]
    cards = [piles[pile][index] for pile, index in places]
    rng.shuffle(cards)
    for (pile, index), card in zip(places, cards):
        piles[pile][index] = card
    return framework.State(state.game, piles, list(state.face_down), dict(state.vars), state.seed)


def seen(state: framework.State) -> dict[str, object]:
    """Everything a player is shown of ``state``."""
    legal = state.legal_moves()
    piles = range(len(state.piles))
    tries = [Move(source, target, 1) for source in piles for target in piles if source != target]
    table = table_view("key", Session(state, autoplay=False))
    return {
        "public view": public_view(state),
        "legal moves": [state.move_text(move) for move in legal],
        "their words": [move_words(state, move) for move in legal],
        "refusals": [state.explain(move) for move in tries if move not in legal],
        "terminal table": draw(state),
        "web game JSON": table,
    }


def positions(game: framework.Game, rng: random.Random) -> list[framework.State]:
    """The deal and positions along a random game of it (without the moves that led there: a position's twin has
    none, and the number of moves made is in sight)."""
    state = game.deal(1)
    found = [state.copy(stack=False)]
    for step in range(1, 61):
        legal = state.legal_moves()
        if not legal:
            break
        state.push(rng.choice(legal))
        if not step % 15:
            found.append(state.copy(stack=False))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_two_positions_that_differ_only_in_hidden_cards_look_the_same(name):
    rng = random.Random(name)
    shuffled = 0
    for state in positions(framework.load_game(name), rng):
        twin = with_hidden_cards_shuffled(state, rng)
        shuffled += twin.piles != state.piles
        assert seen(twin) == seen(state)
    assert shuffled or name == "freecell"  # (a game with hidden cards had some to shuffle)


def test_the_public_view_hides_face_down_cards_and_the_stock_but_its_playable_top():
    state = framework.load_game("klondike").deal(1)
    view = public_view(state)
    stock = state.game.pile_names.index("s")
    assert view.piles[stock] == PublicPile(24, ())
    columns = [view.piles[state.game.pile_names.index(f"t{number}")] for number in range(1, 8)]
    assert [pile.hidden for pile in columns] == list(range(7)) and all(len(pile.cards) == 1 for pile in columns)
    canfield = framework.load_game("canfield").deal(1)  # a stock whose top card is not played: hidden
    assert public_view(canfield).piles[canfield.game.pile_names.index("s")].cards == ()
    pyramid = framework.load_game("pyramid").deal(1)  # a stock whose top card may be paired: in sight
    stock = pyramid.piles[pyramid.game.pile_names.index("s")]
    assert public_view(pyramid).piles[pyramid.game.pile_names.index("s")] == PublicPile(len(stock) - 1, (stock[-1],))
