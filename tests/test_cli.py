"""The ``patience`` command's other subcommands, run as a real process: list, rules, show,
validate, replay; exit statuses, one-line errors, colour on terminals only."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import assert_one_line_error, headings, patience, policy_line

import framework
from framework.cli import main
from framework.player.render import draw
from framework.savefile import write_json
from framework.session import Session
from framework.testing import position

ROOT = Path(__file__).resolve().parent.parent
STEEPLECHASE_RULES = ROOT / "rules" / "steeplechase.yaml"
ANSI = "\x1b["


def user_game(directory: Path, game_id: str, title: str) -> Path:
    """A rule file of the user's own: Steeplechase's rules under another id and title."""
    directory.mkdir(exist_ok=True)
    path = directory / f"{game_id}.yaml"
    path.write_text(STEEPLECHASE_RULES.read_text(encoding="utf-8").replace("name: Steeplechase", f"name: {title}"), encoding="utf-8")
    return path


# --- list, rules, show -----------------------------------------------------------------------


def test_list_shows_every_game_with_its_title_pack_and_difficulty():
    result = patience("list")
    assert result.returncode == 0 and result.stderr == ""
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(framework.available_games())
    for line, path in zip(lines, framework.available_games().values()):
        spec = framework.load_spec(path)
        assert line.startswith(f"{spec.id} ") and f" {spec.name}, " in line and line.endswith(f", {spec.difficulty}")
    listed = {line.split()[0]: line for line in lines}
    assert listed["klondike"].endswith("Klondike, 52 cards, medium")
    assert listed["steeplechase"].endswith("Steeplechase, 104 cards (2 decks), hard")
    assert "104 cards of one suit (spades)" in listed["spider-1-suit"]
    assert "104 cards of two suits (hearts, spades)" in listed["spider-2-suits"]


def test_list_and_play_find_the_users_games_by_option_and_by_environment(tmp_path):
    mine = tmp_path / "mine"
    user_game(mine, "my-chase", "My Chase")
    (mine / "broken.yaml").write_text("name: [\n")
    by_option = patience("--rules-path", str(mine), "list")
    by_environment = patience("list", env={"PATIENCE_RULES_PATH": str(mine)})
    for result in (by_option, by_environment):
        assert result.returncode == 0
        assert re.search(r"^my-chase +My Chase, 104 cards \(2 decks\), hard$", result.stdout, flags=re.MULTILINE)
        assert re.search(r"^broken +cannot be loaded: .*broken.yaml:\d+:\d+: ", result.stdout, flags=re.MULTILINE)
    assert "steeplechase" in by_option.stdout
    played = patience("--rules-path", str(mine), "play", "my-chase", "--seed", "1", script=["quit"])
    assert played.returncode == 0 and "My Chase - deal 1 - move 0" in played.stdout
    assert patience("play", "my-chase").returncode == 2  # not found without the option


@pytest.mark.parametrize("command", [["list"], ["rules", "my-chase"], ["show", "my-chase"], ["play", "my-chase"],
                                     ["solve", "my-chase", "--nodes", "10", "--searches", "1"]])
def test_the_rules_path_may_follow_the_command(tmp_path, command):
    mine = tmp_path / "mine"
    user_game(mine, "my-chase", "My Chase")
    result = patience(*command, "--rules-path", str(mine), script=["quit"])
    assert result.returncode == 0, result.stderr
    assert "My Chase" in result.stdout or "my-chase" in result.stdout


def test_a_game_named_like_a_file_here_is_pointed_to_the_file(tmp_path):
    user_game(tmp_path, "castle-of-mine", "Castle of Mine")
    result = patience("play", "castle-of-mine", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert "castle-of-mine: no such game (did you mean 'castle-of-indolence'?); there is a rule file castle-of-mine.yaml " \
           "in this folder: name the file (castle-of-mine.yaml) to use it" in result.stderr
    assert patience("play", "castle-of-mine.yaml", "--seed", "1", cwd=tmp_path, script=["quit"]).returncode == 0


def test_rules_prints_the_prose_of_the_rule_file():
    result = patience("rules", "steeplechase")
    assert result.returncode == 0
    spec = framework.load_spec("steeplechase")
    assert result.stdout.startswith(f"{spec.name}: 104 cards (2 decks), hard\n")
    assert spec.rules.strip() in result.stdout
    assert "Piles: o obstacle, f1..f8 foundation, t1..t8 tableau, s stock, w waste." in result.stdout


def test_show_draws_the_deal_of_every_game():
    result = patience("show", "blockade", "--seed", "7")
    assert result.returncode == 0 and result.stdout == draw(framework.load_game("blockade").deal(7)) + "\n"
    runner = CliRunner()  # the same command in this process: one interpreter start for every game
    for name in framework.available_games():
        result = runner.invoke(main, ["show", name, "--seed", "7"])
        assert result.exit_code == 0, result.output
        assert result.output == draw(framework.load_game(name).deal(7)) + "\n"
        assert ANSI not in result.output


def test_show_takes_a_rule_file_too():
    result = patience("show", str(STEEPLECHASE_RULES), "--seed", "2")
    assert result.returncode == 0 and result.stdout.startswith("Steeplechase - deal 2 - move 0")


@pytest.mark.parametrize("command", [["show"], ["rules"], ["play"]])
def test_an_unknown_game_is_one_line_and_status_2(command):
    assert_one_line_error(patience(*command, "steeplechace"), "no such game", "did you mean 'steeplechase'")


@pytest.mark.parametrize(("command", "seed"), [("show", "-1"), ("show", "x"), ("show", "1.5"), ("show", ""), ("play", "-1")])
def test_a_bad_seed_is_a_usage_error(command, seed):
    result = patience(command, "steeplechase", "--seed", seed)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "Invalid value for '--seed'" in result.stderr


def test_play_usage_errors(tmp_path):
    for arguments, words in (
        (["play"], "name a GAME"),
        (["play", "steeplechase", "--seed", "1", "--load", str(tmp_path / "x.json")], "not both"),
        (["play", "steeplechase", "--bogus"], "No such option"),
        (["nosuchcommand"], "No such command"),
    ):
        result = patience(*arguments)
        assert result.returncode == 2 and words in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("command", [[], ["list"], ["rules"], ["show"], ["play"], ["validate"], ["replay"]])
def test_every_command_has_help(command):
    result = patience(*command, "--help")
    assert result.returncode == 0 and "Usage: " in result.stdout


# --- validate --------------------------------------------------------------------------------


def test_validate_passes_good_files_and_lists_every_problem_of_bad_ones(tmp_path):
    good = patience("validate", str(STEEPLECHASE_RULES))
    assert good.returncode == 0 and good.stdout == f"{STEEPLECHASE_RULES}: ok\n"

    bad = tmp_path / "bad.yaml"
    bad.write_text(STEEPLECHASE_RULES.read_text(encoding="utf-8").replace("decks: 2", "decks: two").replace("role: waste", "role: wastes"))
    result = patience("validate", str(STEEPLECHASE_RULES), str(bad))
    assert result.returncode == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"{STEEPLECHASE_RULES}: ok"
    assert len(lines) == 3 and all(re.match(rf"{re.escape(str(bad))}:\d+:\d+: ", line) for line in lines[1:])
    assert "'two'" in lines[1] and "'wastes'" in lines[2]


def test_validate_a_file_that_cannot_be_read_is_status_2(tmp_path):
    result = patience("validate", str(tmp_path / "missing.yaml"), str(STEEPLECHASE_RULES))
    assert result.returncode == 2
    assert result.stderr.strip() == f"patience: {tmp_path / 'missing.yaml'}: cannot read: No such file or directory"
    assert result.stdout == f"{STEEPLECHASE_RULES}: ok\n"
    assert patience("validate").returncode == 2


# --- replay ----------------------------------------------------------------------------------


def test_replay_steps_through_every_move_of_a_saved_game(steeplechase, tmp_path):
    session = Session(steeplechase.deal(3), autoplay=False)
    line = policy_line(steeplechase.deal(3))[:6]
    for text in line:
        session.play(session.state.parse_move(text))
    path = tmp_path / "game.json"
    write_json(path, session.to_json())
    result = patience("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert re.findall(r"^Move (\d+): (\S+(?: \S+)*?)(?:  +.*)?$", result.stdout, flags=re.MULTILINE) == [
        (str(number), text) for number, text in enumerate(line, 1)
    ]
    assert result.stdout.startswith(draw(steeplechase.deal(3)))
    assert draw(session.state) + "\n\nEnd of the saved game after 6 moves.\n" in result.stdout


def test_replay_of_a_position_without_its_deal(steeplechase, tmp_path):
    path = tmp_path / "position.json"
    state = position(steeplechase, {"t1": "KS"}, rest="s", base_rank=7)
    path.write_text(json.dumps(state.to_json()))
    result = patience("replay", str(path))
    assert result.returncode == 0 and "no moves to step through" in result.stdout


def test_replay_refuses_missing_and_damaged_files(tmp_path):
    assert_one_line_error(patience("replay", str(tmp_path / "missing.json")), "cannot read")
    damaged = tmp_path / "damaged.json"
    damaged.write_text("{]")
    assert_one_line_error(patience("replay", str(damaged)), str(damaged), "not JSON")


# --- colour ----------------------------------------------------------------------------------


def on_terminal(*arguments: str, typed: str = "", env: dict[str, str] | None = None) -> str:
    """The output of ``patience ARGUMENTS`` run on a pseudo-terminal, with ``typed`` typed in."""
    pty = pytest.importorskip("pty")
    master, slave = pty.openpty()
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"} | {"TERM": "xterm"} | (env or {})
    process = subprocess.Popen([sys.executable, "-m", "framework.cli", *arguments], stdin=slave, stdout=slave, stderr=slave, env=environment)
    os.close(slave)
    os.write(master, typed.encode())
    output = b""
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            process.kill()
            raise AssertionError(f"no output for 30 s: {output[-500:]!r}")
        try:
            chunk = os.read(master, 65536)
        except OSError:  # the terminal is closed: the process has ended
            break
        if not chunk:
            break
        output += chunk
    process.wait(timeout=30)
    os.close(master)
    return output.decode("utf-8", "replace")


def test_suits_are_in_colour_on_a_terminal_unless_no_color_is_set():
    coloured = on_terminal("show", "steeplechase", "--seed", "1")
    assert "\x1b[31m" in coloured  # red suits in red
    plain = on_terminal("show", "steeplechase", "--seed", "1", env={"NO_COLOR": "1"})
    assert ANSI not in plain and "♥" in plain


def test_play_on_a_terminal_prompts_and_draws_in_colour():
    output = on_terminal("play", "steeplechase", "--seed", "1", typed="t5 t4\nquit\n")
    assert "\x1b[31m" in output
    assert "> " in output and "move 1" in output


def test_a_game_played_from_its_rule_file_is_saved_and_loaded_again(tmp_path):
    rules = user_game(tmp_path / "mine", "my-chase", "My Chase")
    save, again = tmp_path / "save.json", tmp_path / "again.json"
    first = patience("play", str(rules), "--seed", "2", "--no-auto", script=["d", f"save {save}", "undo", f"load {save}", f"save {again}"])
    assert first.returncode == 0 and f"Loaded {save}." in first.stdout
    assert json.loads(again.read_text())["state"]["moves"] == ["d"]
    assert patience("play", str(rules), "--load", str(save), script=["quit"]).returncode == 0
    assert_one_line_error(patience("play", "--load", str(save)), "'my-chase', which is not a game found by name")


def test_loading_a_save_of_another_game_in_play_switches_games(tmp_path):
    save = tmp_path / "blockade.json"
    assert patience("play", "blockade", "--seed", "3", "--no-auto", script=["1", f"save {save}"]).returncode == 0
    result = patience("play", "steeplechase", "--seed", "1", script=[f"load {save}", "undo"])
    assert result.returncode == 0
    assert headings(result.stdout)[-2:] == ["Blockade - deal 3 - move 1", "Blockade - deal 3 - move 0"]
