"""Why a move is refused (State.explain, and parse_move's IllegalMoveError): the first rule it breaks.

Given a concrete position, the move typed is refused with exactly this reason,
worded from the group's rule data or, for a plugin's rule, by the plugin.
"""

from __future__ import annotations

import pytest

import framework
from framework import IllegalMoveError, Move
from framework.testing import position

ROWS = ["2C 2C 2D 2D 2H 2H 2S 2S 3C 3C", "AS KH 3D 3H 3S 3C 3D 3H 3S 4C", "AC 4D 4H 4S 4C 4D 4H 4S 5C KD"]
#: Blockade's grid of three rows: the middle row's cards are not free.
GRID = {f"g{row * 10 + column + 1}": card for row, line in enumerate(ROWS) for column, card in enumerate(line.split())}
FULL_TABLEAU = {f"t{n}": "KS" for n in range(3, 9)}  # FreeCell's columns 3 to 8, none empty

REFUSALS = [
    # Klondike-like: build rule, empty column, foundations, face-down cards, pick rules, where cards go
    ("klondike", {"t1": "7H", "t3": "9S"}, {}, "t1 t3",
     "columns build down by one in alternating colours: 7♥ does not go on 9♠"),
    ("klondike", {"t1": "QH"}, {}, "t1 t2", "an empty column takes only a K"),
    ("klondike", {"t1": "2S AH"}, {}, "t1 f1 2", "a foundation takes one card at a time"),
    ("klondike", {"t1": "5S | 4H", "t2": "6H"}, {}, "t1 t2 2", "only the top card of the 1st column lies face up"),
    ("klondike", {"w": "5S 4H", "t1": "6H 5C"}, {}, "w t1 2", "only the top card of the waste may move"),
    ("klondike", {"t1": "9S 8H 6C", "t2": "TH"}, {}, "t1 t2 3",
     "only a run down by one in alternating colours moves together: 6♣ does not go on 8♥"),
    ("klondike", {"f1": "AH", "w": "2S"}, {}, "f1 w", "cards go from the foundation only to the tableau"),
    ("klondike", {"t1": "5D", "f1": "AD", "f2": "AC 2C"}, {}, "t1 f",  # a group's letter: each pile's reason
     "foundations build up by one in suit: 5♦ does not go on A♦; foundations build up by one in suit: 5♦ does not "
     "go on 2♣; an empty foundation takes only an A"),
    # FreeCell: cells, and the runs the free cells allow
    ("freecell", {"c1": "5D", "t1": "3C"}, {}, "t1 c1", "a free cell holds one card"),
    ("freecell", {**FULL_TABLEAU, **{f"c{n}": "2H" for n in range(1, 5)}, "t1": "9S 8H", "t2": "TH"}, {}, "t1 t2 2",
     "with no free cells and no empty columns, at most one card moves at once"),
    # Spider: runs of one suit, and the deal onto every column
    ("spider", {"t1": "9S 8H", "t2": "TD"}, {}, "t1 t2 2", "only a run down by one in suit moves together: 8♥ does not go on 9♠"),
    ("spider", {"t1": "9S", "s": "AS " * 10}, {}, "d", "the stock deals only when every column holds a card"),
    # Steeplechase: the obstacle, the base rank, back from a foundation, the stock used up
    ("steeplechase", {"o": "8H", "f1": "7C"}, {"base_rank": 7}, "o t1", "cards go from the obstacle only to the foundation"),
    ("steeplechase", {"t1": "8H"}, {"base_rank": 7}, "t1 f2", "an empty foundation takes only the base rank, 7"),
    ("steeplechase", {"f1": "7C 8H"}, {"base_rank": 7}, "f1 t2",
     "a card goes back from a foundation only onto a card, not to an empty column"),
    ("steeplechase", {"f1": "7C 8H", "t2": "KS"}, {"base_rank": 7}, "f1 t2",
     "a card goes back from a foundation only where it fits: columns build down by one in alternating colours "
     "(a K goes on an A): 8♥ does not go on K♠"),
    ("steeplechase", {"w": "8H"}, {"base_rank": 7}, "d", "the stock is used up: it is empty and no redeal is left"),
    # Blockade: the grid's access rule, the growing grid, the one release
    ("blockade", {**GRID, "s": "5D"}, {"grid_rows": 3}, "g11 a4",
     "in a grid, a card is free only at an edge of its column or of a cell set aside: A♠ has cards above and below it"),
    ("blockade", {**GRID, "s": "5D"}, {"grid_rows": 3}, "fill", "no gap is left to fill: deal a new row"),
    ("blockade", {**GRID, "s": "5D"}, {"grid_rows": 3}, "release g11", "a card is set aside only once the stock is empty"),
    ("blockade", {**GRID, "r": "5D"}, {"grid_rows": 3, "release_used": True, "released_cell": "g5"}, "release g11",
     "the one release of the game is used"),
    # a rank for each pile (Dial, Clock), and Clock's face-down hours
    ("dial", {"w": "3S", "s": "2D"}, {}, "w f4", "the 4th foundation takes only a 4 when empty"),
    ("clock", {"c13": "7D | 5S", "c5": "4S |"}, {}, "c5 f4", "the cards of the 5th clock pile lie face down"),
    # pairs: the kernel's (Pyramid, Elevens) and a grid plugin's (Monte Carlo)
    ("pyramid", {"p1": "KS", "p2": "8C", "p3": "5C"}, {}, "p1 d", "K♠ is not free to move: it is under 2 cards"),
    ("pyramid", {"p27": "5C", "p28": "7D"}, {}, "p27 p28",
     "two cards leave together when their ranks add up to 13: 5♣ and 7♦ do not"),
    ("elevens", {"t1": "5D", "t2": "5C"}, {}, "t1 t2", "two cards leave together when their ranks add up to 11: 5♦ and 5♣ do not"),
    ("tens", {"t5": "9C", "s": "2C"}, {}, "t5 c1", "an empty court pile takes only a 10, a J, a Q or a K"),
    ("neptune", {"t1": "KD", "t2": "AC"}, {}, "t1 t2", "two cards leave together when their ranks are A and 2, 2 and 3, "
     "3 and 4, 4 and 5, 5 and 6, 6 and 7, 7 and 8, 8 and 9, 9 and 10, 10 and J, J and Q, Q and K: K♦ and A♣ do not"),
    ("monte-carlo", {"g1": "5C", "g3": "5D"}, {}, "g1 g3",
     "two cards pair only when they touch, across, down or diagonally: 5♣ and 5♦ do not"),
    # the gaps, the discards, the leftward line, the gather
    ("montana", {"g1": "2H", "g3": "4H"}, {"aces_moved": True}, "g3 g2",
     "a gap takes a card one rank above the card on its left, of its suit: 4♥ does not follow 2♥"),
    ("montana", {"g3": "4H"}, {"aces_moved": True}, "g3 g1", "a gap in the first column takes only a 2"),
    ("montana", {"g1": "2H", "g3": "3H"}, {}, "g3 g2", "first set the aces aside: the opening move, 'aces'"),
    ("aces-up", {"t1": "9C", "t2": "8C"}, {}, "t1 x",
     "a card is discarded only while a higher card of its suit (aces high) shows on another pile: no ♣ above 9♣ shows"),
    ("accordion", {"r1": "5C", "r2": "9H", "r3": "4S"}, {}, "r3 r2",
     "a pile moves onto another only when their top cards match in suit or rank: 4♠ and 9♥ do not"),
    ("la-belle-lucie", {"t1": "5D"}, {"gathers_used": 2}, "gather", "no redeal is left: the tableau has been gathered 2 times"),
    # a pile that keeps its first card (keeps: 1)
    ("stalactites", {"f1": "7H"}, {}, "f1 c1", "the 1st foundation keeps its first card: no card may leave it now"),
    ("trefoil", {"f1": "AC", "t1": "2C"}, {}, "f1 t1", "the 1st foundation keeps its first card: no card may leave it now"),
]


