"""Finding plugins: the installed ones by name, and what they declare.

Built-in plugins and third-party ones are found the same way: as entry points
in the ``patience.plugins`` group. The name of the entry point is the name a
rule file uses. Calling a plugin's hooks is ``framework.hooks``'s job.
"""

from __future__ import annotations

import functools
import importlib.metadata
from collections.abc import Mapping
from typing import Any

ENTRY_POINT_GROUP = "patience.plugins"


@functools.cache
def plugin_entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    """The entry point of each installed plugin, by name (the first found of a name), looked up once per process."""
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(entry_point.name, entry_point)
    return found


def plugin_names() -> list[str]:
    """The names of every installed plugin, sorted."""
    return sorted(plugin_entry_points())


@functools.cache
def load_plugin(name: str) -> Any:
    """The object an installed plugin's entry point names: a module, or a class made once per game."""
    return plugin_entry_points()[name].load()


def group_option(description: str, *, many: bool = False) -> dict[str, Any]:
    """The JSON Schema of a plugin option that names a pile group (``many``: a list of them).

    The loader checks such names against the game's groups, with the file position.
    """
    if many:
        return {"description": description, "type": "array", "items": {"type": "string"}, "x-patience": "groups"}
    return {"description": description, "type": "string", "x-patience": "group"}


def options_schema(plugin: Any) -> Mapping[str, Any] | None:
    """The JSON Schema of a plugin's options, or None if it takes none."""
    return getattr(plugin, "options_schema", None)
