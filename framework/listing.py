"""What lists of games show of each game: read from the index of the built-in games, or worked out once per rule
file and kept in the user's cache.

Finding a game's title, pack and difficulty means reading and checking its whole rule file
(a file that does not load is listed with its first problem), which for hundreds of games
takes seconds. The built-in games' lines are worked out before they ship: ``index.json``
beside their rule files holds each file's line with the SHA-256 of the text it was worked
out from (``python -m framework.listing`` writes it; ``tests/test_startup.py`` fails while it
is out of date), and a file whose text is still that one is listed from it. Every other
file (the user's games, those of installed packages, a built-in one edited since) is
checked in full, once: the cache (``framework.filecache``) makes a second listing a
matter of looking at the files' sizes and times.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cards import SUIT_NAMES
from .errors import LoadError
from .filecache import cached_values
from .rulefiles import available_games, builtin_directory

if TYPE_CHECKING:
    from .spec import GameSpec

#: The name of the cache file.
CACHE_KIND = "list"
#: The index of the built-in games, beside their rule files, and the command that writes it.
INDEX_NAME = "index.json"
INDEX_FORMAT = "patience-list-index"
COMMAND = "python -m framework.listing > rules/index.json"


@dataclass(frozen=True, slots=True)
class Listed:
    """One line of ``patience list``: the game's title, pack and difficulty, or why its rule file does not load; and
    what the web player's game picker shows besides (its family and summary)."""

    name: str = ""
    pack: str = ""
    decks: int = 0
    difficulty: str | None = None
    family: str | None = None
    summary: str = ""
    problem: str | None = None

    def __str__(self) -> str:
        if self.problem is not None:
            return f"cannot be loaded: {self.problem}"
        return f"{self.name}, {self.pack}, {self.difficulty or 'difficulty not given'}"


def listed_games() -> dict[str, Listed]:
    """Every game that can be loaded by name (``available_games``), in its order, with its line of the list."""
    games = available_games()
    values = indexed_lines(builtin_directory(), games.values())
    checked = [path for path in games.values() if path not in values]
    if checked:
        from .speccache import program_stamp  # here: a list of the built-in games alone needs no spec

        values.update(cached_values(CACHE_KIND, checked, _work_out, _accepts, program_stamp()))
    return {name: Listed(**values[path]) for name, path in games.items()}


def indexed_lines(directory: Path, paths: Iterable[Path]) -> dict[Path, dict[str, Any]]:
    """The lines that the index of ``directory`` holds for those of ``paths`` that lie there with the text it was
    worked out from; none where the index is missing or damaged."""
    try:  # the program's own file, not text from outside: Python's reader will do
        index = json.loads((directory / INDEX_NAME).read_bytes())
    except (OSError, ValueError, RecursionError):
        return {}
    files = index.get("files") if isinstance(index, dict) and index.get("format") == INDEX_FORMAT else None
    if not isinstance(files, dict):
        return {}
    found = {}
    for path in paths:
        entry = files.get(path.name) if path.parent == directory else None
        if isinstance(entry, dict) and _accepts(entry.get("line")) and entry.get("sha256") == _digest(path):
            found[path] = entry["line"]
    return found


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def index_text(directory: Path) -> str:
    """The index of the rule files in ``directory``: each file's line, worked out in full, and its SHA-256; one file
    a line, in the order of their names."""
    lines = [f"  {json.dumps(path.name)}: {json.dumps({'sha256': _digest(path), 'line': _work_out(path)})}"
             for path in sorted(directory.glob("*.yaml"))]
    return f'{{"format": "{INDEX_FORMAT}", "files": {{\n' + ",\n".join(lines) + "\n}}\n"


def _work_out(path: Path) -> dict[str, Any]:
    """The fields of ``Listed`` for the rule file at ``path``, read and checked in full."""
    from .loader import load_spec

    try:
        spec = load_spec(path)
    except LoadError as error:
        return {"problem": str(error.problems[0])}
    return {"name": spec.name, "pack": pack_words(spec), "decks": spec.decks, "difficulty": spec.difficulty,
            "family": spec.family, "summary": spec.summary}


def _accepts(value: Any) -> bool:
    """Whether ``value``, read back from the cache, is what ``_work_out`` gives."""
    if not isinstance(value, dict):
        return False
    if value.keys() == {"problem"}:
        return isinstance(value["problem"], str)
    return (value.keys() == {"name", "pack", "decks", "difficulty", "family", "summary"}
            and isinstance(value["name"], str) and isinstance(value["pack"], str) and type(value["decks"]) is int
            and isinstance(value["difficulty"], str | None) and isinstance(value["family"], str | None)
            and isinstance(value["summary"], str))


def family_words(family: str | None) -> str | None:
    """A family of the rule files' schema in a player's words (docs/games.md's heading for it): ``Pairing and adding
    up`` for ``pairing``."""
    from .schemacheck import game_schema  # here: listing the games' names needs no schema

    return None if family is None else game_schema()["properties"]["family"]["x-headings"][family]


def pack_words(spec: GameSpec) -> str:
    """The game's pack in a player's words.

    For example: ``52 cards``, ``104 cards (2 decks)``, ``104 cards of one suit (spades)``.
    """
    cards = spec.decks * 13 * len(spec.suits)
    if len(spec.suits) < len(SUIT_NAMES):
        count = ("one", "two", "three")[len(spec.suits) - 1]
        names = ", ".join(SUIT_NAMES[suit] for suit in spec.suits)
        return f"{cards} cards of {count} suit{'s' * (len(spec.suits) > 1)} ({names})"
    if spec.decks > 1:
        return f"{cards} cards ({spec.decks} decks)"
    return f"{cards} cards"


if __name__ == "__main__":
    sys.stdout.write(index_text(builtin_directory()))
