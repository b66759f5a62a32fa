"""The native core: a game's compiled rules as flat tables, and positions in native memory.

The C extension ``framework.native._core`` (built by ``pip install .`` where a C
compiler is found; see setup.py) restates the kernel's move generation, push and
pop, and the solver's keys and search, over positions held as arrays of small
integers. The Python kernel stays the reference: ``NativeGame.of(game)`` reads the
tables ``framework.compile`` made (and the plugins' ``native_rule``), so no rule is
worked out twice, and ``tests/test_native.py`` holds the two kernels to the same
moves, positions and keys on every game. Where the extension is not built, or a
game has a plugin the core does not know, ``NativeGame.of`` says why and the
Python kernel does everything, as before.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..cards import SUIT
from ..moves import BASE_RANK_VAR, DEAL, GATHER, GATHERS_VAR, PAIR, REDEAL, REDEALS_VAR, Move
from ..spec import Accepts, GatherRule, Pick, Role, RunLimit, WonWhen

if TYPE_CHECKING:
    from ..compile import Pairing
    from ..game import Game
    from ..state import State

try:
    from . import _core  # type: ignore[attr-defined]
except ImportError as error:  # not built: no compiler at install time, or an editable install not yet built
    core: Any = None
    #: Why the native core is not here (None when it is).
    MISSING: str | None = f"the native core is not built ({error})"
else:
    core = _core
    MISSING = None

#: The native core's codes of the kernel's actions and of the built-in plugins' actions it runs.
ACTION_CODES = {"": 0, DEAL: 1, REDEAL: 2, GATHER: 3, PAIR: 4, "fill": 5, "row": 6, "release": 7, "aces": 8,
                "shuffle": 9, "match": 10, "close": 11}
ACTION_NAMES = {code: name for name, code in ACTION_CODES.items()}
#: The plugins' rules the native core runs, by the kind a plugin's ``native_rule`` names.
PLUGIN_KINDS = {"back-from-foundation": 0, "grid-access": 1, "growing-grid": 2, "single-release": 3, "gaps": 4,
                "touching-pairs": 5, "discard-beaten": 6, "build-leftward": 7}
#: The plugins' actions each kind carries out.
_KIND_ACTIONS = {"growing-grid": {"fill", "row"}, "single-release": {"release"}, "gaps": {"aces", "shuffle"},
                 "touching-pairs": {"match", "close"}}
#: The fields of a plugin's native rule that name a variable (None for none): the core reads its index (-1).
_VAR_FIELDS = ("rows_var", "used_var", "cell_var", "aces_var", "shuffles_var")

_PICKS = {Pick.TOP_CARD: 0, Pick.RUN: 1, Pick.TOP_OR_WHOLE: 2, Pick.ANY_TAIL: 3, Pick.NOTHING: 4}
_ROLES = {Role.STOCK: 0, Role.WASTE: 1, Role.RESERVE: 2, Role.FOUNDATION: 3, Role.TABLEAU: 4, Role.CELL: 5}
_ACCEPTS = {Accepts.ANY: -1, Accepts.NOTHING: -2, Accepts.BASE_RANK: -3, Accepts.BELOW_BASE_RANK: -4}
#: The core's code for an empty pile that takes a set of ranks (its ``empty_ranks`` says which).
_ACCEPTS_RANKS = -5
#: How a variable's value is held: a number or None, true or false, a pile's name or None.
VAR_INT, VAR_BOOL, VAR_PILE = 0, 1, 2
#: A value of None, as the native core holds it.
NONE = -(1 << 63)


class NativeError(Exception):
    """A game or a position the native core cannot hold (the reason is the message)."""


class NativeGame:
    """A game's rules in the native core, with the conversions between its moves and positions and the kernel's."""

    def __init__(self, game: Game, keys: Mapping[str, Any]) -> None:
        self.game = game
        #: The tables the core was made from: the kernel's (``kernel_tables``) and those of the keys.
        self.tables = {**kernel_tables(game), **keys}
        self.core = core.Game(self.tables)
        tables = self.tables
        self.var_names: tuple[str, ...] = tuple(game.initial_vars)
        self.var_kinds: tuple[int, ...] = tuple(tables["var_kinds"])

    @classmethod
    def of(cls, game: Game, keys: Mapping[str, Any]) -> NativeGame:
        """The native form of ``game``, keying positions by ``keys`` (the tables of ``canonical.Keys``: ``classes``,
        ``sinks``, ``always``, ``later``, ``later_dealers``); ``NativeError`` with the reason where the core cannot
        run it."""
        if core is None:
            raise NativeError(MISSING)
        return cls(game, keys)

    def solver(self, tables: dict[str, Any]) -> Any:
        """The core's solver of this game, with the solver's ``tables`` (``framework.solver.native``)."""
        return core.Solver(self.core, tables)

    def position(self, state: State) -> Any:
        """``state``'s position in native memory (without its moves), whose moves are turns with auto-play if
        ``state``'s are (``State.autoplay``); ``NativeError`` if it cannot be held."""
        values = []
        for name, kind in zip(self.var_names, self.var_kinds):
            if name not in state.vars:
                raise NativeError(f"the state has no variable {name!r}")
            values.append(self._number(name, kind, state.vars[name]))
        if list(state.vars) != list(self.var_names):
            raise NativeError("the state's variables are not in the game's order")
        return core.Position(self.core, state.piles, state.face_down, values, seed_number(state.seed), state.autoplay)

    def _number(self, name: str, kind: int, value: object) -> int:
        if value is None:
            return NONE
        if kind == VAR_BOOL and isinstance(value, bool):
            return int(value)
        if kind == VAR_INT and isinstance(value, int) and not isinstance(value, bool) and abs(value) < 1 << 62:
            return value
        if kind == VAR_PILE and isinstance(value, str) and value in self.game.pile_names:
            return self.game.pile_names.index(value)
        raise NativeError(f"variable {name!r} holds {value!r}, which the native core cannot hold")

    def value(self, index: int, number: int) -> object:
        """The kernel's value of variable ``index`` held natively as ``number``."""
        kind = self.var_kinds[index]
        if number == NONE:
            return None
        if kind == VAR_BOOL:
            return bool(number)
        if kind == VAR_PILE:
            return self.game.pile_names[number]
        return number

    def move(self, native: Sequence[int]) -> Move:
        """The kernel's move of a native move (source, target, count, action code)."""
        source, target, count, action = native
        return Move(source, target, count, ACTION_NAMES[action])

    def native_move(self, move: Move) -> tuple[int, int, int, int]:
        """The native move of the kernel's ``move``."""
        return (move.source, move.target, move.count, ACTION_CODES[move.action])


