"""Rule files to checked game specs: the only place that knows YAML and the schema.

Every problem is reported as ``file:line:column: message``: YAML syntax, schema
errors and meaning errors (references to groups that do not exist, a deal that
needs more cards than the decks hold, unknown plugins) alike.
"""

from __future__ import annotations

import difflib
import functools
import importlib.metadata
import json
import os
import re
import stat
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jsonschema

from . import plugins
from .cards import SUIT_NAMES, CardError, parse_card, parse_rank
from .errors import LoadError, Problem
from .spec import (
    BASE_RANK,
    FIRST_FOUNDATION_CARD,
    BuildRule,
    DealStep,
    EmptyRule,
    GameSpec,
    GroupSpec,
    PluginUse,
)
from .yamlsource import MAX_BYTES, YamlDocument, read_yaml, too_large

RULES_PATH_VARIABLE = "PATIENCE_RULES_PATH"
RULE_SUFFIXES = (".yaml", ".yml")


@functools.cache
def game_schema() -> dict[str, Any]:
    """The JSON Schema of rule files, as shipped in the package."""
    text = resources.files("framework").joinpath("schema/game.schema.json").read_text("utf-8")
    return json.loads(text)


#: Entry-point group through which installed packages ship rule files: each entry point names a package whose directory holds them.
RULES_ENTRY_POINT_GROUP = "patience.rules"


def rule_directories() -> list[Path]:
    """Where games are looked up by name: the user's directories (``PATIENCE_RULES_PATH``) first,
    then the built-in ones, then those of installed packages (the ``patience.rules`` entry points)."""
    found = [Path(part) for part in os.environ.get(RULES_PATH_VARIABLE, "").split(os.pathsep) if part]
    found.append(Path(str(resources.files("patience_rules"))))
    for entry_point in sorted(importlib.metadata.entry_points(group=RULES_ENTRY_POINT_GROUP), key=lambda entry: entry.name):
        try:
            found.append(Path(str(resources.files(entry_point.value))))
        except (ImportError, TypeError):
            continue  # a broken package must not hide the other games
    return found


def find_rule_file(name: str) -> Path | None:
    """The rule file of the game called ``name``, or None."""
    for directory in rule_directories():
        for suffix in RULE_SUFFIXES:
            candidate = directory / f"{name}{suffix}"
            try:
                if candidate.is_file():
                    return candidate
            except OSError:  # e.g. a name too long for the system: no such game
                continue
    return None


def available_games() -> dict[str, Path]:
    """Every game that can be loaded by name, with its rule file; earlier directories win."""
    games: dict[str, Path] = {}
    for directory in rule_directories():
        try:
            paths = sorted(directory.iterdir())
        except OSError:  # a user directory that is missing or unreadable has no games
            continue
        for path in paths:
            if path.suffix in RULE_SUFFIXES and path.is_file():
                games.setdefault(path.stem, path)
    return dict(sorted(games.items()))


def load_spec(name_or_path: str | os.PathLike[str]) -> GameSpec:
    """The checked spec of a game given by name (a rule file's name without ``.yaml``) or by rule file path."""
    text = os.fspath(name_or_path)
    path = Path(text)
    if path.suffix not in RULE_SUFFIXES and os.sep not in text and "/" not in text:
        found = find_rule_file(text)
        if found is None:
            known = ", ".join(available_games()) or "none"
            hint = _did_you_mean(text, available_games())
            raise LoadError([Problem(text, 0, 0, f"no such game{hint} (games: {known})")])
        path = found
    return parse_spec(read_rule_file(path, text), source=text, game_id=path.stem)


