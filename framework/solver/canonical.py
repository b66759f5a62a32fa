"""The canonical key of a position: equal for positions the solver may treat as one.

The key is the piles as bytes (cards are 0..51, so one byte each), each card
replaced by the first card of its class (cards the rules cannot tell apart),
with the piles of every interchangeable group sorted, followed by the state
variables. Equal cards of different decks are the same integer, so they are
equal here too. A group that a stock deals onto pile by pile (a card on each
column in turn, each turn or in its last deal) is interchangeable only once
that stock is empty, and the stock's piles are in the key unsorted, so two
positions with equal keys agree on that.

A pile no card ever leaves (a ``sink``: Golf's and Black Hole's foundation) is
in the key as its top card and its number of cards alone, since nothing the
rules can do depends on the cards under its top: positions that differ only in
the order their cards went there are one. Where that order is all that differs,
as in Golf, this is most of the positions there are.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import RANK, SUIT
from ..compile import Group
from ..game import Game
from ..hookspecs import RULE_HOOKS
from ..spec import Role
from ..state import State

#: Between piles; never a card.
_SEPARATOR = b"\xff"
#: Before a pile's face-down count; never a card.
_FACE_DOWN = b"\xfe"


def interchangeable(game: Game, group: Group) -> bool:
    """Whether the piles of ``group`` may be exchanged in any position without changing what can be done.

    Only where every plugin of the game sees only the rule data (a plugin could
    tell piles apart by their place): then a group of several piles is
    interchangeable unless its piles take different suits or ranks, are paired
    by number with another group's (``turns_up``, ``last_card_from``,
    ``opened_by``), each takes the ranks of the one before it
    (``ranks_of_pile_before``), it is drawn as a
    grid (where a pile's place is part of the rules), its piles are gathered up
    in their order and dealt again (a gather of the piles in another order deals
    other piles), or a stock deals onto its piles in their order (the next card
    goes to the first pile, so two positions with their piles in another order go
    different ways; see ``dealt_groups``).
    """
    return _symmetric(game, group) and not _dealers(game, group)


def interchangeable_groups(game: Game) -> tuple[range, ...]:
    """The pile ranges of the game's interchangeable groups."""
    return tuple(group.piles for group in game.groups.values() if interchangeable(game, group))


def dealt_groups(game: Game) -> tuple[tuple[range, tuple[int, ...]], ...]:
    """The groups whose piles are interchangeable once the stocks that deal onto them in order are empty,
    each with the piles of those stocks. (No deal is then left to tell the piles apart, and a stock that
    deals onto several piles is never gathered up again.)"""
    found = []
    for group in game.groups.values():
        dealers = _dealers(game, group)
        if dealers and _symmetric(game, group):
            found.append((group.piles, dealers))
    return tuple(found)


def alike_groups(game: Game) -> Callable[[State], tuple[range, ...]]:
    """The function that gives the pile ranges of the groups whose piles may be exchanged in a state."""
    always = interchangeable_groups(game)
    later = dealt_groups(game)
    if not later:
        return lambda state: always
    return lambda state: always + tuple(piles for piles, dealers in later if not any(state.piles[p] for p in dealers))


def _symmetric(game: Game, group: Group) -> bool:
    """Whether the rule data treats the piles of ``group`` alike (all but the order a stock deals onto them)."""
    if not game.hooks.see_only_rule_data or group in game.gatherers:
        return False
    suits, ranks = group.spec.suits, group.spec.ranks
    return len(group.piles) > 1 and not group.spec.columns and not (suits and len(set(suits)) > 1) and not (
        ranks and len(set(ranks)) > 1) and not _paired(game, group) and not group.spec.ranks_of_pile_before


def _paired(game: Game, group: Group) -> bool:
    """Whether the piles of ``group`` are paired by number with those of another group (``turns_up``,
    ``last_card_from``, ``opened_by``)."""
    def pairs(other: Group) -> tuple[str | None, ...]:
        return other.spec.turns_up, other.spec.last_card_from, other.spec.opened_by

    return any(pairs(group)) or any(group.name in pairs(other) for other in game.groups.values())


def _dealers(game: Game, group: Group) -> tuple[int, ...]:
    """The piles of the stocks that deal onto the piles of ``group`` in their order (each turn, or in the last
    deal: ``last_deal_to``)."""
    return tuple(pile for stock in game.stocks if group.name == stock.spec.deals_to or group.name in
                 stock.spec.last_deal_to for pile in stock.piles)


#: Bytes that stand for a sink's number of cards: two, each of 200 values from 52 up (never a card, nor a separator).
_COUNT_BASE, _COUNT_OFFSET = 200, 52


def sink_piles(game: Game) -> tuple[int, ...]:
    """The piles that no card leaves by the rule data, nor any change of the kernel's, in a game whose plugins
    take no part in play: what a move onto one does depends only on its top card and its number of cards.

    Left out: the piles moves are made from, stocks, a stock's waste that is turned back
    over, piles that are gathered, paired, give up sets, clear, refill others, are turned up
    or are covered, and piles whose every rank a rule reads (``ranks_of_pile_before``).
    """
    if game.hooks.implemented & RULE_HOOKS:
        return ()
    moving = _left_piles(game)
    return tuple(pile for pile in range(len(game.pile_names)) if pile not in moving)


def _left_piles(game: Game) -> set[int]:
    """The piles that cards leave by the rule data or a change of the kernel's (those ``sink_piles`` leaves out)."""
    moving = set(game.source_piles) | set(game.set_piles) | set(game.turn_up_piles) | set(game.covered_by)
    moving.update(pile for pile, _, _, _ in game.clearings)
    moving.update(pile for group in game.groups_of(Role.STOCK) for pile in group.piles)
    moving.update(pile for stock in game.stocks if stock.spec.redeals != 0 for pile in stock.stock_targets)
    moving.update(pile for group in game.gatherers for pile in group.piles)
    moving.update(origin for _, origins in game.refills for origin in origins)
    moving.update(before for before in game.rank_sources if before >= 0)
    if game.pairing:
        moving.update(game.pairing.piles)
    return moving


def sink_form(pile: list[int]) -> list[int]:
    """A sink's cards as the key holds them: its top card, then its number of cards in two bytes no card has."""
    count = len(pile)
    if count < 2:
        return pile  # (one card is its top card: the key tells it from more by its length)
    return [pile[-1], _COUNT_OFFSET + count % _COUNT_BASE, _COUNT_OFFSET + count // _COUNT_BASE % _COUNT_BASE]


def card_classes(game: Game) -> bytes:
    """A ``bytes.translate`` table that maps each card to the first card of its class.

    When every plugin of the game sees only the rule data, two cards are alike
    when they have the same rank, the same suit if any pile takes only one suit,
    and the same row and column in every group's table of what fits on what;
    with any other plugin, every card is its own class.
    """
    classes: list[object]
    if not game.hooks.see_only_rule_data:
        classes = list(range(52))  # a plugin may tell apart cards the rule data cannot: keep every card
    else:
        suited = any(suit >= 0 for suit in game.pile_suit)
        tables = [group.fits_table for group in game.groups.values()]

        def signature(card: int) -> tuple[object, ...]:
            rules = tuple((table[card * 52:card * 52 + 52], table[card::52]) for table in tables)
            return (RANK[card], SUIT[card] if suited else -1, rules)

        classes = [signature(card) for card in range(52)]
    first: dict[object, int] = {}
    table = bytearray(range(256))
    for card, name in enumerate(classes):
        table[card] = first.setdefault(name, card)
    return bytes(table)


def key_function(game: Game) -> Keys:
    """The canonical keys of ``game``'s positions: called with a state, it gives that state's key."""
    return Keys(game)


class Keys:
    """The canonical keys of the positions of one game: ``keys(state)`` is the key of ``state``.

    A search that keys each position just after ``push`` keys it from the key's
    parts of the position before (``parts``, then ``after`` and ``join``): only
    the piles the move changed are read again. Each part is its pile as the key
    holds it (cards by class, a sink by its top and count), so that joining the
    parts sorts and copies them and reads no pile.
    """

    def __init__(self, game: Game) -> None:
        self.always = [(group.start, group.stop) for group in interchangeable_groups(game)]
        self.later = [((group.start, group.stop), dealers) for group, dealers in dealt_groups(game)]
        classes: bytes | None = card_classes(game)
        self.classes = None if classes == bytes(range(256)) else classes  # None: every card its own class
        self.is_sink = [False] * len(game.pile_names)
        for sink in sink_piles(game):
            self.is_sink[sink] = True
        self._vars_cache: dict[tuple[object, ...], bytes] = {}

    def __call__(self, state: State) -> bytes:
        return self.join(self.parts(state), state)

    def part(self, pile: int, cards: list[int]) -> bytes:
        """Pile ``pile``, holding ``cards``, as its part of a key."""
        if self.is_sink[pile] and len(cards) > 1:
            cards = sink_form(cards)
        if self.classes is None:
            return bytes(cards)
        return bytes(cards).translate(self.classes)  # (the count bytes of a sink are no card: left as they are)

    def parts(self, state: State) -> list[bytes]:
        """The parts of ``state``'s key, one per pile."""
        return [self.part(pile, cards) for pile, cards in enumerate(state.piles)]

    def after(self, parts: list[bytes], state: State) -> list[bytes]:
        """The parts of ``state``'s key, where ``parts`` are those of the position before its last move."""
        changed = list(parts)
        piles = state.piles
        for pile in state.changed_piles():
            changed[pile] = self.part(pile, piles[pile])
        return changed

    def join(self, parts: list[bytes], state: State) -> bytes:
        """The key of ``state``, whose parts are ``parts``."""
        face_down = state.face_down
        spans = self.always
        if self.later:
            piles = state.piles
            spans = spans + [span for span, dealers in self.later if not any(piles[pile] for pile in dealers)]
        if any(face_down):
            # Per pile: the face-down count is text, which is no card (and so never a class's).
            parts = [part + _FACE_DOWN + str(down).encode() if down else part for part, down in zip(parts, face_down)]
        elif spans:
            parts = list(parts)
        for start, stop in spans:
            parts[start:stop] = sorted(parts[start:stop])
        values = tuple(state.vars.values())
        tail = self._vars_cache.get(values)
        if tail is None:
            tail = self._vars_cache[values] = _SEPARATOR + repr(values).encode()
        return _SEPARATOR.join(parts) + tail


def reached(state: State) -> frozenset[bytes]:
    """The canonical keys of the positions of ``state``'s move stack: the one it started from and each one after."""
    key = key_function(state.game)
    back = state.copy()
    keys = {key(back)}
    while back.move_stack:
        back.pop()
        keys.add(key(back))
    return frozenset(keys)
