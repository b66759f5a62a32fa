"""Deals solved on a Dask cluster: ``patience stats ... --cluster ADDRESS`` (or ``local``).

Each deal is the plain unit of work of ``stats.solve_deal``, handed to a
``dask.distributed`` scheduler through its ``concurrent.futures`` executor. The workers
load the game themselves by name (a rule file given by path must be at the same path on
every worker's machine). A worker lost with deals under way is the scheduler's to handle:
it gives them to another worker. Dask is an optional extra: ``pip install
'patience-games[cluster]'``.
"""

from __future__ import annotations

import contextlib
import logging
import signal
from collections.abc import Callable, Iterator
from concurrent.futures import Executor

from ..errors import PatienceError

#: The address that asks for a cluster started on this machine for the run.
LOCAL = "local"
#: How many times a deal that failed on a worker (not a lost worker: those are always retried) is tried again.
RETRIES = 2


class ClusterError(PatienceError):
    """No Dask here, or no scheduler at that address."""


@contextlib.contextmanager
def dask_executor(address: str, jobs: int) -> Iterator[tuple[Executor, int, Callable[[], None]]]:
    """An executor on the cluster at ``address`` (``local``: ``jobs`` worker processes started here), how many
    deals it solves at once, and what stops the deals under way; closed on leaving."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError("--cluster needs Dask: pip install 'patience-games[cluster]'") from None
    with contextlib.ExitStack() as stack:
        if address == LOCAL:
            # Ctrl-C reaches every process of the terminal's group: the parent handles it (it
            # cancels the deals); the cluster's processes inherit its being ignored while they start.
            # Their logs are silenced up to errors: a worker still beating its heart while the
            # cluster closes logs an error with a traceback, and a deal that fails comes back
            # to the parent as an exception anyway.
            handler = signal.signal(signal.SIGINT, signal.SIG_IGN)
            try:
                # The scheduler serves HTTP whether or not its dashboard is wanted, by default on port 8787,
                # and warns on stderr when that port is taken (by another cluster); any free port of this
                # machine's loopback is as good, and says nothing.
                cluster = stack.enter_context(LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True,
                                                           dashboard_address="127.0.0.1:0",
                                                           silence_logs=logging.CRITICAL))
            finally:
                signal.signal(signal.SIGINT, handler)
            target: object = cluster
        else:
            target = address
        try:
            client = stack.enter_context(Client(target, timeout="5s"))
        except OSError as error:
            raise ClusterError(f"no Dask scheduler answers at {address}: {error}") from None
        executor = client.get_executor(pure=False, retries=RETRIES)
        at_once = max(1, sum(client.nthreads().values()))
        yield executor, at_once, lambda: executor.shutdown(wait=False)
