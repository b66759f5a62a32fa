"""A playable game: a spec's compiled rules, the plugins it names, and its deals."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from typing import Any

from .cards import RANK, SUIT, card_text, shuffled
from .compile import Rules
from .errors import PatienceError, StateError, quoted
from .hooks import Hooks
from .loader import load_spec
from .moves import BASE_RANK_VAR, DEAL, GATHER, GATHERS_VAR, REDEAL, REDEALS_VAR
from .seeds import Seed, parse_seed
from .serialize import read_state, replayed
from .spec import FIRST_CARD_DEALT, FIRST_FOUNDATION_CARD, DealStep, GameSpec, Role
from .state import State


class Game(Rules):
    """A playable game: the compiled rules of a spec plus the plugins it names (``hooks``)."""

    def __init__(self, spec: GameSpec) -> None:
        super().__init__(spec)
        self.id = spec.id
        self.name = spec.name
        #: The plugins, asked through one method per hook.
        self.hooks = Hooks(self, spec.plugins)
        #: The words of every named action of the game: the kernel's and those the plugins declare.
        self.action_names: frozenset[str] = frozenset({DEAL, REDEAL, GATHER}) | self.hooks.actions
        #: The state variables and their values at the deal: the kernel's, then each plugin's.
        self.initial_vars: dict[str, Any] = self._initial_vars()

    def _initial_vars(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        if self.spec.base_rank is not None:
            found[BASE_RANK_VAR] = self.spec.base_rank if isinstance(self.spec.base_rank, int) else None
        if any(g.spec.redeals for g in self.stocks):
            found[REDEALS_VAR] = 0
        if self.gatherers:
            found[GATHERS_VAR] = 0
        for plugin, variables in self.hooks.state_vars(self):
            _add_vars(found, plugin, variables)
        return found

    # --- states ----------------------------------------------------------------------------

    def deal(self, seed: object) -> State:
        """The opening position of deal ``seed``: a whole number (0 or more), or a named deal
        that a plugin of the game knows (``ms:617``); any other value is refused with a ``PatienceError``."""
        seed = parse_seed(seed)
        order = self._dealing_order(seed)
        piles: list[list[int]] = [[] for _ in self.pile_names]
        face_down = [0] * len(piles)
        variables = dict(self.initial_vars)
        if self.spec.base_rank == FIRST_CARD_DEALT:
            variables[BASE_RANK_VAR] = RANK[order[-1]]
        for step in self.spec.deal:
            self._deal_one(step, variables.get(BASE_RANK_VAR), order, piles, face_down)
        if self.spec.base_rank == FIRST_FOUNDATION_CARD:
            variables[BASE_RANK_VAR] = RANK[piles[self.foundation_piles[0]][0]]
        return State(self, piles, face_down, variables, seed)

    def _dealing_order(self, seed: Seed) -> list[int]:
        """The pack of deal ``seed`` as the deal takes it, the next card last, less the cards deal steps name."""
        order = self.pack_order(seed)
        for step in self.spec.deal:
            if step.card is not None:
                order.remove(step.card)  # named cards leave the pack before the deal
        order.reverse()  # pop() takes the next card of the pack
        return order

    def _deal_one(self, step: DealStep, base_rank: int | None, order: list[int], piles: list[list[int]],
                  face_down: list[int]) -> None:
        """Deal one step from ``order`` (the pack, its next card last) onto ``piles``, as the step says."""
        if step.play_to_foundations:
            self._deal_playing_up(step, base_rank, order, piles)
        elif step.base_cards:
            # the first card dealt, whose rank is the base rank, keeps its place in the pack
            others = order[:-1] if self.spec.base_rank == FIRST_CARD_DEALT else order
            self._place(step, _taken_out(order, [card for card in reversed(others) if RANK[card] == base_rank]), piles)
        elif step.suit_cards:
            self._place(step, _first_of_each_suit(order, len(self.step_piles(step)) // len(self.spec.suits)), piles)
        else:
            self._deal_step(step, order, piles, face_down)

    def step_piles(self, step: DealStep) -> list[int]:
        """The piles deal ``step`` deals to, in order."""
        group = self.groups[step.group]
        return list(group.piles) if step.piles is None else [group.piles[index] for index in step.piles]

    def _deal_step(self, step: DealStep, order: list[int], piles: list[list[int]], face_down: list[int]) -> None:
        """Deal one step of cards from ``order`` (the pack, its next card last) onto ``piles``, as they come."""
        targets = self.step_piles(step)
        if step.card is not None:
            piles[targets[0]].append(step.card)
            return
        dealt = _low_ranks_first(step.ranks_at_bottom, _dealt(step, order, len(targets)))
        stock = self.groups[step.group].role == Role.STOCK
        for slot, pile in enumerate(targets):
            if stock:
                piles[pile].extend(reversed(dealt[slot]))  # the next card of the pack is on top
                continue
            piles[pile].extend(dealt[slot])
            if step.face_down:
                face_down[pile] += step.face_down[slot]

    def _place(self, step: DealStep, chosen: list[int], piles: list[list[int]]) -> None:
        """Put the cards ``chosen``, in the order given, one on each pile of the step's group in turn: on the first
        empty pile that takes its suit, where the group's piles each take one."""
        group = self.groups[step.group]
        targets = self.step_piles(step)
        for card in chosen:
            pile = next((pile for pile in targets if not piles[pile] and self.empty_pile_takes(pile, card)),
                        None)
            if pile is None:
                raise PatienceError(f"{self.name}: no empty pile of {group.name!r} is left for {card_text(card)}")
            piles[pile].append(card)

    def _deal_playing_up(self, step: DealStep, base_rank: int | None, order: list[int], piles: list[list[int]]) -> None:
        """Deal the rest of ``order`` row by row to the step's piles, each card that fits a foundation going there
        instead (its pile's turn then passes to the next pile)."""
        targets = self.step_piles(step)
        while order:
            for pile in targets:
                if not order:
                    break
                card = order.pop()
                foundation = next((target for target in self.foundation_piles
                                   if self._fits_foundation(target, card, base_rank, piles)), None)
                piles[pile if foundation is None else foundation].append(card)

    def _fits_foundation(self, pile: int, card: int, base_rank: int | None, piles: list[list[int]]) -> bool:
        """Whether ``card`` may be laid on foundation pile ``pile`` of ``piles`` by the rule data."""
        group = self.pile_group[pile]
        cards = piles[pile]
        full = group.max_cards is not None and len(cards) >= group.max_cards
        if full or self.pile_suit[pile] not in (-1, SUIT[card]):
            return False
        if cards:
            return group.fits(cards[-1], card)
        return group.accepts_on_empty(card, base_rank) and self.empty_pile_takes(pile, card)

    def pack_order(self, seed: Seed) -> list[int]:
        """The pack in dealing order for deal ``seed`` (see ``deal``)."""
        seed = parse_seed(seed)
        if isinstance(seed, int):
            return shuffled(self.pack, seed)
        order = self.hooks.deal_order(self, seed)
        if order is None:
            raise PatienceError(f"no deal called {quoted(seed)} in {self.name}: a seed is a whole number, 0 or more")
        return list(order)

    def state_from_json(self, data: Mapping[str, Any] | str) -> State:
        """A state from its JSON form (the text or the parsed object); see ``State.to_json``.

        ``StateError`` naming the field if it is not a state of this game; reading
        changes nothing, the state is built new or not at all.
        """
        saved = read_state(self, data)
        state = State(self, saved.piles, saved.face_down, saved.vars, saved.seed)
        problem = self.hooks.check_state(state)
        if problem:
            raise StateError(problem if problem.startswith("field ") else f"field 'vars': {problem}")
        return state if saved.seed is None else replayed(self, saved)

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.name}>"


