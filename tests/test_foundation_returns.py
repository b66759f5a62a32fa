"""Whether a foundation's top card may come back into play: each game of issue 35, decided against PySolFC.

PySolFC lets a foundation's top card go wherever it fits (its piles' default). The games below follow it
unless their rules text says why not: the FreeCell family keeps its foundation cards, as Microsoft's FreeCell
and Solvitaire do, but for Stalactites. Where PySolFC keeps a foundation's first card (its ``min_cards=1``:
Stalactites, Trefoil), the rule file says ``keeps: 1``. Each test is a concrete position with its exact legal
moves.
"""

from __future__ import annotations

import pytest
from helpers import build

from framework.testing import legal_texts

#: The games that keep their foundation cards, unlike PySolFC (their rules texts say why).
KEPT = [
    "bakers-game", "bath", "big-cell", "challenge-freecell", "double-eight-off", "double-freecell",
    "double-seahaven-towers", "eight-off", "forecell", "freecell", "german-freecell", "king-only-bakers-game",
    "kingcell", "relaxed-freecell", "relaxed-seahaven-towers", "repair", "seahaven-towers", "seven-by-five",
    "seven-by-four", "super-challenge-freecell", "triple-freecell",
]


@pytest.mark.parametrize("game_id", KEPT)
def test_a_foundation_card_stays_even_with_every_free_cell_empty(game_id):
    # Every free cell takes any card, so a foundation card that could come back would have somewhere to go.
    assert legal_texts(build(game_id, {"f1": "AH"})) == set()


def test_freecell_keeps_a_foundation_card_that_fits_a_column():
    state = build("freecell", {"f1": "AH 2H", "t1": "3C", "t2": "KC"})
    assert legal_texts(state) == {"t2 c1", "t2 c2", "t2 c3", "t2 c4", "t1 c1", "t1 c2", "t1 c3", "t1 c4",
                                  "t1 t3", "t2 t3", "t1 t4", "t2 t4", "t1 t5", "t2 t5", "t1 t6", "t2 t6",
                                  "t1 t7", "t2 t7", "t1 t8", "t2 t8"}  # no 'f1 t1': 2H stays up


@pytest.mark.parametrize(("game_id", "piles", "legal"), [
    # Forty Thieves: 2C back onto 3C and 2H onto 3H (by suit), as the threes may go up
    ("forty-thieves", {"f1": "AC 2C", "f2": "AH 2H", "t1": "3C", "t2": "3H", **{f"t{n}": "KD" for n in range(3, 11)}},
     {"f1 t1", "t1 f1", "f2 t2", "t2 f2"}),
    # Good Measure: 3D back onto 4S (any suit); the columns' tops fit nothing else
    ("good-measure", {"f1": "AD 2D 3D", "t1": "4S", **{f"t{n}": "KC" for n in range(2, 11)}}, {"f1 t1"}),
    # Cruel: 5H back onto 6H (by suit), not onto 6S, as 6H may go up; the gather is still there
    ("cruel", {"f1": "AH 2H 3H 4H 5H", "t1": "6H", "t2": "6S"}, {"f1 t1", "t1 f1", "gather"}),
    # Perseverance: 4C back onto 5C, as 5C may go up
    ("perseverance", {"f1": "AC 2C 3C 4C", "t1": "5C", "t2": "7D"}, {"f1 t1", "t1 f1", "gather"}),
    # La Belle Lucie: 3S back onto 4S, as 4S may go up
    ("la-belle-lucie", {"f1": "AS 2S 3S", "t1": "4S", "t2": "9D"}, {"f1 t1", "t1 f1", "gather"}),
    # Trefoil: 2C (a card above the ace, as in PySolFC) back onto 3C, as 3C may go up
    ("trefoil", {"f1": "AC 2C", "t1": "3C", "t2": "9D"}, {"f1 t1", "t1 f1", "gather"}),
    # Trefoil: but never the ace, which the foundation keeps (PySolFC's min_cards=1): not 'f1 t1', AC on 2C
    ("trefoil", {"f1": "AC", "t1": "2C", "t2": "9D"}, {"t1 f1", "gather"}),
    # Stalactites: a foundation's top card to either free cell, or onto another foundation where it fits (QS on
    # JD), but never a foundation's first card (not 'f2 c1': 5H alone; not 'f3 f1': 2C, the base, on AH)
    ("stalactites", {"f1": "9C TH JD", "f2": "5H", "f3": "2C", "f4": "KD AH QS", "t1": "8D"},
     {"f1 c1", "f1 c2", "f4 c1", "f4 c2", "f4 f1", "t1 c1", "t1 c2"}),
    # Imaginary Thirteen: each top card onto another foundation it fits: 5S (the fives' first card) on the
    # ones' 4H, 4H on the twos' 2H, 4C on 2H, 6H on the threes' 3D, 3D on the eights' 8C (8 + 8 turns the
    # corner to 3), 8C on the fours' 4C
    ("imaginary-thirteen", {"a": "AS 2D 3D 4H", "b": "2H", "c": "3D", "d": "4C", "e": "5S", "f": "6H",
                            "g": "7D", "h": "8C"}, {"e a", "a b", "d b", "f c", "c h", "h d"}),
])
def test_a_foundation_card_comes_back_as_in_pysolfc(game_id, piles, legal):
    assert legal_texts(build(game_id, piles)) == legal


def test_calculation_deal_1_lets_the_2_go_from_its_foundation_onto_the_ace():
    # Issue 35's position: in PySolFC, 2H goes from the twos onto the ace pile's AS; the twos then take a 2 again.
    state = build("calculation", {"a": "AS", "b": "2H", "c": "3D", "d": "4C", "w": "2C"})
    assert legal_texts(state) == {"b a", "d b", "w a", "w p1", "w p2", "w p3", "w p4"}
    state = build("calculation", {"a": "AS 2H", "c": "3D", "d": "4C", "w": "2C"})
    assert legal_texts(state) == {"a b", "c a", "w b", "w p1", "w p2", "w p3", "w p4"}  # 'c a': 3D on 2H