def read_rule_file(path: Path, source: str) -> bytes:
    """The bytes of the rule file at ``path`` (called ``source`` in messages).

    ``LoadError`` if it is not a regular file that can be read, or is too large to
    be a rule file; a pipe or a device is never opened, so reading cannot block or
    run on forever.
    """
    try:
        status = path.stat()
        if stat.S_ISDIR(status.st_mode):
            raise LoadError([Problem(source, 0, 0, "is a directory, not a rule file")])
        if not stat.S_ISREG(status.st_mode):  # a pipe or device could block or never end
            raise LoadError([Problem(source, 0, 0, "is not a regular file")])
        if status.st_size > MAX_BYTES:
            raise LoadError([too_large(source, status.st_size)])
        with path.open("rb") as file:
            return file.read(MAX_BYTES + 1)
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise LoadError([Problem(source, 0, 0, f"cannot read: {reason}")]) from None


def parse_spec(raw: bytes | str, *, source: str = "<rules>", game_id: str = "game") -> GameSpec:
    """The checked spec from rule-file text; raises ``LoadError`` listing every problem."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogatepass")  # a lone surrogate is then reported as not UTF-8
    document, problems = read_yaml(raw, source)
    if document is None:
        raise LoadError(problems)
    problems += _schema_problems(document, source)
    if not problems:
        problems += _meaning_problems(document, source)
    if problems:
        problems.sort(key=lambda problem: (problem.line, problem.column))
        raise LoadError(problems)
    return _build_spec(document.data, source, game_id)


# --- the schema ------------------------------------------------------------------------------


def _schema_problems(document: YamlDocument, source: str) -> list[Problem]:
    problems = []
    mistyped: set[tuple[Any, ...]] = set()  # a value of the wrong type needs no more messages
    for error in sorted(_Validator(game_schema()).iter_errors(document.data), key=lambda error: error.validator != "type"):
        path = tuple(error.absolute_path)
        if path in document.refused or path in mistyped:
            continue
        if error.validator == "type":
            mistyped.add(path)
        for message, where, at_key in _explain(error, path):
            line, column = document.position(where, key=at_key)
            problems.append(Problem(source, line, column, message))
    return problems


def _is_whole_number(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


#: The schema validator, for which 1.0 is not a whole number (JSON Schema says it is; YAML readers disagree).
_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number),
)


def _explain(error: jsonschema.ValidationError, path: tuple[Any, ...]) -> Iterator[tuple[str, tuple[Any, ...], bool]]:
    """Messages for one schema error: (message, path to point at, point at the key)."""
    where = _where(path)
    instance = error.instance
    if "propertyNames" in error.schema_path:  # a key of the mapping at ``path`` is a bad name
        yield f"{instance!r}{where} is not a valid {_name_of(error.schema)}", path + (instance,), True
        return
    if error.validator == "additionalProperties":
        allowed = list(error.schema.get("properties", {}))
        for key in instance:
            if key not in allowed:
                yield f"unknown key {key!r}{where}{_did_you_mean(key, allowed)}{_foreign(key)}", path + (key,), True
        return
    if error.validator == "required":
        missing = error.message.split("'")[1]
        yield f"missing key {missing!r}{where}", path, False
        return
    if error.validator == "enum":
        choices = ", ".join(repr(choice) for choice in error.validator_value)
        yield f"{_shown(instance)}{where} is not one of {choices}{_did_you_mean(instance, error.validator_value)}", path, False
        return
    if error.validator == "const":
        yield f"{_shown(instance)}{where}: expected {error.validator_value!r}", path, False
        return
    if error.validator == "type":
        yield f"{_shown(instance)}{where}: expected {_a(error.validator_value)}", path, False
        return
    if error.validator in ("anyOf", "oneOf"):
        mappings = [index for index, option in enumerate(error.validator_value) if _describe(option) == "a mapping"]
        if isinstance(instance, dict) and len(mappings) == 1:  # say what is wrong inside the mapping
            for inner in error.context or ():
                if inner.schema_path[0] == mappings[0]:
                    yield from _explain(inner, tuple(inner.absolute_path))
            return
        expected = " or ".join(_describe(option) for option in error.validator_value)
        yield f"{_shown(instance)}{where}: expected {expected}", path, False
        return
    if error.validator == "pattern":
        yield f"{_shown(instance)}{where} is not a valid {_name_of(error.schema)}", path, False
        return
    if error.validator in ("minimum", "maximum"):
        side = "at least" if error.validator == "minimum" else "at most"
        yield f"{_shown(instance)}{where}: expected {side} {error.validator_value}", path, False
        return
    if error.validator in _SIZES:
        side, unit = _SIZES[error.validator]
        count = error.validator_value
        yield f"{_shown(instance)}{where}: expected {side} {count} {unit}{'s' * (count != 1)}", path, False
        return
    if error.validator == "uniqueItems":
        yield f"a name is listed twice{where}", path, False
        return
    yield f"{error.message}{where}", path, False


#: Size limits of the schema: the words for "at least 1 item".
_SIZES = {
    "minItems": ("at least", "item"), "maxItems": ("at most", "item"),
    "minProperties": ("at least", "key"), "maxProperties": ("at most", "key"),
    "minLength": ("at least", "character"), "maxLength": ("at most", "character"),
}


def _where(path: tuple[Any, ...]) -> str:
    if not path:
        return ""
    return " in " + ".".join(_step(part) for part in path).replace(".[", "[")


def _step(part: Any) -> str:
    """One step of a path for a message: a key as written (quoted if it holds odd characters), or ``[index]``."""
    if not isinstance(part, str):
        return f"[{part}]"
    return part if re.fullmatch(r"[\w-]+", part) else repr(part)


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return f"{str(value).lower()} (a YAML 1.1 boolean; quote it if you meant a word)"
    if isinstance(value, dict):
        return "this mapping" if value else "an empty mapping"
    if isinstance(value, list):
        return "this list" if value else "an empty list"
    if value is None:
        return "an empty value"
    if isinstance(value, str) and len(value) > 60:
        return repr(value[:60] + "...")
    return repr(value)


def _a(type_name: Any) -> str:
    names = {"object": "a mapping", "array": "a list", "string": "a string", "integer": "a whole number",
             "boolean": "true or false", "number": "a number"}
    if isinstance(type_name, list):
        return " or ".join(names.get(name, name) for name in type_name)
    return names.get(type_name, type_name)


def _describe(schema: dict[str, Any]) -> str:
    if "$ref" in schema:
        return _name_of(game_schema()["$defs"][schema["$ref"].rsplit("/", 1)[1]])
    if "enum" in schema:
        return " or ".join(repr(value) for value in schema["enum"])
    if "const" in schema:
        return repr(schema["const"])
    if "type" in schema:
        return _a(schema["type"])
    return "a valid value"


def _name_of(schema: dict[str, Any]) -> str:
    """What a string with the schema's pattern is called, for messages."""
    return _pattern_names().get(schema.get("pattern", ""), "name")


