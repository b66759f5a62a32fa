"""The rule-file reference, ``docs/reference.md``, generated from the JSON Schema.

Every key of a rule file gets its type and allowed values, its default and its
description, straight from ``framework/schema/game.schema.json``, followed by
the options of the built-in plugins (from their ``options_schema``). After a
change to either, regenerate the page::

    python -m framework.schema_doc > docs/reference.md

``tests/test_docs.py`` fails while the page and the schema disagree.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import sys
from collections.abc import Callable, Mapping
from typing import Any

from . import plugins
from .schemacheck import game_schema

#: The command that regenerates the page.
COMMAND = "python -m framework.schema_doc > docs/reference.md"
#: The distribution whose plugins are the built-in ones (``[project] name`` in pyproject.toml).
DISTRIBUTION = "patience-games"

Schema = Mapping[str, Any]

#: The JSON Schema keywords this page renders or may pass over (``$id``, ``title``);
#: ``not`` only in the form ``{"required": [...]}``, keys that exclude each other.
UNDERSTOOD = frozenset((
    "$schema", "$id", "$defs", "$ref", "title", "description", "default", "type", "enum", "const",
    "anyOf", "oneOf", "not", "properties", "required", "additionalProperties", "propertyNames",
    "minProperties", "maxProperties", "items", "minItems", "maxItems", "uniqueItems", "minimum",
    "maximum", "minLength", "maxLength", "pattern", "x-patience",
    "x-headings",  # the families' headings on docs/games.md (framework.games_doc), not shown here
))


def normalized(name: str) -> str:
    """A distribution name as packaging compares them (PEP 503): case, ``-``, ``_`` and ``.`` do not count.

    >>> normalized("Patience_Games") == normalized("patience-games") == "patience-games"
    True
    """
    return re.sub(r"[-_.]+", "-", name).lower()


def builtin_plugins() -> dict[str, Any]:
    """The plugins that ship with the framework, by the name a rule file uses, sorted."""
    found = {}
    for entry_point in importlib.metadata.entry_points(group=plugins.ENTRY_POINT_GROUP):
        if entry_point.dist is not None and normalized(entry_point.dist.name) == normalized(DISTRIBUTION):
            found[entry_point.name] = plugins.load_plugin(entry_point.name)
    return dict(sorted(found.items()))


def anchor(kind: str, text: str) -> str:
    """A link target: ``anchor("keys", "groups.NAME.build")`` gives ``keys-groups-name-build``."""
    return kind + "-" + re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def literal(value: Any) -> str:
    """A value as it is written in YAML, between backticks: ``up``, ``true`` and ``1`` alike."""
    if isinstance(value, str):
        return f"`{value}`"
    return f"`{json.dumps(value, ensure_ascii=False)}`"


def _words(name: str) -> str:
    """``groupName`` gives ``group name``."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", lambda match: " " + match.group(1).lower(), name)


def _has_keys(schema: Schema) -> bool:
    return isinstance(schema.get("properties"), Mapping)


def _range(schema: Schema, low: str, high: str) -> str:
    """The bounds a schema sets, as words: ``1 to 8``, ``1 or more``, ``at most 3``; empty if none."""
    if low in schema and high in schema:
        return f"{schema[low]} to {schema[high]}"
    if low in schema:
        return f"{schema[low]} or more"
    if high in schema:
        return f"at most {schema[high]}"
    return ""


def _fixed_words(schema: Schema) -> str | None:
    """What a value of ``schema`` is, where the schema fixes it: one value, one of some values, or the names of
    groups (``x-patience``); None where it does not."""
    if "const" in schema:
        return literal(schema["const"])
    if "enum" in schema:
        values = schema["enum"]
        return literal(values[0]) if len(values) == 1 else "one of " + ", ".join(literal(value) for value in values)
    return _MARKED_WORDS.get(schema.get("x-patience", ""))


#: Values the schema marks as names of the game's groups (``x-patience``).
_MARKED_WORDS = {"groups": "a list of names of this game's groups", "group": "the name of one of this game's groups"}


def _text_words(kind: str, schema: Schema) -> str:
    text = "text"
    if "pattern" in schema:
        text += f" matching `{schema['pattern']}`"
    length = _range(schema, "minLength", "maxLength")
    return text + (f" ({length} characters)" if length else "")


def _number_words(kind: str, schema: Schema) -> str:
    bounds = _range(schema, "minimum", "maximum")
    return ("a whole number" if kind == "integer" else "a number") + (f" ({bounds})" if bounds else "")


