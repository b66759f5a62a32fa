"""The table as text, drawn from the rule data's layout hint.

Each row of ``layout.rows`` is drawn as the blocks of its groups side by side.
A group is drawn by its hints: ``columns: N`` as a grid of N columns in reading
order (an empty cell is a gap), ``rows_of`` as centred rows of piles, ``fan:
down`` as columns of cards under their pile names, ``fan: right`` as one line per
pile, and otherwise as the top card of each pile. A stock shows how many cards it holds; the cards a player
cannot see are hidden (``public``).
A card that some legal move would pick up is marked ``*``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from ..cards import COLOUR, RED_SUITS, SUIT_SYMBOLS, SUITS, card_symbol, card_text, rank_text
from ..moves import GATHERS_VAR, REDEALS_VAR
from ..public import public_pile
from ..spec import Fan, Role
from ..words import move_words

if TYPE_CHECKING:
    from ..compile import Group
    from ..game import Game
    from ..moves import Move
    from ..state import State

FREE_MARK = "*"
HIDDEN = "##"
EMPTY = "--"
CARD_WIDTH = 4  # "10♥*"
GAP = "    "  # between groups drawn side by side


@dataclass(frozen=True, slots=True)
class Look:
    """How cards are written: in colour (ANSI) or not, with suit symbols or letters."""

    colour: bool = False
    symbols: bool = True

    @classmethod
    def for_stream(cls, stream: object, *, colour: bool) -> Look:
        """The look for ``stream``: suit symbols where its encoding can write them."""
        encoding = getattr(stream, "encoding", None) or "ascii"
        try:
            SUIT_SYMBOLS.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            return cls(colour=colour, symbols=False)
        return cls(colour=colour, symbols=True)

    def card(self, card: int, *, free: bool = False) -> str:
        """One face-up card, marked when free."""
        text = card_symbol(card) if self.symbols else card_text(card)
        if free:
            text += FREE_MARK
        if self.colour and (COLOUR[card] or free):
            return click.style(text, fg="red" if COLOUR[card] else None, bold=free or None)
        return text

    def suit(self, suit: int) -> str:
        """A suit alone, to mark the place of an empty pile that takes only that suit: ``[♦]``."""
        text = f"[{SUIT_SYMBOLS[suit] if self.symbols else SUITS[suit]}]"
        if self.colour and suit in RED_SUITS:
            return click.style(text, fg="red")
        return text

    def hidden(self) -> str:
        """A face-down card."""
        return click.style(HIDDEN, dim=True) if self.colour else HIDDEN

    def words(self, text: str) -> str:
        """Words that name cards (``7♥ to the 3rd column``), with suit letters where symbols cannot be written."""
        return text if self.symbols else text.translate(_SUIT_LETTERS)

    def told(self, words: str, text: str) -> str:
        """A move in words, with the text that plays it in brackets: ``7♥ to the 3rd column [t1 t3]``."""
        return f"{self.words(words)} [{text}]"


_SUIT_LETTERS = str.maketrans(SUIT_SYMBOLS, SUITS)


PLAIN = Look()


def width(text: str) -> int:
    """The width of ``text`` on screen, colour codes left out."""
    return len(click.unstyle(text))


def pad(text: str, size: int) -> str:
    """``text`` padded with blanks on the right to ``size`` columns."""
    return text + " " * (size - width(text))


def free_piles(state: State) -> set[int]:
    """The piles whose top card some legal card move picks up."""
    return {move.source for move in state.legal_moves() if not move.action}


def draw(state: State, look: Look = PLAIN) -> str:
    """The whole table of ``state``: a heading, then the layout's rows of groups."""
    game = state.game
    free = free_piles(state)
    rows = [list(row) for row in game.spec.layout_rows]
    drawn = {name for row in rows for name in row}
    rows += [[name] for name in game.groups if name not in drawn]  # nothing stays hidden
    lines = [heading(state)]
    for row in rows:
        blocks = [_group_block(state, game.groups[name], free, look) for name in row]
        lines.append("")
        lines += _side_by_side(blocks)
    return "\n".join(line.rstrip() for line in lines)


def heading(state: State) -> str:
    """The game's name, the deal, the number of moves, and the kernel's variables worth seeing."""
    parts = [state.game.name]
    if state.seed is not None:
        parts.append(f"deal {state.seed}")
    parts.append(f"move {len(state.move_stack)}")
    if state.base_rank is not None:
        parts.append(f"base rank {rank_text(state.base_rank)}")
    for stock in state.game.stocks:
        if stock.spec.redeals > 0:  # below 0: no limit, nothing to count
            parts.append(f"redeals left {stock.spec.redeals - state.vars[REDEALS_VAR]}")
    for group in state.game.gatherers:
        times = group.spec.gather_and_deal.times if group.spec.gather_and_deal else 0
        if times > 0:
            parts.append(f"redeals left {times - state.vars[GATHERS_VAR]}")
    return " - ".join(parts)


def describe(state: State, move: Move, look: Look = PLAIN, *, align: int = 0) -> str:
    """The move's text, padded to ``align`` characters, then the move in words: ``t1 t3     7♥ to the 3rd
    column``."""
    return f"{state.move_text(move):<{align}}  {look.words(move_words(state, move))}"


