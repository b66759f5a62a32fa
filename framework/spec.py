"""The checked, immutable description of a game, as the loader produces it.

Nothing here knows YAML; everything here has passed the schema and the
meaning checks, so the compiler trusts it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

#: Base-rank setting meaning "the rank dealt to the first foundation pile".
FIRST_FOUNDATION_CARD = "first foundation card"
#: ``when_empty.accepts`` value meaning "the game's base rank".
BASE_RANK = "base rank"


@dataclass(frozen=True, slots=True)
class BuildRule:
    """How a card may be laid on another in a pile."""

    direction: str = "none"  # up | down | either | none
    suit: str = "any suit"  # any suit | same suit | alternate colours | same colour | different suit
    wrap: bool = False


@dataclass(frozen=True, slots=True)
class EmptyRule:
    """What an empty pile accepts: ``accepts`` is 'any', 'nothing', 'base rank' or a rank 1..13."""

    accepts: str | int = "any"
    sources: tuple[str, ...] | None = None  # None: every group that moves here
    filled_from: str | None = None  # refilled at once from this group's top card


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """A group of like piles."""

    name: str
    role: str
    piles: int = 1
    label: str = ""
    build: BuildRule = BuildRule()
    run: BuildRule | None = None  # the rule runs follow, if not the build rule
    run_limit: str = "none"  # none | free cells
    turn_up_top: bool = False
    fill_at_once: bool = False
    max_cards: int | None = None
    pick: str = "top card"  # top card | run | any tail | nothing
    moves_to: tuple[str, ...] = ()
    when_empty: EmptyRule = EmptyRule()
    deals_to: str | None = None
    cards_per_turn: int = 1
    redeals: int = 0  # -1: unlimited
    needs_no_empty_piles: bool = False
    fan: str | None = None
    columns: int | None = None  # layout hint: drawn as a grid
    suits: tuple[int, ...] | None = None  # the one suit (0..3) each pile takes


@dataclass(frozen=True, slots=True)
class DealStep:
    """One step of the opening deal, to some piles of a group.

    ``cards`` holds the count for each pile dealt to (None: the rest of the
    pack), ``face_down`` how many of them lie face down at the bottom; ``card``
    names one card taken out of the pack for this step instead.
    """

    group: str
    piles: tuple[int, ...] | None  # 0-based within the group; None: every pile in turn
    cards: tuple[int, ...] | None
    face_down: tuple[int, ...] = ()
    by_rows: bool = False
    card: int | None = None


@dataclass(frozen=True, slots=True)
class PluginUse:
    """A plugin named by the game, with its options."""

    name: str
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A whole game definition."""

    id: str
    name: str
    decks: int
    groups: tuple[GroupSpec, ...]
    deal: tuple[DealStep, ...]
    plugins: tuple[PluginUse, ...] = ()
    base_rank: int | str | None = None  # a rank 1..13, FIRST_FOUNDATION_CARD, or None
    won_when: str = "all cards on foundations"
    suits: tuple[int, ...] = (0, 1, 2, 3)  # the suits of each deck
    difficulty: str | None = None
    rules: str = ""
    layout_rows: tuple[tuple[str, ...], ...] = ()
    source: str = ""  # where the spec was read from, for messages

    def group(self, name: str) -> GroupSpec:
        """The group called ``name``."""
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(name)
