"""Values worked out from files, kept between runs in the user's cache directory while the files stay the same.

A file's value is worked out again when the file's size or modification time has changed,
or when the stamp differs: what the values depend on besides the files (the program's
version, say). The cache is one JSON file per kind of value, written atomically; a cache
that is damaged or of another shape is ignored, and one that cannot be written is not
written. The cache only ever saves time: with it or without it the values are the same.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from .errors import PatienceError
from .savefile import read_json, write_json

#: The environment variable naming the user's cache directory (the XDG base directory specification).
CACHE_HOME_VARIABLE = "XDG_CACHE_HOME"
#: A file changed less than this long ago (in nanoseconds) is not kept: within one tick of the file
#: system's clock it could change again, to the same size, with no new modification time.
SETTLING_NS = 2_000_000_000


def cache_directory() -> Path:
    """Where the cache files go: ``$XDG_CACHE_HOME/patience``, else ``~/.cache/patience``."""
    home = os.environ.get(CACHE_HOME_VARIABLE)
    base = Path(home) if home and os.path.isabs(home) else Path.home() / ".cache"  # the spec: relative is ignored
    return base / "patience"


def cached_values(kind: str, paths: Iterable[Path], work_out: Callable[[Path], Any], accepts: Callable[[Any], bool],
                  stamp: Any) -> dict[Path, Any]:
    """The value of each file of ``paths``: ``work_out(path)``, or the one kept since the file last changed.

    ``kind`` names the cache file (``kind.json``); ``accepts`` says whether a value read back
    from it has the shape ``work_out`` gives (one that has not is worked out again); ``stamp``
    is any JSON value, and a cache of another stamp is not used. The cache is rewritten only
    if something in it changed, and then holds the files of ``paths`` alone (but for those
    changed in the last ``SETTLING_NS``, worked out again next time).
    """
    file = cache_directory() / f"{kind}.json"
    kept = _entries(file, stamp)
    fresh: dict[str, dict[str, Any]] = {}
    values: dict[Path, Any] = {}
    settled = time.time_ns() - SETTLING_NS
    for path in paths:
        try:
            status = path.stat()
        except OSError:  # gone or unreadable: ``work_out`` says what that means, every time
            values[path] = work_out(path)
            continue
        key = str(path) if path.is_absolute() else os.path.join(os.getcwd(), path)  # as given: a value may quote it
        entry = kept.get(key)
        if not (entry and entry["size"] == status.st_size and entry["mtime_ns"] == status.st_mtime_ns
                and accepts(entry["value"])):
            entry = {"size": status.st_size, "mtime_ns": status.st_mtime_ns, "value": work_out(path)}
        if status.st_mtime_ns < settled:
            fresh[key] = entry
        values[path] = entry["value"]
    if fresh != kept:
        _write(file, {"stamp": stamp, "files": fresh})
    return values


def _entries(file: Path, stamp: Any) -> dict[str, dict[str, Any]]:
    """The entries of the cache ``file`` if it is whole and of ``stamp``; else none."""
    try:
        data = read_json(file)
    except PatienceError:  # missing, unreadable or not JSON
        return {}
    if not isinstance(data, dict) or data.get("stamp") != stamp or not isinstance(data.get("files"), dict):
        return {}
    entries: dict[str, dict[str, Any]] = data["files"]
    if not all(isinstance(entry, dict) and entry.keys() == {"size", "mtime_ns", "value"}
               and type(entry["size"]) is int and type(entry["mtime_ns"]) is int for entry in entries.values()):
        return {}
    return entries


def _write(file: Path, data: dict[str, Any]) -> None:
    """Write the cache, or nothing where it cannot be written (a read-only home, a full disk)."""
    try:
        file.parent.mkdir(parents=True, exist_ok=True)
        write_json(file, data)
    except (OSError, PatienceError):
        pass
