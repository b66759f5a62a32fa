"""Moves in plain words: the cards they move and the places they go, as the table shows them.

A place is named by what its group looks like on the table, never by the game:
a group fanned down is a row of columns (``the 3rd column``), one fanned right a
stack of rows (``the 2nd row``), a grid has cells by row and column (``row 2,
column 3``), free cells are numbered (``free cell 2``), and a group of one pile
is its name (``the waste``). Where two groups would share a word, the group's
name tells them apart (``the 2nd reserve column``). Cards are written as the
cards show them: ``7♥``, ``10♠``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from .cards import SUIT_SYMBOLS, card_symbol, rank_symbol
from .moves import DEAL, GATHER, PAIR, REDEAL, Move
from .spec import Fan, Role

if TYPE_CHECKING:
    from .compile import Group, Rules
    from .state import State

#: How many cards a move names one by one; a longer run is named by its first card.
CARDS_NAMED = 3


class Noun(NamedTuple):
    """What a pile of a group is called, one and many (``column``, ``columns``), and how its piles are told
    apart: ``ordinal`` (the 3rd column), ``numbered`` (free cell 2), ``grid`` (row 2, column 3), ``rows`` (place
    2 of row 3) or ``single`` (the group's one pile, by the group's name)."""

    one: str
    many: str
    style: str
    qualifier: str = ""  # the group's name, where another group's piles have the same noun


def _base_noun(group: Group) -> Noun:
    """What a pile of ``group`` is called, by how the table draws the group and its role."""
    if len(group.piles) == 1:
        return Noun(group.name, group.name, "single")
    return _ROLE_NOUNS.get(group.role) or _look_noun(group)


#: What a pile of a group of several is called by its role alone, where the role says it.
_ROLE_NOUNS = {Role.FOUNDATION: Noun("foundation", "foundations", "ordinal"),
               Role.CELL: Noun("free cell", "free cells", "numbered")}


def _look_noun(group: Group) -> Noun:
    """What a pile of ``group`` is called by how the table draws the group."""
    spec = group.spec
    if spec.columns and spec.max_cards == 1:
        return Noun("cell", "cells", "grid")
    if spec.rows_of:
        return Noun("place", "places", "rows")
    if spec.fan is Fan.DOWN:
        return Noun("column", "columns", "ordinal")
    if spec.fan is Fan.RIGHT and not spec.columns:
        return Noun("row", "rows", "ordinal")
    return Noun(f"{group.name} pile", f"{group.name} piles", "ordinal")


def noun(game: Rules, group: Group) -> Noun:
    """What a pile of ``group`` is called in ``game``: its look's word, with the group's name where another
    group of the game would have the same word (but for a tableau among groups that are not)."""
    base = _base_noun(group)
    if base.style == "single" or base.one.startswith(group.name):
        return base
    sharing = [other for other in game.groups.values() if other is not group and _base_noun(other).one == base.one]
    tableau = [other for other in (group, *sharing) if other.role is Role.TABLEAU]
    if not sharing or tableau == [group]:  # the one tableau of those keeps the plain word
        return base
    if group.role is Role.FOUNDATION:  # named as the table's headings name them: the kings foundation
        return Noun(f"{group.name} {base.one}", f"{group.name} {base.many}", base.style)
    of = f" of the {group.name}"
    return Noun(base.one + of, base.many + of, base.style, group.name)


def ordinal(number: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``, ``11th``, ``22nd``."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def a(words: str) -> str:
    """``words`` after the indefinite article: ``a column``, ``an up foundation``, ``an 8``, ``an A``."""
    vowel = words[:1].lower() in ("a", "e", "i", "o", "u", "8")
    return f"{'an' if vowel else 'a'} {words}"


def place(game: Rules, pile: int) -> str:
    """Where pile ``pile`` lies, as the table shows it: ``the 3rd column``, ``free cell 2``, ``the waste``,
    ``row 2, column 3``."""
    group = game.pile_group[pile]
    called = noun(game, group)
    of = f" of the {called.qualifier}" if called.qualifier else ""  # said after the row and column
    return _PLACES.get(called.style, _ordinal_place)(group, called, pile - group.piles.start, of)


def _single_place(group: Group, called: Noun, index: int, of: str) -> str:
    return f"the {called.one}"


def _numbered_place(group: Group, called: Noun, index: int, of: str) -> str:
    return f"{called.one.removesuffix(of)} {index + 1}{of}"


def _grid_place(group: Group, called: Noun, index: int, of: str) -> str:
    columns = group.spec.columns or 1
    return f"row {index // columns + 1}, column {index % columns + 1}{of}"


def _rows_place(group: Group, called: Noun, index: int, of: str) -> str:
    lengths, row = group.spec.rows_of or (), 0
    while row < len(lengths) - 1 and index >= lengths[row]:
        index -= lengths[row]
        row += 1
    return f"place {index + 1} of row {row + 1}{of}"


def _ordinal_place(group: Group, called: Noun, index: int, of: str) -> str:
    return f"the {ordinal(index + 1)} {called.one}"


#: How pile number ``index`` of a group is named, by the style of its noun (``Noun.style``); else by ordinal.
_PLACES: dict[str, Callable[[Group, Noun, int, str], str]] = {
    "single": _single_place, "numbered": _numbered_place, "grid": _grid_place, "rows": _rows_place,
}


def destination(game: Rules, pile: int) -> str:
    """Where a card goes, said of pile ``pile``: as ``place`` says, but that piles alike are any of them
    (``a foundation``, ``a free cell``) and a foundation that takes one suit is called by it (``the ♥
    foundation``)."""
    group = game.pile_group[pile]
    called = noun(game, group)
    if group.role not in (Role.FOUNDATION, Role.CELL) or called.style not in ("ordinal", "numbered"):
        return place(game, pile)
    suit = game.pile_suit[pile]
    if suit < 0:
        return a(called.one)
    alike = sum(1 for other in group.piles if game.pile_suit[other] == suit)
    return f"{'the' if alike == 1 else 'a'} {SUIT_SYMBOLS[suit]} {called.one}"


def cards_words(cards: Sequence[int]) -> str:
    """Cards as a move names them, bottom first: ``7♥``, ``8♣ 7♥ 6♠``, or ``8♣ and the 4 cards on it``."""
    if not cards:
        return "no card"
    if len(cards) <= CARDS_NAMED:
        return " ".join(map(card_symbol, cards))
    return f"{card_symbol(cards[0])} and the {len(cards) - 1} cards on it"


def rank_words(rank: int) -> str:
    """A rank with its article, as a rule names it: ``a K``, ``an 8``, ``an A``."""
    return a(rank_symbol(rank))


def move_words(state: State, move: Move) -> str:
    """``move`` in plain words, said of ``state`` before it is played: ``7♥ to the 3rd column``, ``turn the
    stock``, ``pair 5♣ and 8♦``; a plugin's own move in that plugin's words."""
    answer = state.game.hooks.move_words(state, move)
    if answer is not None:
        return answer
    if not move.action:
        return _card_move_words(state, move)
    worded = _ACTION_WORDS.get(move.action)
    return worded(state, move) if worded else state.move_text(move)  # (a plugin's action it does not word)


def _card_move_words(state: State, move: Move) -> str:
    game = state.game
    cards = cards_words(state.piles[move.source][-move.count:]) if move.source >= 0 else "no card"
    going = f"to {_onto(state, move.target)}" if move.target >= 0 else "nowhere"
    if move.source >= 0 and game.pile_group[move.source].role is Role.FOUNDATION:
        return f"{cards} from {destination(game, move.source)} {going}"
    return f"{cards} {going}"


def _redeal_words(state: State, move: Move) -> str:
    return f"turn {place(state.game, move.source)} over into {place(state.game, move.target)}"


def _pair_words(state: State, move: Move) -> str:
    return f"pair {_top_words(state, move.source)} and {_top_words(state, move.target)}"


def _onto(state: State, pile: int) -> str:
    """Where a card goes, as ``destination`` says, but that one of foundations alike is told by its top card:
    ``the foundation on 6♥``, ``an empty foundation``."""
    where = destination(state.game, pile)
    article, _, alike = where.partition(" ")
    if article not in ("a", "an") or state.game.pile_group[pile].role is not Role.FOUNDATION:
        return where
    cards = state.piles[pile]
    return f"the {alike} on {card_symbol(cards[-1])}" if cards else f"an empty {alike}"


def _top_words(state: State, pile: int) -> str:
    cards = state.piles[pile]
    return card_symbol(cards[-1]) if cards else f"the empty {place(state.game, pile).removeprefix('the ')}"


def _deal_words(state: State, move: Move) -> str:
    """Turning a stock onto its waste, or dealing it a card to each pile of a group (or of its last deal's groups)."""
    game = state.game
    stock = place(game, move.source)
    group = game.pile_group[move.target]
    dealer = game.pile_group[move.source]
    if dealer.is_last_deal(len(state.piles[move.source])):
        each = " and ".join(noun(game, game.groups[name]).one for name in dealer.spec.last_deal_to)
        return f"deal the last {move.count} cards, one to each {each}"
    if len(dealer.stock_targets) > 1:
        return _row_deal_words(noun(game, group), move.count, len(group.piles))
    if group.role is Role.WASTE:
        return f"turn {stock}" if move.count == 1 else f"turn {move.count} cards of {stock}"
    cards = "a card" if move.count == 1 else f"{move.count} cards"
    return f"deal {cards} from {stock} to {place(game, move.target)}"


def _row_deal_words(called: Noun, count: int, piles: int) -> str:
    """Dealing ``count`` cards onto ``piles`` piles called ``called``, a card on each in turn, round after round."""
    if count < piles:
        return f"deal a card to each of the first {count} {called.many}"
    if count == piles:
        return f"deal a card to each {called.one}"
    if count % piles == 0:
        return f"deal {count // piles} cards to each {called.one}"
    return f"deal {count} cards to the {called.many}, a card to each in turn"


def _gather_words(state: State, move: Move) -> str:
    """Gathering a group's cards and dealing them again, shuffled or not."""
    game = state.game
    group = game.pile_group[move.source]
    rule = group.spec.gather_and_deal
    if rule is not None and rule.pile_by_pile:
        return f"gather {place(game, move.source)} and deal it one card to each {noun(game, group).one} in turn"
    shuffle = rule is not None and rule.shuffle
    if len(group.piles) == 1:
        return f"gather the {group.name}{', shuffle it' if shuffle else ''} and deal it again"
    return f"gather the {noun(game, group).many}{', shuffle them' if shuffle else ''} and deal them again"


#: The words of the kernel's actions.
_ACTION_WORDS: dict[str, Callable[[State, Move], str]] = {
    DEAL: _deal_words, REDEAL: _redeal_words, GATHER: _gather_words, PAIR: _pair_words,
}


def said(start: State, moves: Iterable[Move]) -> list[str]:
    """The words of each of ``moves``, played in turn from ``start``, each said of the position before it
    (``start`` is left as it is: they are played on a copy)."""
    board = start.copy(stack=False)
    found = []
    for move in moves:
        found.append(move_words(board, move))
        board.push(move)
    return found


def said_of_last(state: State, count: int) -> list[str]:
    """The words of the last ``count`` moves ``state`` has played, each said of the position before it."""
    if not count:
        return []
    board = state.copy()
    moves = board.move_stack[-count:]
    for _ in moves:
        board.pop()
    return said(board, moves)