def pile_names(game: Game) -> str:
    """How the piles of ``game`` are named, group by group: ``f1..f8 foundation, w waste``."""
    return ", ".join(
        group.pile_name(group.piles.start)
        + (f"..{group.pile_name(group.piles.stop - 1)}" if len(group.piles) > 1 else "")
        + f" {group.name}"
        for group in game.groups.values()
    )


def _side_by_side(blocks: list[list[str]]) -> list[str]:
    height = max(len(block) for block in blocks)
    widths = [max(map(width, block), default=0) for block in blocks]
    return [
        GAP.join(pad(block[i] if i < len(block) else "", size) for block, size in zip(blocks, widths))
        for i in range(height)
    ]


def _group_block(state: State, group: Group, free: set[int], look: Look) -> list[str]:
    if group.role == Role.STOCK:
        return [_stock(state, group, free, look)]
    if group.spec.columns:
        return _grid(state, group, free, look)
    if group.spec.rows_of:
        return _rows(state, group, free, look)
    if group.spec.fan == Fan.DOWN:
        return _columns(state, group, free, look)
    if group.spec.fan == Fan.RIGHT:
        size = max(len(group.pile_name(p)) for p in group.piles) + 2
        return [pad(group.pile_name(p), size) + _fanned(state, p, p in free, look) for p in group.piles]
    return ["  ".join(f"{group.pile_name(p)} {_top(state, p, p in free, look)}" for p in group.piles)]


def _stock(state: State, group: Group, free: set[int], look: Look) -> str:
    """A stock's piles with how many cards each holds: face down, but for a top card the rules may play."""
    parts = []
    for pile in group.piles:
        hidden, cards = public_pile(state, pile)
        shown = f"{look.card(cards[-1], free=pile in free)} " if cards else ""
        parts.append(f"{group.pile_name(pile)} {shown}[{hidden + len(cards)}]")
    return "  ".join(parts)


def _faces(state: State, pile: int, free: bool, look: Look) -> list[str]:
    """Every card of a pile, bottom first, as the player sees it (``public``): hidden ones hidden, the top one
    marked if free."""
    hidden, cards = public_pile(state, pile)
    return [look.hidden()] * hidden + [look.card(card, free=free and index == len(cards) - 1)
                                       for index, card in enumerate(cards)]


def _fanned(state: State, pile: int, free: bool, look: Look) -> str:
    return " ".join(_faces(state, pile, free, look)) or _empty(state, pile, look)


def _empty(state: State, pile: int, look: Look) -> str:
    """An empty pile: its suit if it takes only one."""
    suits = state.game.pile_group[pile].spec.suits
    if suits:
        return look.suit(suits[pile - state.game.pile_group[pile].piles.start])
    return EMPTY


def _top(state: State, pile: int, free: bool, look: Look) -> str:
    """The top card of a pile, with the number of cards when it holds more than one."""
    faces = _faces(state, pile, free, look)
    if not faces:
        return _empty(state, pile, look)
    count = f"({len(faces)})" if len(faces) > 1 else ""
    return faces[-1] + count


def _columns(state: State, group: Group, free: set[int], look: Look) -> list[str]:
    """Piles as columns under their names, cards downwards from the bottom card."""
    faces = [_faces(state, p, p in free, look) or [_empty(state, p, look)] for p in group.piles]
    names = [group.pile_name(p) for p in group.piles]
    size = max(CARD_WIDTH, *map(len, names)) + 1
    lines = ["".join(pad(name, size) for name in names)]
    for depth in range(max(map(len, faces))):
        lines.append("".join(pad(column[depth] if depth < len(column) else "", size) for column in faces))
    return lines


def _rows(state: State, group: Group, free: set[int], look: Look) -> list[str]:
    """Piles in rows of ``rows_of`` piles, each row centred on the widest."""
    assert group.spec.rows_of is not None  # only a group drawn in rows comes here
    lines, start = [], group.piles.start
    for length in group.spec.rows_of:
        lines.append("  ".join(f"{group.pile_name(p)} {_top(state, p, p in free, look) if state.piles[p] else '  '}"
                               for p in range(start, start + length)))
        start += length
    size = max(map(width, lines))
    return [" " * ((size - width(line)) // 2) + line for line in lines]


def _grid(state: State, group: Group, free: set[int], look: Look) -> list[str]:
    """A grid of ``columns`` cells a row in reading order; rows left empty at the bottom are not drawn."""
    columns = group.spec.columns
    assert columns is not None  # only a group drawn as a grid comes here
    cells = list(group.piles)
    used = [index for index, pile in enumerate(cells) if state.piles[pile]]
    rows = used[-1] // columns + 1 if used else 1
    labels = [group.pile_name(cells[row * columns]) for row in range(rows)]
    label_size = max(map(len, labels)) + 1
    size = CARD_WIDTH + 1
    lines = [" " * label_size + "".join(pad(str(column + 1), size) for column in range(columns))]
    for row, label in enumerate(labels):
        row_cells = cells[row * columns:(row + 1) * columns]
        lines.append(pad(label, label_size) + "".join(pad(_top(state, pile, pile in free, look), size)
                                                      for pile in row_cells))
    return lines