@functools.cache
def _pattern_names() -> dict[str, str]:
    definitions = game_schema()["$defs"]
    return {
        definitions["rank"]["pattern"]: "rank (A 2 3 4 5 6 7 8 9 10 J Q K)",
        definitions["pluginName"]["pattern"]: "plugin name (lower-case words joined by '-')",
        definitions["groupName"]["pattern"]: "group name (lower-case letters, digits and '_')",
        definitions["group"]["properties"]["label"]["pattern"]: "label (one to three lower-case letters)",
    }


def _foreign(word: str) -> str:
    """A note on the first character of ``word`` that is not ASCII, which may look like one that is."""
    for character in word:
        if not character.isascii():
            return f" (it has the non-ASCII character {character!r}, U+{ord(character):04X})"
    return ""


def _did_you_mean(word: Any, choices: Any) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, [str(choice) for choice in choices], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- meaning ---------------------------------------------------------------------------------


def _meaning_problems(document: YamlDocument, source: str) -> list[Problem]:
    data = document.data
    problems: list[Problem] = []

    def problem(path: tuple[Any, ...], message: str, *, key: bool = False) -> None:
        line, column = document.position(path, key=key)
        problems.append(Problem(source, line, column, message))

    groups: dict[str, Any] = data["groups"]

    def check_group(path: tuple[Any, ...], name: str) -> bool:
        if name in groups:
            return True
        problem(path, f"no pile group called {name!r}{_did_you_mean(name, groups)} (groups: {', '.join(groups)})")
        return False

    labels: dict[str, str] = {}
    for name, group in groups.items():
        label = group.get("label", name[0])
        if label in labels:
            problem(("groups", name), f"groups {labels[label]!r} and {name!r} share the label {label!r}; give one a 'label'", key=True)
        labels[label] = name
        for index, target in enumerate(group.get("moves_to", ())):
            check_group(("groups", name, "moves_to", index), target)
        for index, origin in enumerate(group.get("when_empty", {}).get("from", ())):
            check_group(("groups", name, "when_empty", "from", index), origin)
        if "deals_to" in group:
            if group["role"] != "stock":
                problem(("groups", name, "deals_to"), "only a stock deals: 'deals_to' needs role 'stock'", key=True)
            elif check_group(("groups", name, "deals_to"), group["deals_to"]) and group["deals_to"] == name:
                problem(("groups", name, "deals_to"), "a stock cannot deal to itself")
        filled_from = group.get("when_empty", {}).get("filled_from")
        if filled_from is not None:
            check_group(("groups", name, "when_empty", "filled_from"), filled_from)
        if group.get("fill_at_once") and "max_cards" not in group:
            problem(("groups", name, "fill_at_once"), "'fill_at_once' fills a pile with 'max_cards' cards: give 'max_cards'", key=True)
        for key in ("cards_per_turn", "redeals", "needs_no_empty_piles"):
            if key in group and group["role"] != "stock":
                problem(("groups", name, key), f"{key!r} is for a stock (role 'stock')", key=True)
        if group.get("when_empty", {}).get("accepts") == BASE_RANK and "base_rank" not in data:
            problem(("groups", name, "when_empty", "accepts"), "'base rank' needs the game's 'base_rank'")
        if "suits" in group and len(group["suits"]) != group.get("piles", 1):
            problem(("groups", name, "suits"), f"{len(group['suits'])} suits for {group.get('piles', 1)} piles; give one suit per pile")
        if group.get("pick") == "run" and group.get("build", {}).get("direction", "none") == "none":
            problem(("groups", name, "pick"), "'run' follows the build rule, but this group does not build")

    suits = data.get("suits", SUIT_NAMES)
    total = data["decks"] * 13 * len(suits)
    steps = data["deal"]
    foundations = [name for name, group in groups.items() if group["role"] == "foundation"]
    first_foundation_card = False
    steps_ok = True
    dealt = 0
    face_up_piles: set[tuple[str, int]] = set()  # piles holding a face-up card: no face-down card goes above it
    for index, step in enumerate(steps):
        path = ("deal", index)
        if not check_group(path + ("to",), step["to"]):
            steps_ok = False
            continue
        group = groups[step["to"]]
        count = group.get("piles", 1)
        if "pile" in step and "piles" in step:
            problem(path + ("piles",), "give 'pile' (one pile) or 'piles' (the first so many), not both", key=True)
            steps_ok = False
            continue
        if ("pile" in step and step["pile"] > count) or ("piles" in step and step["piles"] > count):
            wanted = step.get("pile", step.get("piles"))
            problem(path + ("pile" if "pile" in step else "piles",), f"group {step['to']!r} has {count} pile{'s' * (count != 1)}; there is no pile {wanted}")
            steps_ok = False
            continue
        targets = [step["pile"] - 1] if "pile" in step else list(range(step.get("piles", count)))
        if ("cards" in step) == ("card" in step):
            problem(path, "a deal step gives either 'cards' (how many) or 'card' (which one)")
            steps_ok = False
            continue
        if "card" in step:
            if len(targets) != 1:
                problem(path + ("card",), "a named card goes to one pile: add 'pile'", key=True)
                steps_ok = False
            elif SUIT_NAMES[parse_card(step["card"]) // 13] not in suits:
                problem(path + ("card",), f"the pack has no {step['card']}: its decks hold only {', '.join(suits)}")
                steps_ok = False
            else:
                dealt += 1
                if foundations and step["to"] == foundations[0] and targets == [0]:
                    first_foundation_card = True
            continue
        cards = step["cards"]
        if cards == "rest":
            if index != len(steps) - 1:
                problem(path + ("cards",), "'rest' deals every card left, so it must be the last step")
            if len(targets) > 1 and not step.get("by_rows"):
                problem(path + ("cards",), "'rest' to several piles needs 'by_rows: true' (or one 'pile')")
            dealt = total
            if index != len(steps) - 1:
                steps_ok = False
                break  # the steps after it would only repeat that the pack is used up
            continue
        per_pile = cards if isinstance(cards, list) else [cards] * len(targets)
        if len(per_pile) != len(targets):
            problem(path + ("cards",), f"{len(per_pile)} counts for {len(targets)} piles; give one count per pile")
            steps_ok = False
            continue
        face_down = step.get("face_down", 0)
        face_down = face_down if isinstance(face_down, list) else [face_down] * len(targets)
        if len(face_down) != len(targets):
            problem(path + ("face_down",), f"{len(face_down)} counts for {len(targets)} piles; give one count per pile")
            steps_ok = False
            continue
        for pile, cards_here, down_here in zip(targets, per_pile, face_down):
            if down_here > cards_here:
                problem(path + ("face_down",), f"pile {pile + 1} gets {cards_here} cards, so at most {cards_here} can lie face down")
                steps_ok = False
                break
            if down_here and (step["to"], pile) in face_up_piles:
                problem(path + ("face_down",), f"pile {pile + 1} already has a face-up card; face-down cards go at the bottom")
                steps_ok = False
                break
            if cards_here > down_here:
                face_up_piles.add((step["to"], pile))
        dealt += sum(per_pile)
        if dealt > total:
            problem(path + ("cards",), f"the deal needs {dealt} cards by this step, but the pack holds {total}")
            return problems
        if foundations and step["to"] == foundations[0] and 0 in targets and per_pile[targets.index(0)]:
            first_foundation_card = True
    if dealt < total and steps_ok:
        problem(("deal",), key=True, message=f"the deal leaves {total - dealt} of {total} cards undealt; end it with 'cards: rest'")
    if data.get("base_rank") == FIRST_FOUNDATION_CARD and not first_foundation_card:
        problem(("base_rank",), "'first foundation card' needs a deal step that puts a card on the first foundation pile")
    if data.get("won_when", "all cards on foundations") == "all cards on foundations" and not foundations:
        problem(("won_when",), "the game is won with all cards on foundations, but no group has role 'foundation'")
    for row, names in enumerate(data.get("layout", {}).get("rows", ())):
        for index, name in enumerate(names):
            check_group(("layout", "rows", row, index), name)

    installed = plugins.plugin_names()
    for index, item in enumerate(data.get("plugins", ())):
        name, options = (item, {}) if isinstance(item, str) else next(iter(item.items()))
        path = ("plugins", index) if isinstance(item, str) else ("plugins", index, name)
        if name not in installed:
            problem(path, f"plugin {name!r} is not installed{_did_you_mean(name, installed)}", key=not isinstance(item, str))
            continue
        try:
            schema = plugins.options_schema(plugins.load_plugin(name))
            if schema is not None:
                _Validator.check_schema(schema)
        except Exception as error:  # a broken plugin is named, not a traceback
            problem(path, f"plugin {name!r} cannot be used: {type(error).__name__}: {error}".split("\n")[0], key=not isinstance(item, str))
            continue
        if schema is None:
            if options:
                problem(path, f"plugin {name!r} takes no options")
            continue
        for error in _Validator(schema).iter_errors(options):
            for message, where, at_key in _explain(error, tuple(error.absolute_path)):
                line, column = document.position(path + where, key=at_key)
                problems.append(Problem(source, line, column, f"plugin {name!r}: {message}"))
        for option, value in options.items():
            for group_name in _group_references(schema, option, value):
                check_group(path + (option,), group_name)
    return problems


def _group_references(schema: Mapping[str, Any], option: str, value: Any) -> list[str]:
    """Group names in a plugin option whose schema marks it ``"x-patience": "groups"`` (or ``"group"``)."""
    kind = schema.get("properties", {}).get(option, {}).get("x-patience")
    if kind == "groups" and isinstance(value, list):
        return [name for name in value if isinstance(name, str)]
    if kind == "group" and isinstance(value, str):
        return [value]
    return []


# --- building the spec -----------------------------------------------------------------------


def _rank_or_word(value: Any) -> int | str:
    try:
        return parse_rank(str(value))
    except CardError:
        return str(value)


def _build_rule(build: dict[str, Any]) -> BuildRule:
    return BuildRule(build.get("direction", "none"), build.get("suit", "any suit"), build.get("wrap", False))


def _per_pile(value: int | list[int], piles: int) -> tuple[int, ...]:
    return tuple(value) if isinstance(value, list) else (value,) * piles


def _build_spec(data: dict[str, Any], source: str, game_id: str) -> GameSpec:
    groups = []
    for name, group in data["groups"].items():
        empty = group.get("when_empty", {})
        sources = empty.get("from")
        default_pick = "nothing" if group["role"] in ("stock", "foundation") else "top card"
        redeals = group.get("redeals", 0)
        groups.append(
            GroupSpec(
                name=name,
                role=group["role"],
                piles=group.get("piles", 1),
                label=group.get("label", name[0]),
                build=_build_rule(group.get("build", {})),
                run=_build_rule(group["run"]) if "run" in group else None,
                run_limit=group.get("run_limit", "none"),
                turn_up_top=group.get("turn_up_top", False),
                fill_at_once=group.get("fill_at_once", False),
                max_cards=group.get("max_cards"),
                pick=group.get("pick", default_pick),
                moves_to=tuple(group.get("moves_to", ())),
                when_empty=EmptyRule(
                    _rank_or_word(empty.get("accepts", "any")),
                    tuple(sources) if sources is not None else None,
                    empty.get("filled_from"),
                ),
                deals_to=group.get("deals_to"),
                cards_per_turn=group.get("cards_per_turn", 1),
                redeals=-1 if redeals == "unlimited" else redeals,
                needs_no_empty_piles=group.get("needs_no_empty_piles", False),
                fan=group.get("fan"),
                columns=group.get("columns"),
                suits=tuple(SUIT_NAMES.index(suit) for suit in group["suits"]) if "suits" in group else None,
            )
        )
    by_name = {group.name: group for group in groups}
    deal = []
    for step in data["deal"]:
        count = by_name[step["to"]].piles
        piles = (step["pile"] - 1,) if "pile" in step else tuple(range(step["piles"])) if "piles" in step else None
        targets = 1 if "pile" in step else step.get("piles", count)
        if "card" in step:
            deal.append(DealStep(step["to"], piles or (0,), (1,), card=parse_card(step["card"])))
            continue
        cards = None if step["cards"] == "rest" else _per_pile(step["cards"], targets)
        face_down = _per_pile(step.get("face_down", 0), targets)
        deal.append(DealStep(step["to"], piles, cards, face_down, step.get("by_rows", False)))
    uses = []
    for item in data.get("plugins", ()):
        name, options = (item, {}) if isinstance(item, str) else next(iter(item.items()))
        uses.append(PluginUse(name, MappingProxyType(dict(options))))
    base = data.get("base_rank")
    return GameSpec(
        id=game_id,
        name=data["name"],
        decks=data["decks"],
        groups=tuple(groups),
        deal=tuple(deal),
        plugins=tuple(uses),
        base_rank=None if base is None else _rank_or_word(base),
        won_when=data.get("won_when", "all cards on foundations"),
        suits=tuple(SUIT_NAMES.index(suit) for suit in data.get("suits", SUIT_NAMES)),
        difficulty=data.get("difficulty"),
        rules=data.get("rules", ""),
        layout_rows=tuple(tuple(row) for row in data.get("layout", {}).get("rows", ())),
        source=source,
    )
