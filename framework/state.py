"""A position of a game: piles and variables, its legal moves and outcome, push and pop.

A position's legal moves and whether it is won are worked out once, when first
asked for, and kept until the position changes: asking again is free, and
``pop`` gives back what was known of the position it returns to, unless the state
is told not to remember it (``remember_legal_moves``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from .cards import RANK, SUIT, shuffled
from .errors import MoveError, PluginError
from .hookcheck import change_problem, face_down_left
from .moves import (
    BASE_RANK_VAR,
    DEAL,
    GATHER,
    GATHERS_VAR,
    PAIR,
    REDEAL,
    REDEALS_VAR,
    Change,
    Move,
    SetFaceDown,
    SetPile,
    SetVar,
    Transfer,
)
from .notation import move_text, parse_move
from .refusals import explain
from .seeds import redeal_seed
from .serialize import state_to_json
from .spec import IN_TURN, UNLIMITED, Accepts, Pick, Role, RunLimit, WonWhen

if TYPE_CHECKING:
    from .compile import Group, Pairing
    from .game import Game
    from .seeds import Seed
    from .spec import GatherRule

# Rule words the inner loop compares, as plain names: a module global is found faster than an enum's member.
_TOP_CARD, _ANY_TAIL, _TOP_OR_WHOLE, _FREE_CELLS = Pick.TOP_CARD, Pick.ANY_TAIL, Pick.TOP_OR_WHOLE, RunLimit.FREE_CELLS
_ANY, _FOUNDATION = Accepts.ANY, Role.FOUNDATION

#: The actions the kernel carries out itself; every other action is a plugin's.
_KERNEL_ACTIONS = frozenset({DEAL, REDEAL, GATHER, PAIR})

#: What a state that does not remember (``State.remember_legal_moves``) keeps of a position on its stack.
_UNKNOWN: tuple[None, None] = (None, None)

#: The piles of a group that take each card on top (card -> piles), and its empty piles.
Takers = tuple[dict[int, list[int]], list[int]]


def _one_suit(pile: list[int], most: int) -> int:
    """How many of the top cards of ``pile``, up to ``most``, are of the top card's suit."""
    top_suit = SUIT[pile[-1]]
    count = 1
    while count < most and SUIT[pile[-count - 1]] == top_suit:
        count += 1
    return count


def _dealt_again(cards: list[int], piles: int, per_pile: int | tuple[int, ...]) -> list[tuple[int, ...]]:
    """The cards each of ``piles`` piles gets of ``cards`` dealt again ``per_pile`` to a pile from the first, or one
    to each pile in turn round them (``IN_TURN``), or by rows up to so many a pile (a tuple)."""
    if isinstance(per_pile, tuple) or per_pile == IN_TURN:
        return _dealt_by_rows(cards, piles, per_pile if isinstance(per_pile, tuple) else None)
    # per_pile each from the first pile on; cards beyond them all (a foundation's cards come back to the table)
    # go one more to each pile from the first, as PySolFC's Cruel deals them
    extra = max(0, len(cards) - per_pile * piles)
    dealt = []
    start = 0
    for index in range(piles):
        count = per_pile + extra // piles + (index < extra % piles)
        dealt.append(tuple(cards[start:start + count]))
        start += count
    return dealt


def _dealt_by_rows(cards: list[int], piles: int, counts: tuple[int, ...] | None) -> list[tuple[int, ...]]:
    """The cards each pile gets of ``cards`` dealt by rows, pass after pass from the first pile: to the piles with
    fewer than their ``counts`` cards, or to every pile (no counts, or every pile has its count)."""
    limits = counts or (0,) * piles  # no counts: every pass goes to every pile
    places: list[int] = []
    row = 0
    while len(places) < len(cards):
        places += [pile for pile in range(piles) if limits[pile] > row] or range(piles)
        row += 1
    return [tuple(card for card, place in zip(cards, places) if place == pile) for pile in range(piles)]


def _top_or_whole(found: list[tuple[int, int]], whole: int) -> list[tuple[int, int]]:
    """The (target, count) pairs of ``found`` that move the top card alone or the ``whole`` pile."""
    return [(target, count) for target, count in found if count in (1, whole)]


def _with_empty(targets: list[int] | tuple[()], empty: list[int], card: int, game: Game) -> list[int]:
    """``targets`` and the piles of ``empty`` that take ``card`` by their suit and rank, in order."""
    return sorted([*targets, *(pile for pile in empty if game.empty_pile_takes(pile, card))])


def _adds_up(ranks: list[int], total: int, one_each: frozenset[int]) -> bool:
    """Whether cards of ``ranks`` leave by a ``clears_when`` rule: one of each rank of ``one_each`` where one of them
    is there, else ranks adding up to ``total`` (0: none do)."""
    if one_each and not one_each.isdisjoint(ranks):
        return len(ranks) == len(one_each) and set(ranks) == one_each
    return sum(ranks) == total


