"""A game spec compiled into lookup tables: the rule data as the kernel's inner loop reads it.

``Rules(spec)`` numbers the piles group by group, and gives each ``Group`` its
tables: which card fits on which (52 x 52 bytes), which piles its cards may
move to, what its empty piles take. It also lists, once, the piles that the
kernel treats alike: foundations, stocks, piles refilled or turned up by
themselves. No plugin is involved here; ``Game`` adds them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .cards import COLOUR, RANK, SUIT, full_deck
from .spec import (
    FIRST_CARD_PLAYED,
    Accepts,
    AllButRanks,
    BuildRule,
    Direction,
    GameSpec,
    GroupSpec,
    PairRule,
    Pick,
    Role,
    SuitRule,
)

# Rule words the inner loop compares, as plain names: a module global is found faster than an enum's member.
_ANY, _NOTHING, _BASE_RANK, _BELOW_BASE = Accepts.ANY, Accepts.NOTHING, Accepts.BASE_RANK, Accepts.BELOW_BASE_RANK

#: The rank differences (above minus below, in places of the rank order) each direction allows, in steps.
_RANK_STEPS = {Direction.UP: (1,), Direction.DOWN: (-1,), Direction.EITHER: (1, -1), Direction.NONE: (),
               Direction.SAME: (0,)}
#: The directions whose cards may lie on any rank that their steps allow, with no corner to turn.
_NO_CORNER = (Direction.ANY, Direction.SAME)
#: The order of ranks a build rule follows unless it gives its own (``order``).
_RANKS_IN_ORDER = tuple(range(1, 14))


def _suits_match(rule: SuitRule, below: int, above: int) -> bool:
    if rule is SuitRule.ANY:
        return True
    if rule is SuitRule.SAME:
        return SUIT[below] == SUIT[above]
    if rule is SuitRule.DIFFERENT:
        return SUIT[below] != SUIT[above]
    if rule is SuitRule.ALTERNATE_COLOURS:
        return COLOUR[below] != COLOUR[above]
    return COLOUR[below] == COLOUR[above]  # SuitRule.SAME_COLOUR


def _place_differences(rule: BuildRule, places: int) -> set[int]:
    """The differences of place in the rank order (above minus below, modulo ``places``) that ``rule`` allows."""
    if rule.direction is Direction.ANY:
        return set(range(places))
    return {step * rule.step % places for step in _RANK_STEPS[rule.direction]}


def _ranks_fit(rule: BuildRule, place: dict[int, int], below: int, above: int) -> bool:
    """Whether a card of rank ``above`` may lie on one of rank ``below`` by ``rule``'s ranks, ``place`` giving
    each rank's place in its order."""
    if below in rule.nothing_on or below not in place or above not in place:
        return False
    distance = place[above] - place[below]
    if distance % len(place) not in _place_differences(rule, len(place)):
        return False
    # past the order's end to its start, or back, only in cyclic order
    return rule.wrap or rule.direction in _NO_CORNER or abs(distance) == rule.step


def fits_table(rule: BuildRule) -> bytes:
    """For every pair of cards, 1 where ``above`` may be laid on ``below``: index ``below * 52 + above``."""
    place = {rank: index for index, rank in enumerate(rule.order or _RANKS_IN_ORDER)}
    ranks = bytes(_ranks_fit(rule, place, below, above) for below in range(14) for above in range(14))
    table = bytearray(52 * 52)
    for below in range(52):
        for above in range(52):
            if ranks[RANK[below] * 14 + RANK[above]] and _suits_match(rule.suit, below, above):
                table[below * 52 + above] = 1
    return bytes(table)


def pairs_table(rule: PairRule) -> bytes:
    """For every two cards, 1 where they pair by ``rule``: index ``card * 52 + other``."""
    rank_pairs = {pair for one, other in rule.also for pair in ((one, other), (other, one))}
    table = bytearray(52 * 52)
    for card in range(52):
        for other in range(52):
            if rule.same_suit and SUIT[card] != SUIT[other]:
                continue
            ranks = RANK[card], RANK[other]
            if rule.same_rank and ranks[0] == ranks[1] or rule.add_up_to == sum(ranks) or ranks in rank_pairs:
                table[card * 52 + other] = 1
    return bytes(table)


