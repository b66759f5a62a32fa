"""The searches behind hints, run on a few threads of their own with a bounded queue.

A hint may search for many seconds. Run on the request threads, a crowd of hint requests
would hold every one of them, and a request for the table would wait behind the searches;
here at most ``workers`` search at once, at most ``waiting`` more wait, and any beyond are
refused at once (``Busy``: 429) rather than queued without end.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")

#: How many hint searches run at once.
HINT_WORKERS = 2
#: How many more may wait for a turn.
HINTS_WAITING = 8


class Busy(Exception):
    """Every search thread is busy and the queue is full."""


class HintPool:
    """At most ``workers`` searches at once and ``waiting`` more queued.

    The search threads are daemons: a server stopped (Ctrl-C) does not wait for a search
    that may go on for half a minute, which the threads of ``concurrent.futures`` would.
    """

    def __init__(self, workers: int = HINT_WORKERS, waiting: int = HINTS_WAITING) -> None:
        self.capacity = workers + waiting
        self._queue: queue.SimpleQueue[tuple[Future[Any], Callable[[], Any]]] = queue.SimpleQueue()
        self._workers = workers
        self._started = False  # the threads start with the first search: most servers made in tests never search
        self._taken = 0
        self._lock = threading.Lock()

    @property
    def taken(self) -> int:
        """How many searches run or wait now."""
        return self._taken

    async def run(self, search: Callable[[], T]) -> T:
        """The answer of ``search``, run on a search thread; ``Busy`` if no place is free.

        Its place is freed when the search ends, not when the request does: a client that
        goes away leaves a search running, and it still counts.
        """
        with self._lock:
            if self._taken >= self.capacity:
                raise Busy(f"the server is searching {self.capacity} hints already: ask again in a few seconds")
            self._taken += 1
            if not self._started:
                for number in range(self._workers):
                    threading.Thread(target=self._work, name=f"hint-{number + 1}", daemon=True).start()
                self._started = True
        future: Future[T] = Future()
        self._queue.put((future, search))
        return await asyncio.wrap_future(future)

    def _work(self) -> None:
        while True:
            future, search = self._queue.get()
            if not future.set_running_or_notify_cancel():
                self._free()
                continue
            try:
                result = search()
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
