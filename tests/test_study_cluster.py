"""``patience stats --cluster``: deals solved on a Dask cluster, with the same answers, kept in the store."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys

import pytest
from helpers import assert_one_line_error, patience, rows, wait_for_deals

distributed = pytest.importorskip("distributed", reason="Dask is the optional extra patience-games[cluster]")

DEALS = ("steeplechase", "--deals", "6", "--first", "3", "--nodes", "3000", "--json")


def answers(result: subprocess.CompletedProcess[str]) -> list[tuple[int, str, int, int]]:
    assert result.returncode == 0, result.stderr
    return [(record["seed"], record["answer"], record["nodes"], record["moves"])
            for record in json.loads(result.stdout)["records"]]


def test_a_local_cluster_gives_the_answers_of_one_process(tmp_path):
    alone = answers(patience("stats", *DEALS, "--no-db", cwd=tmp_path))
    assert {answer for _, answer, _, _ in alone} == {"won", "unknown"}, "the deals should test both answers"
    on_cluster = patience("stats", *DEALS, "--cluster", "local", "--jobs", "2", "--db", "c.sqlite", cwd=tmp_path)
    assert answers(on_cluster) == alone and on_cluster.stderr == ""
    assert [seed for _, seed, _, _ in rows(tmp_path / "c.sqlite")] == [3, 4, 5, 6, 7, 8]


def test_a_local_cluster_says_nothing_when_dasks_usual_port_is_taken(tmp_path):
    with socket.socket() as taken:
        try:
            taken.bind(("", 8787))
        except OSError:
            pass  # taken already, by another program: the case itself
        else:
            taken.listen()
        result = patience("stats", *DEALS, "--deals", "2", "--cluster", "local", "--jobs", "2", "--no-db",
                          cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == ""


def test_a_scheduler_by_address_and_a_worker_lost_on_the_way(tmp_path):
    alone = answers(patience("stats", *DEALS, "--deals", "10", "--no-db", cwd=tmp_path))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        process = subprocess.Popen([sys.executable, "-m", "framework.cli", "stats", *DEALS, "--deals", "10",
                                    "--db", "c.sqlite", "--cluster", cluster.scheduler_address], cwd=tmp_path,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        wait_for_deals(tmp_path / "c.sqlite", 1)
        worker = next(iter(cluster.workers.values()))
        os.kill(worker.process.pid, signal.SIGKILL)  # its deals go to the other worker (and its nanny restarts it)
        out, err = process.communicate(timeout=300)
    assert process.returncode == 0, err
    assert [(record["seed"], record["answer"], record["nodes"], record["moves"])
            for record in json.loads(out)["records"]] == alone


def test_ctrl_c_cancels_the_deals_on_the_cluster_and_keeps_what_is_done(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "framework.cli", "stats", "steeplechase", "--deals", "1000",
                                "--nodes", "3000", "--searches", "1", "--cluster", "local", "--jobs", "2",
                                "--db", "c.sqlite", "--json"], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    store = tmp_path / "c.sqlite"
    try:
        wait_for_deals(store, 2)
    finally:
        os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: every process of the group
    out, err = process.communicate(timeout=60)
    data = json.loads(out)
    assert process.returncode == 130 and err == ""  # no traceback from the workers either
    assert data["interrupted"] is True and 2 <= data["deals"] < 1000
    assert [record["seed"] for record in data["records"]] == [seed for _, seed, _, _ in rows(store)]


def test_no_scheduler_at_the_address_is_a_one_line_error(tmp_path):
    assert_one_line_error(patience("stats", *DEALS, "--no-db", "--cluster", "tcp://127.0.0.1:9", cwd=tmp_path),
                          "no Dask scheduler answers at tcp://127.0.0.1:9")
