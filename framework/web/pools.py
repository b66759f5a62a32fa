"""The long tasks of requests, hint searches and loads of saved games, each kind on a few threads of its own
with a bounded queue.

A hint may search for many seconds, and a load of a long save replays every move (seconds for
10,000 moves of a game with a hundred moves a position). Run on the request threads, a crowd of
them would hold every one of them, and a request for the table would wait behind; here at most
``workers`` of a kind run at once, at most ``waiting`` more wait, and any beyond are refused at
once (``Busy``: 429) rather than queued without end.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")

#: How many hint searches run at once, and how many more may wait for a turn.
HINT_WORKERS = 2
HINTS_WAITING = 8
#: How many loads of saved games run at once, and how many more may wait. One at a time: a load is
#: work for the processor alone, and every thread that does such work slows the answers to the others.
LOAD_WORKERS = 1
LOADS_WAITING = 8
#: How many checks and deals of rule files that authors write run at once, and how many more may wait. One at a
#: time, as loads: each is work for the processor alone (reading the YAML, checking it, building the game).
CHECK_WORKERS = 1
CHECKS_WAITING = 8


class Busy(Exception):
    """Every thread of a pool is busy and its queue is full."""


class BoundedPool:
    """At most ``workers`` tasks at once and ``waiting`` more queued; beyond, ``Busy`` saying ``busy`` (in which
    ``{count}`` is how many run or wait). The threads are called ``name-1``, ``name-2``, ...

    The threads are daemons: a server stopped (Ctrl-C) does not wait for a search that may go
    on for half a minute, which the threads of ``concurrent.futures`` would.
    """

    def __init__(self, name: str, workers: int, waiting: int, busy: str) -> None:
        self.name = name
        self.capacity = workers + waiting
        self.busy = busy
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] = queue.SimpleQueue()
        self._workers = workers
        self._started = False  # the threads start with the first task: most servers made in tests never search
        self._taken = 0
        self._lock = threading.Lock()

    @property
    def taken(self) -> int:
        """How many tasks run or wait now."""
        return self._taken

    async def run(self, task: Callable[[], T]) -> T:
        """The answer of ``task``, run on a thread of the pool; ``Busy`` if no place is free.

        Its place is freed when the task ends, not when the request does: a client that goes
        away leaves a task running, and it still counts.
        """
        with self._lock:
            if self._taken >= self.capacity:
                raise Busy(self.busy.format(count=self.capacity))
            self._taken += 1
            if not self._started:
                for number in range(self._workers):
                    threading.Thread(target=self._work, name=f"{self.name}-{number + 1}", daemon=True).start()
                self._started = True
        future: Future[T] = Future()
        self._queue.put((future, task))
        return await asyncio.wrap_future(future)

    def _work(self) -> None:
        while True:
            future, task = self._queue.get()
            if not future.set_running_or_notify_cancel():
                self._free()
                continue
            try:
                result = task()
            except BaseException as error:  # handed to the request, which answers it
                self._free()
                future.set_exception(error)
            else:
                # The place is given back before the answer: once answered, the client may ask again at once.
                self._free()
                future.set_result(result)

    def _free(self) -> None:
        with self._lock:
            self._taken -= 1