@pytest.mark.parametrize(("name", "piles", "variables", "text", "reason"), REFUSALS,
                         ids=[f"{name}:{text}" for name, _, _, text, _ in REFUSALS])
def test_an_illegal_move_says_the_rule_it_breaks(name, piles, variables, text, reason):
    state = position(framework.load_game(name), piles, **variables)
    with pytest.raises(IllegalMoveError) as refused:
        state.parse_move(text)
    assert str(refused.value) == f"{text!r} is not legal now: {reason}"


def test_explain_says_why_for_a_move_and_that_a_legal_one_is_legal():
    game = framework.load_game("klondike")
    state = position(game, {"t1": "7H", "t3": "9S", "t4": "8S"})
    t1, t3, t4 = (game.pile_index(name) for name in ("t1", "t3", "t4"))
    assert state.explain(Move(t1, t3)) == "columns build down by one in alternating colours: 7♥ does not go on 9♠"
    assert state.explain(Move(t1, t4)) == "legal now: 7♥ to the 4th column"
    assert state.explain(Move(t1, t1)) == "a card move goes from one pile to another"
    assert state.explain(Move(t1, 99)) == f"there is no pile 99: piles are numbered from 0 to {len(game.pile_names) - 1}"


def test_a_plugin_answers_for_its_own_rule_before_the_kernel():
    # A card held by grid-access: the kernel alone would only say it is not free.
    state = position(framework.load_game("blockade"), {**GRID, "s": "5D"}, grid_rows=3)
    move = state.parse_move("g21 a1")  # legal: the bottom row is free
    held = Move(state.game.pile_index("g11"), move.target)
    assert state.explain(held).startswith("in a grid, a card is free only at an edge of its column")


def test_a_deal_or_a_redeal_of_another_number_of_cards_says_how_many_it_moves():
    game = framework.load_game("klondike-draw-3")
    state = position(game, {"s": "2C 3C", "t1": "KS"})
    stock, waste = game.pile_index("s"), game.pile_index("w")
    assert state.explain(Move(stock, waste, 3, "deal")) == "the stock deals 2 cards now, not 3"
    state = position(game, {"w": "2C 3C", "t1": "KS"})
    assert state.explain(Move(waste, stock, 1, "redeal")) == "a redeal turns over the whole of the waste: 2 cards, not 1"
