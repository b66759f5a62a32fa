"""Where games are found by name: the directories searched for rule files, and the files in them.

Apart from ``loader`` so that finding the games costs no YAML and no schema: ``patience
list`` and ``--help`` import this alone.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator
from pathlib import Path

RULES_PATH_VARIABLE = "PATIENCE_RULES_PATH"
RULE_SUFFIXES = (".yaml", ".yml")
#: Largest rule file read, in bytes (rule files are a few kilobytes; this bounds the parse time).
MAX_BYTES = 100_000


#: Entry-point group through which installed packages ship rule files: each entry point names a package
#: whose directory holds them.
RULES_ENTRY_POINT_GROUP = "patience.rules"


def rule_directories() -> Iterator[Path]:
    """Where games are looked up by name, in turn: the user's directories (``PATIENCE_RULES_PATH``) first,
    then the built-in ones, then those of installed packages (the ``patience.rules`` entry points).

    The installed packages are looked for only when asked for: a game found before them
    (a built-in one, say) costs no look through the installed distributions.
    """
    yield from (Path(part) for part in os.environ.get(RULES_PATH_VARIABLE, "").split(os.pathsep) if part)
    yield builtin_directory()
    # Here: importing these takes a third of the time --help takes, and longer than finding a built-in game.
    import importlib.metadata
    from importlib import resources

    for entry_point in sorted(importlib.metadata.entry_points(group=RULES_ENTRY_POINT_GROUP),
                              key=lambda entry: entry.name):
        try:
            found = Path(str(resources.files(entry_point.value)))
        except (ImportError, TypeError):
            continue  # a broken package must not hide the other games
        yield found


def builtin_directory() -> Path:
    """The directory of the built-in rule files (the package ``patience_rules``, a folder of files)."""
    return Path(next(iter(importlib.import_module("patience_rules").__path__)))


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
