"""YAML text to plain data plus the position of every value, read safely.

Only the safe constructors are used; tags such as ``!!python/object`` are refused.
Duplicate keys are errors, and alias expansion is bounded (no "billion laughs").
"""

from __future__ import annotations

from typing import Any

import yaml

from .errors import Problem

Path = tuple[Any, ...]
Position = tuple[int, int]

#: Most values a file may expand to, aliases included.
MAX_NODES = 100_000
#: Largest rule file read, in bytes.
MAX_BYTES = 1_000_000


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.loader = yaml.SafeLoader("")
        self.positions: dict[Path, Position] = {}
        self.key_positions: dict[Path, Position] = {}
        self.problems: list[Problem] = []
        self.refused: set[Path] = set()  # values already reported, not to be reported again
        self.nodes = 0

    def problem(self, mark: yaml.Mark | None, message: str) -> None:
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        self.problems.append(Problem(self.source, line, column, message))

    def convert(self, node: yaml.Node, path: Path) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _TooBig(node)
        self.positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.MappingNode):
            self.loader.flatten_mapping(node)
            result: dict[Any, Any] = {}
            for key_node, value_node in node.value:
                key = self.scalar(key_node, path) if isinstance(key_node, yaml.ScalarNode) else None
                if key is None or not isinstance(key, (str, int, bool)):
                    self.problem(key_node.start_mark, "a key must be a plain word")
                    continue
                if isinstance(key, bool) or not isinstance(key, str):
                    key = key_node.value  # a key is a name: 'no' and '010' stay words
                if key in result:
                    self.problem(key_node.start_mark, f"duplicate key {key!r}")
                    continue
                self.key_positions[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                result[key] = self.convert(value_node, path + (key,))
            return result
        if isinstance(node, yaml.SequenceNode):
            return [self.convert(item, path + (index,)) for index, item in enumerate(node.value)]
        return self.scalar(node, path)

    def scalar(self, node: yaml.ScalarNode, path: Path) -> Any:
        try:
            return self.loader.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            self.problem(node.start_mark, f"the tag {tag!r} is not allowed: only plain YAML values are")
            self.refused.add(path)
            return None


class _TooBig(Exception):
    def __init__(self, node: yaml.Node) -> None:
        self.node = node


class YamlDocument:
    """A YAML document as plain data, with ``position(path)`` for any value in it."""

    def __init__(self, data: Any, positions: dict[Path, Position], key_positions: dict[Path, Position], refused: set[Path]) -> None:
        self.data = data
        #: Paths of values refused while reading (already reported).
        self.refused = refused
        self._positions = positions
        self._key_positions = key_positions

    def position(self, path: Path, *, key: bool = False) -> Position:
        """Line and column of the value at ``path`` (of its key with ``key=True``), or of its nearest parent."""
        path = tuple(path)
        if key and path in self._key_positions:
            return self._key_positions[path]
        while path not in self._positions and path:
            path = path[:-1]
        return self._positions.get(path, (1, 1))


def read_yaml(raw: bytes, source: str) -> tuple[YamlDocument | None, list[Problem]]:
    """Parse ``raw`` bytes of YAML; the document and the problems found (the document is None if unreadable)."""
    if len(raw) > MAX_BYTES:
        return None, [Problem(source, 0, 0, f"file too large: {len(raw)} bytes (at most {MAX_BYTES})")]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        return None, [Problem(source, line, column, "not UTF-8 text")]
    if "\0" in text:
        line = text[: text.index("\0")].count("\n") + 1
        return None, [Problem(source, line, 1, "binary data, not YAML text")]
    reader = _Reader(source)
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        message = error.problem or error.context or "not valid YAML"
        if "\t" in message or "found character '\\t'" in message:
            message = "a tab character; indent YAML with spaces"
        reader.problem(mark, message)
        return None, reader.problems
    except yaml.YAMLError as error:
        return None, [Problem(source, 0, 0, f"not valid YAML: {error}")]
    except RecursionError:
        return None, [Problem(source, 0, 0, "nesting too deep")]
    if node is None:
        return None, [Problem(source, 1, 1, "empty file: expected a game definition")]
    try:
        data = reader.convert(node, ())
    except _TooBig as error:
        reader.problem(error.node.start_mark, f"the document expands to more than {MAX_NODES} values (aliases?)")
        return None, reader.problems
    except RecursionError:
        return None, [Problem(source, 0, 0, "nesting too deep")]
    return YamlDocument(data, reader.positions, reader.key_positions, reader.refused), reader.problems