class Pairing:
    """A game's pair rule, compiled: the piles whose top cards pair, the pile pairs go to, what pairs."""

    __slots__ = ("piles", "discard", "pairs", "alone")

    def __init__(self, rule: PairRule, groups: dict[str, Group]) -> None:
        self.piles: tuple[int, ...] = _piles(groups[name] for name in rule.sources)
        self.discard = groups[rule.to].piles.start
        self.pairs = pairs_table(rule)
        self.alone = frozenset(rule.alone)


class Group:
    """A compiled pile group: its piles and the predicates of its rules."""

    __slots__ = (
        "spec", "name", "role", "label", "index", "piles", "fits_table", "pick", "max_cards", "keeps",
        "targets", "empty_accepts", "empty_sources", "stock_target", "stock_targets", "run_table",
        "fits_on", "target_groups", "one_card_at_a_time", "lone_sources", "suited_targets", "empty_waits",
        "gather_waits", "last_deal_piles",
    )

    def __init__(self, spec: GroupSpec, index: int, first_pile: int) -> None:
        self.spec = spec
        self.name = spec.name
        self.role = spec.role
        self.label = spec.label
        self.index = index
        #: Indices of the group's piles in the state.
        self.piles = range(first_pile, first_pile + spec.piles)
        self.fits_table = fits_table(spec.build)
        #: The cards that may be built on each card, in card order: ``fits_on[below]``.
        self.fits_on: tuple[tuple[int, ...], ...] = tuple(
            tuple(above for above in range(52) if self.fits_table[below * 52 + above]) for below in range(52)
        )
        #: Which card may lie on which in a run that may be picked up.
        self.run_table = fits_table(spec.run) if spec.run else self.fits_table
        self.pick = spec.pick
        self.max_cards = spec.max_cards
        #: How many cards a card move leaves on a pile of the group at least: its bottom cards never leave it.
        self.keeps = spec.keeps
        self.targets: tuple[int, ...] = ()  # piles this group's cards may move to
        self.target_groups: tuple[Group, ...] = ()  # the groups of those piles, in the same order
        self.empty_accepts: Accepts | int | frozenset[int] = spec.when_empty.accepts
        self.empty_sources: frozenset[int] = frozenset()  # group indices
        #: The groups (by index) one card alone from which an empty pile of this group takes.
        self.lone_sources: frozenset[int] = frozenset()
        #: Whether a pile this group's cards move to takes one suit only (``Rules.pile_suit``).
        self.suited_targets = False
        #: The piles that must all be empty for an empty pile of this group to take a card (``only_while_empty``).
        self.empty_waits: tuple[int, ...] = ()
        #: The piles that must all be empty for the group to be gathered and dealt again (``only_while_empty``).
        self.gather_waits: tuple[int, ...] = ()
        self.stock_target = -1
        self.stock_targets: range = range(0)  # the piles a stock deals onto
        #: The piles a stock's last deal lays a card on each of, in order (``last_deal_to``); else empty.
        self.last_deal_piles: tuple[int, ...] = ()
        #: Whether a move lays one card at a time on this group's piles (a foundation, but one filled at once).
        self.one_card_at_a_time = spec.role is Role.FOUNDATION and not spec.fill_at_once

    def fits(self, below: int, above: int) -> bool:
        """Whether card ``above`` may be built on card ``below`` in this group."""
        return bool(self.fits_table[below * 52 + above])

    def moves_cards(self) -> bool:
        """Whether the rule data lets cards be picked up from this group's piles and moved."""
        return self.pick != Pick.NOTHING and bool(self.targets)

    def takes_single_cards(self) -> bool:
        """Whether one card may be moved onto a pile of this group (not so where only a whole run fills it)."""
        return not self.spec.fill_at_once or self.max_cards == 1

    def accepts_on_empty(self, card: int, base_rank: int | None) -> bool:
        """Whether an empty pile of this group takes ``card`` by its rank (where it comes from aside)."""
        accepts = self.empty_accepts
        if accepts is _ANY:
            return True
        if accepts is _NOTHING:
            return False
        if accepts is _BASE_RANK:
            return base_rank is None or RANK[card] == base_rank  # None: the first card played chooses it
        if accepts is _BELOW_BASE:
            return base_rank is not None and RANK[card] == (base_rank - 2) % 13 + 1
        if isinstance(accepts, frozenset):
            return RANK[card] in accepts
        return RANK[card] == accepts

    def rank_on_empty(self, base_rank: int | None) -> int | None:
        """The one rank an empty pile of this group takes, where a rule fixes it: a rank, or the base rank (or
        the rank below it) once it is known; None where any rank, none, or a rank still to be chosen goes."""
        accepts = self.empty_accepts
        if accepts is _BASE_RANK:
            return base_rank
        if accepts is _BELOW_BASE:
            return None if base_rank is None else (base_rank - 2) % 13 + 1
        return accepts if isinstance(accepts, int) else None

    def is_last_deal(self, left: int) -> bool:
        """Whether a deal from a pile of this stock holding ``left`` cards is its last deal (``last_deal_to``)."""
        return left == len(self.last_deal_piles) > 0

    def deal_target(self, left: int) -> int:
        """The pile a deal from a pile of this stock holding ``left`` cards is made to: its first pile."""
        return self.last_deal_piles[0] if self.is_last_deal(left) else self.stock_target

    def cards_dealt(self, left: int) -> int:
        """How many cards a deal from a pile of this stock holding ``left`` cards moves: one onto each pile it deals
        onto for each of its cards per turn, or its cards per turn onto one pile; fewer where fewer are left; all of
        them in its last deal."""
        if self.is_last_deal(left):
            return left
        per_turn = len(self.stock_targets) * self.spec.cards_per_turn
        return min(per_turn, left)

    def pile_name(self, pile: int) -> str:
        """The short name of pile ``pile`` (a state index): the label, numbered if the group has several."""
        if len(self.piles) == 1:
            return self.label
        return f"{self.label}{pile - self.piles.start + 1}"

    def __repr__(self) -> str:
        return f"<Group {self.name} {self.role} x{len(self.piles)}>"


