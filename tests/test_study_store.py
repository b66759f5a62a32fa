"""The study store of ``patience stats``: every deal kept as it ends, a study resumed, ``--report``."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import GAMES, assert_one_line_error, patience, rows, wait_for_deals

from framework.solver.store import Store, Study

LADDER = str(GAMES / "ladder.yaml")
BUDGET = ("--nodes", "5000")


def stats(*arguments: str, cwd: Path) -> dict:
    result = patience("stats", LADDER, *BUDGET, "--json", *arguments, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_each_deal_is_kept_in_the_default_store_named_after_the_game_and_budget(tmp_path):
    data = stats("--deals", "3", "--first", "4", cwd=tmp_path)
    store = tmp_path / "ladder-5000-nodes.sqlite"
    assert data["store"] == store.name
    assert [(seed, answer) for _, seed, answer, _ in rows(store)] == [
        (record["seed"], record["answer"]) for record in data["records"]] == [
        (4, data["records"][0]["answer"]), (5, data["records"][1]["answer"]), (6, data["records"][2]["answer"])]
    assert {game for game, *_ in rows(store)} == {"ladder"} and all(version for *_, version in rows(store))


def test_a_study_run_again_solves_only_the_deals_not_yet_in_the_store(tmp_path):
    first = stats("--deals", "3", cwd=tmp_path)
    result = patience("stats", LADDER, *BUDGET, "--json", "--deals", "5", cwd=tmp_path)
    assert "3 of the 5 deals are in ladder-5000-nodes.sqlite already; solving the other 2" in result.stderr
    again = json.loads(result.stdout)
    assert again["records"][:3] == first["records"]  # read back, not solved again (the same seconds)
    assert [record["seed"] for record in again["records"]] == [1, 2, 3, 4, 5]
    assert len(rows(tmp_path / "ladder-5000-nodes.sqlite")) == 5


def test_studies_of_other_budgets_or_rules_never_mix(tmp_path):
    stats("--deals", "2", "--db", "one.sqlite", cwd=tmp_path)
    other_budget = stats("--deals", "2", "--db", "one.sqlite", "--searches", "1", cwd=tmp_path)
    assert [record["seed"] for record in other_budget["records"]] == [1, 2]
    edited = tmp_path / "ladder.yaml"
    edited.write_text(Path(LADDER).read_text(encoding="utf-8").replace("piles: 3", "piles: 4"), encoding="utf-8")
    result = patience("stats", str(edited), *BUDGET, "--deals", "2", "--db", "one.sqlite", cwd=tmp_path)
    assert "already" not in result.stderr  # other rules: another study
    with Store(tmp_path / "one.sqlite") as store:
        assert sorted(count for _, count in store.studies("ladder")) == [2, 2, 2]


def test_report_sums_up_the_store_alone(tmp_path):
    solved = stats("--deals", "4", cwd=tmp_path)
    reported = stats("--report", cwd=tmp_path)
    assert reported["records"] == solved["records"] and reported["counts"] == solved["counts"]
    text = patience("stats", LADDER, *BUDGET, "--report", cwd=tmp_path).stdout.splitlines()
    assert text[0] == "from ladder-5000-nodes.sqlite:" and text[1].startswith("Ladder: deals 1 to 4, ")
    missing = patience("stats", LADDER, "--report", "--db", "none.sqlite", cwd=tmp_path)
    assert missing.returncode == 2 and "no study store none.sqlite: run the study first" in missing.stderr
    assert not (tmp_path / "none.sqlite").exists()


def test_no_db_keeps_nothing(tmp_path):
    assert stats("--deals", "2", "--no-db", cwd=tmp_path)["store"] is None
    assert list(tmp_path.iterdir()) == []
    both = patience("stats", LADDER, "--no-db", "--report", cwd=tmp_path)
    assert both.returncode == 2 and "--no-db keeps no store" in both.stderr


def test_a_file_that_is_not_a_store_is_a_one_line_error(tmp_path):
    (tmp_path / "notes.txt").write_text("not a database " * 100)
    assert_one_line_error(patience("stats", LADDER, "--db", "notes.txt", cwd=tmp_path), "notes.txt: not a study store")


def test_a_killed_run_loses_only_the_deals_under_way_and_resumes(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "framework.cli", "stats", "steeplechase", "--deals", "1000",
                                "--nodes", "3000", "--searches", "1", "--db", "chase.sqlite"], cwd=tmp_path,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    store = tmp_path / "chase.sqlite"
    try:
        wait_for_deals(store, 3)
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
    kept = [seed for _, seed, _, _ in rows(store)]
    assert len(kept) >= 3 and kept == list(range(1, len(kept) + 1))
    result = patience("stats", "steeplechase", "--deals", str(len(kept) + 2), "--nodes", "3000", "--searches", "1",
                      "--db", "chase.sqlite", "--json", cwd=tmp_path)
    assert "solving the other 2" in result.stderr
    assert [record["seed"] for record in json.loads(result.stdout)["records"]] == list(range(1, len(kept) + 3))


def test_a_study_is_keyed_by_game_rules_and_budget():
    study = Study.of("ladder", LADDER, {"nodes": 5, "seconds": 1.0, "memory_mb": 10.0}, 2)
    assert study.game == "ladder" and len(study.rules) == 16
    assert json.loads(study.budget) == {"nodes": 5, "seconds": 1.0, "memory_mb": 10.0, "searches": 2}


def test_ctrl_c_keeps_the_deals_finished_in_the_store(tmp_path):
    process = subprocess.Popen([sys.executable, "-m", "framework.cli", "stats", "steeplechase", "--deals", "1000",
                                "--nodes", "3000", "--searches", "1", "--jobs", "2", "--db", "c.sqlite", "--json"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    store = tmp_path / "c.sqlite"
    try:
        wait_for_deals(store, 2)
    finally:
        os.killpg(process.pid, signal.SIGINT)
    out, err = process.communicate(timeout=60)
    data = json.loads(out)
    assert process.returncode == 130 and data["interrupted"] is True
    assert [record["seed"] for record in data["records"]] == [seed for _, seed, _, _ in rows(store)]


def test_a_cluster_without_dask_says_how_to_get_it(monkeypatch):
    from framework.solver import Budget
    from framework.solver.cluster import ClusterError
    from framework.solver.stats import solve_deals

    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    with pytest.raises(ClusterError, match=r"^--cluster needs Dask: pip install 'patience-games\[cluster\]'$"):
        solve_deals(LADDER, [1], Budget(nodes=10), cluster="local")


def test_describing_a_game_otherwise_keeps_its_study_but_changing_its_play_starts_another(tmp_path):
    text = Path(LADDER).read_text()
    assert "name:" in text and "piles: 3" in text
    variants = {
        "same": text,
        "described": text.replace("name:", "summary: A ladder of cards, told anew.\nname:", 1) + "\n# a comment\n",
        "played": text.replace("piles: 3", "piles: 4", 1),
    }
    hashes = {}
    for label, variant in variants.items():
        path = tmp_path / f"{label}.yaml"
        path.write_text(variant)
        hashes[label] = Study.of("ladder", str(path), {"nodes": 5}, 1).rules
    assert hashes["same"] == hashes["described"] != hashes["played"]


def test_a_version_1_store_is_keyed_by_the_rules_when_opened_and_its_study_goes_on(tmp_path):
    rules_dir = tmp_path / "rules"
    rules_dir.mkdir()
    (rules_dir / "ladder.yaml").write_bytes(Path(LADDER).read_bytes())
    old_key = hashlib.sha256(Path(LADDER).read_bytes()).hexdigest()[:16]
    first = stats("--deals", "2", "--db", "s.sqlite", cwd=tmp_path)
    db = sqlite3.connect(tmp_path / "s.sqlite")
    with db:
        db.execute("UPDATE deals SET rules = ?", (old_key,))
        db.execute("INSERT INTO deals SELECT game, 'f00f00f00f00f00f', budget, seed, answer, moves, nodes, positions, "
                   "seconds, stopped_by, version, recorded FROM deals")  # a study of a file since changed
        db.execute("PRAGMA user_version = 1")
    db.close()
    environment = {"PATIENCE_RULES_PATH": str(rules_dir)}
    result = patience("stats", "ladder", *BUDGET, "--deals", "3", "--db", "s.sqlite", "--json", cwd=tmp_path,
                      env=environment)
    assert result.returncode == 0, result.stderr
    assert "solving the other 1" in result.stderr
    assert json.loads(result.stdout)["records"][:2] == first["records"]
    db = sqlite3.connect(tmp_path / "s.sqlite")
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    keys = dict(db.execute("SELECT rules, COUNT(*) FROM deals GROUP BY rules").fetchall())
    db.close()
    assert keys == {Study.of("ladder", str(rules_dir / "ladder.yaml"), {}, 1).rules: 3, "f00f00f00f00f00f": 2}


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def another_programs_database(path: Path) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        db.execute("INSERT INTO notes (text) VALUES ('not a study')")
    db.close()


def test_a_report_only_reads_the_store(tmp_path):
    stats("--deals", "3", cwd=tmp_path)
    store = tmp_path / "ladder-5000-nodes.sqlite"
    before = digest(store)
    assert stats("--report", cwd=tmp_path)["deals"] == 3
    assert digest(store) == before


@pytest.mark.parametrize("report", [True, False], ids=["report", "study"])
def test_another_programs_database_is_refused_and_left_as_it_was(tmp_path, report):
    other = tmp_path / "other.sqlite"
    another_programs_database(other)
    before = digest(other)
    result = patience("stats", LADDER, *BUDGET, "--deals", "2", "--db", "other.sqlite", *(["--report"] * report),
                      cwd=tmp_path)
    assert_one_line_error(result, "other.sqlite: not a study store: it has no table 'deals' (it has 'notes')")
    assert digest(other) == before and sorted(entry.name for entry in tmp_path.iterdir()) == ["other.sqlite"]


def stored(tmp_path: Path, deals: int = 4) -> Path:
    """A store of deals 1 to ``deals`` of the ladder, and its path."""
    stats("--deals", str(deals), "--db", "s.sqlite", cwd=tmp_path)
    return tmp_path / "s.sqlite"


def changed(store: Path, *statements: str) -> str:
    """Runs ``statements`` on ``store`` as another program would (the CHECK set aside); the store's digest after."""
    db = sqlite3.connect(store)
    db.execute("PRAGMA ignore_check_constraints = 1")
    with db:
        for statement in statements:
            db.execute(statement)
    db.close()
    return digest(store)