#: The words for each JSON type that holds no other values.
_SCALAR_WORDS: dict[str, Callable[[str, Schema], str]] = {
    "string": _text_words, "integer": _number_words, "number": _number_words,
    "boolean": lambda kind, schema: "`true` or `false`", "null": lambda kind, schema: "nothing (`null`)",
}


class _Writer:
    """Walks a schema and writes the reference, one section per mapping of keys."""

    def __init__(self, root: Schema) -> None:
        self.root = root
        self.lines: list[str] = []
        self.value_types: list[str] = []  # $defs named in values, in order of first use

    def resolve(self, schema: Schema) -> tuple[Schema, str | None]:
        """The schema a ``$ref`` points at (with the def's name), or the schema itself."""
        reference = schema.get("$ref")
        if not isinstance(reference, str):
            return schema, None
        name = reference.rsplit("/", 1)[-1]
        return self.root["$defs"][name], name

    # --- one value ----------------------------------------------------------------------

    def describe(self, schema: Schema, path: str) -> str:
        """What a value at ``path`` may be, as a phrase: ``one of `up`, `down` ``."""
        target, name = self.resolve(schema)
        if name is not None and not _has_keys(target):
            if name not in self.value_types:
                self.value_types.append(name)
            return f"a [{_words(name)}](#{anchor('type', name)})"
        schema = target
        fixed = _fixed_words(schema)
        if fixed is not None:
            return fixed
        for combinator in ("anyOf", "oneOf"):
            if combinator in schema:
                return " or ".join(self.describe(option, path) for option in schema[combinator])
        types = schema.get("type", "object" if _has_keys(schema) else None)
        if types is None:
            return "any value"
        if isinstance(types, str):
            types = [types]
        return " or ".join(self._describe_type(kind, schema, path) for kind in types)

    def value_lines(self, schema: Schema, path: str) -> list[str]:
        """The ``- Value:`` item of a key: a sub-list when it is one of several compound kinds."""
        target, _ = self.resolve(schema)
        options = target.get("anyOf") or target.get("oneOf") or []
        phrases = [self.describe(option, path) for option in options]
        if any(" or " in re.sub(r"\([^)]*\)", "", phrase) or " of: " in phrase for phrase in phrases):
            return ["- Value, one of these:"] + [f"  - {phrase}" for phrase in phrases]
        return [f"- Value: {self.describe(schema, path)}."]

    def _describe_type(self, kind: str, schema: Schema, path: str) -> str:
        if kind == "array":
            return self._list_words(schema, path)
        if kind == "object":
            return self._mapping_words(schema, path)
        words = _SCALAR_WORDS.get(kind)
        return words(kind, schema) if words else f"a {kind}"

    def _list_words(self, schema: Schema, path: str) -> str:
        extras = []
        if "minItems" in schema or "maxItems" in schema:
            extras.append(_range(schema, "minItems", "maxItems") + " items")
        if schema.get("uniqueItems"):
            extras.append("no repeats")
        text = "a list" + (f" ({', '.join(extras)})" if extras else "")
        if "items" in schema:
            text += " of: " + self.describe(schema["items"], path + "[]")
        return text

    def _mapping_words(self, schema: Schema, path: str) -> str:
        if _has_keys(schema):
            return f"a mapping with the keys of [`{path}`](#{anchor('keys', path)})"
        text = "a mapping"
        if isinstance(schema.get("additionalProperties"), Mapping):
            names = schema.get("propertyNames")
            key = self.describe(names, path) if isinstance(names, Mapping) else "a name"
            text += f" from {key} to " + self.describe(schema["additionalProperties"], path + ".NAME")
        if schema.get("minProperties") == schema.get("maxProperties") == 1:
            text += " (exactly one entry)"
        elif "minProperties" in schema or "maxProperties" in schema:
            text += f" ({_range(schema, 'minProperties', 'maxProperties')} entries)"
        return text

    # --- sections -----------------------------------------------------------------------

    def section(self, schema: Schema, path: str, title: str, description: str | None = None, level: int = 2) -> None:
        """A section for the mapping at ``path``: each key, then the mappings inside it."""
        self.lines += [f'<a id="{anchor("keys", path or title)}"></a>', "", f"{'#' * level} {title}", ""]
        if description is None and schema.get("description"):  # else the key above said it
            self.lines += [schema["description"], ""]
        exclusive = schema.get("not", {}).get("required", ())
        if exclusive:
            names = [f"`{key}`" for key in exclusive]
            self.lines += [f"{', '.join(names[:-1])} and {names[-1]} may not all be given together.", ""]
        required = set(schema.get("required", ()))
        nested: list[tuple[Schema, str, str | None]] = []
        for key, value in schema["properties"].items():
            key_path = f"{path}.{key}" if path else key
            text = self._key(value, key_path, key in required, level + 1)
            nested += self._mappings_in(value, key_path, text)
        for inner, inner_path, inner_description in nested:
            self.section(inner, inner_path, f"`{inner_path}`", inner_description, level)

    def _key(self, value: Schema, path: str, required: bool, level: int) -> str | None:
        """The heading and items of the key at ``path`` whose value's schema is ``value``; its description."""
        target, _ = self.resolve(value)
        text = value.get("description") or target.get("description")
        self.lines += [f"{'#' * level} `{path}`", ""]
        if text:
            self.lines += [text, ""]
        if required:
            self.lines.append("- Required.")
        self.lines += self.value_lines(value, path)
        default = value["default"] if "default" in value else target.get("default")
        if "default" in value or "default" in target:
            self.lines.append(f"- Default: {literal(default)}.")
        self.lines.append("")
        return text

    def _mappings_in(self, schema: Schema, path: str, description: str | None) -> list[tuple[Schema, str, str | None]]:
        """The mappings of keys a value at ``path`` holds, each with its own path."""
        target, _ = self.resolve(schema)
        if _has_keys(target):
            return [(target, path, description)]
        found = []
        for combinator in ("anyOf", "oneOf"):
            for option in target.get(combinator, ()):
                found += self._mappings_in(option, path, description)
        if isinstance(target.get("items"), Mapping):
            found += self._mappings_in(target["items"], path + "[]", None)
        if isinstance(target.get("additionalProperties"), Mapping):
            found += self._mappings_in(target["additionalProperties"], path + ".NAME", None)
        return found

    def value_type_sections(self) -> None:
        """The named value types used above (a rank, a group name, …), each once."""
        if not self.value_types:
            return
        self.lines += ["## Value types", ""]
        done = 0
        while done < len(self.value_types):  # describing one type may name another
            name = self.value_types[done]
            done += 1
            schema = self.root["$defs"][name]
            self.lines += [f'<a id="{anchor("type", name)}"></a>', "", f"### {_words(name)}", ""]
            if schema.get("description"):
                self.lines += [schema["description"], ""]
            value = self.describe({k: v for k, v in schema.items() if k != "description"}, _words(name))
            self.lines += [f"- Value: {value}.", ""]


