"""Moves in plain words (framework.words.move_words): given this position, this move is said so.

Each kind of move is said of a concrete position, before it is played: cards as the
cards show them, places as the table draws them (columns of a group fanned down,
rows of one fanned right, cells of a grid by row and column, the one pile of a
group by its name), and a plugin's moves in its own words.
"""

from __future__ import annotations

import random

import pytest

import framework
from framework import Move, State
from framework.testing import position
from framework.words import move_words, place, said, said_of_last


@pytest.fixture(scope="module")
def games() -> dict[str, framework.Game]:
    return {}


def game(games: dict[str, framework.Game], name: str) -> framework.Game:
    if name not in games:
        games[name] = framework.load_game(name)
    return games[name]


def words(state: State, text: str) -> str:
    return move_words(state, state.parse_move(text))


@pytest.mark.parametrize(("name", "piles", "text", "said_so"), [
    # a card, a run, a long run: onto a column
    ("klondike", {"t1": "7H", "t3": "8S"}, "t1 t3", "7♥ to the 3rd column"),
    ("klondike", {"t1": "8C 7H 6S", "t5": "9H"}, "t1 t5 3", "8♣ 7♥ 6♠ to the 5th column"),
    ("klondike", {"t1": "KS QH JC TD 9S"}, "t1 t4 5", "K♠ and the 4 cards on it to the 4th column"),
    # foundations alike, told apart by their top card; one suit each, by the suit
    ("klondike", {"t2": "AH"}, "t2 f1", "A♥ to an empty foundation"),
    ("klondike", {"f2": "AH", "t2": "2H"}, "t2 f2", "2♥ to the foundation on A♥"),
    ("citadel", {"t1": "AH"}, "t1 f3", "A♥ to the ♥ foundation"),
    ("bisley", {"a2": "AD", "t1": "2D"}, "t1 a2", "2♦ to the ♦ aces foundation"),
    # free cells are alike; a group of one pile is its name
    ("freecell", {"t1": "5D"}, "t1 c2", "5♦ to a free cell"),
    ("steeplechase", {"f1": "7C", "o": "8H"}, "o f1", "8♥ to the foundation on 7♣"),
    ("aces-up", {"t1": "9C", "t2": "JC"}, "t1 x", "discard 9♣, beaten by J♣"),
    # back from a foundation: from where, too
    ("steeplechase", {"f1": "7C 8H", "t2": "9S"}, "f1 t2", "8♥ from a foundation to the 2nd column"),
    # the stock
    ("klondike", {"s": "5D"}, "d", "turn the stock"),
    ("klondike-draw-3", {"s": "5D 6D 7D"}, "d", "turn 3 cards of the stock"),
    ("klondike", {"w": "5D 6C"}, "redeal", "turn the waste over into the stock"),
    ("spider", {**{f"t{n}": "KS" for n in range(1, 11)}, "s": "AS " * 10}, "d", "deal a card to each column"),
    ("scorpion", {**{f"t{n}": "KS" for n in range(1, 8)}, "s": "AS AH AD"}, "d",
     "deal a card to each of the first 3 columns"),
    # gathered and dealt again, shuffled or not
    ("cruel", {"t1": "5D", "t2": "7S"}, "gather", "gather the columns and deal them again"),
    ("la-belle-lucie", {"t1": "5D 6D", "t2": "7S"}, "gather", "gather the rows, shuffle them and deal them again"),
    # the kernel's pairs; a grid plugin's pairs and closing up
    ("pyramid", {"p27": "5C", "p28": "8D"}, "p27 p28", "pair 5♣ and 8♦"),
    ("monte-carlo", {"g1": "5C", "g2": "5D", "s": "9H"}, "g1 g2", "pair 5♣ and 5♦"),
    ("monte-carlo", {"g2": "5C", "s": "9H"}, "close", "close up the grid and fill it from the stock"),
    # the gaps' opening move
    ("double-montana", {"g1": "AH"}, "aces", "set the aces aside"),
    # the line that builds leftward
    ("accordion", {"r1": "5C", "r2": "9H", "r3": "5H"}, "r3 r2", "5♥ onto 9♥, 1 place to the left"),
])
def test_a_move_is_said_as_the_table_shows_it(games, name, piles, text, said_so):
    state = position(game(games, name), piles)
    assert words(state, text) == said_so