def _listed(undo: list[Change] | None, move: Move) -> list[Change]:
    """``undo``, the changes that undo ``move``, as a list to add to: a card move's (None) is its cards moved
    back."""
    return [Transfer(move.target, move.source, move.count)] if undo is None else undo


class Outcome(StrEnum):
    """How play has ended in a position (``State.outcome``)."""

    WON = "won"
    STUCK = "no legal move left"


class State:
    """The piles and variables of one position, with the moves that led to it.

    ``piles[p]`` is pile ``p`` bottom card first; ``face_down[p]`` counts its
    face-down cards at the bottom (stock piles are face down throughout).
    ``move_stack`` holds the moves ``push`` applied; ``pop`` undoes the last one.
    Piles, face-down counts and variables change only through ``push`` and ``pop``;
    with ``hooks_checked`` (as a copy keeps it), a plugin's hook that changes them is
    refused (``framework.hooks``).
    """

    __slots__ = ("game", "piles", "face_down", "vars", "seed", "move_stack", "_undo", "_legal", "_won", "_known",
                 "hooks_checked", "_remember")

    #: Whether each move is a whole turn with auto-play on (``safety.AutoPlayState``); not in a plain state.
    autoplay: ClassVar[bool] = False

    def __init__(self, game: Game, piles: list[list[int]], face_down: list[int], variables: dict[str, Any],
                 seed: Seed | None = None) -> None:
        self.game = game
        self.piles = piles
        self.face_down = face_down
        self.vars = variables
        self.seed = seed
        self.move_stack: list[Move] = []
        self._undo: list[list[Change] | None] = []
        self._legal: tuple[Move, ...] | None = None  # the legal moves, once generated
        self._won: bool | None = None  # whether the position is won, once decided
        self._known: list[tuple[tuple[Move, ...] | None, bool | None]] = []  # the same, for each position on the stack
        #: Whether a plugin's hook asked of this position is checked to leave it as it was. True but for the
        #: solver's working positions, where the check would cost a search up to 40% of its speed.
        self.hooks_checked = True
        self._remember = True  # whether ``_known`` keeps them (else it holds _UNKNOWN)

    def remember_legal_moves(self, remember: bool) -> None:
        """Whether ``pop`` gives back the legal moves and outcome known of the position it returns to.

        Remembered (as a state is made), they are kept for every position on the move
        stack, so that a search, which pops back to each position to try its next move,
        never works them out twice. Not remembered, a position popped back to works them
        out again when asked for, and a state of thousands of moves holds a few hundred
        bytes a move, not each position's legal moves: a game in play (``Session``). Told
        not to, the state drops what it kept; a copy remembers again.
        """
        self._remember = remember
        if not remember:
            self._known = [_UNKNOWN] * len(self._known)

    @property
    def base_rank(self) -> int | None:
        """The rank that starts a foundation in this deal, if the game has one."""
        return self.vars.get(BASE_RANK_VAR)

    # --- moves -----------------------------------------------------------------------------

    def legal_moves(self) -> tuple[Move, ...]:
        """Every legal move in this position: the rule data's, then the plugins'. Generated once per position."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._generate())
        return legal

    def _generate(self) -> list[Move]:
        """The legal moves of this position, generated from the compiled rules and the plugins."""
        game = self.game
        piles = self.piles
        pile_group = game.pile_group
        base_rank = self.vars.get(BASE_RANK_VAR)
        limits = game.hooks.pick_limits(self)
        covered_by = game.covered_by
        takers: dict[int, Takers] = {}  # by group index, made when first needed
        moves: list[Move] = []
        for source in game.source_piles:  # (kept in this one frame: it runs for every pile of every position)
            pile = piles[source]
            limit = limits.get(source) if limits else None
            if not pile or limit == 0 or covered_by and self._covered(source):
                continue
            group = pile_group[source]
            most = self._pickable(source, group, limit)
            if most != 1:
                if most:
                    self._run_moves(source, group, most, base_rank, takers, moves)
                continue
            card = pile[-1]
            for target_group in group.target_groups:
                taking, empty = takers.get(target_group.index) or self._takers(target_group, takers)
                targets = taking.get(card, ())
                if empty and group.index in target_group.lone_sources and (
                        target_group.accepts_on_empty(card, base_rank)):
                    targets = _with_empty(targets, empty, card, game)
                for target in targets:
                    if target != source:
                        moves.append(Move(source, target, 1))
        if game.checks_card_moves:
            checks = self._rule_checks()
            moves = [move for move in moves if all(check(move) for check in checks)]
        self._action_moves(moves)
        moves.extend(game.hooks.legal_moves(self))
        return game.hooks.allowed(self, moves)

    def _rule_checks(self) -> list[Callable[[Move], bool]]:
        """The checks a card move must pass by the rules between piles that this game has: sets of one suit or rank,
        layers of one suit, piles closed, taking the ranks of another or opened by another."""
        game = self.game
        has = (game.set_alike is not None, game.suit_layers, game.closers, game.rank_followers, game.has_openers)
        checks = (self.set_takes, self.layer_takes, self.closing_takes, self.rank_held_takes, self.opened_takes)
        return [check for check, wanted in zip(checks, has, strict=True) if wanted]

    def set_takes(self, move: Move) -> bool:
        """Whether ``move``'s card, where it goes to a pile of a set of one suit or rank (``sets.same_suit``,
        ``same_rank``), is of the suit or rank of the cards the set's piles hold; True for a move to another pile."""
        set_piles, alike = self.game.set_piles, self.game.set_alike
        if move.target not in set_piles or alike is None:
            return True
        value = alike[self.piles[move.source][-move.count]]
        return all(alike[self.piles[pile][-1]] == value for pile in set_piles if self.piles[pile])

    def layer_takes(self, move: Move) -> bool:
        """Whether ``move``'s cards, where they go to a pile of a group whose layers are of one suit
        (``layers_of_one_suit``), are each of the suit the group's other piles hold at the height it would lie at;
        True for a move to another pile."""
        group = self.game.suit_layers.get(move.target)
        if group is None:
            return True
        piles, height = self.piles, len(self.piles[move.target])
        return all(len(piles[other]) <= height + index or SUIT[piles[other][height + index]] == SUIT[card]
                   for index, card in enumerate(piles[move.source][-move.count:]) for other in group)

    def closing_takes(self, move: Move) -> bool:
        """Whether the card move ``move`` keeps the rule of a pile closed by another's card (``last_card_from``):
        the closing card goes onto its own pile as its last card, no other card does, and an empty pile takes the
        rank its closing card starts it from. True for a move onto a pile no card closes."""
        game = self.game
        closer = game.closed_by[move.target]
        if closer < 0:
            return True
        cards = self.piles[move.target]
        last = len(cards) + 1 == game.pile_group[move.target].max_cards
        if move.source in game.closers:
            return move.source == closer and last
        if last:
            return False
        if cards:
            return True
        closing = self.piles[closer]
        return bool(closing) and RANK[self.piles[move.source][-move.count]] == (
            RANK[closing[-1]] - 1 + game.closing_shift[move.target]) % 13 + 1

    def opened_takes(self, move: Move) -> bool:
        """Whether the card move ``move`` goes to a pile that is open: the pile its group's ``opened_by`` pairs with
        it holds a card. True for a move onto a pile no other opens."""
        opener = self.game.openers[move.target]
        return opener < 0 or bool(self.piles[opener])

    def rank_held_takes(self, move: Move) -> bool:
        """Whether the card move ``move`` lays a card of a rank the pile before the target holds, where the target
        takes only those (``ranks_of_pile_before``): an empty target only the rank of that pile's first card. True
        for a move onto another pile."""
        before = self.game.rank_sources[move.target]
        if before < 0:
            return True
        held = self.piles[before]
        rank = RANK[self.piles[move.source][-move.count]]
        if not self.piles[move.target]:
            return bool(held) and RANK[held[0]] == rank
        return any(RANK[card] == rank for card in held)

    def _action_moves(self, moves: list[Move]) -> None:
        """Append the kernel's actions legal now: deals and redeals of the stocks, gathers, pairs."""
        game = self.game
        for stock in game.stocks:
            self._stock_moves(stock, moves)
        for group in game.gatherers:
            self._gather_moves(group, moves)
        if game.pairing:
            self._pair_moves(game.pairing, moves)

    def gather_source(self, group: Group) -> int:
        """The pile a gather of ``group`` names: its first pile, or the pile whose turn it is where the group is
        gathered pile by pile (the first, then the next at each redeal, round the group)."""
        rule = group.spec.gather_and_deal
        if rule is not None and rule.pile_by_pile:
            used: int = self.vars[GATHERS_VAR]
            turn = used % len(group.piles)
            return group.piles[-1 - turn] if rule.last_pile_first else group.piles[turn]
        return group.piles.start

    def _gather_moves(self, group: Group, moves: list[Move]) -> None:
        """Append the move that gathers ``group`` (or its pile whose turn it is) and deals it again, while redeals
        are left, there is a card to gather (an empty pile's turn passes by a redeal too) and the piles it waits
        for are empty."""
        rule = group.spec.gather_and_deal
        assert rule is not None  # a gatherer has its rule
        cards_to_gather = rule.pile_by_pile or self._held(group.piles)
        if rule.left_after(self.vars[GATHERS_VAR]) and cards_to_gather and not self._held(group.gather_waits) and (
                not self.is_won()):
            moves.append(Move(self.gather_source(group), -1, 1, GATHER))

    def _held(self, piles: Iterable[int]) -> bool:
        """Whether one of ``piles`` holds a card."""
        return any(self.piles[pile] for pile in piles)

    def _gather_changes(self, group: Group) -> list[Change]:
        """The changes that gather ``group``'s cards, shuffle them if its rule says so, and deal them again."""
        rule = group.spec.gather_and_deal
        assert rule is not None  # a gatherer has its rule
        used = self.vars[GATHERS_VAR]
        changes = self._pile_redeal_changes(group) if rule.pile_by_pile else self._group_redeal_changes(group, rule)
        return [*changes, SetVar(GATHERS_VAR, used + 1)]

    def _group_redeal_changes(self, group: Group, rule: GatherRule) -> list[Change]:
        """The changes that gather all of ``group``'s cards, shuffle them if ``rule`` says so, and deal them again
        ``cards_per_pile`` to a pile."""
        used = self.vars[GATHERS_VAR]
        order = group.piles[::-1] if rule.last_pile_first else group.piles
        cards = [card for pile in order for card in self.piles[pile]]
        if rule.shuffle:
            cards = shuffled(cards, redeal_seed(self.seed, used))
        changes: list[Change] = [SetFaceDown(pile, 0) for pile in group.piles if self.face_down[pile]]
        return changes + [SetPile(pile, dealt) for pile, dealt in zip(group.piles, _dealt_again(
            cards, len(group.piles), rule.cards_per_pile))]

    def _pile_redeal_changes(self, group: Group) -> list[Change]:
        """The changes that take up the cards of ``group``'s pile whose turn it is, turned over (its bottom card
        first), and deal them face up one to each pile in turn, from that pile on round the group."""
        source = self.gather_source(group)
        cards = self.piles[source]
        if not cards:
            return []
        piles = len(group.piles)
        dealt: list[list[int]] = [[] if pile == source else list(self.piles[pile]) for pile in group.piles]
        first = source - group.piles.start
        for index, card in enumerate(cards):
            dealt[(first + index) % piles].append(card)
        changes: list[Change] = [SetFaceDown(source, 0)] if self.face_down[source] else []
        reached = sorted({(first + index) % piles for index in range(min(piles, len(cards)))})
        return changes + [SetPile(group.piles.start + index, tuple(dealt[index])) for index in reached]

    def _covered(self, pile: int) -> bool:
        """Whether a pile lying on ``pile`` still holds a card (``Game.covered_by``)."""
        piles = self.piles
        return any(piles[other] for other in self.game.covered_by.get(pile, ()))

    def _pair_moves(self, pairing: Pairing, moves: list[Move]) -> None:
        """Append the moves of the pair rule: each card that leaves alone, and each two free cards that pair."""
        piles = self.piles
        free = [(pile, piles[pile][-1]) for pile in pairing.piles
                if piles[pile] and self.face_down[pile] < len(piles[pile]) and not self._covered(pile)]
        pairs = pairing.pairs
        for index, (pile, card) in enumerate(free):
            if RANK[card] in pairing.alone:
                moves.append(Move(pile, pairing.discard, 1))
            for other, other_card in free[index + 1:]:
                if pairs[card * 52 + other_card]:
                    moves.append(Move(pile, other, 1, PAIR))

    def _takers(self, group: Group, takers: dict[int, Takers]) -> Takers:
        """Which piles of ``group`` take which card on top, and which are empty; kept in ``takers``.

        A pile with cards takes a card that fits its top card by the build rule,
        is of the pile's suit (if it has one) and leaves room under ``max_cards``.
        """
        piles = self.piles
        pile_suit = self.game.pile_suit
        taking: dict[int, list[int]] = {}
        empty: list[int] = []
        fits_on = group.fits_on
        full = 0 if group.spec.fill_at_once else group.max_cards  # a pile filled at once takes no more
        closed = self.empty_closed(group)
        for target in group.piles:
            destination = piles[target]
            if not destination:
                if not closed:
                    empty.append(target)
                continue
            if full is not None and len(destination) >= full:
                continue
            suit = pile_suit[target]
            for card in fits_on[destination[-1]]:
                if suit < 0 or SUIT[card] == suit:
                    taking.setdefault(card, []).append(target)
        takers[group.index] = (taking, empty)
        return taking, empty

    def empty_closed(self, group: Group) -> bool:
        """Whether the empty piles of ``group`` take no card now: a pile they wait for (``only_while_empty``) holds
        cards."""
        return self._held(group.empty_waits)

    def _run_moves(self, source: int, group: Group, most: int, base_rank: int | None, takers: dict[int, Takers],
                   moves: list[Move]) -> None:
        """Append the moves of 1 to ``most`` cards from pile ``source`` (the general case of ``legal_moves``)."""
        piles = self.piles
        pile_suit = self.game.pile_suit
        pile = piles[source]
        top_suit = SUIT[pile[-1]]
        # A pile that takes one suit takes only the top cards of that suit.
        one_suit = _one_suit(pile, most) if group.suited_targets else most
        limited = group.spec.run_limit is _FREE_CELLS
        free_cells, empty_piles = self._room(group) if limited else (0, 0)
        for target_group in group.target_groups:  # (kept in one frame, as in _generate: it runs for every run)
            taking, empty = takers.get(target_group.index) or self._takers(target_group, takers)
            reach = 1 if target_group.one_card_at_a_time else most  # the most cards one move lays there
            found = [(target, count) for count in range(1, reach + 1) for target in taking.get(pile[-count], ())]
            if empty and group.index in target_group.empty_sources:
                found += self._onto_empty(target_group, pile, reach, base_rank, empty)
            if group.pick is _TOP_OR_WHOLE:
                found = _top_or_whole(found, len(pile))
            found.sort()  # by target, then count, as the moves are listed
            for target, count in found:
                destination = piles[target]
                suit = pile_suit[target]
                if target == source or suit >= 0 and (suit != top_suit or count > one_suit):
                    continue
                if limited:
                    moved_to_empty = empty_piles and not destination and target in group.piles
                    if count > (1 + free_cells) << (empty_piles - moved_to_empty):
                        continue
                if not destination or self._lays(target_group, pile, count, len(destination)):
                    moves.append(Move(source, target, count))

    def _room(self, group: Group) -> tuple[int, int]:
        """The free cells, and the empty piles of ``group`` that take any card, that a run of ``group`` moves
        through (its run limit is ``free cells``)."""
        piles = self.piles
        free_cells = sum(1 for cell in self.game.cell_piles if not piles[cell])
        empty_piles = sum(1 for other in group.piles if not piles[other]) if group.empty_accepts is _ANY else 0
        return free_cells, empty_piles

    def _onto_empty(self, group: Group, pile: list[int], most: int, base_rank: int | None,
                    empty: list[int]) -> list[tuple[int, int]]:
        """Each pile of ``empty`` (empty piles of ``group``) with each number of top cards of ``pile``, up to
        ``most``, that it takes."""
        counts: range | list[int] = range(1, most + 1)
        if group.spec.fill_at_once:
            counts = [count for count in counts if count == group.max_cards]
        takes = self.game.empty_pile_takes
        return [(target, count) for count in counts
                if group.accepts_on_empty(pile[-count], base_rank) and self._lays(group, pile, count, 0)
                for target in empty if takes(target, pile[-count])]

    def _pickable(self, source: int, group: Group, limit: int | None) -> int:
        """How many cards at most may be picked from pile ``source`` by its group's rule and, if not None, a
        plugin's ``limit`` for it (not 0). The cards the pile keeps (``keeps``) are held as face-down cards are."""
        pile = self.piles[source]
        free = len(pile) - max(self.face_down[source], group.keeps)
        if free <= 0:
            return 0
        if group.pick is _TOP_CARD:
            return 1
        most = free
        if group.pick is not _ANY_TAIL:
            fits = group.run_table
            most = 1
            while most < free and fits[pile[-most - 1] * 52 + pile[-most]]:
                most += 1
            if group.pick is _TOP_OR_WHOLE and most < len(pile):
                return 1
        return most if limit is None or limit >= most else limit

    @staticmethod
    def _lays(group: Group, pile: list[int], count: int, room: int) -> bool:
        """Whether the top ``count`` cards of ``pile`` fit ``group``'s size and, on a foundation, its build rule.

        More than one card comes here for a foundation only when it is filled at
        once (``_run_moves`` offers the others one card alone), and its cards
        must each fit the one before; elsewhere the group's pick rule has
        already said what may move.
        """
        if group.max_cards is not None and room + count > group.max_cards:
            return False
        if count > 1 and group.role is _FOUNDATION:
            fits = group.fits_table
            for i in range(len(pile) - count, len(pile) - 1):
                if not fits[pile[i] * 52 + pile[i + 1]]:
                    return False
        return True

    def _stock_moves(self, stock: Group, moves: list[Move]) -> None:
        """Append the deals from ``stock``'s piles that hold cards, and the redeals into those that are empty."""
        piles = self.piles
        for pile in stock.piles:
            move = self._deal(stock, pile) if piles[pile] else self._redeal(stock, pile)
            if move is not None:
                moves.append(move)

    def _deal(self, stock: Group, pile: int) -> Move | None:
        """The move that deals from pile ``pile`` of ``stock`` (not empty), if the stock's rule lets it deal now."""
        piles = self.piles
        left = len(piles[pile])
        if stock.is_last_deal(left):
            return Move(pile, stock.deal_target(left), left, DEAL)
        if stock.spec.needs_no_empty_piles and not all(piles[target] for target in stock.stock_targets):
            return None
        count = stock.cards_dealt(left)
        room = self.game.pile_group[stock.stock_target].max_cards
        if room is not None and len(stock.stock_targets) == 1 and len(piles[stock.stock_target]) + count > room:
            return None  # a waste of one card is played from before the next is turned
        return Move(pile, stock.stock_target, count, DEAL)

    def _redeal(self, stock: Group, pile: int) -> Move | None:
        """The move that turns the waste of ``stock`` over into its empty pile ``pile``, if the waste holds cards
        and the stock's rule has a redeal left."""
        spec = stock.spec
        waste = self.piles[stock.stock_target]
        if waste and len(stock.stock_targets) == 1 and (
            spec.redeals == UNLIMITED or self.vars.get(REDEALS_VAR, 0) < spec.redeals
        ):
            return Move(stock.stock_target, pile, len(waste), REDEAL)
        return None

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal in this position."""
        return move in self.legal_moves()

    def push(self, move: Move) -> None:
        """Play ``move`` (assumed legal: see ``is_legal``), recording how to undo it.

        If a plugin fails or answers nonsense on the way, the ``PluginError`` is
        raised with the state as it was before.
        """
        undo = self._carry_out(move)  # None: a card move, undone by moving its cards back
        known = (self._legal, self._won)
        self._legal = self._won = None  # a plugin asked about the new position must not hear of the old one
        try:
            if self.game.has_automatic_changes:
                automatic = self._automatic_changes(move)
                if automatic:
                    undo = _listed(undo, move)
                    undo.extend(automatic)
            extra = self.game.hooks.after_move(self, move)
            if extra:
                undo = _listed(undo, move)
                self._make(extra, undo, "after_move", move)
        except BaseException:
            self._take_back(move, undo)
            self._legal, self._won = known
            raise
        self.move_stack.append(move)
        self._undo.append(undo)
        self._known.append(known if self._remember else _UNKNOWN)
        self._legal = self._won = None  # (what a plugin asked above was of a position on the way)

    def _carry_out(self, move: Move) -> list[Change] | None:
        """Make the changes of ``move`` itself, before the rules' and plugins' changes that follow it; how to undo
        them, or None for a card move (undone by moving its cards back)."""
        if move.action in _KERNEL_ACTIONS:
            return [self._apply(change) for change in self._kernel_changes(move)]
        if move.action:
            undo: list[Change] = []
            answered = self.game.hooks.apply_action(self, move)
            if answered is None:
                raise MoveError(f"no plugin carries out the action {move.action!r}")
            self._make(answered, undo, "apply_action", move)
            return undo
        piles = self.piles
        source = piles[move.source]
        piles[move.target] += source[-move.count:]
        del source[-move.count:]
        return None

    def pop(self) -> Move:
        """Undo the last move and return it; the state is exactly as before its ``push``."""
        move = self.move_stack.pop()
        self._take_back(move, self._undo.pop())
        self._legal, self._won = self._known.pop()
        return move

    def merge_last(self, count: int) -> None:
        """Make the last ``count`` moves on the stack one: ``move_stack`` keeps the first of them, ``pop`` takes
        them all back at once, and ``changed_piles`` names the piles of all (a turn with auto-play: ``safety``)."""
        start = len(self.move_stack) - count
        if count < 2:
            return
        undo: list[Change] = []
        for move, changes in zip(self.move_stack[start:], self._undo[start:]):
            undo += _listed(changes, move)
        del self.move_stack[start + 1:], self._undo[start + 1:], self._known[start + 1:]
        self._undo[start] = undo

    def changed_piles(self) -> tuple[int, ...]:
        """The piles whose cards the last move on ``move_stack`` changed (a pile may be named twice)."""
        undo = self._undo[-1]
        if undo is None:  # a card move alone
            move = self.move_stack[-1]
            return (move.source, move.target)
        changed: list[int] = []
        for change in undo:
            if isinstance(change, Transfer):
                changed += (change.source, change.target)
            elif isinstance(change, SetPile):
                changed.append(change.pile)
        return tuple(changed)

    def _take_back(self, move: Move, undo: list[Change] | None) -> None:
        """Undo ``move``: its ``undo`` changes in reverse order, or (None) its cards moved back."""
        if undo is None:
            piles = self.piles
            target = piles[move.target]
            piles[move.source] += target[-move.count:]
            del target[-move.count:]
        else:
            for change in undo[::-1]:  # not reversed(): mypyc (setup.py) fails on it over a list of a union
                self._apply(change)

    def _kernel_changes(self, move: Move) -> list[Change]:
        """The changes the kernel's own action ``move`` makes (not yet made)."""
        if move.action == DEAL:
            stock = self.game.pile_group[move.source]
            if stock.is_last_deal(len(self.piles[move.source])):  # a card onto each pile of its last deal's groups
                return [Transfer(move.source, target, 1, turn=True) for target in stock.last_deal_piles]
            targets = self.game.pile_group[move.target].piles
            if len(targets) > 1:  # one card onto each pile of the group, round after round
                return [Transfer(move.source, targets[i % len(targets)], 1, turn=True) for i in range(move.count)]
            return [Transfer(move.source, move.target, move.count, turn=True)]
        if move.action == GATHER:
            return self._gather_changes(self.game.pile_group[move.source])
        if move.action == PAIR:
            discard = self.game.pairing.discard  # type: ignore[union-attr]  # a pair move is of a game with pairs
            return [Transfer(move.source, discard, 1), Transfer(move.target, discard, 1)]
        if move.action == REDEAL:
            changes: list[Change] = [Transfer(move.source, move.target, move.count, turn=True)]
            if self.game.pile_group[move.target].spec.redeals > 0:
                changes.append(SetVar(REDEALS_VAR, self.vars[REDEALS_VAR] + 1))
            return changes
        raise MoveError(f"not an action of the kernel: {move.action!r}")

    def _automatic_changes(self, move: Move) -> list[Change]:
        """What the rule data makes happen by itself after ``move``: the base rank chosen by the first card
        laid on a foundation, a complete set leaving, refills, then face-down tops turned up."""
        game = self.game
        changes: list[Change] = []
        if game.base_rank_played and self.vars[BASE_RANK_VAR] is None:
            self._choose_base_rank(move, changes)
        if game.set_piles:
            self._set_leaves(changes)
        if game.clearings:
            self._clear(changes)
        if game.refills:
            self._refill(changes)
        if game.turns_up:
            self._turn_up_matching(move, changes)
        if game.turn_up_piles:
            self._turn_up(changes)
        return changes

    def _turn_up_matching(self, move: Move, changes: list[Change]) -> None:
        """Where ``move`` lays a card on a pile that turns up a pile of another group (``turns_up``), that pile's
        face-down top card turned up: that change, made."""
        other = self.game.turns_up.get(move.target)
        if other is not None and not move.action and 0 < len(self.piles[other]) <= self.face_down[other]:
            changes.append(self._apply(SetFaceDown(other, len(self.piles[other]) - 1)))

    def _choose_base_rank(self, move: Move, changes: list[Change]) -> None:
        """Where ``move``, the first card move onto a foundation, chooses the base rank: that change, made."""
        if not move.action and move.target in self.game.foundation_piles:
            changes.append(self._apply(SetVar(BASE_RANK_VAR, RANK[self.piles[move.target][-move.count]])))

    def _set_leaves(self, changes: list[Change]) -> None:
        """Once every set pile holds a card, their top cards leave together: those changes, made."""
        set_piles = self.game.set_piles
        if all(self.piles[pile] for pile in set_piles):
            changes += [self._apply(Transfer(pile, self.game.set_discard, 1)) for pile in set_piles]

    def _clear(self, changes: list[Change]) -> None:
        """Each pile whose cards add up (``clears_when``) emptied onto the pile they go to: those changes, made."""
        for pile, discard, total, one_each in self.game.clearings:
            cards = self.piles[pile]
            if cards and _adds_up([RANK[card] for card in cards], total, one_each):
                changes.append(self._apply(Transfer(pile, discard, len(cards))))

    def _refill(self, changes: list[Change]) -> None:
        """Each empty pile refilled at once from the first of its origins with a face-up card (its stock turned onto
        an empty waste first, where the rule says), unless a pile it waits for holds a card: those changes, made."""
        piles = self.piles
        game = self.game
        for (pile, origins), waits, turn in zip(game.refills, game.refill_waits, game.refill_turns):
            if not piles[pile] and not any(piles[wait] for wait in waits):
                self._turn_first(turn, changes)
                origin = next((origin for origin in origins
                               if piles[origin] and self.face_down[origin] < len(piles[origin])), None)
                if origin is not None:
                    changes.append(self._apply(Transfer(origin, pile, 1)))

    def _turn_first(self, turn: tuple[int, int, int], changes: list[Change]) -> None:
        """Where a refill turns the stock onto an empty waste first (``Rules.refill_turns``): that turn, made."""
        waste, stock, per_turn = turn
        if waste >= 0 and not self.piles[waste] and self.piles[stock]:
            changes.append(self._apply(Transfer(stock, waste, min(per_turn, len(self.piles[stock])), turn=True)))

    def _turn_up(self, changes: list[Change]) -> None:
        """Each face-down top card of a pile that turns up its top, and not under cards of other piles, turned up:
        those changes, made."""
        piles = self.piles
        covered_by = self.game.covered_by
        for pile in self.game.turn_up_piles:
            if piles[pile] and self.face_down[pile] >= len(piles[pile]) and not (covered_by and self._covered(pile)):
                changes.append(self._apply(SetFaceDown(pile, len(piles[pile]) - 1)))

    def _apply(self, change: Change) -> Change:
        """Make ``change`` and return the change that undoes it."""
        if isinstance(change, Transfer):
            source = self.piles[change.source]
            cards = source[-change.count:]
            del source[-change.count:]
            if change.turn:
                cards.reverse()
            self.piles[change.target] += cards
            return Transfer(change.target, change.source, change.count, change.turn)
        if isinstance(change, SetVar):
            old = self.vars[change.name]
            self.vars[change.name] = change.value
            return SetVar(change.name, old)
        if isinstance(change, SetFaceDown):
            old = self.face_down[change.pile]
            self.face_down[change.pile] = change.count
            return SetFaceDown(change.pile, old)
        if isinstance(change, SetPile):
            was = tuple(self.piles[change.pile])
            self.piles[change.pile][:] = change.cards
            return SetPile(change.pile, was)
        raise PluginError(f"not a change: {change!r}")

    def _make(self, changes: list[Any], undo: list[Change], hook_name: str, move: Move) -> None:
        """Make the ``changes`` a plugin answered to ``hook_name`` for ``move``, adding to ``undo`` how to undo
        each; a change that cannot be made undoes this call's and is refused, naming the plugin."""
        start = len(undo)
        for change in changes:
            problem = change_problem(self, change)
            if problem:
                raise self._unmade(undo, start, hook_name, move, change, problem)
            undo.append(self._apply(change))
        left = face_down_left(self, changes)
        if left:
            raise self._unmade(undo, start, hook_name, move, *left)

    def _unmade(self, undo: list[Change], start: int, hook_name: str, move: Move, change: Any,
                problem: str) -> PluginError:
        """The error for a ``change`` a plugin answered that cannot be made, once the changes from ``undo[start]``
        on, made before it, are undone."""
        for done in undo[start:][::-1]:  # not reversed(): as in _take_back
            self._apply(done)
        del undo[start:]
        return self.game.hooks.refused_change(hook_name, self, move, change, problem)

    # --- the end ---------------------------------------------------------------------------

    def is_won(self) -> bool:
        """Whether the game is won in this position (decided once per position)."""
        won = self._won
        if won is None:
            won = self._won = self._decide_won()
        return won

    def _decide_won(self) -> bool:
        answer = self.game.hooks.is_won(self)
        if answer is not None:
            return answer
        piles = self.piles
        if self.game.emptied_piles:
            return not any(piles[p] for p in self.game.emptied_piles)
        if self.game.spec.won_when == WonWhen.TABLE_EMPTY:
            return not any(piles[p] for p in self.game.table_piles)
        return sum(len(piles[p]) for p in self.game.foundation_piles) == self.game.cards_to_win

    def outcome(self) -> Outcome | None:
        """How play has ended in this position (won, or no legal move left), or None while it goes on."""
        if self.is_won():
            return Outcome.WON
        if not self.legal_moves():
            return Outcome.STUCK
        return None

    def is_over(self) -> bool:
        """Whether play has ended: the game is won, or no legal move is left."""
        return self.outcome() is not None

    # --- text, copies, JSON ----------------------------------------------------------------

    def move_text(self, move: Move) -> str:
        """The short text of ``move``: ``t3 f1``, ``t3 t5 2`` (two cards), ``d`` (turn the stock)."""
        return move_text(self.game, move)

    def explain(self, move: Move) -> str:
        """Why ``move`` is not legal here: the first rule it breaks, in one line of words (a plugin's rule first,
        then the rule data's); for a legal move, that it is legal."""
        return explain(self, move)

    def parse_move(self, text: str) -> Move:
        """The legal move that ``text`` names; ``MoveError`` with the reason if there is none."""
        return parse_move(self, text)

    def copy(self, *, stack: bool = True, kind: type[State] | None = None) -> State:
        """An independent copy, of the same class unless ``kind`` names another; with ``stack=False`` it has no
        moves to pop."""
        made = type(self) if kind is None else kind
        other = made(self.game, [list(pile) for pile in self.piles], list(self.face_down), dict(self.vars), self.seed)
        other._legal, other._won = self._legal, self._won  # kept values, never changed in place
        other.hooks_checked = self.hooks_checked
        if stack:
            other.move_stack = list(self.move_stack)
            other._undo = [None if undo is None else list(undo) for undo in self._undo]
            other._known = list(self._known)
        return other

    def to_json(self) -> dict[str, Any]:
        """The state as a JSON-ready object; ``Game.state_from_json`` reads it back exactly."""
        return state_to_json(self)

    def position_key(self) -> tuple[Any, ...]:
        """A hashable value equal for two states exactly when their piles and variables are."""
        return (tuple(map(tuple, self.piles)), tuple(self.face_down), tuple(sorted(self.vars.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game is self.game and other.position_key() == self.position_key()

    __hash__ = None  # type: ignore[assignment]  # states change

    def __repr__(self) -> str:
        return f"<State {self.game.id} seed={self.seed} moves={len(self.move_stack)}>"