class Rules:
    """The rule data of a spec, compiled: groups with their tables, and the piles the kernel treats alike."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.groups: dict[str, Group] = _groups(spec)
        self._name_piles()
        self._sort_piles()
        self._compile_automatic_rules()
        self._compile_group_rules()

    def _name_piles(self) -> None:
        """Each pile's group, name and suit, and the pack."""
        spec = self.spec
        groups = tuple(self.groups.values())
        #: Group of each pile, by pile index.
        self.pile_group: tuple[Group, ...] = tuple(g for g in groups for _ in g.piles)
        #: Short name of each pile, by pile index (``t3``, ``f1``, ``w``).
        self.pile_names: tuple[str, ...] = tuple(group.pile_name(p) for p, group in enumerate(self.pile_group))
        self._pile_index = {name: index for index, name in enumerate(self.pile_names)}
        #: Every card of the game's pack, in pack order.
        self.pack: tuple[int, ...] = tuple(full_deck(spec.decks, spec.suits))
        self.total_cards = len(self.pack)
        #: How many cards the foundations hold once the game is won by them: the pack, less the cards of the ranks
        #: ``won_when: {all_on_foundations_but:}`` leaves off.
        self.cards_to_win = _cards_to_win(spec, self.pack)
        #: The one suit each pile takes, or -1 where any suit goes.
        self.pile_suit: tuple[int, ...] = _pile_suits(self.pile_group)
        _mark_suited_targets(groups, self.pile_suit)
        #: The one rank each pile takes when empty (its group's ``ranks``), or 0 where its group does not say.
        self.pile_rank: tuple[int, ...] = _pile_ranks(self.pile_group)

    def _sort_piles(self) -> None:
        """The piles by what the kernel does with them: foundations, stocks, piles cards move from, piles to empty
        for a win, cells."""
        groups = tuple(self.groups.values())
        #: Groups with the role 'foundation', in order.
        self.foundations: tuple[Group, ...] = self.groups_of(Role.FOUNDATION)
        self.foundation_piles: tuple[int, ...] = _piles(self.foundations)
        self.stocks: tuple[Group, ...] = tuple(g for g in self.groups_of(Role.STOCK) if g.stock_target >= 0)
        #: Piles whose cards may be picked up and moved by the rule data.
        self.source_piles: tuple[int, ...] = _piles(g for g in groups if g.moves_cards())
        #: Piles that must be empty for a 'table empty' win.
        self.table_piles: tuple[int, ...] = _piles(g for g in groups if g.role not in (Role.STOCK, Role.FOUNDATION))
        #: Piles that must be empty for a win by emptying named groups.
        self.emptied_piles: tuple[int, ...] = _emptied_piles(self.spec, self.groups)
        #: Piles of the groups with the role 'cell', for run limits.
        self.cell_piles: tuple[int, ...] = _piles(self.groups_of(Role.CELL))

    def _compile_automatic_rules(self) -> None:
        """The rules that act by themselves after a move: turning up, refills, covering, the base rank, sets and
        sums that clear."""
        spec = self.spec
        groups = tuple(self.groups.values())
        #: Piles whose face-down top card is turned up at once.
        self.turn_up_piles: tuple[int, ...] = _piles(g for g in groups if g.spec.turn_up_top)
        #: For each pile of a group whose layers are each of one suit (``layers_of_one_suit``), the group's piles.
        self.suit_layers: dict[int, range] = {pile: group.piles for group in groups if group.spec.layers_of_one_suit
                                              for pile in group.piles}
        #: For each pile a card laid on turns up a pile of another group (``turns_up``), that pile.
        self.turns_up: dict[int, int] = _turns_up(self.groups)
        #: (pile, piles it is refilled from, the first with a card first) for piles refilled at once when empty.
        self.refills: tuple[tuple[int, tuple[int, ...]], ...] = _refills(self.groups)
        #: For each of ``refills``, in order, the piles that must all be empty for the refill to happen.
        self.refill_waits: tuple[tuple[int, ...], ...] = _refill_waits(self.groups)
        #: For each of ``refills``, in order: (waste, its stock, cards per turn) where an empty waste it is filled from
        #: is first dealt onto by its stock (``stock_turned_first``); else (-1, -1, 0).
        self.refill_turns: tuple[tuple[int, int, int], ...] = _refill_turns(self.groups)
        #: The piles lying on each pile (by pile index), where a group says which cover which; else empty.
        self.covered_by: dict[int, tuple[int, ...]] = _covered_by(groups)
        #: Whether the first card laid on a foundation sets the base rank.
        self.base_rank_played = spec.base_rank == FIRST_CARD_PLAYED
        #: The piles that, once each holds a card, give up their top cards together, and the pile they go to.
        self.set_piles, self.set_discard = _sets(spec, self.groups)
        #: What a set's cards must share, as the table of it by card (``SUIT`` for ``sets.same_suit``, ``RANK`` for
        #: ``sets.same_rank``); None where nothing.
        self.set_alike: tuple[int, ...] | None = _set_alike(spec)
        #: (pile, pile its cards go to, the sum at which they go or 0, the ranks that go only one of each) for each
        #: pile whose cards all leave at once when they add up (``clears_when``).
        self.clearings: tuple[tuple[int, int, int, frozenset[int]], ...] = _clearings(self.groups)
        self.has_automatic_changes = bool(self.turn_up_piles or self.turns_up or self.refills or self.base_rank_played
                                          or self.set_piles or self.clearings)

    def _compile_group_rules(self) -> None:
        """The rules by which piles of one group depend on piles of another: closing, gathering, pairing."""
        groups = tuple(self.groups.values())
        #: Groups that may be gathered and dealt again.
        self.gatherers: tuple[Group, ...] = tuple(g for g in groups if g.spec.gather_and_deal)
        #: For each pile, the pile whose card closes it (``last_card_from``), or -1; the piles that close one.
        self.closed_by: tuple[int, ...] = _by_number(self.groups, len(self.pile_group),
                                                     lambda spec: spec.last_card_from)
        self.closers: frozenset[int] = frozenset(pile for pile in self.closed_by if pile >= 0)
        #: For each closed pile, the rank steps (mod 13) from its closing card's rank to the rank it starts from.
        self.closing_shift: tuple[int, ...] = tuple(_closing_shift(group) for group in self.pile_group)
        #: For each pile, the pile before it whose ranks alone it takes (``ranks_of_pile_before``), or -1.
        self.rank_sources: tuple[int, ...] = _rank_sources(self.groups, len(self.pile_group))
        #: For each pile, the pile that must hold a card for it to take one (``opened_by``), or -1.
        self.openers: tuple[int, ...] = _by_number(self.groups, len(self.pile_group), lambda spec: spec.opened_by)
        self.has_openers = any(opener >= 0 for opener in self.openers)
        #: The piles that take only the ranks of the pile before them.
        self.rank_followers: frozenset[int] = frozenset(pile for pile, before in enumerate(self.rank_sources)
                                                        if before >= 0)
        #: Whether a card move must pass a rule between piles besides its target's build: a set of one suit or
        #: rank, layers of one suit, a closed pile, the ranks of the pile before, or a pile another opens.
        self.checks_card_moves = bool(self.set_alike is not None or self.suit_layers or self.closers
                                      or self.rank_followers or self.has_openers)
        #: The game's pair rule, compiled, if it has one.
        self.pairing = Pairing(self.spec.pairs, self.groups) if self.spec.pairs else None
        #: Stock piles whose top card the rules may play (Pyramid's): the players show that card face up.
        self.open_stock_piles: frozenset[int] = _open_stock_piles(self.groups_of(Role.STOCK), self.pairing)

    def empty_pile_takes(self, pile: int, card: int) -> bool:
        """Whether ``pile``, empty, takes ``card`` by the suit and rank its group gives it (``suits``, ``ranks``);
        what its group's ``when_empty`` says is asked apart."""
        return self.pile_suit[pile] in (-1, SUIT[card]) and self.pile_rank[pile] in (0, RANK[card])

    def groups_of(self, role: Role) -> tuple[Group, ...]:
        """The groups with ``role``, in order."""
        return tuple(group for group in self.groups.values() if group.role == role)

    def pile_index(self, name: str) -> int:
        """The index of the pile called ``name`` (``t3``); KeyError if there is none."""
        return self._pile_index[name.lower()]


