"""The player on the command line, driven as a real process with piped commands.

Whole scripted games of both launch games, save -> load -> continue, auto-play,
and every way a command or a saved game can be wrong.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import assert_one_line_error, game_names, headings, patience, policy_line

import framework
from framework.cards import RANKS
from framework.player.render import draw
from framework.session import RESULT_TEXT, Session
from framework.solver import Budget, solve
from framework.state import Outcome
from framework.testing import position

WON, STUCK = Outcome.WON, Outcome.STUCK

ROOT = Path(__file__).resolve().parent.parent
PLAYER_SOURCES = [*sorted((ROOT / "framework" / "player").glob("*.py")), *sorted((ROOT / "framework" / "cli").glob("*.py")),
                  ROOT / "framework" / "session.py", ROOT / "framework" / "savefile.py"]


# --- helpers ---------------------------------------------------------------------------------


def foundation_runs(base: str) -> dict[str, list[str]]:
    """Steeplechase's eight foundations, full: up from rank ``base`` in alternate colours, cyclic.

    Four start red and four black, and together they hold both decks exactly once.
    """
    start = RANKS.index(base)
    runs = {}
    for number in range(8):
        red, black = "DHDH"[number % 4], "CSCS"[number % 4]
        colours = (red, black) if number < 4 else (black, red)
        runs[f"f{number + 1}"] = [RANKS[(start + step) % 13] + colours[step % 2] for step in range(13)]
    return runs


def save_position(path: Path, state: framework.State) -> Path:
    path.write_text(json.dumps(state.to_json()))
    return path


def saved_state(path: Path) -> dict:
    return json.loads(path.read_text())["state"]


@pytest.fixture(scope="module")
def blockade() -> framework.Game:
    return framework.load_game("blockade")


@pytest.fixture()
def almost_won(steeplechase, tmp_path) -> Path:
    """Steeplechase with every card home but three tens: on a column, the waste and the obstacle."""
    runs = foundation_runs("J")
    tens = [runs[name].pop() for name in ("f1", "f2", "f3")]
    piles = {name: " ".join(cards) for name, cards in runs.items()}
    state = position(steeplechase, {**piles, "t1": tens[0], "w": tens[1], "o": tens[2]}, rest="s", base_rank=11)
    return save_position(tmp_path / "almost.json", state)


# --- the player knows no game ----------------------------------------------------------------


def test_the_player_and_the_command_name_no_game():
    names = game_names()
    assert {"steeplechase", "blockade"} <= names
    for source in PLAYER_SOURCES:
        text = source.read_text(encoding="utf-8").lower()
        for name in names:
            assert not re.search(rf"\b{re.escape(name)}\b", text), f"{source.name} names the game {name!r}"


# --- whole scripted games --------------------------------------------------------------------


def test_a_whole_steeplechase_game_scripted_from_the_deal_to_the_win(steeplechase, tmp_path):
    solution = solve(steeplechase.deal(3), Budget(nodes=20_000))
    assert solution.answer == "won"
    end = tmp_path / "end.json"
    result = patience("play", "steeplechase", "--seed", "3", "--no-auto", script=[*solution.line, f"save {end}"])
    assert result.returncode == 0, result.stdout[-3000:]
    assert result.stderr == ""
    expected = steeplechase.deal(3)
    for text in solution.line:
        expected.push(expected.parse_move(text))
    assert expected.is_won() and saved_state(end) == expected.to_json()
    assert headings(result.stdout)[-1] == f"Steeplechase - deal 3 - move {len(solution.line)} - base rank {RANKS[expected.base_rank - 1]}"
    assert result.stdout.count(RESULT_TEXT[WON]) == 1
    assert f"{RESULT_TEXT[WON]}\n> save {end}" in result.stdout
    assert "\x1b[" not in result.stdout  # piped: plain text


@pytest.mark.parametrize(("seed", "outcome", "status"), [(2, WON, 0), (5, STUCK, 1)])
def test_a_whole_scripted_blockade_game_to_its_end(blockade, tmp_path, seed, outcome, status):
    expected = blockade.deal(seed)
    line = policy_line(expected)
    assert Session(expected).result() == outcome
    assert any(text.startswith("release g") for text in line) and "fill" in line
    result = patience("play", "blockade", "--seed", str(seed), "--no-auto", script=line)
    assert result.returncode == status, result.stdout[-3000:]
    assert result.stderr == ""
    assert result.stdout.rstrip().endswith(RESULT_TEXT[outcome] + ("" if outcome == WON else " Type undo or restart to try again."))
    assert result.stdout.count(RESULT_TEXT[outcome]) == 1
    final_table = draw(expected)
    assert final_table in result.stdout


def test_a_blockade_grid_is_drawn_with_its_gaps_and_its_free_cards_marked(blockade):
    line = policy_line(blockade.deal(5))
    # Two cards in a row from the grid to the foundations: the first leaves a gap, the second is free now.
    turn = next(k for k in range(20, len(line)) if line[k - 1].startswith("g") and line[k].startswith("g"))
    result = patience("play", "blockade", "--seed", "5", "--no-auto", script=line[:turn])
    grid = {}
    for row in result.stdout.split(headings(result.stdout)[-1])[-1].splitlines():
        if re.match(r"g\d+ ", row):
            label, *cells = row.split()
            assert len(cells) == 10, row
            grid.update({f"g{int(label[1:]) + column}": cell for column, cell in enumerate(cells)})
    assert list(grid) == [f"g{number}" for number in range(1, len(grid) + 1)]
    assert any(cell != "--" for cell in list(grid.values())[-10:])  # the last row drawn holds a card
    gap, free = line[turn - 1].split()[0], line[turn].split()[0]
    assert grid[gap] == "--"
    assert grid[free].endswith("*")
    assert sum(cell.endswith("*") for cell in grid.values()) == len(
        {text.split()[0] for text in (blockade_moves_after(blockade, 5, line[:turn])) if text.startswith("g")})


def blockade_moves_after(game: framework.Game, seed: int, line: list[str]) -> list[str]:
    state = game.deal(seed)
    for text in line:
        state.push(state.parse_move(text))
    return [state.move_text(move) for move in state.legal_moves() if not move.action]


# --- winning, losing, auto-play --------------------------------------------------------------


def test_a_won_game_is_said_and_ends_with_status_0(almost_won):
    result = patience("play", "steeplechase", "--load", str(almost_won), "--no-auto", script=["t1 f", "w f", "o f"])
    assert result.returncode == 0, result.stdout
    assert result.stdout.rstrip().endswith(RESULT_TEXT[WON])
    assert "auto-play" not in result.stdout


def test_auto_play_is_on_by_default_and_finishes_what_is_safe(almost_won):
    result = patience("play", "--load", str(almost_won), script=["t1 f"])
    assert result.returncode == 0
    assert re.search(r"^played: 10[♦♥♣♠] to the foundation on 9[♦♥♣♠] \[t1 f\d\]$", result.stdout, flags=re.MULTILINE)
    auto = re.findall(r"^auto-play: (.*)$", result.stdout, flags=re.MULTILINE)
    assert len(auto) == 1
    said = re.findall(r"10[♦♥♣♠] to the foundation on 9[♦♥♣♠] \[(\w) f\d\]", auto[0])
    assert len(said) == len(auto[0].split(", ")) and sorted(said) == ["o", "w"]
    assert result.stdout.rstrip().endswith(RESULT_TEXT[WON])


def test_auto_play_is_turned_off_and_on_by_command(almost_won, tmp_path):
    after = tmp_path / "after.json"
    result = patience("play", "--load", str(almost_won), script=["auto", "auto off", "auto", "t1 f", f"save {after}", "auto on"])
    assert "Auto-play is on.\n" in result.stdout and "Auto-play is off.\n" in result.stdout
    assert saved_state(after)["piles"]["w"] and saved_state(after)["piles"]["o"]
    assert re.search(r"^auto-play: ", result.stdout.split("> auto on")[1], flags=re.MULTILINE)
    assert result.stdout.rstrip().endswith(RESULT_TEXT[WON])


def test_auto_play_leaves_alone_a_card_just_taken_back_from_a_foundation(steeplechase, tmp_path):
    runs = foundation_runs("J")
    ten = runs["f1"].pop()  # a red ten; the black nine under it is f1's top
    state = position(steeplechase, {**{name: " ".join(cards) for name, cards in runs.items()}, "t1": ten}, rest="s", base_rank=11)
    after = tmp_path / "after.json"
    result = patience("play", "steeplechase", "--load", str(save_position(tmp_path / "p.json", state)), script=["f1 t1", f"save {after}"])
    assert result.returncode == 0, result.stdout
    assert saved_state(after)["piles"]["t1"] == [ten, runs["f1"][-1]]
    assert "auto-play" not in result.stdout


def stuck_piles() -> dict[str, str]:
    """Steeplechase piles without a legal move: the foundations up to the eights, and on
    each column a nine with a ten of another foundation on it."""
    runs = foundation_runs("J")
    columns = {}
    for number in range(8):
        nine = runs[f"f{number + 1}"][-2]
        ten = runs[f"f{(number + 1) % 8 + 1}"][-1]
        columns[f"t{number + 1}"] = f"{nine} {ten}"
    return {**{name: " ".join(cards[:-2]) for name, cards in runs.items()}, **columns}


def test_no_legal_move_left_is_said_and_ends_with_status_1(steeplechase, tmp_path):
    state = position(steeplechase, stuck_piles(), rest="s", base_rank=11)
    assert state.legal_moves() == ()
    result = patience("play", "--load", str(save_position(tmp_path / "stuck.json", state)), script=["moves"])
    assert result.returncode == 1
    assert RESULT_TEXT[STUCK] in result.stdout
    assert "No legal move.\n" in result.stdout


# --- moves, numbers, undo and redo ------------------------------------------------------------


def test_moves_are_listed_with_numbers_that_can_be_typed(steeplechase, tmp_path):
    state = steeplechase.deal(1)
    legal = [state.move_text(move) for move in state.legal_moves()]
    after = tmp_path / "after.json"
    result = patience("play", "steeplechase", "--seed", "1", "--no-auto", script=["moves", str(len(legal)), f"save {after}"])
    listed = re.findall(r"^ *(\d+)\. (\S+(?: \S+)*?)(?:  +.*)?$", result.stdout, flags=re.MULTILINE)
    assert listed == [(str(number), text) for number, text in enumerate(legal, 1)]
    assert saved_state(after)["moves"] == [legal[-1]]


def test_undo_redo_and_restart_without_limit(steeplechase, tmp_path):
    line = policy_line(steeplechase.deal(3))[:30]
    saves = [tmp_path / f"{name}.json" for name in ("undone", "redone", "restarted", "replayed")]
    script = [*line, *["undo"] * 30, f"save {saves[0]}", *["redo"] * 30, f"save {saves[1]}",
              "restart", f"save {saves[2]}", *["redo"] * 30, f"save {saves[3]}", "redo"]
    result = patience("play", "steeplechase", "--seed", "3", "--no-auto", script=script)
    deal = steeplechase.deal(3).to_json()
    assert saved_state(saves[0]) == deal
    assert saved_state(saves[1])["moves"] == line
    assert saved_state(saves[2]) == deal
    assert saved_state(saves[3])["moves"] == line
    assert result.stdout.rstrip().endswith("nothing to redo")


def test_undo_takes_back_a_move_with_what_auto_play_did_after_it(almost_won, tmp_path):
    after = tmp_path / "after.json"
    result = patience("play", "--load", str(almost_won), script=["t1 f", "undo", f"save {after}"])
    ten = r"10[♦♥♣♠] to the foundation on 9[♦♥♣♠]"
    assert re.search(fr"^undone: {ten} \[t1 f\d\], {ten} \[(w|o) f\d\], {ten} \[(w|o) f\d\]$", result.stdout, flags=re.MULTILINE)
    assert json.loads(after.read_text())["state"]["piles"] == json.loads(almost_won.read_text())["piles"]


def test_wrong_commands_and_illegal_moves_get_one_line_and_change_nothing(steeplechase, tmp_path):
    after = tmp_path / "after.json"
    wrong = {
        "t9 f": "no pile called 't9'",
        "t1 t2": "not legal now",
        "o t1": "not legal now",
        "xyzzy": "not a move",
        "t1 t2 t3 t4": "too many words",
        "0": "no move number 0",
        "99": "no move number 99",
        "9" * 5000: "no move number '99999",  # more digits than Python turns into a number
        "undo": "nothing to undo",
        "redo": "nothing to redo",
        "save": "say which file",
        "load": "say which file",
        "auto maybe": "auto on or auto off",
        "moves please": "moves takes nothing",
        f"save {tmp_path / 'no' / 'such' / 'dir.json'}": "cannot write",
        f"load {tmp_path / 'missing.json'}": "cannot read",
    }
    result = patience("play", "steeplechase", "--seed", "1", "--no-auto", script=[*wrong, f"save {after}"])
    assert result.returncode == 0 and result.stderr == ""
    replies = result.stdout.split("\n> ")[1:-1]
    assert len(replies) == len(wrong)
    for reply, (line, reason) in zip(replies, wrong.items()):
        command, *answer = reply.splitlines()
        assert command == line
        assert len(answer) == 1 and reason in answer[0] and len(answer[0]) < 200, (line, answer)
    assert saved_state(after) == steeplechase.deal(1).to_json()
    assert not (tmp_path / "no").exists()
    assert sorted(path.name for path in tmp_path.iterdir()) == ["after.json"]


def test_help_and_rules_inside_the_player(steeplechase):
    result = patience("play", "steeplechase", "--seed", "1", script=["help", "rules"])
    for word in ("moves", "undo", "redo", "restart", "save FILE", "load FILE", "hint [SECONDS]", "auto on|off",
                 "peek on|off", "quit", "t1..t8 tableau"):
        assert word in result.stdout
    assert steeplechase.spec.rules.splitlines()[0] in result.stdout


def test_q_quits_the_player_as_quit_does():
    for word in ("q", "quit", "exit"):
        result = patience("play", "steeplechase", "--seed", "1", script=[word, "help"])
        assert result.returncode == 0 and "Commands:" not in result.stdout, (word, result.stdout[-500:])


# --- hints ------------------------------------------------------------------------------------


def test_a_hint_from_a_solution_the_solver_finds_plays_nothing(almost_won, tmp_path):
    after = tmp_path / "after.json"
    result = patience("play", "--load", str(almost_won), script=["hint", f"save {after}", "t1 f", "hint"])
    assert re.search(r"^hint: 10[♦♥♣♠] to the foundation on 9[♦♥♣♠] \[[tow]1? f\d\]  \(it starts a winning line the solver found\)$", result.stdout, flags=re.MULTILINE)
    assert json.loads(after.read_text())["state"]["piles"] == json.loads(almost_won.read_text())["piles"]
    assert result.stdout.rstrip().endswith("> hint\nThe game is won already.")


def test_a_hint_without_a_solution_says_so(steeplechase):
    state = steeplechase.deal(1)
    result = patience("play", "steeplechase", "--seed", "1", script=["hint 0", "hint soon", "hint 1 2"])
    replies = [reply.splitlines() for reply in result.stdout.split("\n> ")[1:]]
    # Steeplechase hides its stock: the hint is fair, and in no time it wins in none of the arrangements it tried.
    assert replies[0][1].startswith("hint: ") and replies[0][1].endswith(
        "(it wins in none of 40 arrangements of the hidden cards the solver tried within 0 s; "
        "this is the move it would try first)")
    typed = re.fullmatch(r"hint: .+ \[(.+)\]  \(.*\)", replies[0][1])
    assert typed and state.is_legal(state.parse_move(typed.group(1)))
    assert replies[1][1] == "hint SECONDS: expected a number of seconds from 0 to 3600, got 'soon'"
    assert replies[2][1] == "say hint, or hint SECONDS to search longer"


def test_the_next_hint_follows_the_winning_line_the_first_one_found(steeplechase):
    session, _ = Session.new(steeplechase, 7, autoplay=False)
    line = [session.state.move_text(move) for move in session.hint(60, peek=True).line.moves]
    result = patience("play", "steeplechase", "--seed", "7", "--no-auto", "--peek", script=["hint 60", line[0], "hint 60"])
    replies = [reply.splitlines() for reply in result.stdout.split("\n> ")[1:]]
    looked = "looking at the hidden cards: "  # the stock's order: only a peeking hint finds a line to follow there
    assert f"[{line[0]}]" in replies[0][1] and replies[0][1].endswith(f"  ({looked}it starts a winning line the solver found)")
    assert replies[0][1].startswith("hint: ") and f"[{line[1]}]" in replies[2][1]
    assert replies[2][1].endswith(f"  ({looked}move 2 of a winning line of {len(line)} the solver found)")


def test_a_hint_is_fair_where_cards_are_hidden_and_peeks_with_peek():
    fair = r"^hint: .+ \[.+\]  \(it wins in (\d+|none) of 40 arrangements of the hidden cards.*\)$"
    peeked = r"^hint: .+ \[.+\]  \(looking at the hidden cards: .+\)$"
    result = patience("play", "klondike", "--seed", "3", "--no-auto", script=["hint 1", "peek", "peek on", "hint 1",
                                                                              "peek off", "hint 1", "peek now"])
    replies = [reply.splitlines()[1] for reply in result.stdout.split("\n> ")[1:]]
    assert re.match(fair, replies[0]) and re.match(peeked, replies[3]) and re.match(fair, replies[5]), replies
    assert replies[1] == replies[4] == "Hints see only what you see (fair hints)."
    assert replies[2] == "Hints look at the hidden cards."
    assert replies[6] == "say peek on or peek off"
    flagged = patience("play", "klondike", "--seed", "3", "--no-auto", "--peek", script=["hint 1", "peek"])
    replies = [reply.splitlines()[1] for reply in flagged.stdout.split("\n> ")[1:]]
    assert re.match(peeked, replies[0]) and replies[1] == "Hints look at the hidden cards.", replies


def test_a_hint_when_no_move_is_left(steeplechase, tmp_path):
    state = position(steeplechase, stuck_piles(), rest="s", base_rank=11)
    result = patience("play", "--load", str(save_position(tmp_path / "stuck.json", state)), script=["hint"])
    assert result.stdout.rstrip().endswith("> hint\nNo legal move.")


# --- save, load, continue --------------------------------------------------------------------


def test_save_then_load_then_continue_keeps_undo_and_redo(steeplechase, tmp_path):
    line = policy_line(steeplechase.deal(6))[:40]
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    result = patience("play", "steeplechase", "--seed", "6", "--no-auto", script=[*line[:20], "undo", "undo", f"save {first}", "quit"])
    assert result.returncode == 0 and first.exists()
    saved = json.loads(first.read_text())
    assert saved["format"] == "patience-game" and saved["redo"] == [[line[18]], [line[19]]]

    result = patience("play", "--load", str(first), "--no-auto", script=["redo", "redo", *line[20:], "undo", f"save {second}"])
    assert result.returncode == 0, result.stdout[-2000:]
    assert "Steeplechase - deal 6 - move 18" in headings(result.stdout)[0]
    expected = steeplechase.deal(6)
    for text in line[:-1]:
        expected.push(expected.parse_move(text))
    assert saved_state(second) == expected.to_json()
    assert json.loads(second.read_text())["redo"] == [[line[-1]]]

    in_session = patience("play", "steeplechase", "--seed", "1", script=[f"load {second}", "redo", "undo", "undo", f"save {first}"])
    assert in_session.returncode == 0
    assert saved_state(first)["moves"] == line[:-2]


def test_a_bare_saved_state_loads_too(steeplechase, tmp_path):
    state = steeplechase.deal(2)
    for text in policy_line(steeplechase.deal(2))[:5]:
        state.push(state.parse_move(text))
    path = save_position(tmp_path / "state.json", state)
    after = tmp_path / "after.json"
    result = patience("play", "steeplechase", "--load", str(path), script=["undo", f"save {after}"])
    assert result.returncode == 0
    assert len(saved_state(after)["moves"]) == 4


def damaged_saves(steeplechase: framework.Game) -> dict[str, tuple[str, str]]:
    """File text of broken saved games, and the words the error must hold."""
    good = Session(steeplechase.deal(1)).to_json()
    moved = Session(steeplechase.deal(1))
    moved.play(moved.state.parse_move("t2 f1"))
    moved.undo()
    with_redo = moved.to_json()

    def changed(path: tuple, value: object, data: dict = good) -> str:
        copy = json.loads(json.dumps(data))
        place = copy
        for key in path[:-1]:
            place = place[key]
        place[path[-1]] = value
        return json.dumps(copy)

    text = json.dumps(good)
    return {
        "not-json": ("{\"format\": ", "not JSON"),
        "truncated": (text[: len(text) // 2], "not JSON"),
        "a-list": ("[]", "JSON object"),
        "wrong-format": (changed(("format",), "something-else"), "field 'format'"),
        "future-version": (changed(("version",), 99), "field 'version'"),
        "no-game": (changed(("state", "game"), None), "field 'state.game'"),
        "unknown-game": (changed(("state", "game"), "../../etc/passwd"), "not a game found by name"),
        "illegal-move": (changed(("state", "moves"), ["t1 t2"]), "moves[0]"),
        "wrong-piles": (changed(("state", "piles", "t1"), ["AS", "AS", "AS"]), "field 'piles"),
        "bad-turns": (changed(("turns",), [2]), "field 'turns'"),
        "bad-redo": (changed(("redo",), [["o t1"]], with_redo), "redo[0][0]"),
        "binary": ("\udcff", "not UTF-8"),
        **hostile_saves(steeplechase),
    }


def hostile_saves(steeplechase: framework.Game) -> dict[str, tuple[str, str]]:
    """File text of saves made to crash a reader, and the words the error must hold."""
    text = json.dumps(Session(steeplechase.deal(1)).to_json())
    assert text.startswith('{"format": "patience-game", "version": 1, ')
    card = json.loads(text)
    card["state"]["piles"]["t1"][0] = "X" * 10_000_000
    return {
        "deep": ("[" * 1_000_000, "nested deeper than 200 levels"),
        "huge-number": (text.replace('"version": 1', '"version": ' + "9" * 5000, 1), "a number of 5000 characters (at most 100)"),
        "repeated-key": (text.replace('"version": 1', '"version": 1, "version": 1', 1), "the key 'version' appears twice in one object"),
        "long-card": (json.dumps(card), "not a card: 'XXXXXXXX"),
    }


def write_damaged_saves(steeplechase: framework.Game, directory: Path) -> dict[Path, str]:
    """Every kind of damaged save written to ``directory``: each file with the words its error must hold."""
    files = {}
    for name, (text, words) in damaged_saves(steeplechase).items():
        path = directory / f"{name}.json"
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
        files[path] = words
    return files


def test_every_kind_of_damaged_save_is_refused_in_play_with_one_line_and_changes_nothing(steeplechase, tmp_path):
    files = write_damaged_saves(steeplechase, tmp_path)
    after = tmp_path / "after.json"
    result = patience("play", "steeplechase", "--seed", "1", "--no-auto", script=["t5 t4", *(f"load {path}" for path in files), f"save {after}"])
    replies = result.stdout.split("\n> ")[2:-1]
    assert len(replies) == len(files)
    for reply, (path, words) in zip(replies, files.items()):
        command, *answer = reply.splitlines()
        assert command == f"load {path}"
        assert len(answer) == 1 and answer[0].startswith(f"{path}: ") and words in answer[0], answer
    assert saved_state(after)["moves"] == ["t5 t4"]


@pytest.mark.parametrize("kind", ["truncated", "unknown-game", "illegal-move"])
def test_a_damaged_save_to_start_from_is_status_2_with_one_line(steeplechase, tmp_path, kind):
    text, words = damaged_saves(steeplechase)[kind]
    path = tmp_path / "damaged.json"
    path.write_text(text)
    result = patience("play", "--load", str(path))
    assert_one_line_error(result, str(path), words)
    assert result.stdout == ""


@pytest.mark.parametrize("command", [("play", "--load"), ("solve", "--load"), ("replay",)])
def test_a_hostile_save_is_refused_by_every_command_with_one_short_line(steeplechase, tmp_path, command):
    for kind, (text, words) in hostile_saves(steeplechase).items():
        path = tmp_path / f"{kind}.json"
        path.write_text(text)
        result = patience(*command, str(path))
        assert_one_line_error(result, f"{path}: ", words)
        assert len(result.stderr) < len(str(path)) + 200, (kind, result.stderr[:300])
        assert result.stdout == ""


def not_regular_files(folder: Path) -> list[Path]:
    """Paths that are not regular files: a named pipe (no writer: opened, it blocks), a link to it, and a device
    that never ends (read, it gave 150 MB a second up to a MemoryError)."""
    pipe = folder / "pipe.json"
    os.mkfifo(pipe)
    link = folder / "link.json"
    link.symlink_to(pipe)
    return [pipe, link, Path("/dev/zero")]


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="needs pipes and /dev/zero")
@pytest.mark.parametrize("command", [("play", "--load"), ("solve", "--load"), ("replay",)])
def test_a_save_that_is_not_a_regular_file_is_refused_unopened(tmp_path, command):
    for path in not_regular_files(tmp_path):
        result = subprocess.run([sys.executable, "-m", "framework.cli", *command, str(path)], capture_output=True,
                                text=True, timeout=30)  # before: a hang on the pipe, /dev/zero read to a MemoryError
        assert_one_line_error(result, f"{path}: is not a regular file")


@pytest.mark.skipif(not hasattr(os, "mkfifo") or not Path("/dev/zero").exists(), reason="needs pipes and /dev/zero")
def test_loading_or_saving_a_file_that_is_not_a_regular_one_is_refused_in_play(tmp_path):
    pipe, link, device = not_regular_files(tmp_path)
    after = tmp_path / "after.json"
    result = subprocess.run([sys.executable, "-m", "framework.cli", "play", "steeplechase", "--seed", "1", "--no-auto"],
                            input="".join(f"{line}\n" for line in [f"load {pipe}", f"load {device}", "t5 t4", f"save {pipe}",
                                                                   f"save {link}", f"save {after}"]),
                            capture_output=True, text=True, timeout=30)
    replies = result.stdout.split("\n> ")[1:]
    assert replies[0].splitlines()[1:] == [f"{pipe}: is not a regular file"]
    assert replies[1].splitlines()[1:] == [f"{device}: is not a regular file"]
    for reply, path in ((replies[3], pipe), (replies[4], link)):
        assert reply.splitlines()[1:] == [f"{path}: is not a regular file: a save goes to a regular file or a new one"]
    assert pipe.is_fifo() and link.is_symlink() and saved_state(after)["moves"] == ["t5 t4"]


def test_a_save_larger_than_any_game_is_refused_unread(tmp_path):
    from framework.savefile import MAX_SAVE_BYTES

    path = tmp_path / "huge.json"
    with path.open("wb") as file:
        file.truncate(MAX_SAVE_BYTES + 1)  # a sparse file: no byte of it written
    assert_one_line_error(patience("replay", str(path)),
                          f"{path}: too large: {MAX_SAVE_BYTES + 1:,} bytes (a saved game has at most "
                          f"{MAX_SAVE_BYTES:,})")


def test_a_save_of_another_game_or_a_missing_file_is_refused(tmp_path):
    blockade_save = tmp_path / "blockade.json"
    patience("play", "blockade", "--seed", "1", script=[f"save {blockade_save}"])
    assert_one_line_error(patience("play", "steeplechase", "--load", str(blockade_save)), "saved game of 'blockade'")
    assert_one_line_error(patience("play", "--load", str(tmp_path / "missing.json")), "missing.json: cannot read")
    assert_one_line_error(patience("play", "--load", str(tmp_path)), "directory")