def seed_number(seed: object) -> int:
    """The number a deal's seed gives the shuffles of its redeals (``seeds.redeal_seed``), modulo 2**64."""
    number = seed if isinstance(seed, int) else int("".join(ch for ch in str(seed or "") if ch.isdigit()) or 0)
    return number % (1 << 64)


def kernel_tables(game: Game) -> dict[str, Any]:
    """The tables the native core reads for ``game``: its compiled rules, its plugins' native rules, and the
    variables; ``NativeError`` where a plugin has no native rule, or the rules ask what the core cannot do."""
    rules = _plugin_rules(game)
    kinds = _var_kinds(game, rules)
    names = list(game.initial_vars)
    _number_vars(rules, names)
    return {
        **_pile_tables(game),
        **_automatic_tables(game),
        **_pairing_tables(game.pairing),
        "base_rank_played": int(game.base_rank_played),
        "var_kinds": kinds,
        "var_base": _var_index(names, BASE_RANK_VAR),
        "var_redeals": _var_index(names, REDEALS_VAR),
        "var_gathers": _var_index(names, GATHERS_VAR),
        "plugins": [dict(rule, kind=PLUGIN_KINDS[rule["kind"]]) for rule in rules],
    }


def _pile_tables(game: Game) -> dict[str, Any]:
    """The core's tables of ``game``'s piles and groups: what each is, takes and covers, and when the game is won."""
    piles = range(len(game.pile_names))
    won_when = game.spec.won_when
    return {
        "npiles": len(game.pile_names),
        "total": game.total_cards,
        "cards_to_win": game.cards_to_win,
        "decks": game.spec.decks,
        "pile_names": list(game.pile_names),
        "pile_group": [group.index for group in game.pile_group],
        "pile_suit": list(game.pile_suit),
        "pile_rank": list(game.pile_rank),
        "groups": [_group_tables(group) for group in game.groups.values()],
        "sources": list(game.source_piles),
        "foundations": list(game.foundation_piles),
        "stocks": [group.index for group in game.stocks],
        "gatherers": [group.index for group in game.gatherers],
        "table_piles": list(game.table_piles),
        "cell_piles": list(game.cell_piles),
        "emptied": list(game.emptied_piles),
        "won_when": 2 if game.emptied_piles else 1 if won_when == WonWhen.TABLE_EMPTY else 0,
        "covered_by": [list(game.covered_by.get(pile, ())) for pile in piles],
        "closed_by": list(game.closed_by),
        "close_shift": list(game.closing_shift),
        "rank_sources": list(game.rank_sources),
        "openers": list(game.openers),
    }


