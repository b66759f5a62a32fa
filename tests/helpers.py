"""The helpers the tests share: games changed for a test, positions written as card text, what a state shows.

Fixtures are in ``conftest.py``; plain functions are here, imported by name (``from helpers import
position``). ``framework.testing`` holds the ones plugin authors use too (``position``,
``legal_texts``), and they are not repeated here.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path
from typing import Any

import yaml

import framework
from framework import hookspecs

ROOT = Path(__file__).resolve().parent.parent


def declared_hooks() -> set[str]:
    """The hooks ``framework/hookspecs.py`` declares: its functions marked ``@hookspec``, read from its source."""
    tree = ast.parse(Path(inspect.getfile(hookspecs)).read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef) and any(
        (isinstance(mark, ast.Name) and mark.id == "hookspec")
        or (isinstance(mark, ast.Call) and isinstance(mark.func, ast.Name) and mark.func.id == "hookspec")
        for mark in node.decorator_list)}


def rule_document(game_id: str) -> dict[str, Any]:
    """The rule file of built-in game ``game_id``, read as YAML."""
    return yaml.safe_load(framework.available_games()[game_id].read_text(encoding="utf-8"))


def changed_game(game_id: str, **changes: Any) -> framework.Game:
    """Built-in game ``game_id`` with top-level keys of its rule file replaced by ``changes`` (``plugins=["spy"]``).

    The changed file is checked as any rule file is; the game's id is ``game_id`` with ``-changed`` after it.
    """
    document = rule_document(game_id) | changes
    text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
    return framework.Game(framework.parse_spec(text, source=f"<{game_id}, changed>", game_id=f"{game_id}-changed"))