@pytest.mark.parametrize(("statements", "words"), [
    (["ALTER TABLE deals RENAME TO old", "CREATE TABLE deals (game TEXT, rules TEXT, budget TEXT, number INTEGER)"],
     "not a study store: its table 'deals' has the columns 'game, rules, budget, number' (a study store's: game, "
     "rules, budget, seed, answer,"),
    (["UPDATE deals SET seconds = 'slow' WHERE seed = 2"], "damaged: deal 2 has 'seconds' = 'slow', not a number"),
    (["UPDATE deals SET answer = 'maybe' WHERE seed = 3"],
     "damaged: deal 3 has 'answer' = 'maybe', not won, lost or unknown"),
    (["UPDATE deals SET nodes = -5 WHERE seed = 1"], "damaged: deal 1 has 'nodes' = -5, not a whole number, 0 or more"),
], ids=["another-shape", "seconds", "answer", "nodes"])
@pytest.mark.parametrize("report", [True, False], ids=["report", "study"])
def test_a_store_changed_by_another_program_is_refused_with_one_line(tmp_path, statements, words, report):
    store = stored(tmp_path)
    before = changed(store, *statements)
    result = patience("stats", LADDER, *BUDGET, "--deals", "4", "--db", "s.sqlite", *(["--report"] * report),
                      cwd=tmp_path)
    assert_one_line_error(result, f"s.sqlite: {words}")
    if report:
        assert digest(store) == before