def test_a_gap_s_moves_are_said_in_the_gaps_words(games):
    state = position(game(games, "montana"), {"g1": "2H", "g3": "3H", "g5": "9S"}, aces_moved=True)
    assert words(state, "g3 g2") == "3♥ into the gap at row 1, column 2"
    assert words(state, "shuffle") == "gather the cards out of sequence, shuffle them and deal them again"


def test_blockade_s_actions_are_said_in_its_plugins_words(games):
    blockade = game(games, "blockade")
    row = {f"g{n}": "2C" for n in range(1, 11)}
    assert words(position(blockade, {**row, "s": "9H 8H"}, grid_rows=1), "row") == \
        "deal a new row of 2 cards from the stock"
    gap = {name: card for name, card in row.items() if name != "g7"}
    assert words(position(blockade, {**gap, "s": "9H"}, grid_rows=1), "fill") == \
        "fill the gap at row 1, column 7 from the stock"
    three = {**row, **{f"g{n}": "3D" for n in range(11, 31)}, "g30": "9C"}
    assert words(position(blockade, three, grid_rows=3), "release g30") == "set aside 9♣ from row 3, column 10"


def test_places_are_named_by_how_their_group_is_drawn(games):
    named = {name: [place(game(games, name), game(games, name).pile_index(pile)) for pile in piles]
             for name, piles in (("klondike", ("s", "w", "f2", "t3")), ("freecell", ("c2", "t8")))}
    assert named == {"klondike": ["the stock", "the waste", "the 2nd foundation", "the 3rd column"],
                     "freecell": ["free cell 2", "the 8th column"]}
    pyramid = game(games, "pyramid")
    assert [place(pyramid, pyramid.pile_index(name)) for name in ("p1", "p3", "p28")] == \
        ["place 1 of row 1", "place 2 of row 2", "place 7 of row 7"]
    gloaming = game(games, "gloaming")  # two groups of columns: the second one says whose
    assert [place(gloaming, gloaming.pile_index(name)) for name in ("p2", "r2")] == ["the 2nd column", "the 2nd column of the reserve"]


def test_the_words_of_moves_played_are_said_of_the_position_before_each(games):
    state = position(game(games, "klondike"), {"t1": "7H", "t3": "8S", "t2": "AH"})
    moves = [state.parse_move(text) for text in ("t1 t3", "t2 f1")]
    assert said(state, moves) == ["7♥ to the 3rd column", "A♥ to an empty foundation"]
    assert state.move_stack == []  # said on a copy
    for move in moves:
        state.push(move)
    assert said_of_last(state, 2) == ["7♥ to the 3rd column", "A♥ to an empty foundation"]
    assert said_of_last(state, 1) == ["A♥ to an empty foundation"] and said_of_last(state, 0) == []
    assert len(state.move_stack) == 2


@pytest.mark.parametrize("name", framework.available_games())
def test_every_game_says_its_moves_and_why_others_are_refused(name):
    """A few random moves of every built-in game: each legal move is said in one line, and so is why a move made
    from a legal one with another target is refused."""
    state = framework.load_game(name).deal(0)
    rng = random.Random(name)
    for _ in range(6):
        legal = state.legal_moves()
        if not legal:
            break
        for move in legal:
            said_so = move_words(state, move)
            assert said_so.strip() and len(said_so.splitlines()) == 1, (state.move_text(move), said_so)
            assert state.explain(move) == f"legal now: {said_so}"
        for move in rng.sample(legal, min(3, len(legal))):
            for target in rng.sample(range(len(state.piles)), 3):
                other = Move(move.source, target, move.count, move.action)
                if state.is_legal(other) or (not other.action and other.source in (target, -1)):
                    continue
                reason = state.explain(other)
                assert reason.strip() and len(reason.splitlines()) == 1 and not reason.startswith("legal"), reason
                assert move_words(state, other).strip()
        state.push(rng.choice(legal))
