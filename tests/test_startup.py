"""Start-up: ``--help`` imports no more than the command line needs, and ``list`` keeps what it
worked out in the user's cache, used only while the rule files and the program stay the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import patience

import framework
from framework import listing
from framework.cli import main
from framework.filecache import cache_directory
from framework.rulefiles import builtin_directory

#: Modules that only a command that loads or plays a game needs.
HEAVY = ["jsonschema", "yaml", "framework.game", "framework.loader", "framework.state", "framework.solver",
         "fastapi", "uvicorn"]
#: A time well in the past (2001), given to rule files so that the cache keeps them.
LONG_AGO = 1_000_000_000


def imported_by(code: str) -> set[str]:
    """The heavy modules imported by running ``code`` in a fresh interpreter."""
    check = f"import sys\n{code}\nprint(' '.join(name for name in {HEAVY!r} if name in sys.modules))"
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True, timeout=60)
    return set(result.stdout.split())


def test_the_command_line_and_the_package_import_nothing_heavy():
    assert imported_by("import framework.cli") == set()
    assert imported_by("import framework") == set()
    assert imported_by("from framework import available_games, PatienceError") == set()


def test_help_runs_without_loading_a_game():
    code = ("from click.testing import CliRunner\nfrom framework.cli import main\n"
            "for command in ([], ['list'], ['play'], ['solve'], ['stats'], ['serve'], ['new']):\n"
            "    assert CliRunner().invoke(main, [*command, '--help']).exit_code == 0")
    assert imported_by(code) == set()
    result = patience("solve", "--help")
    assert result.returncode == 0 and "--searches INTEGER RANGE" in result.stdout


def test_every_public_name_is_there_when_asked_for():
    namespace: dict[str, object] = {}
    exec("from framework import *", namespace)
    assert set(framework.__all__) <= set(namespace) and set(framework.__all__) <= set(dir(framework))
    assert framework.load_game("klondike").deal(1).__class__ is framework.State
    with pytest.raises(AttributeError, match="module 'framework' has no attribute 'Klondike'"):
        framework.Klondike  # noqa: B018


def game_file(directory: Path, game_id: str, title: str, when: int = LONG_AGO) -> Path:
    """A rule file of the user's own: Klondike's rules under another title, last changed at ``when``."""
    directory.mkdir(exist_ok=True)
    rules = framework.available_games()["klondike"].read_text(encoding="utf-8")
    path = directory / f"{game_id}.yaml"
    path.write_text(rules.replace("name: Klondike", f"name: {title}"), encoding="utf-8")
    os.utime(path, ns=(when * 10**9, when * 10**9))
    return path


def listed(directory: Path) -> dict[str, str]:
    """``patience list`` with the user's games in ``directory``, as each game's text after its name."""
    return dict(line.split(maxsplit=1) for line in list_output(directory).splitlines())


def list_output(directory: Path) -> str:
    """The output of ``patience list`` in this process (the environment as it was, after), with the games in ``directory``."""
    result = CliRunner().invoke(main, ["list"], env={"PATIENCE_RULES_PATH": str(directory)})
    assert result.exit_code == 0, result.output
    return result.output


def test_a_list_from_the_cache_is_the_list_worked_out_afresh(tmp_path):
    game_file(tmp_path / "mine", "my-klondike", "My Klondike")
    (tmp_path / "mine" / "broken.yaml").write_text("name: [\n")
    os.utime(tmp_path / "mine" / "broken.yaml", ns=(LONG_AGO * 10**9, LONG_AGO * 10**9))
    first = listed(tmp_path / "mine")  # works out the games not yet in the cache
    assert (cache_directory() / "list.json").is_file()
    assert listed(tmp_path / "mine") == first
    assert first["my-klondike"] == "My Klondike, 52 cards, medium"
    assert first["broken"].startswith(f"cannot be loaded: {tmp_path / 'mine' / 'broken.yaml'}:2:1: ")
    assert first["steeplechase"] == "Steeplechase, 104 cards (2 decks), hard"


def test_a_changed_rule_file_is_read_again(tmp_path):
    mine = tmp_path / "mine"
    game_file(mine, "my-klondike", "Title A")
    assert listed(mine)["my-klondike"] == "Title A, 52 cards, medium"
    game_file(mine, "my-klondike", "Title B")  # the same size and time: the cache cannot tell
    assert listed(mine)["my-klondike"] == "Title A, 52 cards, medium"
    game_file(mine, "my-klondike", "Title B", when=LONG_AGO + 1)
    assert listed(mine)["my-klondike"] == "Title B, 52 cards, medium"
    game_file(mine, "my-klondike", "Title Longer")
    assert listed(mine)["my-klondike"] == "Title Longer, 52 cards, medium"


def test_a_rule_file_just_changed_is_not_kept(tmp_path):
    mine = tmp_path / "mine"
    path = game_file(mine, "my-klondike", "Title A")
    older = game_file(mine, "old-klondike", "Title B")
    os.utime(path)  # now: it could change again within the file system's clock tick
    assert listed(mine)["my-klondike"] == "Title A, 52 cards, medium"
    kept = json.loads((cache_directory() / "list.json").read_text())["files"]
    assert str(path) not in kept and str(older) in kept


def test_the_index_of_the_built_in_games_is_up_to_date():
    directory = builtin_directory()
    assert (directory / listing.INDEX_NAME).read_text(encoding="utf-8") == listing.index_text(directory), \
        f"rules/{listing.INDEX_NAME} is out of date; regenerate it with: {listing.COMMAND}"


def test_a_first_list_checks_no_built_in_rule_file(tmp_path):
    # With an empty cache, the built-in games are listed from their index: no YAML, no schema, no loader.
    code = (f"import os\nos.environ['XDG_CACHE_HOME'] = {str(tmp_path)!r}\n"
            "from framework.listing import listed_games\nassert len(listed_games()) > 300")
    assert imported_by(code) == set()


def test_a_rule_file_is_listed_from_the_index_only_while_its_text_is_the_one_indexed(tmp_path):
    path = game_file(tmp_path / "rules", "my-klondike", "Title A")
    index = tmp_path / "rules" / listing.INDEX_NAME
    index.write_text(listing.index_text(path.parent), encoding="utf-8")
    line = {"name": "Title A", "pack": "52 cards", "decks": 1, "difficulty": "medium"}
    assert listing.indexed_lines(path.parent, [path]) == {path: line}
    game_file(tmp_path / "rules", "my-klondike", "Title B")  # the same size and time: the index tells by its text
    assert listing.indexed_lines(path.parent, [path]) == {}
    game_file(tmp_path / "rules", "my-klondike", "Title A")
    assert listing.indexed_lines(path.parent, [path]) == {path: line}
    for damage in ("{not json", "[]", '{"format": "patience-list-index", "files": {"my-klondike.yaml": {}}}'):
        index.write_text(damage, encoding="utf-8")
        assert listing.indexed_lines(path.parent, [path]) == {}


@pytest.mark.parametrize("damage", ["{not json", "[]", '{"stamp": 1, "files": {}}', "\x00\xff"])
def test_a_damaged_cache_is_ignored_and_replaced(tmp_path, damage):
    mine = tmp_path / "mine"
    game_file(mine, "my-klondike", "My Klondike")
    expected = listed(mine)
    cache = cache_directory() / "list.json"
    cache.write_bytes(damage.encode("latin-1"))
    assert listed(mine) == expected
    assert json.loads(cache.read_text())["files"]


def test_a_damaged_entry_is_worked_out_again(tmp_path):
    mine = tmp_path / "mine"
    path = game_file(mine, "my-klondike", "My Klondike")
    expected = listed(mine)
    cache = cache_directory() / "list.json"
    data = json.loads(cache.read_text())
    data["files"][str(path)]["value"] = {"name": 7}
    cache.write_text(json.dumps(data))
    assert listed(mine) == expected


def test_a_cache_that_cannot_be_written_changes_nothing(tmp_path):
    mine = tmp_path / "mine"
    game_file(mine, "my-klondike", "My Klondike")
    (tmp_path / "file").write_text("")
    result = patience("list", "--rules-path", str(mine), env={"XDG_CACHE_HOME": str(tmp_path / "file")})
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout == list_output(mine)
    assert (tmp_path / "file").read_text() == ""
