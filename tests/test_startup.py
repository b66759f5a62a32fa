"""Start-up: ``--help`` imports no more than the command line needs, ``list`` keeps what it worked out
in the user's cache, and so does loading a game (its checked spec, and the plugins installed), each
used only while the rule files, the program and the plugins stay the same."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner
from helpers import assert_one_line_error, patience

import framework
from framework import listing, plugins, speccache
from framework.cli import COMMANDS, main
from framework.filecache import cache_directory
from framework.rulefiles import builtin_directory

#: Modules that only a command that loads or plays a game needs.
HEAVY = ["jsonschema", "yaml", "framework.game", "framework.loader", "framework.state", "framework.solver",
         "fastapi", "uvicorn"]
#: Modules that loading a game whose checked spec is kept needs no more: the YAML reader, the schema checker and
#: the reader of the installed distributions' metadata.
CHECKING = ["yaml", "jsonschema", "framework.schemacheck", "importlib.metadata"]
#: A time well in the past (2001), given to rule files so that the cache keeps them.
LONG_AGO = 1_000_000_000


def imported_by(code: str, modules: list[str] = HEAVY, cwd: Path | None = None) -> set[str]:
    """Those of ``modules`` imported by running ``code`` in a fresh interpreter (in ``cwd``)."""
    check = f"import sys\n{code}\nprint(' '.join(name for name in {modules!r} if name in sys.modules))"
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True, timeout=60,
                            cwd=cwd)
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


def test_each_command_is_found_in_its_module():
    for name in COMMANDS:
        command = main.get_command(click.Context(main), name)
        assert command is not None and command.name == name
    assert main.get_command(click.Context(main), "nonsense") is None
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0 and all(f"  {name} " in result.output for name in COMMANDS)


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
    line = {"name": "Title A", "pack": "52 cards", "decks": 1, "difficulty": "medium", "family": "klondike",
            "summary": framework.load_game("klondike").spec.summary}
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


# --- the checked specs kept (framework/speccache.py) ----------------------------------------------


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """A cache directory of the test's own, empty; the folder of the kept specs in it."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "patience" / speccache.FOLDER


def test_every_game_loaded_from_the_cache_is_the_game_checked_afresh(own_cache):
    games = framework.available_games()
    for name, path in games.items():
        fresh = framework.parse_spec(path.read_bytes(), source=name, game_id=name)
        assert framework.load_spec(name) == fresh, name  # checked in full, and kept
        kept = framework.load_spec(name)  # read back from the cache
        assert kept == fresh and repr(kept) == repr(fresh), name  # repr: the same types too (an enum is not its word)
    assert len(list(own_cache.glob("*.json"))) == len(games)
    for name in ("freecell", "steeplechase", "blockade"):
        assert framework.load_game(name).deal(7).to_json() == framework.Game(
            framework.parse_spec(games[name].read_bytes(), source=name, game_id=name)).deal(7).to_json()


def test_a_game_loaded_before_is_loaded_without_yaml_the_schema_or_the_metadata_reader(tmp_path):
    (tmp_path / "run").mkdir()  # a folder of no distributions to run in: the one a command runs in is on sys.path
    code = (f"import os\nos.environ['XDG_CACHE_HOME'] = {str(tmp_path)!r}\n"
            "import framework\nframework.load_game('freecell').deal(1)")
    assert imported_by(code, CHECKING, cwd=tmp_path / "run") >= {"yaml", "jsonschema"}  # the first load checks
    assert imported_by(code, CHECKING, cwd=tmp_path / "run") == set()


def test_a_kept_spec_is_the_spec_of_the_file_loaded(own_cache, tmp_path):
    mine = game_file(tmp_path, "my-klondike", "Title A")
    other = tmp_path / "other.yaml"
    other.write_bytes(mine.read_bytes())
    assert framework.load_spec(str(mine)).name == "Title A"
    game_file(tmp_path, "my-klondike", "Title B")  # the same size and time: the cache tells by the text
    assert framework.load_spec(str(mine)).name == "Title B"
    spec = framework.load_spec(str(other))  # the same text as another file's: its own name and source
    assert (spec.id, spec.source, spec.name) == ("other", str(other), "Title A")


def test_a_rule_file_with_a_problem_is_never_kept(own_cache, tmp_path):
    path = game_file(tmp_path, "my-klondike", "Title A")
    framework.load_spec(str(path))
    path.write_text(path.read_text().replace("decks: 1", "decks: 0"))
    for _ in range(2):
        with pytest.raises(framework.LoadError, match="decks"):
            framework.load_spec(str(path))


