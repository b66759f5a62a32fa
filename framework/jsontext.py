"""JSON text from outside read within limits: the one reader of saves, saved states and request bodies.

Python's own reader fails on hostile text with a traceback (``RecursionError`` for
deep nesting, ``ValueError`` for a number of thousands of digits) and keeps the last
of a key given twice. ``parse_json`` refuses all of these, and text that is not
UTF-8 or not JSON, with a ``StateError`` of one line.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from .errors import StateError, quoted

#: The deepest nesting of lists and objects read; a save nests four levels.
MAX_DEPTH = 200
#: The most characters a number may have (digits, sign, point and exponent).
MAX_NUMBER_CHARACTERS = 100

_TOO_DEEP = f"nested deeper than {MAX_DEPTH} levels"


def parse_json(text: str | bytes, where: str) -> Any:
    """The JSON value in ``text``; ``StateError`` led by ``where`` (if any) when it is not JSON within the limits."""
    try:
        return _parse(text)
    except _Refused as error:
        raise StateError(f"{where}: {error}" if where else str(error)) from None


def _parse(text: str | bytes) -> Any:
    """The JSON value in ``text``; ``_Refused`` saying why not."""
    try:
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        value = json.loads(text, object_pairs_hook=_object, parse_int=_integer, parse_float=_fraction,
                           parse_constant=_constant)
    except UnicodeDecodeError as error:
        raise _Refused(f"not UTF-8 text (byte {error.start + 1})") from None
    except json.JSONDecodeError as error:
        message = error.msg.removesuffix(" at")  # "Unterminated string starting at"
        raise _Refused(f"not JSON: {message} at line {error.lineno} column {error.colno}") from None
    except RecursionError:  # nested far deeper than MAX_DEPTH
        raise _Refused(_TOO_DEEP) from None
    if _depth(value) > MAX_DEPTH:
        raise _Refused(_TOO_DEEP)
    return value


class _Refused(Exception):
    """Text that ``parse_json`` refuses; the message says why."""


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        counts = Counter(key for key, _ in pairs)
        repeated = next(key for key, _ in pairs if counts[key] > 1)
        raise _Refused(f"the key {quoted(repeated)} appears twice in one object")
    return result


def _integer(text: str) -> int:
    _check_number(text)
    return int(text)


def _fraction(text: str) -> float:
    _check_number(text)
    return float(text)


def _check_number(text: str) -> None:
    if len(text) > MAX_NUMBER_CHARACTERS:
        raise _Refused(f"a number of {len(text)} characters (at most {MAX_NUMBER_CHARACTERS})")


def _constant(text: str) -> Any:
    raise _Refused(f"{text} is not a JSON number")


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (0 for a number or text), counted without recursion."""
    deepest = 0
    waiting = [(value, 1)]
    while waiting:
        value, depth = waiting.pop()
        inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else None
        if inner is not None:
            deepest = max(deepest, depth)
            waiting.extend((item, depth + 1) for item in inner)
    return deepest
