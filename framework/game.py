"""A game spec compiled into fast rule tables, with the plugins it names."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from .cards import COLOUR, RANK, SUIT, full_deck, shuffled
from .errors import PatienceError
from .hookcheck import failed
from .loader import load_spec
from .moves import BASE_RANK_VAR, DEAL, REDEAL, REDEALS_VAR
from . import plugins
from .spec import BASE_RANK, FIRST_FOUNDATION_CARD, BuildRule, GameSpec, GroupSpec
from .state import State



def _rank_step(rule: BuildRule) -> tuple[int, ...]:
    """The rank differences (above minus below, mod 13) the rule allows."""
    return {"up": (1,), "down": (12,), "either": (1, 12), "none": ()}[rule.direction]


def _suits_match(rule: BuildRule, below: int, above: int) -> bool:
    return {
        "any suit": True,
        "same suit": SUIT[below] == SUIT[above],
        "different suit": SUIT[below] != SUIT[above],
        "alternate colours": COLOUR[below] != COLOUR[above],
        "same colour": COLOUR[below] == COLOUR[above],
    }[rule.suit]


def fits_table(rule: BuildRule) -> bytes:
    """For every pair of cards, 1 where ``above`` may be laid on ``below``: index ``below * 52 + above``."""
    steps = _rank_step(rule)
    table = bytearray(52 * 52)
    for below in range(52):
        for above in range(52):
            difference = (RANK[above] - RANK[below]) % 13
            if difference not in steps or not _suits_match(rule, below, above):
                continue
            if not rule.wrap and abs(RANK[above] - RANK[below]) != 1:
                continue  # K to A, A to K only in cyclic order
            table[below * 52 + above] = 1
    return bytes(table)


class Group:
    """A compiled pile group: its piles and the predicates of its rules."""

    __slots__ = (
        "spec", "name", "role", "label", "index", "piles", "fits_table", "pick", "max_cards",
        "targets", "empty_accepts", "empty_sources", "stock_target", "stock_targets", "run_table",
        "fits_on", "target_groups",
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
        self.targets: tuple[int, ...] = ()  # piles this group's cards may move to
        self.target_groups: tuple[Group, ...] = ()  # the groups of those piles, in the same order
        self.empty_accepts: int | str = spec.when_empty.accepts
        self.empty_sources: frozenset[int] = frozenset()  # group indices
        self.stock_target = -1
        self.stock_targets: range = range(0)  # the piles a stock deals onto

    def fits(self, below: int, above: int) -> bool:
        """Whether card ``above`` may be built on card ``below`` in this group."""
        return bool(self.fits_table[below * 52 + above])

    def takes_single_cards(self) -> bool:
        """Whether one card may be moved onto a pile of this group (not so where only a whole run fills it)."""
        return not self.spec.fill_at_once or self.max_cards == 1

    def accepts_on_empty(self, card: int, base_rank: int | None) -> bool:
        """Whether an empty pile of this group takes ``card`` by its rank (where it comes from aside)."""
        accepts = self.empty_accepts
        if accepts == "any":
            return True
        if accepts == "nothing":
            return False
        if accepts == BASE_RANK:
            return RANK[card] == base_rank
        return RANK[card] == accepts

    def pile_name(self, pile: int) -> str:
        """The short name of pile ``pile`` (a state index): the label, numbered if the group has several."""
        if len(self.piles) == 1:
            return self.label
        return f"{self.label}{pile - self.piles.start + 1}"

    def __repr__(self) -> str:
        return f"<Group {self.name} {self.role} x{len(self.piles)}>"


class Game:
    """A playable game: the compiled rules of a spec plus the plugins it names."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.id = spec.id
        self.name = spec.name
        self.groups: dict[str, Group] = {}
        pile = 0
        for index, group_spec in enumerate(spec.groups):
            group = Group(group_spec, index, pile)
            self.groups[group.name] = group
            pile += group_spec.piles
        #: Group of each pile, by pile index.
        self.pile_group: tuple[Group, ...] = tuple(g for g in self.groups.values() for _ in g.piles)
        #: Short name of each pile, by pile index (``t3``, ``f1``, ``w``).
        self.pile_names: tuple[str, ...] = tuple(self.pile_group[p].pile_name(p) for p in range(pile))
        self._pile_index = {name: index for index, name in enumerate(self.pile_names)}
        #: Every card of the game's pack, in pack order.
        self.pack: tuple[int, ...] = tuple(full_deck(spec.decks, spec.suits))
        self.total_cards = len(self.pack)
        #: The one suit each pile takes, or -1 where any suit goes.
        self.pile_suit: tuple[int, ...] = tuple(
            g.spec.suits[p - g.piles.start] if g.spec.suits else -1 for g in self.groups.values() for p in g.piles
        )
        for group in self.groups.values():
            group.targets = tuple(p for name in group.spec.moves_to for p in self.groups[name].piles)
            group.target_groups = tuple(self.groups[name] for name in group.spec.moves_to)
            sources = group.spec.when_empty.sources
            if sources is None:
                sources = tuple(g.name for g in self.groups.values() if group.name in g.spec.moves_to)
            group.empty_sources = frozenset(self.groups[name].index for name in sources)
            if group.spec.deals_to:
                group.stock_targets = self.groups[group.spec.deals_to].piles
                group.stock_target = group.stock_targets.start
        #: Groups with the role 'foundation', in order.
        self.foundations: tuple[Group, ...] = tuple(g for g in self.groups.values() if g.role == "foundation")
        self.foundation_piles: tuple[int, ...] = tuple(p for g in self.foundations for p in g.piles)
        self.stocks: tuple[Group, ...] = tuple(g for g in self.groups.values() if g.role == "stock" and g.stock_target >= 0)
        #: Piles whose cards may be picked up and moved by the rule data.
        self.source_piles: tuple[int, ...] = tuple(
            p for g in self.groups.values() if g.pick != "nothing" and g.targets for p in g.piles
        )
        #: Piles whose face-down top card is turned up at once.
        self.turn_up_piles: tuple[int, ...] = tuple(p for g in self.groups.values() if g.spec.turn_up_top for p in g.piles)
        #: (pile, pile it is refilled from) for piles refilled at once when empty.
        self.refills: tuple[tuple[int, int], ...] = tuple(
            (p, self.groups[g.spec.when_empty.filled_from].piles.start)
            for g in self.groups.values() if g.spec.when_empty.filled_from for p in g.piles
        )
        #: Piles that must be empty for a 'table empty' win.
        self.table_piles: tuple[int, ...] = tuple(
            p for g in self.groups.values() if g.role not in ("stock", "foundation") for p in g.piles
        )
        self.has_automatic_changes = bool(self.turn_up_piles or self.refills)
        #: Piles of the groups with the role 'cell', for run limits.
        self.cell_piles: tuple[int, ...] = tuple(p for g in self.groups.values() if g.role == "cell" for p in g.piles)
        self.manager = plugins.make_manager(self)
        self.hook = self.manager.hook
        #: The words of every named action of the game: the kernel's and those the plugins declare.
        self.action_names: frozenset[str] = frozenset(
            {DEAL, REDEAL}.union(*(getattr(plugin, "actions", ()) for plugin in self.manager.get_plugins()))
        )
        self.initial_vars: dict[str, Any] = self._initial_vars()
        #: The hooks some plugin of this game implements; the kernel skips the others.
        self.hooks_used = frozenset(
            name for name, caller in vars(self.hook).items() if not name.startswith("_") and caller.get_hookimpls()
        )

    def _initial_vars(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        if self.spec.base_rank is not None:
            found[BASE_RANK_VAR] = self.spec.base_rank if isinstance(self.spec.base_rank, int) else None
        if any(g.spec.redeals for g in self.stocks):
            found[REDEALS_VAR] = 0
        for implementation in self.hook.state_vars.get_hookimpls():
            try:
                contributed = implementation.function(game=self) if "game" in implementation.argnames else implementation.function()
                contributed = dict(contributed or {})
            except Exception as error:  # a plugin's bug must name the plugin, not crash the loader
                raise failed(self.manager, "state_vars", error) from error
            for name, value in contributed.items():
                if name in found:
                    raise PatienceError(f"plugin {implementation.plugin_name!r}: variable {name!r} is already used")
                found[name] = value
        return found

    # --- piles by name ---------------------------------------------------------------------

    def pile_index(self, name: str) -> int:
        """The index of the pile called ``name`` (``t3``); KeyError if there is none."""
        return self._pile_index[name.lower()]

    # --- states ----------------------------------------------------------------------------

    def deal(self, seed: int | str) -> State:
        """The opening position of deal ``seed``: a whole number (0 or more), or a named deal
        that a plugin of the game knows (``ms:617``)."""
        order = self.pack_order(seed)
        if isinstance(seed, str) and seed.isdigit():
            seed = int(seed)
        for step in self.spec.deal:
            if step.card is not None:
                order.remove(step.card)  # named cards leave the pack before the deal
        order.reverse()  # pop() takes the next card of the pack
        piles: list[list[int]] = [[] for _ in self.pile_names]
        face_down = [0] * len(piles)
        for step in self.spec.deal:
            group = self.groups[step.group]
            targets = list(group.piles) if step.piles is None else [group.piles[index] for index in step.piles]
            if step.card is not None:
                piles[targets[0]].append(step.card)
                continue
            counts = list(step.cards) if step.cards is not None else None
            if counts is None and step.by_rows:
                counts = [len(order) // len(targets) + (i < len(order) % len(targets)) for i in range(len(targets))]
            elif counts is None:
                counts = [len(order)]
            dealt: list[list[int]] = [[] for _ in targets]
            if step.by_rows:
                for row in range(max(counts)):
                    for slot, count in enumerate(counts):
                        if row < count:
                            dealt[slot].append(order.pop())
            else:
                for slot, count in enumerate(counts):
                    dealt[slot] = [order.pop() for _ in range(count)]
            for slot, pile in enumerate(targets):
                if group.role == "stock":
                    piles[pile].extend(reversed(dealt[slot]))  # the next card of the pack is on top
                    continue
                piles[pile].extend(dealt[slot])
                if step.face_down:
                    face_down[pile] += step.face_down[slot]
        variables = dict(self.initial_vars)
        if self.spec.base_rank == FIRST_FOUNDATION_CARD:
            variables[BASE_RANK_VAR] = RANK[piles[self.foundation_piles[0]][0]]
        return State(self, piles, face_down, variables, seed)

    def pack_order(self, seed: int | str) -> list[int]:
        """The pack in dealing order for deal ``seed`` (see ``deal``)."""
        if isinstance(seed, str) and seed.isdigit():
            seed = int(seed)
        if isinstance(seed, bool) or not isinstance(seed, (int, str)) or (isinstance(seed, int) and seed < 0):
            raise PatienceError(f"a seed is a whole number, 0 or more, or a named deal like 'ms:1'; got {seed!r}")
        if isinstance(seed, int):
            return shuffled(self.pack, seed)
        try:
            order = self.hook.deal_order(game=self, seed=seed)
        except Exception as error:  # a plugin's bug must name the plugin, not crash the player
            raise failed(self.manager, "deal_order", error) from error
        if order is None:
            raise PatienceError(f"no deal called {seed!r} in {self.name}: a seed is a whole number, 0 or more")
        if sorted(order) != sorted(self.pack):
            raise PatienceError(f"the deal {seed!r} from a plugin is not the game's pack of {self.total_cards} cards")
        return list(order)

    def state_from_json(self, data: Mapping[str, Any] | str) -> State:
        """A state from its JSON form (the text or the parsed object); see ``State.to_json``."""
        from .serialize import state_from_json

        return state_from_json(self, data)

    def __repr__(self) -> str:
        return f"<Game {self.id}: {self.name}>"


def load_game(name_or_path: str | os.PathLike[str]) -> Game:
    """The game called ``name_or_path`` (a built-in or user game), or read from that rule file."""
    return Game(load_spec(name_or_path))

