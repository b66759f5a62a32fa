"""``benchmarks/solvitaire_compare.py`` without Solvitaire: its deal files hold our deals exactly, and a fake
Solvitaire's answers are read, stopped at the CPU limit, counted and set against ours."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from framework import load_game
from framework.spec import Role

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = sys.modules.setdefault(name, importlib.util.module_from_spec(spec))
    spec.loader.exec_module(module)
    return module


_load("solvitaire_check")  # (the script imports its card names from there)
compare = _load("solvitaire_compare")

#: The games whose deals are written as Solvitaire deal files (the others are Solvitaire's own deals).
FILE_GAMES = sorted(game for game, preset in compare.PRESETS.items() if not preset.their_deal)
#: A card as Solvitaire's deal files name it: rank (A, 2-10, J, Q, K), then suit; lower case when face down.
CARD_NAME = re.compile(r"^(A|[2-9]|10|J|Q|K)[CDHS]$", re.IGNORECASE)
#: The keys of a Solvitaire deal file.
DEAL_KEYS = {"tableau piles", "foundations", "cells", "hole", "stock", "waste", "reserve"}

#: Solvitaire's deal 1 of Eight Off as ``solvitaire --type eight-off --random 1 --deal-only`` prints it.
EIGHT_OFF_1 = {
    "tableau piles": [["QS", "4S", "2H", "3C", "8S", "JH"], ["QC", "7C", "10S", "5D", "5H", "9H"],
                      ["5C", "7D", "9S", "10D", "7H", "JD"], ["4H", "KC", "6C", "9D", "8C", "2C"],
                      ["3S", "9C", "3D", "8H", "JC", "KH"], ["2S", "4D", "3H", "4C", "KD", "6D"],
                      ["AD", "5S", "6S", "JS", "7S", "AH"], ["AC", "2D", "10H", "QD", "AS", "8D"]],
    "cells": [["KS"], ["QH"], ["10C"], ["6H"], "", "", "", ""],
    "foundations": ["", "", "", ""],
}


def piles_of(state, role):
    return [pile for pile in range(len(state.piles)) if state.game.pile_group[pile].role is role]


def parsed(names):
    return [compare.parse_card(name) for name in names]


@pytest.mark.parametrize("game_id", FILE_GAMES)
def test_a_deal_file_holds_our_deal_exactly(game_id):
    game, preset = load_game(game_id), compare.PRESETS[game_id]
    state = game.deal(f"{preset.named}7")
    document = json.loads(json.dumps(compare.deal_file(state, preset)))
    assert set(document) <= DEAL_KEYS
    names = [name for value in document.values() for name in (value if isinstance(value, list) else [value])
             for name in (name if isinstance(name, list) else [name])]
    assert all(CARD_NAME.match(name) for name in names)
    # every card of the pack once (twice with two decks), and nothing else
    assert sorted(parsed(names)) == sorted(card for pile in state.piles for card in pile)
    assert len(names) == 52 * game.spec.decks
    # the tableau piles in our order, bottom card first; the face-down cards (lower case) at the bottom
    tableau = piles_of(state, Role.TABLEAU)
    assert [parsed(column) for column in document["tableau piles"]] == [state.piles[pile] for pile in tableau]
    assert [[name[-1].islower() for name in column] for column in document["tableau piles"]] == [
        [index < state.face_down[pile] for index in range(len(state.piles[pile]))] for pile in tableau]
    foundations = [card for pile in piles_of(state, Role.FOUNDATION) for card in state.piles[pile]]
    if preset.hole:
        assert parsed([document["hole"]]) == foundations and "foundations" not in document
    else:
        assert parsed(document.get("foundations", [])) == foundations
    reserve = [card for pile in piles_of(state, Role.RESERVE) for card in state.piles[pile]]
    assert parsed(document.get("reserve", [])) == reserve
    stock = piles_of(state, Role.STOCK)
    if stock:
        assert parsed(document["stock"]) == state.piles[stock[0]]
        # Solvitaire turns the cards at the end of its "stock" first, one by one onto the waste (or the hole):
        # so does our first turn of the stock
        turn = next(move for move in state.legal_moves() if move.source == stock[0])
        state.push(turn)
        turned = len(document["stock"]) - len(state.piles[stock[0]])
        assert turned >= 1 and state.piles[stock[0]] == parsed(document["stock"][:-turned])
        assert state.piles[turn.target][-turned:] == parsed(document["stock"][-turned:])[::-1]
    else:
        assert "stock" not in document


def test_klondike_face_down_cards_are_written_in_lower_case():
    document = compare.deal_file(load_game("klondike").deal(1), compare.PRESETS["klondike"])
    assert document["tableau piles"][:3] == [["7D"], ["9c", "6D"], ["4d", "9s", "2D"]]


def test_a_deal_with_some_cells_filled_cannot_be_a_deal_file():
    game = load_game("eight-off")
    with pytest.raises(ValueError, match="every cell filled or none"):
        compare.deal_file(game.deal(1), compare.PRESETS["eight-off"])


def test_solvitaires_own_deal_is_set_into_our_piles_card_for_card():
    game = load_game("eight-off")
    state = compare.their_deal_state(game, 1, EIGHT_OFF_1)
    tableau, cells = piles_of(state, Role.TABLEAU), piles_of(state, Role.CELL)
    assert [state.piles[pile] for pile in tableau] == [parsed(column) for column in EIGHT_OFF_1["tableau piles"]]
    # the four cards go into the cells our deal fills (every other one), in order
    assert [state.piles[pile] for pile in cells] == [parsed(["KS"]), [], parsed(["QH"]), [], parsed(["10C"]), [],
                                                     parsed(["6H"]), []]
    assert sorted(card for pile in state.piles for card in pile) == list(range(52))
    assert state.legal_moves()
    short = dict(EIGHT_OFF_1, cells=[["KS"], "", "", "", "", "", "", ""])
    with pytest.raises(ValueError, match="Solvitaire fills 1 cells, ours 4"):
        compare.their_deal_state(game, 1, short)
    twice = dict(EIGHT_OFF_1, cells=[["KS"], ["KS"], ["10C"], ["6H"], "", "", "", ""])
    with pytest.raises(ValueError, match="not one pack dealt once"):
        compare.their_deal_state(game, 1, twice)


def test_without_solvitaire_the_deal_files_are_written(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["solvitaire_compare.py", "klondike", "eight-off", "--deals", "2",
                                      "--first", "3", "--out", str(tmp_path)])
    compare.main()
    out = capsys.readouterr().out
    assert "eight-off: no deal files: its deals are Solvitaire's own: give --solvitaire" in out
    assert "klondike: deals 3-4 written as --type klondike-deal-1" in out
    assert sorted(path.name for path in tmp_path.iterdir()) == ["klondike-3.json", "klondike-4.json"]
    klondike = load_game("klondike")
    assert json.loads((tmp_path / "klondike-4.json").read_text()) == compare.deal_file(
        klondike.deal(4), compare.PRESETS["klondike"])


FAKE = """\
#!{python}
# A fake Solvitaire: prints the line --classify prints, with the answer FAKE_ANSWERS gives for the deal.
import json, os, signal, sys

