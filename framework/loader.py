"""Rule files to checked game specs: reading the rule file ``rulefiles`` finds, checking it, building the spec.

With ``schemacheck``, ``sizecheck`` and ``meaningcheck``, the only place that knows YAML and
the schema. Every problem is reported as ``file:line:column: message``: YAML
syntax, schema errors, limits passed and meaning errors (references to groups that do not
exist, a deal that needs more cards than the decks hold, unknown plugins) alike.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .cards import SUIT_NAMES, CardError, parse_card, parse_rank
from .errors import LoadError, Problem
from .regularfile import FileTooLarge, NotRegularFile, read_bounded
from .rulefiles import MAX_BYTES, RULE_SUFFIXES, available_games, find_rule_file
from .spec import (
    BASE_RANK_CARDS,
    FIRST_OF_EACH_SUIT,
    IN_TURN,
    IN_TURN_WORD,
    REST,
    UNLIMITED,
    UNLIMITED_WORD,
    Accepts,
    AllButRanks,
    BuildRule,
    ClearRule,
    DealStep,
    Difficulty,
    Direction,
    EmptyRule,
    Fan,
    GameSpec,
    GatherRule,
    GroupSpec,
    PairRule,
    Pick,
    PluginUse,
    PublishedRate,
    PySolFCName,
    Role,
    RunLimit,
    SetRule,
    SuitRule,
    WonWhen,
    default_label,
    default_pick,
)
from .speccache import kept_spec


def load_spec(name_or_path: str | os.PathLike[str]) -> GameSpec:
    """The checked spec of a game given by name (a rule file's name without ``.yaml``) or by rule file path.

    The spec of a file loaded before, with the same text, by the same program and plugins,
    comes from the user's cache (``speccache``) without being read and checked again.
    """
    text = os.fspath(name_or_path)
    path = Path(text)
    if path.suffix not in RULE_SUFFIXES and os.sep not in text and "/" not in text:
        found = find_rule_file(text)
        if found is None:
            from .schemacheck import did_you_mean  # here: the schema checker is heavy, and a game found needs none

            games = available_games()
            hint = did_you_mean(text, games)
            known = f"{len(games)} games: 'patience list' names them" if games else "no games found"
            raise LoadError([Problem(text, 0, 0, f"no such game{hint}{_file_here(text)} ({known})")])
        path = found
    raw = read_rule_file(path, text)
    return kept_spec(path, raw, text, path.stem, lambda: parse_spec(raw, source=text, game_id=path.stem))


def _file_here(name: str) -> str:
    """A note that a rule file called ``name`` lies in the current folder, to be named as a file; else nothing."""
    for suffix in RULE_SUFFIXES:
        try:
            if Path(name + suffix).is_file():
                return (f"; there is a rule file {name + suffix} in this folder: "
                        f"name the file ({name + suffix}) to use it")
        except (OSError, ValueError):  # a name too long for the system, or with a NUL: no such file
            continue
    return ""


def read_rule_file(path: Path, source: str) -> bytes:
    """The bytes of the rule file at ``path`` (called ``source`` in messages).

    ``LoadError`` if it is not a regular file that can be read, or is too large to
    be a rule file; a pipe or a device is never opened, so reading cannot block or
    run on forever.
    """
    try:
        return read_bounded(path, MAX_BYTES)
    except IsADirectoryError:
        raise LoadError([Problem(source, 0, 0, "is a directory, not a rule file")]) from None
    except NotRegularFile:
        raise LoadError([Problem(source, 0, 0, "is not a regular file")]) from None
    except FileTooLarge as error:
        from .yamlsource import too_large

        raise LoadError([too_large(source, error.size)]) from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise LoadError([Problem(source, 0, 0, f"cannot read: {reason}")]) from None


def parse_spec(raw: bytes | str, *, source: str = "<rules>", game_id: str = "game") -> GameSpec:
    """The checked spec from rule-file text; raises ``LoadError`` listing every problem."""
    # Imported here, not above: loading a game whose spec is kept in the cache needs neither YAML nor the schema.
    from .meaningcheck import meaning_problems
    from .schemacheck import schema_problems
    from .sizecheck import size_problems
    from .yamlsource import read_yaml

    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")  # a lone surrogate is then reported as not UTF-8
    document, problems = read_yaml(raw, source)
    if document is None:
        raise LoadError(problems)
    problems += schema_problems(document, source)
    if not problems:
        problems += size_problems(document, source) + meaning_problems(document, source)
    if problems:
        problems.sort(key=lambda problem: (problem.line, problem.column))
        raise LoadError(problems)
    return _build_spec(document.data, source, game_id)


# --- building the spec -----------------------------------------------------------------------
# Each key a rule file may give becomes the spec's field of the same name, converted; a key the
# file leaves out keeps the field's default (``spec.py``). Adding a rule key: docs/development.md.


def _rank_or_word(value: Any) -> int | str:
    try:
        return parse_rank(str(value))
    except CardError:
        return str(value)


def _accepts(value: Any) -> Accepts | int | frozenset[int]:
    if isinstance(value, list):
        return frozenset(parse_rank(str(rank)) for rank in value)
    rank = _rank_or_word(value)
    return rank if isinstance(rank, int) else Accepts(rank)


def _build_rule(build: dict[str, Any]) -> BuildRule:
    return BuildRule(**_fields(build, _BUILD_KEYS))


def _empty_rule(empty: dict[str, Any]) -> EmptyRule:
    return EmptyRule(**_fields(empty, _EMPTY_KEYS))


def _won_when(value: str | dict[str, list[Any]]) -> WonWhen | tuple[str, ...] | AllButRanks:
    if isinstance(value, dict) and "all_on_foundations_but" in value:
        return AllButRanks(_ranks(value["all_on_foundations_but"]))
    return tuple(value["empty"]) if isinstance(value, dict) else WonWhen(value)


def _ranks(ranks: list[Any]) -> frozenset[int]:
    return frozenset(parse_rank(str(rank)) for rank in ranks)


def _group_names(value: str | list[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _suit_indices(names: list[str]) -> tuple[int, ...]:
    return tuple(SUIT_NAMES.index(name) for name in names)


def _redeals(value: int | str) -> int:
    return UNLIMITED if value == UNLIMITED_WORD else int(value)


def _fields(data: dict[str, Any], keys: dict[str, tuple[str, Callable[[Any], Any]]]) -> dict[str, Any]:
    """The spec fields that the keys given in ``data`` set: ``keys`` maps a key to its field and conversion."""
    return {field: convert(data[key]) for key, (field, convert) in keys.items() if key in data}


#: The keys of a build rule (``build``, ``run``).
_BUILD_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "direction": ("direction", Direction), "suit": ("suit", SuitRule), "wrap": ("wrap", bool), "step": ("step", int),
    "nothing_on": ("nothing_on", _ranks),
    "order": ("order", lambda ranks: tuple(parse_rank(str(rank)) for rank in ranks)),
}
#: The keys of ``gather_and_deal``.
_GATHER_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "times": ("times", _redeals), "shuffle": ("shuffle", bool), "last_pile_first": ("last_pile_first", bool),
    "cards_per_pile": ("cards_per_pile", lambda count: IN_TURN if count == IN_TURN_WORD else tuple(count)
                       if isinstance(count, list) else int(count)),
}
#: The keys of ``gather_pile_by_pile``.
_PILE_GATHER_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "times": ("times", _redeals), "last_pile_first": ("last_pile_first", bool),
    "only_while_empty": ("only_while_empty", tuple),
}
#: The keys of ``clears_when``.
_CLEAR_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "to": ("to", str), "ranks_add_up_to": ("add_up_to", int), "or_one_each_of": ("one_each_of", _ranks),
}
#: The keys of ``pairs``.
_PAIR_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "from": ("sources", tuple), "to": ("to", str), "ranks_add_up_to": ("add_up_to", int),
    "same_rank": ("same_rank", bool), "alone": ("alone", lambda ranks: tuple(parse_rank(str(rank)) for rank in ranks)),
    "also": ("also", lambda pairs: tuple((parse_rank(str(one)), parse_rank(str(other))) for one, other in pairs)),
    "same_suit": ("same_suit", bool),
}
#: The keys of ``sets``.
_SET_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "of": ("of", tuple), "to": ("to", str), "same_suit": ("same_suit", bool), "same_rank": ("same_rank", bool),
}
#: The keys of ``when_empty``.
_EMPTY_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "accepts": ("accepts", _accepts), "from": ("sources", tuple), "filled_from": ("filled_from", _group_names),
    "filled_while_empty": ("filled_while_empty", tuple), "only_while_empty": ("only_while_empty", tuple),
    "stock_turned_first": ("stock_turned_first", bool),
}
#: The keys of a group.
GROUP_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "role": ("role", Role),
    "piles": ("piles", int),
    "label": ("label", str),
    "build": ("build", _build_rule),
    "run": ("run", _build_rule),
    "run_limit": ("run_limit", RunLimit),
    "turn_up_top": ("turn_up_top", bool),
    "fill_at_once": ("fill_at_once", bool),
    "max_cards": ("max_cards", int),
    "keeps": ("keeps", int),
    "pick": ("pick", Pick),
    "moves_to": ("moves_to", tuple),
    "when_empty": ("when_empty", _empty_rule),
    "deals_to": ("deals_to", str),
    "cards_per_turn": ("cards_per_turn", int),
    "redeals": ("redeals", _redeals),
    "needs_no_empty_piles": ("needs_no_empty_piles", bool),
    "last_deal_to": ("last_deal_to", tuple),
    "fan": ("fan", Fan),
    "columns": ("columns", int),
    "rows_of": ("rows_of", tuple),
    "suits": ("suits", _suit_indices),
    "ranks": ("ranks", lambda ranks: tuple(parse_rank(str(rank)) for rank in ranks)),
    "turns_up": ("turns_up", str),
    "layers_of_one_suit": ("layers_of_one_suit", bool),
    "gather_and_deal": ("gather_and_deal", lambda gather: GatherRule(**_fields(gather, _GATHER_KEYS))),
    "gather_pile_by_pile": ("gather_and_deal", lambda gather: GatherRule(
        cards_per_pile=1, pile_by_pile=True, **_fields(gather, _PILE_GATHER_KEYS))),
    "clears_when": ("clears_when", lambda clears: ClearRule(**_fields(clears, _CLEAR_KEYS))),
    "last_card_from": ("last_card_from", str),
    "ranks_of_pile_before": ("ranks_of_pile_before", bool),
    "opened_by": ("opened_by", str),
    "covered_by": ("covered_by", lambda lists: tuple(tuple(number - 1 for number in piles) for piles in lists)),
}
#: The keys of a game, but for its groups, deal and plugins.
GAME_KEYS: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "name": ("name", str),
    "decks": ("decks", int),
    "base_rank": ("base_rank", _rank_or_word),
    "won_when": ("won_when", _won_when),
    "pairs": ("pairs", lambda pairs: PairRule(**_fields(pairs, _PAIR_KEYS))),
    "sets": ("sets", lambda sets: SetRule(**_fields(sets, _SET_KEYS))),
    "suits": ("suits", _suit_indices),
    "difficulty": ("difficulty", Difficulty),
    "family": ("family", str),
    "pysolfc": ("pysolfc", lambda known: PySolFCName(**known)),
    "published": ("published", lambda known: PublishedRate(**known)),
    "summary": ("summary", str),
    "rules": ("rules", str),
    "layout": ("layout_rows", lambda layout: tuple(tuple(row) for row in layout.get("rows", ()))),
}
#: The keys of a game that say how it is described or drawn, not how it plays (a study's key leaves them out).
DESCRIPTIVE_KEYS = frozenset({"name", "difficulty", "family", "pysolfc", "published", "summary", "rules", "layout"})


def _group_spec(name: str, group: dict[str, Any]) -> GroupSpec:
    fields = _fields(group, GROUP_KEYS)
    fields.setdefault("label", default_label(name))
    fields.setdefault("pick", default_pick(fields["role"]))
    return GroupSpec(name=name, **fields)


def _per_pile(value: int | list[int], piles: int) -> tuple[int, ...]:
    return tuple(value) if isinstance(value, list) else (value,) * piles


def _deal_step(step: dict[str, Any], group: GroupSpec) -> DealStep:
    piles = (step["pile"] - 1,) if "pile" in step else tuple(range(step["piles"])) if "piles" in step else None
    targets = 1 if "pile" in step else step.get("piles", group.piles)
    if "card" in step:
        return DealStep(step["to"], piles or (0,), (1,), card=parse_card(step["card"]))
    if step["cards"] == BASE_RANK_CARDS:
        return DealStep(step["to"], piles, None, base_cards=True)
    if step["cards"] == FIRST_OF_EACH_SUIT:
        return DealStep(step["to"], piles, None, suit_cards=True)
    cards = None if step["cards"] == REST else _per_pile(step["cards"], targets)
    face_down = _per_pile(step.get("face_down", 0), targets)
    return DealStep(step["to"], piles, cards, face_down, step.get("by_rows", False),
                    ranks_at_bottom=_ranks(step.get("ranks_at_bottom", [])),
                    skip_ranks=_ranks(step.get("skip_ranks", [])),
                    play_to_foundations=step.get("play_to_foundations", False))


def _plugin_use(item: str | dict[str, Any]) -> PluginUse:
    name, options = (item, {}) if isinstance(item, str) else next(iter(item.items()))
    return PluginUse(name, MappingProxyType(dict(options)))


def _build_spec(data: dict[str, Any], source: str, game_id: str) -> GameSpec:
    groups = tuple(_group_spec(name, group) for name, group in data["groups"].items())
    by_name = {group.name: group for group in groups}
    return GameSpec(
        id=game_id,
        groups=groups,
        deal=tuple(_deal_step(step, by_name[step["to"]]) for step in data["deal"]),
        plugins=tuple(_plugin_use(item) for item in data.get("plugins", ())),
        source=source,
        **_fields(data, GAME_KEYS),
    )