def _groups(spec: GameSpec) -> dict[str, Group]:
    """The compiled groups of ``spec``, by name, with their piles numbered and their targets linked."""
    groups: dict[str, Group] = {}
    pile = 0
    for index, group_spec in enumerate(spec.groups):
        groups[group_spec.name] = Group(group_spec, index, pile)
        pile += group_spec.piles
    for group in groups.values():
        group.target_groups = tuple(groups[name] for name in group.spec.moves_to)
        group.targets = _piles(group.target_groups)
        sources = group.spec.when_empty.sources
        if sources is None:
            sources = tuple(other.name for other in groups.values() if group.name in other.spec.moves_to)
        group.empty_sources = frozenset(groups[name].index for name in sources)
        group.lone_sources = group.empty_sources if group.takes_single_cards() else frozenset()
        group.empty_waits = _piles(groups[name] for name in group.spec.when_empty.only_while_empty)
        if group.spec.gather_and_deal:
            group.gather_waits = _piles(groups[name] for name in group.spec.gather_and_deal.only_while_empty)
        if group.spec.deals_to:
            group.stock_targets = groups[group.spec.deals_to].piles
            group.stock_target = group.stock_targets.start
            group.last_deal_piles = _piles(groups[name] for name in group.spec.last_deal_to)
    return groups


