"""Checked game specs kept between runs in the user's cache, so that loading a game again reads no YAML and checks
no schema.

Reading and checking a rule file takes several times as long as anything else a short
command does (importing the YAML reader and the schema checker above all), and gives the
same spec for the same text as long as the program and the plugins stay the same. So the
spec is kept, as data: ``$XDG_CACHE_HOME/patience/specs/`` (else ``~/.cache/patience/specs/``)
holds one JSON file per rule file loaded, named by a digest of its path, with the SHA-256 of
the rule file's bytes and of the program's stamp (``program_stamp``, below) it was
checked with. A spec is taken from it only when both are the same now; else the file is
checked in full again and its entry replaced (atomically). An entry that is damaged or of
another shape is ignored and replaced, one that cannot be written is not written: the cache
only ever saves time. Only specs that load are kept; a rule file with problems is checked
every time, so that they are reported.

A kept spec is JSON in which each value says what it is: a tuple, a frozen set, a mapping,
a word of one of ``spec``'s enums, or one of ``spec``'s dataclasses with its fields. Reading
it makes only those, never anything a cache file names otherwise (no pickle, no code).
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import json
import math
import os
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from types import MappingProxyType
from typing import Any

from . import plugins
from . import spec as spec_module
from .errors import PatienceError
from .filecache import cache_directory
from .savefile import read_json, write_json
from .spec import GameSpec

#: The folder of the kept specs in the user's cache directory, and the format of each file there.
FOLDER = "specs"
FORMAT = "patience-spec-cache-1"

#: What a kept spec may be made of, by name: the dataclasses and the enums of ``framework.spec``.
_CLASSES: dict[str, type] = {name: value for name, value in vars(spec_module).items()
                             if isinstance(value, type) and dataclasses.is_dataclass(value)}
_ENUMS: dict[str, type[StrEnum]] = {name: value for name, value in vars(spec_module).items()
                                    if isinstance(value, type) and issubclass(value, StrEnum) and value is not StrEnum}


class _NotKept(Exception):
    """A value that the cache cannot hold exactly, or an entry that does not read back as a spec."""


def kept_spec(path: Path, raw: bytes, source: str, game_id: str, check: Callable[[], GameSpec]) -> GameSpec:
    """The spec of the rule file at ``path``, whose bytes are ``raw``: the one kept for this text and this program,
    else ``check()``'s (which reads and checks ``raw`` in full, and raises on a problem), then kept.

    ``source`` and ``game_id`` are the spec's own, as ``check`` gives them: the cache holds
    the rest, which the text alone decides.
    """
    file = cache_directory() / FOLDER / f"{_digest(os.fsencode(path.absolute()))}.json"
    rules = _digest(raw)
    stamp = _digest(json.dumps(program_stamp()).encode())
    spec = _read(file, rules, stamp)
    if spec is not None:
        return dataclasses.replace(spec, source=source, id=game_id)
    spec = check()
    _keep(file, rules, stamp, spec)
    return spec


def program_stamp() -> list[Any]:
    """What a game's checked rules depend on besides its rule file: this program and the plugins installed.

    The sizes and times of the framework's own modules and schema (installing another version
    writes them anew), each installed plugin's entry point, and the sizes and times of the
    modules in the folder of each module an entry point names (a plugin may build on a module
    beside it), so that an editable install being worked on does not use what its code no
    longer says.
    """
    framework = Path(__file__).resolve().parent
    code = sorted([*framework.glob("*.py"), *framework.glob("schema/*.json")])
    installed = sorted(plugins.plugin_entry_points().items())
    folders = sorted({folder for _, entry in installed for folder in _module_folder(entry.module)})
    modules = sorted({path for folder in folders for path in folder.glob("*.py")})
    return [[_file_stamp(path) for path in code], [[name, entry.value] for name, entry in installed],
            [_file_stamp(path) for path in modules]]


def _module_folder(module: str) -> list[Path]:
    """The folder of ``module``'s file, found without running it (its parent packages are imported); none if it
    cannot be found."""
    try:
        found = importlib.util.find_spec(module)
    except (ImportError, ValueError):  # a broken plugin: loading the games says so
        return []
    return [Path(found.origin).parent] if found is not None and found.origin else []


def _file_stamp(path: Path) -> list[Any]:
    try:
        status = path.stat()
    except OSError:
        return [str(path)]
    return [str(path), status.st_size, status.st_mtime_ns]


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _read(file: Path, rules: str, stamp: str) -> GameSpec | None:
    """The spec kept in ``file`` for rule text of digest ``rules`` and the program of digest ``stamp``; else None."""
    try:
        entry = read_json(file)
    except PatienceError:  # missing, unreadable or not JSON
        return None
    if not (isinstance(entry, dict) and entry.get("format") == FORMAT and entry.get("rules") == rules
            and entry.get("stamp") == stamp and isinstance(entry.get("spec"), str)
            and entry.get("spec_sha256") == _digest(entry["spec"].encode())):
        return None
    try:
        spec = _decoded(json.loads(entry["spec"]))
    except Exception:  # whatever a damaged entry makes fail (a field of the wrong type, say): it is not used
        return None
    return spec if isinstance(spec, GameSpec) else None


def _keep(file: Path, rules: str, stamp: str, spec: GameSpec) -> None:
    """Keep ``spec`` in ``file``, if it reads back as it is; nothing where the cache cannot be written."""
    anonymous = dataclasses.replace(spec, source="", id="")
    try:
        text = json.dumps(_encoded(anonymous), allow_nan=False, separators=(",", ":"))
        if _decoded(json.loads(text)) != anonymous:
            return
    except (_NotKept, ValueError, TypeError, RecursionError):
        return
    entry = {"format": FORMAT, "rules": rules, "stamp": stamp, "spec": text,
             "spec_sha256": _digest(text.encode())}
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        write_json(file, entry)
    except (OSError, PatienceError):  # a read-only home, a full disk
        pass


def _encoded(value: Any) -> Any:
    """``value`` as JSON that says what each part of it is; ``_NotKept`` for what the cache cannot hold."""
    if value is None or type(value) in (bool, int, str) or type(value) is float and math.isfinite(value):
        return value
    if type(value) is list:
        return [_encoded(item) for item in value]
    encode = _ENCODERS.get(type(value))
    if encode is None and isinstance(value, StrEnum) and _ENUMS.get(type(value).__name__) is type(value):
        encode = _encoded_enum
    if encode is None and dataclasses.is_dataclass(value) and _CLASSES.get(type(value).__name__) is type(value):
        encode = _encoded_spec
    if encode is None:
        raise _NotKept(f"{type(value).__name__} is not kept")
    return encode(value)


def _encoded_mapping(value: dict[str, Any] | MappingProxyType[str, Any]) -> Any:
    if not all(type(key) is str for key in value):
        raise _NotKept("a mapping with keys other than text is not kept")
    return {"dict" if type(value) is dict else "mapping": {key: _encoded(item) for key, item in value.items()}}


def _encoded_enum(value: StrEnum) -> Any:
    return {"enum": [type(value).__name__, value.value]}


def _encoded_spec(value: Any) -> Any:
    return {"spec": [type(value).__name__, {field.name: _encoded(getattr(value, field.name))
                                            for field in dataclasses.fields(value)}]}


#: How each container the specs use is written, by its exact type (a subclass is not kept).
_ENCODERS: dict[type, Callable[[Any], Any]] = {
    tuple: lambda value: {"tuple": [_encoded(item) for item in value]},
    frozenset: lambda value: {"frozenset": [_encoded(item) for item in sorted(value)]},
    dict: _encoded_mapping,
    MappingProxyType: _encoded_mapping,
}


def _decoded(data: Any) -> Any:
    """The value that ``_encoded`` made ``data`` of."""
    if isinstance(data, list):
        return [_decoded(item) for item in data]
    if not isinstance(data, dict):
        return data
    if len(data) != 1:
        raise _NotKept("not a value of the cache")
    [(kind, body)] = data.items()
    decode = _DECODERS.get(kind)
    if decode is None:
        raise _NotKept(f"{kind!r} is not a kind of value the cache holds")
    return decode(body)


def _decoded_enum(body: Any) -> Any:
    name, word = body
    return _ENUMS[name](word)


def _decoded_spec(body: Any) -> Any:
    name, fields = body
    return _CLASSES[name](**{field: _decoded(item) for field, item in fields.items()})


#: How each kind of value ``_encoded`` writes is read back.
_DECODERS: dict[str, Callable[[Any], Any]] = {
    "tuple": lambda body: tuple(_decoded(item) for item in body),
    "frozenset": lambda body: frozenset(_decoded(item) for item in body),
    "dict": lambda body: {key: _decoded(item) for key, item in body.items()},
    "mapping": lambda body: MappingProxyType({key: _decoded(item) for key, item in body.items()}),
    "enum": _decoded_enum,
    "spec": _decoded_spec,
}
