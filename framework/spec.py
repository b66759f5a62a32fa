"""The checked, immutable description of a game, as the loader produces it, and the words of its rules.

Nothing here knows YAML; everything here has passed the schema and the
meaning checks, so the compiler trusts it. Every word a rule file may give
as a rule's value is declared once here, as an enum, and every default is
the default of a field here (or of a function here, where it depends on
another key): the loader passes on only the keys a rule file gives.
``tests/test_spec_words.py`` checks that the JSON Schema and the loader say the same.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType


class Role(StrEnum):
    """What a group of piles is for."""

    STOCK = "stock"
    WASTE = "waste"
    RESERVE = "reserve"
    FOUNDATION = "foundation"
    TABLEAU = "tableau"
    CELL = "cell"


class Direction(StrEnum):
    """Which way a pile builds, by rank."""

    UP = "up"
    DOWN = "down"
    EITHER = "either"
    ANY = "any"
    SAME = "same"
    NONE = "none"


class SuitRule(StrEnum):
    """Which suits may lie on each other in a pile."""

    ANY = "any suit"
    SAME = "same suit"
    ALTERNATE_COLOURS = "alternate colours"
    SAME_COLOUR = "same colour"
    DIFFERENT = "different suit"


class Pick(StrEnum):
    """What may be picked up from a pile."""

    TOP_CARD = "top card"
    RUN = "run"
    TOP_OR_WHOLE = "top card or whole pile"
    ANY_TAIL = "any tail"
    NOTHING = "nothing"


#: The pick rules that may lift several cards at once.
SEVERAL_CARDS = frozenset({Pick.RUN, Pick.TOP_OR_WHOLE, Pick.ANY_TAIL})


class RunLimit(StrEnum):
    """What limits the number of cards moved at once."""

    NONE = "none"
    FREE_CELLS = "free cells"


class Accepts(StrEnum):
    """What an empty pile takes, when it is not one rank."""

    ANY = "any"
    NOTHING = "nothing"
    BASE_RANK = "base rank"
    BELOW_BASE_RANK = "below base rank"


class WonWhen(StrEnum):
    """When the game is won."""

    ALL_ON_FOUNDATIONS = "all cards on foundations"
    TABLE_EMPTY = "table empty"


class Fan(StrEnum):
    """How the players draw a pile's cards (a layout hint)."""

    NONE = "none"
    DOWN = "down"
    RIGHT = "right"


class Difficulty(StrEnum):
    """How hard the game is, as its author says."""

    EASY = "easy"
    MEDIUM = "medium"
    HARD = "hard"


#: The game's ``base_rank`` meaning "the rank dealt to the first foundation pile".
FIRST_FOUNDATION_CARD = "first foundation card"
#: The game's ``base_rank`` meaning "the rank of the first card the deal deals".
FIRST_CARD_DEALT = "first card dealt"
#: A deal step's ``cards`` meaning every card of the base rank still in the pack.
BASE_RANK_CARDS = "base rank"
#: A deal step's ``cards`` that deals the first cards of each suit in the pack, one to a pile.
FIRST_OF_EACH_SUIT = "first of each suit"
#: The game's ``base_rank`` meaning "the rank of the first card the player lays on a foundation".
FIRST_CARD_PLAYED = "first card played to a foundation"
#: A deal step's ``cards`` meaning every card left in the pack.
REST = "rest"
#: A stock's ``redeals`` without a limit: the word in a rule file, and the number in a spec.
UNLIMITED_WORD = "unlimited"
UNLIMITED = -1
#: A redeal's ``cards_per_pile`` dealing one card to each pile in turn, round the group: the words, and the number.
IN_TURN_WORD = "in turn"
IN_TURN = 0


def _as_words(spec: object, **enums: type[StrEnum]) -> None:
    """Make the named fields of a frozen ``spec`` members of their enums (a spec made in Python may give text),
    so that the kernel may compare them by identity; ``ValueError`` for a word the enum does not have."""
    for name, enum in enums.items():
        object.__setattr__(spec, name, enum(getattr(spec, name)))


@dataclass(frozen=True, slots=True)
class BuildRule:
    """How a card may be laid on another in a pile."""

    direction: Direction = Direction.NONE
    suit: SuitRule = SuitRule.ANY
    wrap: bool = False
    step: int = 1  # ranks between a card and the one below it
    nothing_on: frozenset[int] = frozenset()  # ranks on which nothing is built
    order: tuple[int, ...] = ()  # the rank order built in, where not A..K; ranks left out take and go on nothing

    def __post_init__(self) -> None:
        _as_words(self, direction=Direction, suit=SuitRule)


