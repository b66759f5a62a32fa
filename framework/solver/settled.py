"""Foundation cards the search never takes back to the table: the settled cards.

Where a foundation's top card may come back into play, taking it back only
helps if a card could later be built on it, or if a card beneath it on its
foundation is needed in play. A card is settled when it lies on a foundation
and so does every card it reaches through two links: the cards that could be
built on it off the foundations (``safety.building_groups``), and the card
beneath it on its foundation. Each of those must also lie in the one place the
rule data leaves for it: the card beneath takes only it (or, at the bottom, an
empty pile takes only it, or only cards that each start a chain of their own in
a group of interchangeable piles). This is the dominance Solvitaire (Blake and
Gent) uses for its games, restated for any rule data.

The argument, given a winning line L from a position P whose settled cards
form the set S (closed under both links): delete from L every move of cards of
S only, and from a move of several cards its cards of S (they lie at the top
of what it moves: a card lies on a card of S only if it could be built on it,
so it is in S too). Each table pile of the new line L' then holds the cards
of L's pile but those of S, in the same order; each foundation holds what it
holds in L with the cards of S back where they lay in P, since no card but the
settled one can take a settled card's place (up to exchanging empty piles of an
interchangeable group, for a chain's first card). So every move of L' is legal
where L's was: the same card lands on the same top card or on an empty pile of
the same group, the piles it leaves hold the same cards at the top, and there
are more empty piles and free cells (which only allow longer moves). L' ends
with every card on a foundation. Playing a settled card back is therefore
never needed: P is won without it if at all.

That holds where these rules are all the rules, so the search leaves moves out
only in a game won with every card on a foundation, of one deck (two copies of
a card could swap places through a foundation), whose plugins change no rule,
whose foundation cards go back only to piles off the foundations, one at a
time, and where nothing depends on which piles are empty or on what a move
leaves behind: no stock that deals only onto full piles, no pile refilled when
emptied, no gathering and dealing again, no pairs, sets or covered piles, no
pile that takes the ranks of the first card of another, a base rank known
before the deal, no cards moved into a stock or a waste, and cards
picked up together only as a run whose cards could be built on one another.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import SUIT
from ..compile import Group
from ..game import Game
from ..hookspecs import RULE_HOOKS
from ..moves import Move
from ..safety import building_groups
from ..spec import Pick, Role, WonWhen
from ..state import State
from .canonical import interchangeable_groups

#: In ``SettledCards.sole_next``: no card, or more than one, may lie on this card on this foundation.
NO_SOLE_CARD = -1


class SettledCards:
    """Tells which foundation top cards of a game's positions are settled (see above)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.applies = applies(game)
        building = building_groups(game)
        #: The cards that may be built on each card off the foundations.
        self.needs: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted({above for group in building for above in group.fits_on[card]})) for card in range(52))
        foundations = game.foundation_piles if self.applies else ()
        #: For each foundation pile, the one card that may lie on each card there (``NO_SOLE_CARD``: none or several).
        self.sole_next: dict[int, tuple[int, ...]] = {pile: _sole_next(game, pile) for pile in foundations}
        #: For each foundation pile, the cards that are in their one place at its bottom.
        self.bases: dict[int, frozenset[int]] = {pile: _bases(game, pile, self.sole_next[pile]) for pile in foundations}

    def without_taking_back(self, state: State, moves: Sequence[Move]) -> Sequence[Move]:
        """``moves`` (legal in ``state``) but those that take a settled card back into play."""
        sources = self.sole_next
        if not sources or not any(move.source in sources for move in moves):
            return moves
        settled = self.settled_tops(state)
        return [move for move in moves if move.source not in settled]

    def settled_tops(self, state: State) -> frozenset[int]:
        """The foundation piles of ``state`` whose top card is settled."""
        piles = state.piles
        place = self._places(piles)
        return frozenset(pile for pile in self.sole_next
                         if piles[pile] and self._settled(piles, place, piles[pile][-1]))

    def all_settled(self, state: State, cards: Iterable[int]) -> bool:
        """Whether each of ``cards`` is settled in ``state``."""
        piles = state.piles
        place = self._places(piles)
        return all(self._settled(piles, place, card) for card in cards)

    def in_place(self, pile: int, beneath: int | None, card: int) -> bool:
        """Whether ``card`` would be in its one place on foundation ``pile``, on card ``beneath`` (None: at the
        bottom)."""
        return card in self.bases[pile] if beneath is None else self.sole_next[pile][beneath] == card

    def _places(self, piles: list[list[int]]) -> dict[int, tuple[int, int]]:
        """The place (pile, index) of each card on a foundation."""
        return {card: (pile, index) for pile in self.sole_next for index, card in enumerate(piles[pile])}

    def _settled(self, piles: list[list[int]], place: dict[int, tuple[int, int]], card: int) -> bool:
        """Whether ``card`` is settled, given the ``place`` (pile, index) of each card on a foundation."""
        seen = {card}
        waiting = [card]
        while waiting:
            card = waiting.pop()
            where = place.get(card)
            if where is None:
                return False
            pile, index = where
            beneath = piles[pile][index - 1] if index else None
            if not self.in_place(pile, beneath, card):
                return False
            for other in self.needs[card] if beneath is None else (*self.needs[card], beneath):
                if other not in seen:
                    seen.add(other)
                    waiting.append(other)
        return True