def _cards_to_win(spec: GameSpec, pack: tuple[int, ...]) -> int:
    """The cards of ``pack`` the foundations must hold for a win by them (``Rules.cards_to_win``)."""
    left_off = spec.won_when.ranks if isinstance(spec.won_when, AllButRanks) else frozenset()
    return sum(RANK[card] not in left_off for card in pack)


def _pile_suits(pile_group: tuple[Group, ...]) -> tuple[int, ...]:
    """The one suit each pile takes (its group's ``suits``), or -1 where any suit goes."""
    return tuple(group.spec.suits[pile - group.piles.start] if group.spec.suits else -1
                 for pile, group in enumerate(pile_group))


def _pile_ranks(pile_group: tuple[Group, ...]) -> tuple[int, ...]:
    """The one rank each pile takes when empty (its group's ``ranks``), or 0 where any rank goes."""
    return tuple(group.spec.ranks[pile - group.piles.start] if group.spec.ranks else 0
                 for pile, group in enumerate(pile_group))


def _mark_suited_targets(groups: Iterable[Group], pile_suit: tuple[int, ...]) -> None:
    """Tell each group whether a pile its cards move to takes one suit only."""
    for group in groups:
        group.suited_targets = any(pile_suit[pile] >= 0 for pile in group.targets)


def _turns_up(groups: dict[str, Group]) -> dict[int, int]:
    """Each pile of a group with ``turns_up``, with the pile of the same number in the group it turns up."""
    return {pile: groups[group.spec.turns_up].piles[index] for group in groups.values() if group.spec.turns_up
            for index, pile in enumerate(group.piles)}


