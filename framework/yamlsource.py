"""YAML text to plain data plus the position of every value, read safely.

The result holds only what JSON holds: mappings with string keys, lists,
strings, numbers, booleans and null. Only the safe constructors are used, and
only for the plain tags; any other tag (``!!python/object``, ``!!binary``, a
custom ``!tag``) is refused. Duplicate keys are errors. Limits on size, nesting
and alias expansion are checked while the text is read, so no input makes the
reader slow (a "billion laughs" alias bomb, ``[[[[...``, a huge file).
"""

from __future__ import annotations

import re
from typing import Any, cast

import yaml

from .errors import Problem, quoted
from .rulefiles import MAX_BYTES

Path = tuple[Any, ...]
Position = tuple[int, int]

#: Most values a file may expand to, aliases included.
MAX_NODES = 10_000
#: Deepest nesting of lists and mappings.
MAX_DEPTH = 50

_TAG = "tag:yaml.org,2002:"
#: Tags a value may carry, written or implied; anything else is refused.
_PLAIN_TAGS = frozenset(_TAG + name for name in ("str", "int", "float", "bool", "null", "map", "seq"))
_MERGE_TAG = _TAG + "merge"
#: Characters no rule-file text holds: control characters (but tab and newline), lone surrogates.
_NOT_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
#: A whole number as JSON (and YAML 1.2) writes it.
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)")
#: Digits, as in a whole number too long to convert.
_DIGITS = re.compile(r"[-+]?[0-9_]+")


class _Refused(yaml.MarkedYAMLError):
    """A limit or rule of this reader broken at a place in the text."""

    def __init__(self, mark: yaml.Mark, message: str) -> None:
        super().__init__(problem=message, problem_mark=mark)


class _Loader(yaml.SafeLoader):
    """The safe loader, composing with the nesting and size limits, and noting which tags were written."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.depth = 0
        self.nodes = 0
        self.written_tags: set[int] = set()  # ids of nodes whose tag is written in the text

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise _Refused(event.start_mark, f"more than {MAX_NODES} values: too large for a rule file")
        if self.depth >= MAX_DEPTH:
            raise _Refused(event.start_mark, f"nested more than {MAX_DEPTH} levels deep")
        self.depth += 1
        try:
            node = super().compose_node(parent, index)
        finally:
            self.depth -= 1
        if getattr(event, "tag", None) not in (None, "!"):
            self.written_tags.add(id(node))
        return node


class _Reader:
    """Turns composed YAML nodes into plain data, recording positions and problems."""

    def __init__(self, source: str, loader: _Loader) -> None:
        self.source = source
        self.loader = loader
        self.positions: dict[Path, Position] = {}
        self.key_positions: dict[Path, Position] = {}
        self.problems: list[Problem] = []
        self.refused: set[Path] = set()  # values already reported, not to be reported again
        self.values = 0
        self.open: set[int] = set()  # ids of the nodes being converted, to catch an alias inside itself

    def problem(self, mark: yaml.Mark, message: str) -> None:
        self.problems.append(Problem(self.source, mark.line + 1, mark.column + 1, message))

    def refuse(self, node: yaml.Node, path: Path, message: str) -> None:
        self.problem(node.start_mark, message)
        self.refused.add(path)

    def convert(self, node: yaml.Node, path: Path) -> Any:
        self.values += 1
        if self.values > MAX_NODES:
            raise _Refused(node.start_mark, f"the document expands to more than {MAX_NODES} values (aliases?)")
        if len(path) > MAX_DEPTH:
            raise _Refused(node.start_mark, f"nested more than {MAX_DEPTH} levels deep (aliases?)")
        if id(node) in self.open:
            raise _Refused(node.start_mark, "an alias refers to a value that contains it")
        if not self._plain_tag(node):
            self.positions[path] = _position(node.start_mark)
            self.refuse(node, path, _tag_refused(node))
            return None
        if isinstance(node, yaml.ScalarNode):
            self.positions[path] = _position(node.start_mark)
            return self.scalar(node, path)
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                result: Any = [self.convert(item, path + (index,)) for index, item in enumerate(node.value)]
            else:
                result = self.mapping(cast(yaml.MappingNode, node), path)  # the one kind of node left
        finally:
            self.open.discard(id(node))
        self.positions[path] = _position(node.start_mark)
        return result

    def _plain_tag(self, node: yaml.Node) -> bool:
        """Whether the node's tag is one of the plain ones; a tag the resolver implied always is."""
        return node.tag in _PLAIN_TAGS or id(node) not in self.loader.written_tags

    def mapping(self, node: yaml.MappingNode, path: Path) -> dict[str, Any]:
        merges = [value for key, value in node.value
                  if key.tag == _MERGE_TAG and id(key) not in self.loader.written_tags]
        result = self.merged(merges, path)  # first, so that the keys written here win
        written: set[str] = set()
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG and id(key_node) not in self.loader.written_tags:
                continue
            if not self._plain_tag(key_node):
                self.problem(key_node.start_mark, _tag_refused(key_node))
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                self.problem(key_node.start_mark, "a key must be a plain word, not a list or mapping")
                continue
            key = key_node.value  # a key is a name: 'no' and '010' stay words
            if key in written:
                self.problem(key_node.start_mark, f"duplicate key {key!r}")
                continue
            written.add(key)
            self.key_positions[path + (key,)] = _position(key_node.start_mark)
            result[key] = self.convert(value_node, path + (key,))
        return result

    def merged(self, merges: list[yaml.Node], path: Path) -> dict[str, Any]:
        """The keys that ``<<: *mapping`` (or ``<<: [*first, *second]``) brings in; the first mapping named wins."""
        result: dict[str, Any] = {}
        for value_node in merges:
            sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            for source in reversed(sources):
                merged = self.convert(source, path)
                if isinstance(merged, dict):
                    result.update(merged)
                else:
                    self.problem(source.start_mark, "'<<' merges a mapping or a list of mappings")
        return result

    def scalar(self, node: yaml.ScalarNode, path: Path) -> Any:
        text = node.value
        tag = node.tag
        written = id(node) in self.loader.written_tags
        if tag == _TAG + "str" or tag not in _PLAIN_TAGS:  # implied timestamps and '=' stay text
            return self.text(node, path, text)
        try:
            value = self.loader.construct_object(node, deep=True)
        except (ValueError, KeyError, IndexError):  # a tag written on text that is not its kind, or too many digits
            self.refuse(node, path, _not_of_its_tag(tag, text))
            return None
        if tag == _TAG + "int" and not written and not _DECIMAL.fullmatch(text):
            self.refuse(node, path, f"{text!r} is read as {value} ({_int_kind(text)} in YAML 1.1); "
                                    f"write plain digits, or quote it if you meant a word")
            return None
        return value

    def text(self, node: yaml.ScalarNode, path: Path, text: str) -> str | None:
        """``text``, unless it holds characters no rule file should: control characters, lone surrogates."""
        bad = _NOT_TEXT.search(text)
        if bad:
            self.refuse(node, path, f"the character U+{ord(bad.group()):04X} is not allowed in text")
            return None
        return text