def _automatic_tables(game: Game) -> dict[str, Any]:
    """The core's tables of the changes ``game``'s rules make by themselves after a move: cards turned up, piles
    refilled, sets and sums cleared."""
    piles = range(len(game.pile_names))
    return {
        "has_automatic": int(game.has_automatic_changes),
        "turn_up": list(game.turn_up_piles),
        "turns_up": [game.turns_up.get(pile, -1) for pile in piles],
        "layer_first": [game.suit_layers[pile].start if pile in game.suit_layers else -1 for pile in piles],
        "has_layers": int(bool(game.suit_layers)),
        "refill_piles": [pile for pile, _ in game.refills],
        "refill_origins": [list(origins) for _, origins in game.refills],
        "refill_waits": [list(waits) for waits in game.refill_waits],
        "refill_turns": [number for turn in game.refill_turns for number in turn],
        "set_piles": list(game.set_piles),
        "set_discard": game.set_discard,
        "set_alike": 0 if game.set_alike is None else 1 if game.set_alike is SUIT else 2,
        **_clearing_tables(game.clearings),
    }


def _clearing_tables(clearings: tuple[tuple[int, int, int, frozenset[int]], ...]) -> dict[str, list[int]]:
    """The core's tables of the piles that clear when they add up (``Rules.clearings``), a list for each field."""
    piles, targets, totals, ranks = zip(*clearings, strict=True) if clearings else ((), (), (), ())
    return {"clear_piles": list(piles), "clear_to": list(targets), "clear_totals": list(totals),
            "clear_ranks": [sum(1 << rank for rank in each) for each in ranks]}


def _number_vars(rules: list[dict[str, Any]], names: list[str]) -> None:
    """Name each variable that the plugins' native ``rules`` name by its number in ``names`` (the game's
    variables, in order; -1 for a field that names none), as the core reads them."""
    for rule in rules:
        for field in _VAR_FIELDS:
            if field in rule:
                rule[field] = -1 if rule[field] is None else names.index(rule[field])
        if "openings" in rule:
            rule["opening_vars"] = [names.index(name) for name in rule.pop("openings")]


def _var_index(names: list[str], name: str) -> int:
    """The number of the kernel's variable ``name`` in ``names`` (the game's variables), or -1 where it has none."""
    return names.index(name) if name in names else -1


def _pairing_tables(pairing: Pairing | None) -> dict[str, Any]:
    """The tables of the game's pair rule (``Rules.pairing``), or of none."""
    if pairing is None:
        return {"has_pairing": 0, "pair_piles": [], "pair_discard": -1, "pairs": bytes(52 * 52), "alone": []}
    return {"has_pairing": 1, "pair_piles": list(pairing.piles), "pair_discard": pairing.discard,
            "pairs": pairing.pairs, "alone": sorted(pairing.alone)}


def _accepts_code(accepts: Accepts | int | frozenset[int]) -> int:
    """What an empty pile takes, as the core reads it: a rank, or a code (``ACC_RANKS`` for a set of ranks)."""
    if isinstance(accepts, frozenset):
        return _ACCEPTS_RANKS
    return accepts if isinstance(accepts, int) else _ACCEPTS[accepts]


#: The rule of a group that is not gathered and dealt again, for the core's tables (times -2: none).
_NO_GATHER = GatherRule(times=-2, cards_per_pile=0)