arguments = sys.argv[1:]
if "--deal-only" in arguments:
    print(os.environ["FAKE_DEAL"])
    sys.exit(0)
deal = arguments[arguments.index("--random") + 1] if "--random" in arguments else os.path.basename(arguments[-1])
outcome, states = json.loads(os.environ["FAKE_ANSWERS"])[deal]
seed = deal if "--random" in arguments else ""
if outcome == "busy":  # search until Ctrl-C, as Solvitaire does
    stopped = []
    signal.signal(signal.SIGINT, lambda *_: stopped.append(1))
    while not stopped:
        pass
    outcome = "terminated"
print(f"{{seed}}, {{outcome}}, 12, {{states}}, 1, 2, 3, 4, 5, 6, 7, 8, {{outcome}}")
"""


@pytest.fixture
def fake_solvitaire(tmp_path):
    program = tmp_path / "solvitaire"
    program.write_text(FAKE.format(python=sys.executable))
    program.chmod(0o755)
    return str(program)


def test_a_fake_solvitaires_answers_are_read_counted_and_set_against_ours(fake_solvitaire, tmp_path, monkeypatch,
                                                                        capsys):
    # Ours wins Baker's Game deal 1 and proves deal 2 lost; the fake "solves" both: deal 2 is a contradiction.
    answers = {"bakers-game-1.json": ["solved", 1000], "bakers-game-2.json": ["solved", 3000],
               "1": ["unsolvable", 500], "2": ["timed-out", 700]}
    monkeypatch.setenv("FAKE_ANSWERS", json.dumps(answers))
    monkeypatch.setenv("FAKE_DEAL", json.dumps(EIGHT_OFF_1))
    record = tmp_path / "record.json"
    monkeypatch.setattr(sys, "argv", ["solvitaire_compare.py", "bakers-game", "eight-off", "--deals", "2",
                                      "--time", "30", "--solvitaire", fake_solvitaire, "--out",
                                      str(tmp_path / "deals"), "--json", str(record)])
    compare.main()
    captured = capsys.readouterr()
    rows = {line.split(" (`")[0].lstrip("| "): line.split(" | ") for line in captured.out.splitlines()
            if line.startswith("| ") and "(`" in line}
    assert rows["Baker's Game"][1:3] == ["2 (2+0)", "2 (1+1)"]
    assert rows["Baker's Game"][-1] == "2 |"
    # ours proves Solvitaire's deal 1 and 2 (the same deal here) won; the fake says lost, then runs out of time
    assert rows["Eight Off"][1:3] == ["1 (0+1)", "2 (2+0)"]
    assert rows["Eight Off"][-1] == "1 |"
    assert "bakers-game 2: solvitaire won 3000 positions" in captured.err and "CONTRADICTION" in captured.err
    records = json.loads(record.read_text())["games"]
    assert [deal["solvitaire"]["positions"] for deal in records["bakers-game"]] == [1000, 3000]
    assert [deal["ours"]["answer"] for deal in records["bakers-game"]] == ["won", "lost"]
    assert [deal["solvitaire"]["answer"] for deal in records["eight-off"]] == ["lost", "unknown"]
    assert "Ours searches more positions per CPU-second on" in captured.out


def test_solvitaire_is_stopped_when_it_has_used_the_cpu_time(fake_solvitaire, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_ANSWERS", json.dumps({"deal.json": ["busy", 4321]}))
    run = compare.run_solvitaire(fake_solvitaire, "free-cell", tmp_path / "deal.json", 0.3)
    assert (run.answer, run.positions, run.stopped_by) == ("unknown", 4321, compare.CPU)
    assert run.cpu_seconds >= 0.3


def test_our_search_is_stopped_when_it_has_used_the_cpu_time():
    # King Albert's deal 1 takes ours far more than 0.2 CPU-seconds
    run = compare.run_ours(load_game("king-albert").deal(1), 0.2)
    assert (run.answer, run.stopped_by) == ("unknown", compare.CPU)
    assert run.positions > 0 and run.cpu_seconds >= 0.2
    assert run.core in ("native", "python")


def test_every_game_compared_is_ours_and_canfield_is_marked_as_differing():
    assert [load_game(game_id).spec.id for game_id in compare.PRESETS] == list(compare.PRESETS)
    assert [game_id for game_id, preset in compare.PRESETS.items() if preset.differs] == ["canfield"]


def test_unknown_games_are_refused(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["solvitaire_compare.py", "spider"])
    with pytest.raises(SystemExit) as stopped:
        compare.main()
    assert stopped.value.code == 2
    assert "no Solvitaire preset is known for spider" in capsys.readouterr().err