@dataclass(frozen=True, slots=True)
class EmptyRule:
    """What an empty pile accepts: an ``Accepts`` word, a rank 1..13 or a set of ranks."""

    accepts: Accepts | int | frozenset[int] = Accepts.ANY
    sources: tuple[str, ...] | None = None  # None: every group that moves here
    filled_from: tuple[str, ...] = ()  # refilled at once from the top card of the first of these groups with one
    filled_while_empty: tuple[str, ...] = ()  # refilled only while every pile of these groups is empty
    only_while_empty: tuple[str, ...] = ()  # an empty pile takes cards only while every pile of these is empty
    stock_turned_first: bool = False  # an empty waste it is filled from is first dealt onto by its stock

    def __post_init__(self) -> None:
        if not isinstance(self.accepts, int | frozenset):
            _as_words(self, accepts=Accepts)


@dataclass(frozen=True, slots=True)
class GatherRule:
    """A redeal of a group's own cards: gathered, shuffled or not, and dealt again ``cards_per_pile`` at a time; or,
    ``pile_by_pile``, one pile's cards a redeal, the next pile in turn, dealt one to each pile in turn from it."""

    times: int  # UNLIMITED: no limit
    cards_per_pile: int | tuple[int, ...]  # IN_TURN: one card to each pile in turn; a tuple: by rows, so many a pile
    shuffle: bool = False
    pile_by_pile: bool = False
    last_pile_first: bool = False  # the last pile is gathered first; pile by pile: its turn comes first
    only_while_empty: tuple[str, ...] = ()  # groups whose piles must all be empty for a redeal

    def left_after(self, used: int) -> bool:
        """Whether a redeal is left after ``used`` of them."""
        return self.times == UNLIMITED or used < self.times


@dataclass(frozen=True, slots=True)
class ClearRule:
    """A pile whose cards all leave at once to the one pile of group ``to``: when their ranks add up to
    ``add_up_to``, or when they are one card of each rank of ``one_each_of`` (whose cards count in no sum)."""

    to: str
    add_up_to: int | None = None
    one_each_of: frozenset[int] = frozenset()


def default_pick(role: Role) -> Pick:
    """What may be picked from a pile of ``role`` when its group does not say."""
    return Pick.NOTHING if role in (Role.STOCK, Role.FOUNDATION) else Pick.TOP_CARD


def default_label(group_name: str) -> str:
    """The label of a group that does not give one: its name's first letter."""
    return group_name[0]


@dataclass(frozen=True, slots=True)
class GroupSpec:
    """A group of like piles."""

    name: str
    role: Role
    piles: int = 1
    label: str = ""
    build: BuildRule = BuildRule()
    run: BuildRule | None = None  # the rule runs follow, if not the build rule
    run_limit: RunLimit = RunLimit.NONE
    turn_up_top: bool = False
    fill_at_once: bool = False
    max_cards: int | None = None
    keeps: int = 0  # a card move leaves at least this many cards on the pile (PySolFC's min_cards)
    pick: Pick = Pick.TOP_CARD
    moves_to: tuple[str, ...] = ()
    when_empty: EmptyRule = EmptyRule()
    deals_to: str | None = None
    cards_per_turn: int = 1
    redeals: int = 0  # UNLIMITED: no limit
    needs_no_empty_piles: bool = False
    last_deal_to: tuple[str, ...] = ()  # the groups a stock's last deal lays a card on each pile of
    fan: Fan | None = None
    columns: int | None = None  # layout hint: drawn as a grid
    rows_of: tuple[int, ...] | None = None  # layout hint: drawn in centred rows of these many piles
    suits: tuple[int, ...] | None = None  # the one suit (0..3) each pile takes
    ranks: tuple[int, ...] | None = None  # the one rank (1..13) each pile takes when empty
    turns_up: str | None = None  # the group whose pile of the same number a card laid here turns up
    layers_of_one_suit: bool = False  # the cards at the same height of the group's piles are of one suit
    covered_by: tuple[tuple[int, ...], ...] | None = None  # for each pile, the piles (0-based) lying on it
    gather_and_deal: GatherRule | None = None
    clears_when: ClearRule | None = None
    last_card_from: str | None = None  # the group whose pile of the same number holds each pile's last card
    ranks_of_pile_before: bool = False  # a pile takes only ranks the pile before it holds (Osmosis)
    opened_by: str | None = None  # the group whose pile of the same number must hold a card for a pile to take one

    def __post_init__(self) -> None:
        _as_words(self, role=Role, run_limit=RunLimit, pick=Pick)
        if self.fan is not None:
            _as_words(self, fan=Fan)


