"""Rule files against the JSON Schema: the schema, its validator, and each error in a rule-file author's words.

The schema (``framework/schema/game.schema.json``) says the shape of a rule file:
its keys, their types and the words they take. Each problem is placed at its
``file:line:column`` by the YAML document's positions.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import jsonschema

from .errors import Problem
from .yamlsource import YamlDocument


@functools.cache
def game_schema() -> dict[str, Any]:
    """The JSON Schema of rule files, as shipped in the package."""
    text = resources.files("framework").joinpath("schema/game.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def schema_problems(document: YamlDocument, source: str) -> list[Problem]:
    """Every place where ``document`` breaks the rule-file schema, one problem each (one per value of a wrong type)."""
    problems = []
    mistyped: set[tuple[Any, ...]] = set()  # a value of the wrong type needs no more messages
    for error in sorted(Validator(game_schema()).iter_errors(document.data),
                        key=lambda error: error.validator != "type"):
        path = tuple(error.absolute_path)
        if path in document.refused or path in mistyped:
            continue
        if error.validator == "type":
            mistyped.add(path)
        for message, where, at_key in explain(error, path):
            line, column = document.position(where, key=at_key)
            problems.append(Problem(source, line, column, message))
    return problems


def _is_whole_number(checker: Any, instance: Any) -> bool:
    return isinstance(instance, int) and not isinstance(instance, bool)


#: The schema validator, for which 1.0 is not a whole number (JSON Schema says it is; YAML readers disagree).
Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_whole_number),
)


#: One message of a schema error: its words, the path to point at, and whether to point at the key there.
Message = tuple[str, tuple[Any, ...], bool]


def explain(error: jsonschema.ValidationError, path: tuple[Any, ...]) -> Iterator[Message]:
    """Messages for one schema error: (message, path to point at, whether to point at the key)."""
    if "propertyNames" in error.schema_path:  # a key of the mapping at ``path`` is a bad name
        name = error.instance
        yield f"{name!r}{_where(path)} is not a valid {_name_of(error.schema)}", path + (name,), True
        return
    explainer = _EXPLAINERS.get(str(error.validator), _as_it_says)
    yield from explainer(error, path, _where(path))


def _as_it_says(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    yield f"{error.message}{where}", path, False


def _unknown_keys(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    schema: Any = error.schema  # (the stubs allow "unset")
    instance: Any = error.instance
    allowed = list(schema.get("properties", {}))
    for key in instance:
        if key not in allowed:
            yield f"unknown key {key!r}{where}{did_you_mean(key, allowed)}{_foreign(key)}", path + (key,), True


def _missing_key(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    missing = error.message.split("'")[1]
    yield f"missing key {missing!r}{where}", path, False


def _not_one_of(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    expected: Any = error.validator_value
    choices = ", ".join(repr(choice) for choice in expected)
    hint = did_you_mean(error.instance, expected)
    yield f"{_shown(error.instance)}{where} is not one of {choices}{hint}", path, False


def _not_the_one(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    yield f"{_shown(error.instance)}{where}: expected {error.validator_value!r}", path, False


def _wrong_type(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    yield f"{_shown(error.instance)}{where}: expected {_a(error.validator_value)}", path, False


def _none_of(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    """``anyOf`` or ``oneOf``: inside the one mapping the options allow, what is wrong there; else the options."""
    instance: Any = error.instance
    expected: Any = error.validator_value
    mappings = [index for index, option in enumerate(expected) if _describe(option) == "a mapping"]
    if isinstance(instance, dict) and len(mappings) == 1:  # say what is wrong inside the mapping
        yield from _inside(error, mappings[0])
        return
    described = " or ".join(_describe(option) for option in expected)
    words = [word for option in expected for word in option.get("enum", [option.get("const")]) if isinstance(word, str)]
    hint = did_you_mean(instance, words) if isinstance(instance, str) else ""
    yield f"{_shown(instance)}{where}: expected {described}{hint}", path, False


def _inside(error: jsonschema.ValidationError, option: int) -> Iterator[Message]:
    """What is wrong inside the mapping that option ``option`` of ``error``'s ``anyOf`` or ``oneOf`` allows."""
    for inner in error.context or ():
        if inner.schema_path[0] == option:
            yield from explain(inner, tuple(inner.absolute_path))


def _not_matching(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    yield f"{_shown(error.instance)}{where} is not a valid {_name_of(error.schema)}", path, False


def _out_of_range(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    side = "at least" if error.validator == "minimum" else "at most"
    yield f"{_shown(error.instance)}{where}: expected {side} {error.validator_value}", path, False


def _wrong_size(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    side, unit = _SIZES[str(error.validator)]
    count: Any = error.validator_value
    yield f"{_shown(error.instance)}{where}: expected {side} {count} {unit}{'s' * (count != 1)}", path, False


def _listed_twice(error: jsonschema.ValidationError, path: tuple[Any, ...], where: str) -> Iterator[Message]:
    yield f"a name is listed twice{where}", path, False


#: Size limits of the schema: the words for "at least 1 item".
_SIZES = {
    "minItems": ("at least", "item"), "maxItems": ("at most", "item"),
    "minProperties": ("at least", "key"), "maxProperties": ("at most", "key"),
    "minLength": ("at least", "character"), "maxLength": ("at most", "character"),
}


#: How each JSON Schema keyword's errors are worded; any other keyword's, as jsonschema says them.
_EXPLAINERS: dict[str, Callable[[jsonschema.ValidationError, tuple[Any, ...], str], Iterator[Message]]] = {
    "additionalProperties": _unknown_keys, "required": _missing_key, "enum": _not_one_of, "const": _not_the_one,
    "type": _wrong_type, "anyOf": _none_of, "oneOf": _none_of, "pattern": _not_matching,
    "minimum": _out_of_range, "maximum": _out_of_range, "uniqueItems": _listed_twice,
    **{keyword: _wrong_size for keyword in _SIZES},
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
        return " or ".join(names.get(name, str(name)) for name in type_name)
    return names.get(type_name, str(type_name))


def _describe(schema: Any) -> str:
    if "$ref" in schema:
        return _name_of(game_schema()["$defs"][schema["$ref"].rsplit("/", 1)[1]])
    if "enum" in schema:
        return " or ".join(repr(value) for value in schema["enum"])
    if "const" in schema:
        return repr(schema["const"])
    if schema.get("type") == "array" and "items" in schema:
        return f"a list, each {_describe(schema['items'])}"
    if "type" in schema:
        return _a(schema["type"])
    return "a valid value"


def _name_of(schema: Any) -> str:
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


def did_you_mean(word: Any, choices: Any) -> str:
    """`` (did you mean 'x'?)`` for the choice closest to ``word``, or nothing."""
    if not isinstance(word, str):
        return ""
    names = [str(choice) for choice in choices]
    begun = [name for name in names if word and name.startswith(word)]  # a word cut short: 'first card played'
    close = begun[:1] if len(begun) == 1 else difflib.get_close_matches(word, names, n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
