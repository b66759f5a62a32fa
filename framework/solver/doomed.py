"""Positions proven lost at a glance: a card that no card left can ever take onto the one foundation.

In a game like Golf or Black Hole, every card of the table must go, one at a
time, onto a single foundation, where it must fit the card on top. A card ``c``
can go there only onto the foundation's top card as it is now, or onto a card
that will be on top later: one not yet on the foundation. A card under ``c`` in
its own pile cannot be: its pile gives only its top card, and only to the
foundation, so that card leaves after ``c``. So if no card that ``c`` fits on
is the foundation's top card or off the foundation and not under ``c``, the
position cannot be won, whatever is played: the search may call it lost without
trying a move. (A stock that deals onto the foundation lays its cards there
without fitting: they can take ``c`` but need not fit anything themselves.)

A count goes further where the cards fitting one another make lines or rings,
each card fitting only its one or two neighbours (Golf's ranks, one up or down:
A-2-...-K; Black Hole's, turning the corner from K to A: a ring). From its top
card on, the foundation's cards fall into runs, each starting with the top card
or a stock card (laid without fitting) and going on with table cards, each
fitting the one before. Take a set S of classes no two of which fit each other,
and N(S) the classes next to them. Two cards of S never follow each other in a
run, so a run holds no more cards of S than table cards of N(S), plus one if its
first card is of N(S). So if the table's cards of S outnumber its cards of N(S)
plus the runs starting on N(S), the position is lost. The best S is found class
by class along each line or ring (``_gain``).

The rules that make the argument hold are checked once per game (``Doom.of``):
one foundation pile, no card ever leaving it (a ``sink``), a win that needs
every card of the checked piles gone from the table, those piles giving only
their top card and only to the foundation, and no plugin with a rule hook.
"""

from __future__ import annotations

from ..game import Game
from ..hookspecs import RULE_HOOKS
from ..spec import Pick, WonWhen
from ..state import State
from .canonical import _SEPARATOR, card_classes, sink_piles

_NEVER = -1 << 30  # the gain of a choice not allowed


class Doom:
    """Tells positions of one game that are lost because some card can never go to the foundation."""

    def __init__(self, game: Game, foundation: int, piles: tuple[int, ...]) -> None:
        self.foundation = foundation
        #: The piles whose every card must be laid onto the foundation by fitting its top card.
        self.piles = piles
        #: The other piles off the foundation: their cards count as cards still to come.
        self.others = tuple(pile for pile in range(len(game.pile_names)) if pile != foundation and pile not in piles)
        #: Each card's class (``card_classes``): the foundation's rule cannot tell two cards of a class apart.
        self.classes = card_classes(game)
        classes = sorted(set(self.classes[:52]))
        fits = game.pile_group[foundation].fits_table
        #: For each card, the classes of the cards it may be laid on.
        self.takers: tuple[tuple[int, ...], ...] = tuple(
            tuple(below for below in classes if fits[below * 52 + card]) for card in range(52))
        #: The classes, each by its first card.
        self.class_list = bytes(classes)
        #: For each class, the classes of the cards that may be laid on it.
        self.takes: dict[int, bytes] = {below: bytes(card for card in classes if below in self.takers[card])
                                        for below in classes}
        #: The lines and rings of classes (``_lines``) where every other pile lays its cards on the foundation
        #: without fitting; None where the count does not hold.
        self.lines = (_lines(self.takers, classes)
                      if all(pile in _laying_piles(game, foundation) for pile in self.others) else None)

    @classmethod
    def of(cls, game: Game) -> Doom | None:
        """The check for ``game``, or None where its rules are not those the argument needs."""
        if not _one_way_out(game):
            return None
        foundation = game.foundation_piles[0]
        piles = tuple(pile for pile in sorted(_needed_piles(game, foundation)) if pile in game.source_piles)
        checked = {game.pile_group[pile] for pile in piles}
        if not piles or any(group.pick is not Pick.TOP_CARD or group.targets != (foundation,) for group in checked):
            return None
        return cls(game, foundation, piles)

    def _outnumbered(self, state: State, table: bytes) -> bool:
        """Whether some set S of classes along a line or ring (``_lines``), no two next to each other, has more
        cards on the table (``table``: its cards by class) than the table's cards next to S and the runs still
        to come that start next to S."""
        piles = state.piles
        classes = self.classes
        starts = (b"".join([bytes(piles[pile]) for pile in self.others]) + bytes(piles[self.foundation][-1:])
                  ).translate(classes)
        assert self.lines is not None
        for line, ring in self.lines:
            counts = [table.count(kind) for kind in line]
            charges = [count + starts.count(kind) for count, kind in zip(counts, line)]
            if (_ring_gain(counts, charges) if ring else _gain(counts, charges)) > 0:
                return True
        return False

    def lost(self, state: State) -> bool:
        """Whether some card of the checked piles can never be laid on the foundation in ``state``.

        After a move onto the foundation, only the cards that could lie on the card
        it covered are looked at: every other card can still go where it could
        before (a card that went on top is still there to take others), so a
        position whose parent passed the whole check passes it unless one of those fails.
        """
        piles = state.piles
        foundation = piles[self.foundation]
        if not foundation:
            return False  # the first card goes by what an empty foundation takes, not by fitting
        classes = self.classes
        table = _SEPARATOR.join([bytes(piles[pile]) for pile in self.piles]).translate(classes)
        if self.lines is not None and self._outnumbered(state, table):
            return True
        return self._stranded(state, table, self._kinds_to_check(state))

    def _kinds_to_check(self, state: State) -> bytes:
        """The classes whose cards ``lost`` looks at: those that could lie on the card the last move covered on
        the foundation, or all."""
        foundation = state.piles[self.foundation]
        last = state.move_stack[-1] if state.move_stack else None
        if last is not None and last.target == self.foundation and last.count == 1 and len(foundation) > 1:
            return self.takes[self.classes[foundation[-2]]]
        return self.class_list

    def _stranded(self, state: State, table: bytes, kinds: bytes) -> bool:
        """Whether a card of ``kinds`` on the table (``table``: the checked piles' cards by class) fits on no
        card that is the foundation's top card, or still to come and not under it."""
        piles = state.piles
        classes = self.classes
        top = classes[piles[self.foundation][-1]]
        off = b""  # the cards off the foundation, by class, made when first needed
        takers = self.takers
        for kind in kinds:
            at = table.find(kind)
            while at >= 0:
                if not off:
                    off = table + b"".join([bytes(piles[pile]) for pile in self.others]).translate(classes)
                start = table.rfind(_SEPARATOR, 0, at) + 1  # where its pile begins
                # The card of class ``kind`` at ``at``: is any card it fits on on top, or to come and not under it?
                if not any(below == top or off.count(below) - (below == kind) > table.count(below, start, at)
                           for below in takers[kind]):
                    return True
                at = table.find(kind, at + 1)
        return False


