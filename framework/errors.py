"""The errors the framework raises for bad input."""

from __future__ import annotations

from dataclasses import dataclass

#: The most characters of an input that a message quotes: a message stays one short line.
QUOTED_CHARACTERS = 80


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem found in an input file, with where it is (1-based line and column; 0 if unknown)."""

    source: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        if self.line:
            return f"{self.source}:{self.line}:{self.column}: {self.message}"
        return f"{self.source}: {self.message}"


def quoted(value: object) -> str:
    """``value`` as a message quotes it: its ``repr``, cut to about ``QUOTED_CHARACTERS`` with "…"."""
    if isinstance(value, str) and len(value) > QUOTED_CHARACTERS:
        return repr(value[:QUOTED_CHARACTERS]) + "…"
    text = repr(value)
    return text if len(text) <= QUOTED_CHARACTERS else text[:QUOTED_CHARACTERS] + "…"


class PatienceError(Exception):
    """Base class of the framework's errors about input."""


class LoadError(PatienceError):
    """A rule file that cannot be loaded; ``problems`` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(problem) for problem in problems))


class StateError(PatienceError):
    """A saved state that cannot be read; the message names the field."""


class MoveError(PatienceError):
    """Move text that does not name a legal move; one of the three kinds below says why."""


class InvalidMoveError(MoveError):
    """Text that is not a move at all: no words, a pile that does not exist, too many words."""


class IllegalMoveError(MoveError):
    """A move that the rules do not allow in this position."""


class AmbiguousMoveError(MoveError):
    """Text that names more than one legal move; the message lists them."""


class PluginError(PatienceError):
    """A plugin that raised or returned something it should not have; names the plugin and hook."""