def _refills(groups: dict[str, Group]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each pile refilled at once when empty, with the first piles of the groups it is refilled from, in order."""
    return tuple((pile, tuple(groups[name].piles.start for name in group.spec.when_empty.filled_from))
                 for group in groups.values() if group.spec.when_empty.filled_from for pile in group.piles)


def _refill_waits(groups: dict[str, Group]) -> tuple[tuple[int, ...], ...]:
    """For each pile of ``_refills``, in the same order, the piles of the groups its refill waits to be empty."""
    return tuple(_piles(groups[name] for name in group.spec.when_empty.filled_while_empty)
                 for group in groups.values() if group.spec.when_empty.filled_from for _ in group.piles)


def _refill_turns(groups: dict[str, Group]) -> tuple[tuple[int, int, int], ...]:
    """For each pile of ``_refills``, in the same order, the waste turned onto first, its stock and cards per turn."""
    return tuple(_turned_first(groups, group) for group in groups.values() if group.spec.when_empty.filled_from
                 for _ in group.piles)


def _turned_first(groups: dict[str, Group], group: Group) -> tuple[int, int, int]:
    """The first waste ``group`` is filled from that a stock deals to, that stock and its cards per turn, where the
    group's ``stock_turned_first`` says so; else (-1, -1, 0)."""
    rule = group.spec.when_empty
    stocks = [stock for stock in groups.values() if stock.spec.deals_to in rule.filled_from]
    if not rule.stock_turned_first or not stocks:
        return -1, -1, 0
    stock = min(stocks, key=lambda stock: rule.filled_from.index(stock.spec.deals_to or ""))
    return stock.stock_target, stock.piles.start, stock.spec.cards_per_turn


def _emptied_piles(spec: GameSpec, groups: dict[str, Group]) -> tuple[int, ...]:
    """The piles that must be empty for a win by emptying the groups ``won_when`` names; none for another win."""
    return _piles(groups[name] for name in spec.won_when) if isinstance(spec.won_when, tuple) else ()


def _covered_by(groups: Iterable[Group]) -> dict[int, tuple[int, ...]]:
    """The piles lying on each pile that others lie on (``covered_by``), by pile index."""
    return {group.piles.start + index: tuple(group.piles.start + other for other in others)
            for group in groups if group.spec.covered_by for index, others in enumerate(group.spec.covered_by)
            if others}


def _sets(spec: GameSpec, groups: dict[str, Group]) -> tuple[tuple[int, ...], int]:
    """The piles whose top cards leave together once each holds a card, and the pile they go to (-1: none)."""
    if not spec.sets:
        return (), -1
    return _piles(groups[name] for name in spec.sets.of), groups[spec.sets.to].piles.start


def _by_number(groups: dict[str, Group], piles: int, other: Callable[[GroupSpec], str | None]) -> tuple[int, ...]:
    """For each pile, the pile of the same number in the group ``other`` names for its group (``last_card_from``,
    ``opened_by``), or -1."""
    paired = [-1] * piles
    for group in groups.values():
        name = other(group.spec)
        if name:
            for pile, partner in zip(group.piles, groups[name].piles):
                paired[pile] = partner
    return tuple(paired)


def _rank_sources(groups: dict[str, Group], piles: int) -> tuple[int, ...]:
    """The pile before each pile whose ranks alone it takes (``Rules.rank_sources``), or -1."""
    sources = [-1] * piles
    for group in groups.values():
        if group.spec.ranks_of_pile_before:
            for pile in group.piles[1:]:
                sources[pile] = pile - 1
    return tuple(sources)


def _closing_shift(group: Group) -> int:
    """How many ranks (mod 13) above its closing card a pile of ``group`` starts: its build, run back from the last
    of its ``max_cards`` cards to the first."""
    if not group.spec.last_card_from:
        return 0
    rule = group.spec.build
    direction = -1 if rule.direction is Direction.UP else 1
    return direction * ((group.max_cards or 1) - 1) * rule.step % 13


def _clearings(groups: dict[str, Group]) -> tuple[tuple[int, int, int, frozenset[int]], ...]:
    """The piles whose cards leave at once when they add up (``Rules.clearings``)."""
    return tuple((pile, groups[rule.to].piles.start, rule.add_up_to or 0, rule.one_each_of)
                 for group in groups.values() if (rule := group.spec.clears_when) for pile in group.piles)


def _set_alike(spec: GameSpec) -> tuple[int, ...] | None:
    """The table by card of what the set's cards share (``Rules.set_alike``), or None."""
    if spec.sets is None or not (spec.sets.same_suit or spec.sets.same_rank):
        return None
    return SUIT if spec.sets.same_suit else RANK


def _open_stock_piles(stocks: Iterable[Group], pairing: Pairing | None) -> frozenset[int]:
    """The piles of ``stocks`` whose top card the rules may play: moved by the rule data, or paired."""
    return frozenset(pile for group in stocks for pile in group.piles
                     if group.moves_cards() or pairing and pile in pairing.piles)


def _piles(groups: Iterable[Group]) -> tuple[int, ...]:
    """The piles of ``groups``, in order."""
    return tuple(pile for group in groups for pile in group.piles)
