"""A save killed in the middle leaves the old file whole (framework/savefile.py writes atomically).

A separate process saves over an existing file and is killed with SIGKILL: once at
the worst moment (the new text written, not yet in place), and then many times at
random moments while it saves over and over. Each time the file holds one complete
save, the old one or a new one, and reads back as a state.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import framework
from framework.errors import StateError
from framework.savefile import read_json, write_json

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kills a process with SIGKILL")

#: The saver: a game's state saved to a file, with a big variable so that writing takes a while.
SAVER = textwrap.dedent("""
    import os, sys, time
    import framework
    from framework import savefile

    path, mode = sys.argv[1], sys.argv[2]
    state = framework.load_game("steeplechase").deal(1)
    if mode == "pause":  # stop when the new text is written but not yet in place
        real_fsync = os.fsync
        def fsync(descriptor):
            real_fsync(descriptor)
            print("written", flush=True)
            time.sleep(60)
        os.fsync = fsync
    print("ready", flush=True)
    number = 0
    while True:
        number += 1
        data = state.to_json()
        data["padding"] = str(number) * 2_000_000
        savefile.write_json(path, data)
        if mode == "pause":
            break
""")


def saver(path: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", SAVER, str(path), mode], stdout=subprocess.PIPE, text=True)


def test_a_save_killed_before_it_is_in_place_leaves_the_old_file(tmp_path):
    path = tmp_path / "game.json"
    old = framework.load_game("steeplechase").deal(7).to_json()
    write_json(path, old)
    process = saver(path, "pause")
    assert process.stdout is not None
    assert process.stdout.readline() == "ready\n"
    assert process.stdout.readline() == "written\n"  # the new text is on disk, in a temporary file
    process.send_signal(signal.SIGKILL)
    process.wait(timeout=30)
    assert read_json(path) == old
    assert framework.load_game("steeplechase").state_from_json(read_json(path)).to_json() == old
    leftovers = [entry.name for entry in tmp_path.iterdir() if entry.name != "game.json"]
    assert all(name.startswith(".game.json.") and name.endswith(".tmp") for name in leftovers)


def test_saves_killed_at_random_moments_always_leave_one_whole_save(tmp_path):
    path = tmp_path / "game.json"
    game = framework.load_game("steeplechase")
    old = game.deal(7).to_json()
    write_json(path, old)
    chance = random.Random(5)
    for _ in range(6):
        process = saver(path, "loop")
        assert process.stdout is not None and process.stdout.readline() == "ready\n"
        time.sleep(chance.uniform(0.0, 0.3))
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        data = json.loads(path.read_text(encoding="utf-8"))  # whole JSON, never a torn file
        assert data == old or set(data["padding"]) <= set("0123456789")
        data.pop("padding", None)
        game.state_from_json(data)


def test_a_save_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    path = tmp_path / "game.json"
    for mode in (0o644, 0o640, 0o600):
        path.write_text("{}", "utf-8")
        path.chmod(mode)
        write_json(path, {"saved": mode})
        assert (path.stat().st_mode & 0o777) == mode and read_json(path) == {"saved": mode}


def test_a_new_save_gets_the_permissions_the_umask_leaves(tmp_path):
    before = os.umask(0o027)
    try:
        write_json(tmp_path / "new.json", {})
    finally:
        os.umask(before)
    assert ((tmp_path / "new.json").stat().st_mode & 0o777) == 0o640


def test_a_save_through_a_symbolic_link_writes_the_file_it_names(tmp_path):
    real = tmp_path / "saves" / "game.json"
    real.parent.mkdir()
    real.write_text("{}", "utf-8")
    link = tmp_path / "game.json"
    link.symlink_to(real)
    write_json(link, {"saved": True})
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert read_json(real) == {"saved": True} and [path.name for path in real.parent.iterdir()] == ["game.json"]


def test_a_save_onto_what_is_not_a_regular_file_is_refused_and_leaves_it(tmp_path):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    link = tmp_path / "link.json"
    link.symlink_to(pipe)
    targets = [pipe, link, tmp_path]
    try:  # a device of one's own, like /dev/null (which a save as root replaced with a regular file)
        os.mknod(tmp_path / "null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
        targets.append(tmp_path / "null")
    except PermissionError:
        pass
    before = sorted(entry.name for entry in tmp_path.iterdir())
    for target in targets:
        with pytest.raises(StateError, match=f"^{re.escape(str(target))}: is not a regular file: a save goes to a "
                                             "regular file or a new one$"):
            write_json(target, {"saved": True})
    assert pipe.is_fifo() and link.is_symlink() and sorted(entry.name for entry in tmp_path.iterdir()) == before
    if len(targets) == 4:
        assert (tmp_path / "null").is_char_device()


def test_a_save_removes_the_temporary_files_that_killed_saves_left_and_only_those(tmp_path):
    path = tmp_path / "game.json"
    write_json(path, {"old": True})
    killed = saver(path, "pause")  # killed with its new text written, not yet in place
    assert killed.stdout is not None and killed.stdout.readline() == "ready\n"
    assert killed.stdout.readline() == "written\n"
    left = {entry.name for entry in tmp_path.iterdir()} - {"game.json"}
    killed.send_signal(signal.SIGKILL)
    killed.wait(timeout=30)
    saving = saver(path, "pause")  # a save under way, paused in the same place
    assert saving.stdout is not None and saving.stdout.readline() == "ready\n"
    assert saving.stdout.readline() == "written\n"
    under_way = {entry.name for entry in tmp_path.iterdir()} - {"game.json"} - left
    fresh = tmp_path / ".game.json.abcd1234.tmp"  # as new as a save that has just begun
    fresh.write_text("{")
    other = tmp_path / ".other.json.abcd1234.tmp"  # another file's
    other.write_text("{")
    long_ago = time.time() - 3600
    for name in (*left, *under_way, other.name):
        os.utime(tmp_path / name, (long_ago, long_ago))
    try:
        assert len(left) == 1 and len(under_way) == 1
        write_json(path, {"new": True})
        assert {entry.name for entry in tmp_path.iterdir()} == {"game.json", *under_way, fresh.name, other.name}
    finally:
        saving.send_signal(signal.SIGKILL)
        saving.wait(timeout=30)
    assert read_json(path) == {"new": True}