def keys_text(schema: Schema) -> str:
    """The Markdown sections for every key of ``schema`` and the named value types it uses."""
    writer = _Writer(schema)
    writer.section(schema, "", "Top level")
    writer.value_type_sections()
    return "\n".join(writer.lines).rstrip("\n")


def plugin_options_text(name: str, options: Schema | None) -> str:
    """The Markdown section for the options of the plugin called ``name``."""
    if options is None or not _has_keys(options):
        return f"### `{name}`\n\nTakes no options."
    writer = _Writer(options)
    writer.section(options, f"plugins[].{name}", f"`{name}`", level=3)
    return "\n".join(writer.lines).rstrip("\n")


def reference() -> str:
    """The text of ``docs/reference.md``."""
    parts = [
        "# Rule file reference",
        f"<!-- Generated from framework/schema/game.schema.json by `{COMMAND}`; do not edit by hand. -->",
        "Every key a rule file may hold, with its value, its default and what it means.\n"
        "A path like `groups.NAME.build.suit` names the key `suit` inside `build` inside any\n"
        "group; `deal[]` stands for each item of the list `deal`. For a guided tour of a\n"
        "whole rule file, see [rules.md](rules.md); for plugins, [plugins.md](plugins.md).",
        keys_text(game_schema()),
    ]
    builtins = builtin_plugins()
    if builtins:
        parts += [
            '<a id="plugin-options"></a>',
            "## Options of the built-in plugins",
            "A rule file names a plugin in its `plugins` list, with its options as a mapping:\n"
            "`- NAME: {OPTION: VALUE}`. What each plugin does is in [plugins.md](plugins.md).",
        ]
        parts += [plugin_options_text(name, plugins.options_schema(plugin)) for name, plugin in builtins.items()]
    return "\n\n".join(parts) + "\n"


def main() -> None:
    """Print the reference (as UTF-8, whatever the terminal's encoding)."""
    sys.stdout.buffer.write(reference().encode("utf-8"))


if __name__ == "__main__":
    main()