@dataclass(frozen=True, slots=True)
class DealStep:
    """One step of the opening deal, to some piles of a group.

    ``cards`` holds the count for each pile dealt to (None: the rest of the
    pack), ``face_down`` how many of them lie face down at the bottom; ``card``
    names one card taken out of the pack for this step instead.
    """

    group: str
    piles: tuple[int, ...] | None  # 0-based within the group; None: every pile in turn
    cards: tuple[int, ...] | None  # None: the rest of the pack (or the base rank's cards, or each suit's first)
    face_down: tuple[int, ...] = ()
    by_rows: bool = False
    card: int | None = None
    base_cards: bool = False  # every card of the base rank left in the pack, one to each pile
    suit_cards: bool = False  # the first cards of each suit in the pack, as many of each suit, one to each pile
    ranks_at_bottom: frozenset[int] = frozenset()  # ranks put under the other cards dealt to their pile
    skip_ranks: frozenset[int] = frozenset()  # ranks not dealt by this step: put under the pack, to be dealt last
    play_to_foundations: bool = False  # a card that fits a foundation as it is dealt goes there instead


@dataclass(frozen=True, slots=True)
class PluginUse:
    """A plugin named by the game, with its options."""

    name: str
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True, slots=True)
class PairRule:
    """Cards that leave the table two at a time: free top cards of ``sources`` whose ranks add up to
    ``add_up_to``, or (with ``same_rank``) are equal, or are one of the rank pairs ``also``, go together to the
    one pile of group ``to`` (with ``same_suit``, only cards of one suit); cards of the ranks in ``alone`` go by
    themselves."""

    sources: tuple[str, ...]
    to: str
    add_up_to: int | None = None
    same_rank: bool = False
    alone: tuple[int, ...] = ()
    also: tuple[tuple[int, int], ...] = ()
    same_suit: bool = False


@dataclass(frozen=True, slots=True)
class SetRule:
    """Cards that leave together, to the one pile of group ``to``, once every pile of the groups ``of`` holds one;
    with ``same_suit`` (``same_rank``), a pile of the set takes only a card of the suit (rank) the set's other cards
    have."""

    of: tuple[str, ...]
    to: str
    same_suit: bool = False
    same_rank: bool = False


@dataclass(frozen=True, slots=True)
class AllButRanks:
    """A win with every card on the foundations but those of ``ranks`` (``won_when: {all_on_foundations_but:}``)."""

    ranks: frozenset[int]


@dataclass(frozen=True, slots=True)
class PySolFCName:
    """The game as PySolFC knows it: its name there and, where it has one, its game id."""

    name: str
    id: int | None = None


@dataclass(frozen=True, slots=True)
class PublishedRate:
    """A win rate of the game's thoughtful form published in the research literature, in percent."""

    win_rate: float
    source: str
    plus_minus: float | None = None
    note: str | None = None


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A whole game definition."""

    id: str
    name: str
    decks: int
    groups: tuple[GroupSpec, ...]
    deal: tuple[DealStep, ...]
    plugins: tuple[PluginUse, ...] = ()
    base_rank: int | str | None = None  # a rank 1..13, FIRST_FOUNDATION_CARD, FIRST_CARD_DEALT, FIRST_CARD_PLAYED
    #: a tuple: won when those groups are empty; AllButRanks: with all cards but those ranks' on foundations
    won_when: WonWhen | tuple[str, ...] | AllButRanks = WonWhen.ALL_ON_FOUNDATIONS
    pairs: PairRule | None = None
    sets: SetRule | None = None
    suits: tuple[int, ...] = (0, 1, 2, 3)  # the suits of each deck
    difficulty: Difficulty | None = None
    family: str | None = None  # a word of the schema's 'family' enum, for lists of games
    pysolfc: PySolFCName | None = None
    published: PublishedRate | None = None
    summary: str = ""
    rules: str = ""
    layout_rows: tuple[tuple[str, ...], ...] = ()
    source: str = ""  # where the spec was read from, for messages

    def __post_init__(self) -> None:
        if not isinstance(self.won_when, tuple | AllButRanks):
            _as_words(self, won_when=WonWhen)
        if self.difficulty is not None:
            _as_words(self, difficulty=Difficulty)

    def group(self, name: str) -> GroupSpec:
        """The group called ``name``."""
        for group in self.groups:
            if group.name == name:
                return group
        raise KeyError(name)
