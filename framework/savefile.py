"""Files (JSON, and text) written atomically, and JSON read back with one-line errors.

A save never leaves a half-written file behind: the text goes to a temporary
file in the same directory, is flushed to disk, and then replaces the target
in one step, so the old file stays whole if anything fails on the way. A save
killed on the way leaves its temporary file; the next save to the same file
removes it (``_remove_stale``). Only a regular file is replaced, or a new one
made: a save never puts a file in the place of a pipe or a device.
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from .errors import StateError
from .jsontext import parse_json
from .regularfile import FileTooLarge, NotRegularFile, read_bounded

if os.name == "posix":
    import fcntl

#: The most bytes a saved game is read to: one of a million moves is about 12 MB.
MAX_SAVE_BYTES = 20_000_000
#: Seconds since a temporary file no save holds was last written, after which it is taken for one a killed
#: save left. A save under way holds its own (``_hold``); one that has just begun may not yet, but its file is new.
STALE_SECONDS = 60


def write_json(path: str | os.PathLike[str], data: Any) -> None:
    """Write ``data`` as JSON to ``path`` atomically; ``StateError`` if it cannot be written."""
    write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically; ``StateError`` if it cannot be written.

    A file replaced keeps its permissions, and a symbolic link keeps pointing at the file
    it names, which is the one written; a new file gets the permissions the umask gives.
    A path that names anything but a regular file (a directory, a pipe, a device) is refused.
    """
    shown = Path(path)
    target = Path(os.path.realpath(shown))  # through a link, to the file it names
    try:
        mode = _mode_for(target)
        if mode is None:
            raise StateError(f"{shown}: is not a regular file: a save goes to a regular file or a new one")
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as error:
        raise StateError(f"{shown}: cannot write: {error.strerror}") from None
    try:
        _hold(handle)
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
    _remove_stale(target)


def _mode_for(target: Path) -> int | None:
    """The permissions a save to ``target`` gets: those of the file it replaces, else what the umask leaves;
    None if ``target`` is there and not a regular file."""
    try:
        status = target.stat()
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    return stat.S_IMODE(status.st_mode) if stat.S_ISREG(status.st_mode) else None


def _hold(descriptor: int) -> None:
    """Lock the temporary file open at ``descriptor`` for as long as it is open, so that no other save takes it
    for one a killed save left (POSIX; elsewhere only its age tells)."""
    if os.name == "posix":
        fcntl.flock(descriptor, fcntl.LOCK_EX)


def _held(descriptor: int) -> bool:
    """Whether a save under way holds the temporary file open at ``descriptor`` (``_hold``)."""
    if os.name != "posix":
        return False
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    return False


def _remove_stale(target: Path) -> None:
    """Remove the temporary files that saves to ``target`` killed on the way left: each that no save holds and
    that was last written over ``STALE_SECONDS`` ago. Anything else is left as it is."""
    name = re.compile(rf"\.{re.escape(target.name)}\.[a-z0-9_]{{8}}\.tmp")  # as mkstemp names them
    try:
        entries = [entry for entry in os.scandir(target.parent) if name.fullmatch(entry.name)]
    except OSError:
        return
    for entry in entries:
        try:
            if not entry.is_file(follow_symlinks=False) or (
                    time.time() - entry.stat(follow_symlinks=False).st_mtime < STALE_SECONDS):
                continue
            descriptor = os.open(entry.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
            try:
                if not _held(descriptor):
                    os.unlink(entry.path)
            finally:
                os.close(descriptor)
        except OSError:
            continue  # removed meanwhile, or not this user's to remove: the save itself is done


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
    """The JSON value in the file at ``path`` (read by ``parse_json``); ``StateError`` naming the file if not.

    Only a regular file of at most ``MAX_SAVE_BYTES`` is read: a pipe or a device is not even opened.
    """
    source = Path(path)
    try:
        text = read_bounded(source, MAX_SAVE_BYTES)
    except IsADirectoryError:
        raise StateError(f"{source}: is a directory, not a saved game") from None
    except NotRegularFile:
        raise StateError(f"{source}: is not a regular file") from None
    except FileTooLarge as error:
        raise StateError(f"{source}: too large: {error.size:,} bytes (a saved game has at most "
                         f"{MAX_SAVE_BYTES:,})") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the path
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise StateError(f"{source}: cannot read: {reason}") from None
    return parse_json(text, str(source))
