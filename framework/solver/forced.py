"""The safe moves the solver plays without trying anything else: only those it can prove.

``framework.safety.safe_moves`` offers a card to a foundation when no card that
could be built on it is left off the foundations. That alone does not make the
move harmless: another card may need the same foundation top, the card may
later fit a foundation where it would serve better, foundation cards may come
back to the table, or leaving the pile may set off other rules. A solver that
plays such a move without trying the others could call a winnable deal lost,
so it plays a safe move without branching only when the rules are data the
argument below covers: the game is won with all cards on foundations; no
foundation group moves cards anywhere; no plugin changes the rules
(``legal_moves``, ``pick_limits``, ``veto_move``, ``after_move``,
``apply_action``, ``is_won``); the card's pile is not refilled nor refills another, nor a waste
that goes back into a stock dealt several cards a turn (a card fewer there
would regroup later turns); the move does not empty a pile in a game whose
stock deals only when no pile is empty; and, in this position, every
foundation that takes the card is the target or an empty pile of the target's
interchangeable group, no other card left on the table could use the target
pile (beyond the spare empty piles of that group), and no card that could lie
under the card on any foundation is left on the table.

The argument, given a winning line L from the position: foundation cards
never move, so the card can only ever go to the target (or an interchangeable
empty pile like it), and the target takes nothing else before it. Nothing can
be built on the card anywhere (the safety rule), so it is a top card until it
leaves the table, and removing it from L (its moves, and its place at the top
of runs it moved with) leaves every other move of L legal: the piles it sat on
only have more room, more empty piles and more face-up cards, and a stock dealt
one card a turn offers the same cards in the same order, less this one.
Playing it first and then L without it wins.

Where foundation cards may come back into play, the search never takes back a
settled card (``settled``), and a safe move is played without branching only
when its card would be settled on the target with all it rests on: it would
lie in the one place the rule data leaves for it, on no other card a foundation
could hold under it, and the card under it and every card that could be built
on it are settled now. Then take L without the moves of the cards settled now
(it still wins, by ``settled``'s argument): in it, the target's cards and the
cards that could be built on the card never move, so the card is a top card
until it goes up, it can go up only onto the target, and the target takes
nothing else first; the argument above goes through as it stands.
"""

from __future__ import annotations

from collections import Counter

from ..cards import SUIT
from ..game import Game
from ..hookspecs import RULE_HOOKS
from ..moves import Move
from ..safety import safe_moves
from ..spec import WonWhen
from ..state import State
from .canonical import interchangeable_groups
from .settled import SettledCards


class ForcedMoves:
    """Finds a safe move the solver may play in a position without trying others."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.settled = SettledCards(game)
        self.data_only = _data_only(game, self.settled)
        self.refilled = frozenset(pile for refilled, origins in game.refills for pile in (refilled, *origins))
        self.regrouped = _regrouped(game)
        self.keep_piles = any(group.spec.needs_no_empty_piles for group in game.groups.values())
        self.foundations = game.foundation_piles
        self.table = tuple(p for p in range(len(game.pile_names)) if p not in self.foundations)
        self.alike = {pile: piles for piles in interchangeable_groups(game) for pile in piles}
        self.predecessors = _predecessors(game)

    def move(self, state: State) -> Move | None:
        """A safe move to play without branching in ``state``, or None."""
        if not self.data_only:
            return None
        for move in safe_moves(state):
            if self._provable(state, move):
                return move
        return None

    def _provable(self, state: State, move: Move) -> bool:
        """Whether the argument above proves ``move`` (one of ``safe_moves``) harmless in ``state``."""
        piles = state.piles
        source = piles[move.source]
        if move.source in self.refilled or move.source in self.regrouped or (self.keep_piles and len(source) == 1):
            return False
        card = source[-1]
        off = Counter(card for pile in self.table for card in piles[pile])
        if any(off[below] for below in self.predecessors[card]):
            return False  # a card left on the table could later let another foundation take this one
        if self.settled.applies and not self._stays(state, move.target, card):
            return False
        return self._only_place(state, move.target, card, off)

    def _stays(self, state: State, target: int, card: int) -> bool:
        """Where foundation cards may come back: whether ``card``, laid on foundation pile ``target``, is settled
        there with all it rests on: it would lie in its one place, on no other card a foundation could hold
        under it, and the card under it and the cards that could be built on it are settled now."""
        cards = state.piles[target]
        beneath = cards[-1] if cards else None
        if any(below != beneath for below in self.predecessors[card]) or not self.settled.in_place(target, beneath,
                                                                                                  card):
            return False
        return self.settled.all_settled(state, self.settled.needs[card] if beneath is None
                                        else (*self.settled.needs[card], beneath))

    def _only_place(self, state: State, target: int, card: int, off: Counter[int]) -> bool:
        """Whether foundation pile ``target`` (or an empty pile alike) is the only place ``card`` can go, and no
        other card of ``off`` (the cards left on the table) needs it."""
        takers = [pile for pile in self.foundations if self._takes(state, pile, card)]
        if state.piles[target]:
            return takers == [target] and self._rivals(state, target, off) == 0
        spares = self.alike.get(target, range(target, target + 1))
        if any(state.piles[pile] or pile not in spares for pile in takers):
            return False
        return self._rivals(state, target, off) < len(takers)

    def _rivals(self, state: State, target: int, off: Counter[int]) -> int:
        """How many cards of ``off`` but the one moved foundation pile ``target`` would take now."""
        return sum(count for other, count in off.items() if self._takes(state, target, other)) - 1

    def _takes(self, state: State, pile: int, card: int) -> bool:
        """Whether foundation ``pile`` takes ``card`` now by the rule data."""
        game = self.game
        suit = game.pile_suit[pile]
        if suit >= 0 and suit != SUIT[card]:
            return False
        cards = state.piles[pile]
        group = game.pile_group[pile]
        if group.max_cards is not None and len(cards) >= group.max_cards:
            return False
        if cards:
            return group.fits(cards[-1], card)
        return group.accepts_on_empty(card, state.base_rank) and game.empty_pile_takes(pile, card)


def _data_only(game: Game, settled: SettledCards) -> bool:
    """Whether ``game``'s rules are data the argument above covers: won with all cards on foundations, no
    foundation group moving cards anywhere (or only cards that are not settled), and no plugin changing the
    rules."""
    return (game.spec.won_when == WonWhen.ALL_ON_FOUNDATIONS
            and (settled.applies or not any(group.targets for group in game.foundations))
            and not RULE_HOOKS & game.hooks.implemented)


def _regrouped(game: Game) -> frozenset[int]:
    """The wastes gathered back into a stock dealt several cards a turn: a card fewer there regroups later
    turns."""
    return frozenset(pile for stock in game.stocks if stock.spec.redeals and stock.spec.cards_per_turn > 1
                     for pile in stock.stock_targets)


def _predecessors(game: Game) -> dict[int, tuple[int, ...]]:
    """The cards each card may be laid on, on some foundation of ``game``."""
    return {card: tuple({below for group in game.foundations for below, fits in enumerate(group.fits_table[card::52])
                         if fits})
            for card in range(52)}