def _add_vars(found: dict[str, Any], plugin: str, variables: Mapping[str, Any]) -> None:
    """Add a plugin's state ``variables`` to those ``found``; a name already used is the plugin's error."""
    for name, value in variables.items():
        if name in found:
            raise PatienceError(f"plugin {plugin!r}: variable {name!r} is already used")
        found[name] = value


def _counts(step: DealStep, left: int, piles: int) -> list[int]:
    """How many cards deal ``step`` gives each of its ``piles``, with ``left`` cards in the pack."""
    if step.cards is not None:
        return list(step.cards)
    if step.by_rows:
        return [left // piles + (index < left % piles) for index in range(piles)]
    return [left]


def _dealt(step: DealStep, order: list[int], piles: int) -> list[list[int]]:
    """The cards deal ``step`` takes from ``order`` (the pack, its next card last) for each of its ``piles``, in the
    order they are dealt: row by row, or each pile's cards in turn."""
    counts = _counts(step, len(order), piles)
    take = _taker(step.skip_ranks, order)
    dealt: list[list[int]] = [[] for _ in range(piles)]
    if step.by_rows:
        for row in range(max(counts)):
            for slot, count in enumerate(counts):
                if row < count:
                    dealt[slot].append(take())
    else:
        for slot, count in enumerate(counts):
            dealt[slot] = [take() for _ in range(count)]
    return dealt


def _taker(skipped: frozenset[int], order: list[int]) -> Callable[[], int]:
    """What takes the next card of ``order`` (the pack, its next card last) for a step that skips the ranks
    ``skipped``: a card of those ranks goes under the pack, below those put there before it, and the next comes."""
    if not skipped:
        return order.pop
    under = 0

    def take() -> int:
        nonlocal under
        for _ in range(len(order) - under):
            card = order.pop()
            if RANK[card] not in skipped:
                return card
            order.insert(under, card)
            under += 1
        return order.pop()  # only cards of the skipped ranks are left

    return take


def _taken_out(order: list[int], chosen: list[int]) -> list[int]:
    """``chosen``, each of its cards taken out of ``order`` (the pack, its next card last) where it is first met
    from the front: the base rank's cards are every copy but, at most, the very next card, which stays."""
    for card in chosen:
        order.remove(card)
    return chosen


def _first_of_each_suit(order: list[int], each: int) -> list[int]:
    """The first ``each`` cards of each suit in ``order`` (the pack, its next card last), in pack order, taken out
    of it."""
    taken = [0, 0, 0, 0]
    places = []
    for place in range(len(order) - 1, -1, -1):
        if taken[SUIT[order[place]]] < each:
            taken[SUIT[order[place]]] += 1
            places.append(place)
    return [order.pop(place) for place in places]  # places run from the back: each pop leaves the next in place


def _low_ranks_first(low: frozenset[int], dealt: list[list[int]]) -> list[list[int]]:
    """Each pile's cards of ``dealt`` with those of the ranks ``low`` put under the others."""
    if not low:
        return dealt
    return [[card for card in cards if RANK[card] in low] + [card for card in cards if RANK[card] not in low]
            for cards in dealt]


def load_game(name_or_path: str | os.PathLike[str]) -> Game:
    """The game called ``name_or_path`` (a built-in or user game), or read from that rule file."""
    return Game(load_spec(name_or_path))