def altered(text: str, **changes: object) -> str:
    """A kept spec's file with ``changes`` to its fields, its digest left as it was."""
    entry = json.loads(text)
    entry.update(changes)
    return json.dumps(entry)


@pytest.mark.parametrize("damage", [
    lambda text: "{not json",
    lambda text: "[]",
    lambda text: text[:len(text) // 2],
    lambda text: "\x00\xff",
    lambda text: altered(text, format=1),
    lambda text: text.replace("Title A", "Title Z"),  # the spec changed, its digest not
    lambda text: altered(text, spec='{"spec": ["GameSpec", {"nonsense": 1}]}', spec_sha256=speccache._digest(
        b'{"spec": ["GameSpec", {"nonsense": 1}]}')),  # a digest that fits, of something not a spec
    lambda text: altered(text, spec='{"spec": ["os.system", {}]}', spec_sha256=speccache._digest(
        b'{"spec": ["os.system", {}]}')),  # what is not a class of the spec is never made
])
def test_a_damaged_kept_spec_is_checked_again_and_replaced(own_cache, tmp_path, damage):
    path = game_file(tmp_path, "my-klondike", "Title A")
    expected = framework.load_spec(str(path))
    [entry] = own_cache.glob("*.json")
    entry.write_bytes(damage(entry.read_text()).encode("latin-1"))
    assert framework.load_spec(str(path)) == expected
    assert json.loads(entry.read_text())["format"] == speccache.FORMAT
    assert framework.load_spec(str(path)) == expected


def test_a_cache_that_cannot_be_written_changes_no_game(tmp_path, monkeypatch):
    (tmp_path / "file").write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "file"))
    assert framework.load_game("freecell").deal(1).to_json() == framework.Game(framework.parse_spec(
        framework.available_games()["freecell"].read_bytes(), source="freecell", game_id="freecell")).deal(1).to_json()


TAGGER = """
class Tagger:
    options_schema = {"type": "object", "properties": {"colour": {"type": "TYPE"}}, "additionalProperties": False}

    def __init__(self, game, options):
        self.colour = options["colour"]
"""


def test_a_changed_plugin_has_the_rule_file_checked_again(own_cache, tmp_path, install_plugin):
    install_plugin("tagger", "tagger_plugin", TAGGER.replace("TYPE", "string"), "Tagger")
    path = game_file(tmp_path / "rules", "tagged", "Tagged")
    path.write_text(path.read_text().replace("name: Tagged\n", "name: Tagged\nplugins:\n  - tagger: {colour: red}\n"))
    assert framework.load_spec(str(path)).plugins[0].options == {"colour": "red"}
    (tmp_path / "tagger_plugin.py").write_text(TAGGER.replace("TYPE", "integer"))  # as a new version would
    sys.modules.pop("tagger_plugin")
    plugins.load_plugin.cache_clear()
    with pytest.raises(framework.LoadError, match="colour"):
        framework.load_spec(str(path))


def test_a_plugin_uninstalled_is_no_longer_found(tmp_path):
    site, cache = tmp_path / "site", tmp_path / "cache"
    for name in ("tagger_plugin", "other"):  # another distribution stays: the folder still holds one
        info = site / f"{name}-1.0.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    info = site / "tagger_plugin-1.0.dist-info"
    (info / "entry_points.txt").write_text("[patience.plugins]\ntagger = tagger_plugin:Tagger\n")
    (site / "tagger_plugin.py").write_text(TAGGER.replace("TYPE", "string"))
    path = game_file(tmp_path / "rules", "tagged", "Tagged")
    path.write_text(path.read_text().replace("name: Tagged\n", "name: Tagged\nplugins:\n  - tagger: {colour: red}\n"))
    os.utime(site, ns=(LONG_AGO * 10**9, LONG_AGO * 10**9))  # so that the cache keeps what the folder holds
    # No bytecode written beside the plugin: a folder written to within the last seconds is not kept.
    settings = {"PYTHONPATH": str(site), "XDG_CACHE_HOME": str(cache), "PYTHONDONTWRITEBYTECODE": "1"}
    for _ in range(2):  # found, then found again from the caches
        result = patience("rules", str(path), env=settings, cwd=tmp_path)
        assert result.returncode == 0 and result.stdout.startswith("Tagged: "), result.stderr
    assert str(site) in json.loads((cache / "patience" / "plugins.json").read_text())["files"]
    for file in sorted(info.iterdir()):
        file.unlink()
    info.rmdir()  # uninstalled: the folder changed
    os.utime(site, ns=((LONG_AGO + 1) * 10**9, (LONG_AGO + 1) * 10**9))
    assert_one_line_error(patience("rules", str(path), env=settings, cwd=tmp_path), "plugin 'tagger' is not installed")