def applies(game: Game) -> bool:
    """Whether the argument above holds for ``game``'s rules, and some foundation card may come back."""
    return all(condition(game) for condition in _CONDITIONS)


def _plain_win(game: Game) -> bool:
    """Whether ``game`` is of one deck, won with every card on a foundation, by rules no plugin changes."""
    spec = game.spec
    return spec.decks == 1 and spec.won_when == WonWhen.ALL_ON_FOUNDATIONS and not RULE_HOOKS & game.hooks.implemented


def _cards_come_back(game: Game) -> bool:
    """Whether some foundation gives its top card back, and every one that does gives it to piles off the
    foundations, one card at a time, and none is filled at once."""
    givers = [group for group in game.foundations if group.targets]
    return bool(givers) and all(_gives_one_card_back(game, group) for group in givers) and not any(
        group.spec.fill_at_once for group in game.foundations)


def _gives_one_card_back(game: Game, foundation: Group) -> bool:
    """Whether ``foundation`` gives back only its top card, and only to piles off the foundations."""
    return foundation.pick is Pick.TOP_CARD and not set(foundation.targets) & set(game.foundation_piles)


def _no_emptying_rules(game: Game) -> bool:
    """Whether nothing in ``game`` happens because a pile empties or fills: no refills, gathering, pairs, sets,
    clearing piles, covered piles, nor stocks that deal only onto piles that hold cards."""
    rules = (game.refills, game.gatherers, game.pairing, game.set_piles, game.clearings, game.covered_by,
             [group for group in game.stocks if group.spec.needs_no_empty_piles])
    return not any(rules)


def _first_cards_unread(game: Game) -> bool:
    """Whether no pile takes cards by the first card of another (``ranks_of_pile_before``): a settled card kept at
    the bottom of that pile, where the line taken back restarted it with another card, would change what it takes.
    (Cards that only stay where they lay are no harm elsewhere: a pile that keeps its bottom cards, ``keeps``, or
    one another opens, ``opened_by``, allows no less where a pile holds more.)"""
    return not game.rank_followers


def _base_rank_known(game: Game) -> bool:
    """Whether the foundations' base rank is known before the deal."""
    return game.spec.base_rank is None or isinstance(game.spec.base_rank, int)


def _closed_stocks(game: Game) -> bool:
    """Whether no move takes cards into a stock or a waste (where a card fewer would change later deals)."""
    return all(game.pile_group[pile].role not in (Role.STOCK, Role.WASTE)
               for group in game.groups.values() for pile in group.targets)


def _runs_are_built(game: Game) -> bool:
    """Whether a card moves with the cards on it off the foundations only where they could be built on one
    another: no pile from which any tail or a whole pile is picked up, and every two cards that may lie on one
    another in a run could be built on one another."""
    building = building_groups(game)
    movers = [group for group in game.groups.values() if group.role is not Role.FOUNDATION and group.moves_cards()]
    return all(group.pick is Pick.TOP_CARD or _built_runs(group, building) for group in movers)


def _built_runs(group: Group, building: list[Group]) -> bool:
    """Whether ``group``'s piles give up runs only, and only of cards that could be built on one another in
    one of ``building``."""
    return group.pick is Pick.RUN and all(
        any(other.fits(below, above) for other in building)
        for below in range(52) for above in range(52) if group.run_table[below * 52 + above])


_CONDITIONS = (_plain_win, _cards_come_back, _no_emptying_rules, _first_cards_unread, _base_rank_known, _closed_stocks,
               _runs_are_built)


def _takes(game: Game, pile: int, card: int) -> bool:
    """Whether foundation ``pile`` takes ``card``'s suit."""
    suit = game.pile_suit[pile]
    return suit < 0 or SUIT[card] == suit


def _sole_next(game: Game, pile: int) -> tuple[int, ...]:
    """The one card that may lie on each card on foundation ``pile``, or ``NO_SOLE_CARD``."""
    group = game.pile_group[pile]
    found = []
    for below in range(52):
        above = [card for card in group.fits_on[below] if _takes(game, pile, card)]
        found.append(above[0] if len(above) == 1 else NO_SOLE_CARD)
    return tuple(found)


def _bases(game: Game, pile: int, sole_next: tuple[int, ...]) -> frozenset[int]:
    """The cards in their one place at the bottom of foundation ``pile``: the one card it takes when empty, or each
    card it takes when its group's piles are interchangeable and those cards start chains that never meet."""
    group = game.pile_group[pile]
    base_rank = game.spec.base_rank if isinstance(game.spec.base_rank, int) else None
    taken = [card for card in range(52) if group.accepts_on_empty(card, base_rank) and _takes(game, pile, card)]
    if len(taken) == 1:
        return frozenset(taken)
    if group.piles in interchangeable_groups(game) and _apart(sole_next, taken):
        return frozenset(taken)
    return frozenset()


def _apart(sole_next: tuple[int, ...], starts: list[int]) -> bool:
    """Whether the chains of ``sole_next`` (a foundation's one next card on each card) from each of ``starts``
    never meet."""
    seen: set[int] = set()
    for card in starts:
        while card != NO_SOLE_CARD:
            if card in seen:
                return False
            seen.add(card)
            card = sole_next[card]
    return True
