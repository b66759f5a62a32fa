"""Processes that end with their parent: the kernel's signal on Linux, and the watch that stands in for it elsewhere.

(That ``patience solve`` and ``patience stats`` killed leave none of their processes running is in
``test_solver_cli.py``.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from helpers import alive

#: A parent that forks a child tied to it (by the kernel, or with ``KERNEL`` False by the watch), prints the
#: child's pid and waits to be killed.
PARENT = textwrap.dedent("""
    import os, sys, time
    from framework.solver import lifeline

    if sys.argv[1] == "watch":
        lifeline._killed_with_parent = lambda: False  # as on a system without prctl
    parent = os.getpid()
    child = os.fork()
    if child == 0:
        lifeline.end_with_parent(parent)
        time.sleep(120)
        os._exit(0)
    print(child, flush=True)
    time.sleep(120)
""")


@pytest.mark.parametrize("how", ["kernel", "watch"])
def test_a_child_ends_when_its_parent_is_killed(how):
    parent = subprocess.Popen([sys.executable, "-c", PARENT, how], stdout=subprocess.PIPE, text=True)
    try:
        child = int(parent.stdout.readline())
        time.sleep(0.2)
        assert alive(child)  # tied to a parent that lives, it lives
    finally:
        os.kill(parent.pid, signal.SIGKILL)
        parent.wait()
    for _ in range(100):  # up to five seconds (the watch looks every second)
        if not alive(child):
            break
        time.sleep(0.05)
    else:
        os.kill(child, signal.SIGKILL)
        pytest.fail(f"the child lived on after its parent was killed ({how})")