def _gather_tables(group: Any) -> dict[str, Any]:
    """The core's tables of the group's redeal (``gather_and_deal``, ``gather_pile_by_pile``)."""
    gather = group.spec.gather_and_deal or _NO_GATHER
    counts = gather.cards_per_pile
    return {
        "gather_times": gather.times,
        "gather_cpp": 0 if isinstance(counts, tuple) else counts,
        "gather_counts": list(counts) if isinstance(counts, tuple) else [],
        "gather_shuffle": int(gather.shuffle),
        "gather_by_pile": int(gather.pile_by_pile),
        "gather_last_first": int(gather.last_pile_first),
        "gather_waits": list(group.gather_waits),
    }


def _group_tables(group: Any) -> dict[str, Any]:
    spec = group.spec
    accepts = spec.when_empty.accepts
    return _gather_tables(group) | {
        "role": _ROLES[group.role],
        "first": group.piles.start,
        "count": len(group.piles),
        "pick": _PICKS[group.pick],
        "max_cards": -1 if group.max_cards is None else group.max_cards,
        "full": 0 if spec.fill_at_once else -1 if group.max_cards is None else group.max_cards,
        "keeps": group.keeps,
        "empty_accepts": _accepts_code(accepts),
        "empty_ranks": sum(1 << rank for rank in accepts) if isinstance(accepts, frozenset) else 0,
        "takes_single": int(group.takes_single_cards()),
        "one_at_a_time": int(group.one_card_at_a_time),
        "fill_at_once": int(spec.fill_at_once),
        "run_limit_cells": int(spec.run_limit is RunLimit.FREE_CELLS),
        "target_groups": [target.index for target in group.target_groups],
        "empty_sources": sorted(group.empty_sources),
        "empty_waits": list(group.empty_waits),
        "fits": group.fits_table,
        "run": group.run_table,
        "stock_target": group.stock_target,
        "st_first": group.stock_targets.start,
        "st_count": len(group.stock_targets),
        "needs_no_empty": int(spec.needs_no_empty_piles),
        "last_deal": list(group.last_deal_piles),
        "cards_per_turn": spec.cards_per_turn,
        "redeals": spec.redeals,
    }


def _plugin_rules(game: Game) -> list[dict[str, Any]]:
    """The native rules of the game's plugins, in the order their moves are listed; ``NativeError`` naming a plugin
    that changes the rules without one."""
    rules = []
    for name, rule in game.hooks.native_rules():
        if rule is None:
            raise NativeError(f"plugin {name!r} has no native rule")
        if rule.get("kind") not in PLUGIN_KINDS:
            raise NativeError(f"plugin {name!r}: the native core knows no rule {rule.get('kind')!r}")
        rules.append(dict(rule))
    actions = {word for rule in rules for word in _KIND_ACTIONS.get(rule["kind"], ())}
    unknown = game.hooks.actions - actions
    if unknown:
        raise NativeError(f"the native core does not carry out the action {sorted(unknown)[0]!r}")
    return rules


def _var_kinds(game: Game, rules: list[dict[str, Any]]) -> list[int]:
    """How each variable's value is held: a pile's name where a native rule says so, else by its value at the deal."""
    piles = {name for rule in rules for name in [rule.get("cell_var"), *rule.get("openings", ())] if name}
    kinds = []
    for name, value in game.initial_vars.items():
        if name in piles:
            kinds.append(VAR_PILE)
        elif isinstance(value, bool):
            kinds.append(VAR_BOOL)
        elif value is None or isinstance(value, int):
            kinds.append(VAR_INT)
        else:
            raise NativeError(f"variable {name!r} holds {value!r}, which the native core cannot hold")
    return kinds


def moves_of(native: NativeGame, moves: Sequence[Sequence[int]]) -> tuple[Move, ...]:
    """The kernel's moves of native ``moves``."""
    return tuple(native.move(move) for move in moves)


def vars_of(native: NativeGame, numbers: Sequence[int]) -> Mapping[str, object]:
    """The kernel's variables of a native position's ``numbers``."""
    return {name: native.value(index, number) for index, (name, number) in enumerate(zip(native.var_names, numbers))}
