"""Fair win rates: ``patience stats --fair`` plays each deal by the fair policy, kept apart from the thoughtful
answers in the store, resumed, and never winning a deal the thoughtful solver does not.

Trickle (tests/games) has a stock the player cannot see: deal 37 is won by the thoughtful
solver, which knows the stock's order, and lost by the fair player, who does not.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest
from helpers import GAMES, patience

import framework
from framework.solver.canonical import key_function
from framework.solver.fairplay import CAPPED, LOOP, FairPolicy, play_fair
from framework.solver.store import Store

TRICKLE = str(GAMES / "trickle.yaml")
DEALS = ("--first", "36", "--deals", "3")
FAIR = ("--fair", "--samples", "4", "--nodes", "2000")


def stats(*arguments: str, cwd: Path) -> dict:
    result = patience("stats", TRICKLE, "--json", *arguments, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def answers(data: dict) -> dict[int, str]:
    return {record["seed"]: record["answer"] for record in data["records"]}


def test_fair_play_wins_no_deal_the_thoughtful_solver_loses_and_loses_one_it_wins(tmp_path):
    fair = stats(*DEALS, *FAIR, "--db", "s.sqlite", cwd=tmp_path)
    thoughtful = stats(*DEALS, "--nodes", "2000", "--db", "s.sqlite", cwd=tmp_path)
    assert set(answers(fair)) == set(answers(thoughtful)) == {36, 37, 38}
    assert all(thoughtful_answer == "won" for seed, thoughtful_answer in answers(thoughtful).items()
               if answers(fair)[seed] == "won")
    assert answers(thoughtful)[37] == "won" and answers(fair)[37] == "lost"
    assert fair["budget"] == {"fair": {"samples": 4, "nodes": 2000, "seconds": 60.0, "move cap": 1000,
                                       "seeds": "deal * move cap + move",
                                       "history": "keeps away from positions reached"}}
    assert fair["counts"]["won"] < thoughtful["counts"]["won"]


def test_the_store_keeps_fair_and_thoughtful_answers_apart(tmp_path):
    stats(*DEALS, "--nodes", "2000", "--db", "s.sqlite", cwd=tmp_path)
    result = patience("stats", TRICKLE, *DEALS, *FAIR, "--db", "s.sqlite", cwd=tmp_path)
    assert "already" not in result.stderr  # the thoughtful answers are not the fair player's
    other_samples = patience("stats", TRICKLE, *DEALS, "--fair", "--samples", "3", "--nodes", "2000", "--db",
                             "s.sqlite", cwd=tmp_path)
    assert "already" not in other_samples.stderr  # nor is another fair policy's
    with Store(tmp_path / "s.sqlite") as store:
        assert sorted(count for _, count in store.studies("trickle")) == [3, 3, 3]
    report = patience("stats", TRICKLE, *FAIR, "--report", "--db", "s.sqlite", cwd=tmp_path).stdout
    assert "played by the fair policy: 4 arrangements of the hidden cards per move" in report
    assert "won 0, lost 3" in report


def test_a_fair_study_resumes_and_its_default_store_is_named_for_it(tmp_path):
    first = stats("--first", "36", "--deals", "2", *FAIR, cwd=tmp_path)
    assert first["store"] == "trickle-fair-2000-nodes.sqlite"
    result = patience("stats", TRICKLE, *DEALS, *FAIR, "--json", cwd=tmp_path)
    assert "2 of the 3 deals are in trickle-fair-2000-nodes.sqlite already; solving the other 1" in result.stderr
    again = json.loads(result.stdout)
    assert again["records"][:2] == first["records"]  # read back, not played again (the same seconds)


def test_fair_play_is_the_same_on_every_run_and_in_any_number_of_processes(tmp_path):
    once = stats(*DEALS, *FAIR, "--no-db", cwd=tmp_path)
    twice = stats(*DEALS, *FAIR, "--no-db", "--jobs", "2", cwd=tmp_path)
    assert [{**record, "seconds": 0} for record in once["records"]] == [
        {**record, "seconds": 0} for record in twice["records"]]


def test_a_local_cluster_plays_the_deals_as_one_process_does(tmp_path):
    pytest.importorskip("distributed", reason="Dask is the optional extra patience-games[cluster]")
    alone = stats(*DEALS, *FAIR, "--no-db", cwd=tmp_path)
    on_cluster = stats(*DEALS, *FAIR, "--cluster", "local", "--jobs", "2", "--db", "c.sqlite", cwd=tmp_path)
    assert [{**record, "seconds": 0} for record in on_cluster["records"]] == [
        {**record, "seconds": 0} for record in alone["records"]]
    assert on_cluster["store"] == "c.sqlite" and on_cluster["budget"] == alone["budget"]


def test_fair_play_stops_at_the_move_cap_and_on_a_position_that_comes_round_again():
    klondike = framework.load_game("klondike")
    capped = play_fair(klondike.deal(1), FairPolicy(2, 200, 60.0, 5), 1)
    assert (capped["answer"], capped["moves"], capped["stopped_by"]) == ("lost", 5, CAPPED)
    state = klondike.deal(1)
    circled = play_fair(state, FairPolicy(2, 200, 60.0, 1000), 1)
    assert (circled["answer"], circled["stopped_by"]) == ("lost", LOOP)
    key = key_function(klondike)
    last = key(state)
    state.pop()
    earlier = set()
    while state.move_stack:
        earlier.add(key(state))
        state.pop()
    assert last in earlier | {key(state)}


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                    reason="the atlas's charts are the optional extra patience-games[atlas]")
def test_the_atlas_sets_the_fair_win_rate_beside_the_thoughtful_one_of_the_same_deals(tmp_path):
    (tmp_path / "rules").mkdir()
    shutil.copy(TRICKLE, tmp_path / "rules")
    rules = ("--rules-path", str(tmp_path / "rules"))
    played = patience("stats", "trickle", *DEALS, *FAIR, "--db", "fair.sqlite", *rules, cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    result = patience("atlas", "trickle", "--deals", "40", "--nodes", "2000", "--out", "atlas.md", "--fair-db",
                      "fair.sqlite", "--fair-samples", "4", "--fair-nodes", "2000", *rules, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "atlas.md").read_text(encoding="utf-8")
    assert "| Trickle | 40 |" in text  # the thoughtful table: 40 deals
    assert "## Fair play: a player who cannot see the hidden cards" in text
    assert "over 35% of games (Bjarnason, Fern and Tadepalli" in text
    assert "`patience stats GAME --fair --samples 4 --nodes 2000 --deals DEALS --db fair.sqlite`" in text
    # Deals 36-38: the fair player wins one fewer than the thoughtful solver (deal 37).
    fair = json.loads(patience("stats", "trickle", *FAIR, "--report", "--db", "fair.sqlite", "--json", *rules,
                               cwd=tmp_path).stdout)["counts"]["won"]
    assert f"| Trickle | 3 | {fair} | {100 * fair / 3:.1f}% (" in text
    assert f"| {fair + 1} / {2 - fair} / 0: {100 * (fair + 1) / 3:.1f}% (" in text.split("## Fair play")[1]
    other_policy = patience("atlas", "trickle", "--deals", "40", "--nodes", "2000", "--out", "other.md",
                            "--fair-db", "fair.sqlite", "--read-only", *rules, cwd=tmp_path)
    assert "## Fair play" not in (tmp_path / "other.md").read_text(encoding="utf-8")  # no study of that policy
    assert other_policy.returncode == 0
