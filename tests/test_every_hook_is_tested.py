"""Every hook has an implementation that the tests exercise (as datasette checks its own hooks).

A hook counts as tested when a plugin implementing it is either a built-in one
(every built-in plugin is named by a shipped game, and every shipped game is
played by tests/test_golden.py) or a plugin written inside a test file.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

from helpers import declared_hooks

from framework import available_games, load_game, plugins

ROOT = Path(__file__).resolve().parent.parent


def implemented_in(path: Path) -> set[str]:
    """Names of the functions marked ``@hookimpl`` in a Python file, or in Python code inside a string of it."""
    found = set()
    sources = [path.read_text(encoding="utf-8")]
    for node in ast.walk(ast.parse(sources[0])):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and "@hookimpl" in node.value:
            sources.append(node.value)
    trees = [ast.parse(sources[0])]
    for source in sources[1:]:
        try:
            trees.append(ast.parse(inspect.cleandoc(source)))
        except SyntaxError:
            continue  # a string that mentions hookimpl but is not code
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and any(
                (isinstance(mark, ast.Name) and mark.id == "hookimpl") or (isinstance(mark, ast.Call) and getattr(mark.func, "id", "") == "hookimpl")
                for mark in node.decorator_list
            ):
                found.add(node.name)
    return found


def test_every_built_in_plugin_is_named_by_a_shipped_game():
    named = {use.name for game in available_games() for use in load_game(game).spec.plugins}
    built_in = {name for name in plugins.plugin_names() if plugins.plugin_entry_points()[name].value.startswith("patience_plugins.")}
    assert built_in <= named


def test_every_hook_has_a_tested_implementation():
    tested = set()
    for path in [*(ROOT / "plugins").glob("*.py"), *(ROOT / "tests").rglob("test_*.py")]:
        tested |= implemented_in(path)
    missing = declared_hooks() - tested
    assert not missing, f"no built-in plugin or test plugin implements: {sorted(missing)}"
