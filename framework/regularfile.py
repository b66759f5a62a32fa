"""Files from outside read whole only when they are regular files of a bounded size: rule files and saves.

A path may name anything: a named pipe, whose reader waits for a writer that may never
come; a device such as /dev/zero, which never ends; a file of gigabytes. ``read_bounded``
refuses each of them before it reads a byte, and never opens what is not a regular file
(opening some devices does something).
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path


class NotRegularFile(Exception):
    """The path names a pipe, a socket or a device: not read, not even opened."""


class FileTooLarge(Exception):
    """The file holds more bytes than it may: ``size`` of them (or the bytes read, should it grow)."""

    def __init__(self, size: int) -> None:
        super().__init__(f"{size} bytes")
        self.size = size


def read_bounded(path: Path, most: int) -> bytes:
    """The bytes of the regular file at ``path``, which may hold at most ``most`` of them.

    ``IsADirectoryError`` for a directory, ``NotRegularFile`` for anything else that is not a
    regular file, ``FileTooLarge`` for more than ``most`` bytes; else what the system raises
    (``OSError``, or ``ValueError`` for a NUL in the path).
    """
    _check(os.stat(path), most)
    # Opened without waiting, and looked at again once open, in case a pipe has taken the file's place meanwhile.
    with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as file:
        _check(os.fstat(file.fileno()), most)
        data = file.read(most + 1)
    if len(data) > most:  # it grew
        raise FileTooLarge(len(data))
    return data


def _check(status: os.stat_result, most: int) -> None:
    if stat.S_ISDIR(status.st_mode):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR))
    if not stat.S_ISREG(status.st_mode):
        raise NotRegularFile("not a regular file")
    if status.st_size > most:
        raise FileTooLarge(status.st_size)