def _laying_piles(game: Game, foundation: int) -> set[int]:
    """The stock piles that deal straight onto ``foundation``, laying their cards there without fitting."""
    return {pile for stock in game.stocks if stock.stock_targets == range(foundation, foundation + 1)
            for pile in stock.piles}


def _one_way_out(game: Game) -> bool:
    """Whether ``game``'s cards leave the table only for its one foundation pile, a sink, by rule data alone."""
    foundations = game.foundation_piles
    if len(foundations) != 1 or game.hooks.implemented & RULE_HOOKS or foundations[0] not in sink_piles(game):
        return False
    # cards may leave the table otherwise than onto the foundation
    return not (game.pairing or game.set_piles or game.clearings or game.refills or game.gatherers)


def _needed_piles(game: Game, foundation: int) -> set[int]:
    """The piles whose cards must all leave the table for ``game`` to be won (``foundation`` its one
    foundation)."""
    won_when = game.spec.won_when
    if won_when == WonWhen.ALL_ON_FOUNDATIONS:
        return set(range(len(game.pile_names))) - {foundation}
    if won_when == WonWhen.TABLE_EMPTY:
        return set(game.table_piles)
    return set(game.emptied_piles)


def _ring_gain(counts: list[int], charges: list[int]) -> int:
    """``_gain`` of a ring of classes: with its first class out of S (charged or not: the better counts), or in
    it with its neighbours out."""
    return max(_gain(counts[1:], charges[1:], ends=False), _gain(counts[1:], charges[1:]) - charges[0],
               counts[0] - charges[1] - charges[-1] + _gain(counts[2:-1], charges[2:-1]))


def _gain(counts: list[int], charges: list[int], ends: bool = True) -> int:
    """The most that the table's cards of S can outnumber the cards and runs next to S (``charges``), over
    the sets S of classes along a line, no two next to each other (``ends``: whether S may hold the line's
    first and last class). The line is walked class by class, keeping the best gain so far by whether the
    class before and the class itself are in S; a class out of S is charged once its neighbours are known."""
    if not counts:
        return 0
    last = len(counts) - 1
    out_out, out_in, in_out = 0, counts[0] if ends else _NEVER, _NEVER
    for index in range(1, len(counts)):
        count = counts[index] if ends or index < last else _NEVER
        charge = charges[index - 1]
        out_out, out_in, in_out = max(out_out, in_out - charge), max(out_out, in_out) + count - charge, out_in
    return max(out_out, out_in, in_out - charges[last])


def _lines(takers: tuple[tuple[int, ...], ...], classes: list[int]) -> tuple[tuple[bytes, bool], ...] | None:
    """The classes in lines and rings (each with whether it is a ring), each class next to those it fits on or
    that fit on it; None where they do not make lines and rings (a class with three neighbours, or fitting
    itself)."""
    neighbours = _neighbours(takers, classes)
    if any(card in near or len(near) > 2 for card, near in neighbours.items()):
        return None
    lines: list[tuple[bytes, bool]] = []
    placed: set[int] = set()
    for ring in (False, True):  # lines from their ends first; what is left is rings, walked from any class
        for start in classes:
            if start in placed or not ring and len(neighbours[start]) > 1:
                continue
            line = [start]
            while following := neighbours[line[-1]] - placed - set(line):
                line.append(min(following))
            placed.update(line)
            lines.append((bytes(line), ring))
    return tuple(lines)


def _neighbours(takers: tuple[tuple[int, ...], ...], classes: list[int]) -> dict[int, set[int]]:
    """For each class, the classes it fits on or that fit on it (``takers``: for each card, the classes it fits
    on)."""
    neighbours: dict[int, set[int]] = {card: set() for card in classes}
    for card in classes:
        for below in takers[card]:
            neighbours[card].add(below)
            neighbours[below].add(card)
    return neighbours
