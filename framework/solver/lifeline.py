"""Processes that end with the process that started them, even when it is killed and can stop nothing.

A search process (``portfolio``) or a worker of ``stats`` is stopped by its parent: when the
answer is in, at Ctrl-C, or when the parent is terminated. A parent killed with SIGKILL stops
nothing, and its processes would go on: a search computing up to its ``--time`` (600 s by
default), a pool's worker waiting for work forever. So each of them ties its life to its
parent's as it starts (``end_with_parent``):

- on Linux, by asking the kernel to send it SIGKILL when its parent ends
  (``prctl(PR_SET_PDEATHSIG)``). It is at once, whatever the process is doing (a search
  compiled by mypyc never lets another thread of its process run for long, a worker blocks
  reading its queue), and needs no thread, pipe or polling;
- elsewhere, by a daemon thread that looks every ``WATCH_SECONDS`` whether the parent is still
  the process it started with: an orphan is adopted by another process (``os.getppid``).

A pipe whose end of file would tell that the parent is gone was not chosen: each process forked
later inherits its writing end and keeps it open (a second search would keep the first one's
pipe alive), and what a pool's worker inherits depends on its start method.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time

#: ``prctl``'s option that names the signal a process gets when its parent ends (linux/prctl.h).
PR_SET_PDEATHSIG = 1
#: How often, in seconds, the thread that stands in for the kernel's signal looks at the parent.
WATCH_SECONDS = 1.0


def end_with_parent(parent: int) -> None:
    """End this process as soon as the process ``parent`` (its parent's pid, given by the parent) ends.

    If the parent has ended already, this process ends now.
    """
    if not _killed_with_parent():
        threading.Thread(target=_watch, args=(parent,), name="lifeline", daemon=True).start()
    if os.getppid() != parent:  # ended before the kernel was asked: no signal will come for it
        _end()


def _killed_with_parent() -> bool:
    """Asks the kernel for SIGKILL when the parent ends; whether it will send it (Linux only)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), ctypes.c_ulong(0),
                              ctypes.c_ulong(0), ctypes.c_ulong(0))) == 0
    except (OSError, AttributeError):  # no C library to load, or no prctl in it
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    _end()


def _end() -> None:
    os._exit(128 + signal.SIGKILL)  # as if killed: nothing of the parent's is flushed or cleaned up twice
