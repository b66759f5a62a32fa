"""Finding plugins and making each game's plugin manager.

Built-in plugins and third-party ones are found the same way: as entry points
in the ``patience.plugins`` group. The name of the entry point is the name a
rule file uses.
"""

from __future__ import annotations

import functools
import importlib.metadata
import inspect
import sys
import traceback
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pluggy

from . import hookspecs
from .errors import PatienceError, PluginError

if TYPE_CHECKING:
    from .game import Game

ENTRY_POINT_GROUP = "patience.plugins"


@functools.cache
def _entry_points() -> dict[str, importlib.metadata.EntryPoint]:
    found: dict[str, importlib.metadata.EntryPoint] = {}
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(entry_point.name, entry_point)
    return found


def plugin_names() -> list[str]:
    """The names of every installed plugin, sorted."""
    return sorted(_entry_points())


@functools.cache
def load_plugin(name: str) -> Any:
    """The object an installed plugin's entry point names: a module, or a class made once per game."""
    return _entry_points()[name].load()


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


def make_manager(game: Game) -> pluggy.PluginManager:
    """A plugin manager with the hookspecs and the plugins ``game`` names, in the order named."""
    manager = pluggy.PluginManager(hookspecs.PROJECT)
    manager.add_hookspecs(hookspecs)
    for use in game.spec.plugins:
        plugin = load_plugin(use.name)
        if inspect.isclass(plugin):
            try:
                plugin = plugin(game, dict(use.options))
            except PatienceError:  # the plugin's own word on options it cannot use
                raise
            except Exception as error:  # a plugin's bug must name the plugin, not crash the loader
                raise PluginError(f"plugin {use.name!r} failed to start: {type(error).__name__}: {error}") from error
        manager.register(plugin, name=use.name)
    return manager


def blame(manager: pluggy.PluginManager, error: BaseException) -> str | None:
    """The name of the registered plugin whose code raised ``error``, if any did."""
    files = {}
    for name, plugin in manager.list_name_plugin():
        module = plugin if inspect.ismodule(plugin) else sys.modules.get(type(plugin).__module__)
        if module is not None and getattr(module, "__file__", None):
            files[module.__file__] = name
    for frame, _ in reversed(list(traceback.walk_tb(error.__traceback__))):
        if frame.f_code.co_filename in files:
            return files[frame.f_code.co_filename]
    return None