def _tag_refused(node: yaml.Node) -> str:
    tag = node.tag.replace(_TAG, "!!")
    return f"the tag {tag!r} is not allowed: only plain YAML values are"


#: What each tag that PyYAML builds a value of from text is for, in words.
_TAG_WORDS = {_TAG + "int": "a whole number", _TAG + "float": "a number", _TAG + "bool": "true or false"}


def _not_of_its_tag(tag: str, text: str) -> str:
    """Why ``text``, tagged ``tag``, is no value: the digits of a number too long to convert, or not of its tag's
    kind (``!!int abc``, ``!!bool 2``, ``!!int ''``)."""
    if tag == _TAG + "int" and _DIGITS.fullmatch(text):
        return f"a number of {len(text)} digits is too long"
    kind = _TAG_WORDS.get(tag, "another kind of value")
    return f"the tag {tag.replace(_TAG, '!!')!r} is for {kind}, not {quoted(text)}"


def _int_kind(text: str) -> str:
    """What kind of YAML 1.1 whole number ``text`` is, when it is not plain decimal digits."""
    digits = text.lstrip("+-")
    if digits.startswith("0b"):
        return "a binary number"
    if digits.startswith("0x"):
        return "a hexadecimal number"
    if ":" in digits:
        return "a base-60 number"
    if "_" in digits:
        return "a number with '_'"
    return "an octal number"


def _position(mark: yaml.Mark) -> Position:
    return mark.line + 1, mark.column + 1


class YamlDocument:
    """A YAML document as plain data, with ``position(path)`` for any value in it."""

    def __init__(self, data: Any, positions: dict[Path, Position], key_positions: dict[Path, Position],
                 refused: set[Path]) -> None:
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
        return None, [too_large(source, len(raw))]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = _line_column(raw, error.start)
        return None, [Problem(source, line, column, "not UTF-8 text")]
    if "\0" in text:
        line, column = _line_column(text, text.index("\0"))
        return None, [Problem(source, line, column, "binary data, not YAML text")]
    try:
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None, [Problem(source, 1, 1, "empty file: expected a game definition")]
            reader = _Reader(source, loader)
            data = reader.convert(node, ())
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line, column = _position(mark) if mark else (0, 0)
        return None, [Problem(source, line, column, _syntax_message(error, text))]
    except yaml.reader.ReaderError as error:
        line, column = _line_column(text, error.position)
        return None, [Problem(source, line, column,
                              f"the character U+{error.character:04X} is not allowed in YAML text")]
    return YamlDocument(data, reader.positions, reader.key_positions, reader.refused), reader.problems


def too_large(source: str, size: int) -> Problem:
    """The problem of a file of ``size`` bytes, too large to be a rule file."""
    return Problem(source, 0, 0, f"file too large: {size} bytes (a rule file has at most {MAX_BYTES})")


def _syntax_message(error: yaml.MarkedYAMLError, text: str) -> str:
    """PyYAML's description of a syntax error, reworded where it is obscure."""
    message = error.problem or error.context or "not valid YAML"
    mark = error.problem_mark
    if mark is not None and (text[mark.index:mark.index + 1] == "\t" or "'\\t'" in message):
        return "a tab character; indent YAML with spaces"
    if message == "but found another document":
        return "a second document ('---'); a rule file holds one"
    if (message == "found unexpected end of stream" and error.context_mark is not None
            and "quoted" in (error.context or "")):
        line, column = _position(error.context_mark)
        return f"the quoted text that starts at line {line}, column {column} is never closed"
    if message.startswith("found undefined alias"):
        return f"the alias {message.rsplit(' ', 1)[1]} names no anchor ('&name') written before it"
    return message


def _line_column(text: str | bytes, index: int) -> Position:
    """The 1-based line and column of position ``index`` in ``text``."""
    newline = "\n" if isinstance(text, str) else b"\n"
    line_start = text.rfind(newline, 0, index) + 1  # type: ignore[arg-type]
    return text.count(newline, 0, index) + 1, index - line_start + 1  # type: ignore[arg-type]