@pytest.mark.parametrize("report", [True, False], ids=["report", "study"])
def test_a_store_with_damaged_pages_is_refused_with_one_line(tmp_path, report):
    store = stored(tmp_path)
    changed(store, "INSERT INTO deals SELECT game, rules, budget, seed + 1000 * padding.n, answer, moves, nodes, "
                   "positions, seconds, stopped_by, version, recorded FROM deals, "
                   "(WITH RECURSIVE n(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM n WHERE n < 500) SELECT n FROM n) "
                   "AS padding")  # 2,000 more deals of the study: pages enough to damage some
    raw = bytearray(store.read_bytes())
    raw[len(raw) // 2:] = bytes(len(raw) - len(raw) // 2)  # the second half of the file zeroed
    store.write_bytes(bytes(raw))
    result = patience("stats", LADDER, *BUDGET, "--deals", "4", "--db", "s.sqlite", *(["--report"] * report),
                      cwd=tmp_path)
    assert_one_line_error(result, "s.sqlite: damaged: database disk image is malformed")


#: A plugin for the ladder, in a folder of its own (a module and the dist-info that names it), and what its code
#: says at first and after a fix: at first every deal is won as dealt, then the rule file decides again.
ALWAYS_WON = """
from framework import hookimpl


class Goal:
    def __init__(self, game, options):
        pass

    @hookimpl
    def is_won(self, state):
        return True
"""
FIXED = ALWAYS_WON.replace("return True", "return None")


def plugin_folder(folder: Path, code: str) -> Path:
    """``folder`` holding the plugin ``goal`` (module ``goal_plugin``, class ``Goal``) with ``code``, found on
    ``sys.path`` as an installed distribution is."""
    folder.mkdir(exist_ok=True)
    (folder / "goal_plugin.py").write_text(code, encoding="utf-8")
    info = folder / "goal_plugin-1.0.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: goal-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[patience.plugins]\ngoal = goal_plugin:Goal\n")
    return folder


