"""Files (JSON, and text) written atomically, and JSON read back with one-line errors.

A save never leaves a half-written file behind: the text goes to a temporary
file in the same directory, is flushed to disk, and then replaces the target
in one step, so the old file stays whole if anything fails on the way.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from .errors import StateError
from .jsontext import parse_json


def write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically; ``StateError`` if it cannot be written."""
    write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically; ``StateError`` if it cannot be written.

    A file replaced keeps its permissions, and a symbolic link keeps pointing at the file
    it names, which is the one written; a new file gets the permissions the umask gives.
    """
    shown = Path(path)
    target = Path(os.path.realpath(shown))  # through a link, to the file it names
    try:
        mode = _mode_for(target)
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as error:
        raise StateError(f"{shown}: cannot write: {error.strerror}") from None
    try:
        os.chmod(temporary, mode)  # mkstemp makes the file private (0600)
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException as error:
        os.unlink(temporary)
        if isinstance(error, OSError):
            raise StateError(f"{shown}: cannot write: {error.strerror}") from None
        raise
    _sync_directory(target.parent)


def _mode_for(target: Path) -> int:
    """The permissions a save to ``target`` gets: those of the file it replaces, else what the umask leaves."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_directory(directory: Path) -> None:
    """Flush the directory entry of a replaced file, where the system allows it (POSIX)."""
    if os.name != "posix":
        return
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def read_json(path: str | os.PathLike[str]) -> Any:
    """The JSON value in the file at ``path`` (read by ``parse_json``); ``StateError`` naming the file if not."""
    source = Path(path)
    try:
        text = source.read_bytes()
    except IsADirectoryError:
        raise StateError(f"{source}: is a directory, not a saved game") from None
    except OSError as error:
        raise StateError(f"{source}: cannot read: {error.strerror}") from None
    return parse_json(text, str(source))