def test_a_plugin_whose_code_changes_gets_new_answers_not_the_stored_ones(tmp_path):
    folder = plugin_folder(tmp_path / "site", ALWAYS_WON)
    rules = tmp_path / "ladder.yaml"
    rules.write_text(Path(LADDER).read_text().replace("\ngroups:", "\nplugins: [goal]\ngroups:"), encoding="utf-8")
    environment = {"PYTHONPATH": str(folder)}

    def study() -> tuple[str, list[str]]:
        result = patience("stats", str(rules), *BUDGET, "--deals", "3", "--db", "s.sqlite", "--json", cwd=tmp_path,
                          env=environment)
        assert result.returncode == 0, result.stderr
        return result.stderr, [record["answer"] for record in json.loads(result.stdout)["records"]]

    assert study()[1] == ["won"] * 3
    assert study() == ("3 of the 3 deals are in s.sqlite already; solving the other 0\n", ["won"] * 3)
    plugin_folder(folder, FIXED)
    told, answers = study()
    assert "already" not in told and answers == ["lost"] * 3  # as the rule file alone would have it
    assert answers == [record["answer"] for record in stats("--deals", "3", "--no-db", cwd=tmp_path)["records"]]
    with Store(tmp_path / "s.sqlite") as store:
        assert sorted(count for _, count in store.studies("ladder")) == [3, 3]


def test_the_code_of_a_plugin_split_over_several_modules_is_all_in_the_key(tmp_path, monkeypatch):
    from framework import plugins

    package = tmp_path / "split_plugin"
    (package / "rules").mkdir(parents=True)
    (package / "__init__.py").write_text("from .rules.goal import Goal\n")
    (package / "rules" / "__init__.py").write_text("")
    (package / "rules" / "goal.py").write_text(FIXED)
    info = tmp_path / "split_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: split-plugin\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[patience.plugins]\ngoal = split_plugin:Goal\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    plugins.plugin_entry_points.cache_clear()
    rules = tmp_path / "ladder.yaml"
    rules.write_text(Path(LADDER).read_text().replace("\ngroups:", "\nplugins: [goal]\ngroups:"), encoding="utf-8")

    def key() -> str:
        return Study.of("ladder", str(rules), {"nodes": 5}, 1).rules

    try:
        first = key()
        (package / "rules" / "__pycache__").mkdir()
        (package / "rules" / "__pycache__" / "goal.cpython-311.pyc").write_bytes(b"compiled")
        assert key() == first  # compiled bytecode is no code of its own
        (package / "rules" / "goal.py").write_text(ALWAYS_WON)
        assert key() != first
        (package / "rules" / "goal.py").write_text(FIXED)
        assert key() == first
        (package / "rules" / "table.json").write_text("[1, 2]")
        assert key() != first  # data read beside the modules is the plugin's too
        assert key() != Study.of("ladder", LADDER, {"nodes": 5}, 1).rules
    finally:
        plugins.plugin_entry_points.cache_clear()
