"""The test suite's own house rules: one home for the helpers the tests share.

Plain helpers are in ``tests/helpers.py`` and fixtures in ``tests/conftest.py``; a test file
imports from neither another test file nor keeps its own copy of a shared helper.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import helpers

TESTS = Path(__file__).resolve().parent
SHARED = {name for name, value in vars(helpers).items()
          if inspect.isfunction(value) and value.__module__ == helpers.__name__}


def test_no_test_file_imports_from_another():
    found = []
    for path in sorted(TESTS.glob("test_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                       else [alias.name for alias in node.names] if isinstance(node, ast.Import) else [])
            found += [f"{path.name} imports {module}" for module in modules if module.startswith("test_")]
    assert found == [], "move what they share to tests/helpers.py (fixtures: tests/conftest.py)"


def test_no_test_file_defines_a_shared_helper_again():
    copies = [f"{path.name}: {node.name}" for path in sorted(TESTS.glob("test_*.py"))
              for node in ast.parse(path.read_text(encoding="utf-8")).body
              if isinstance(node, ast.FunctionDef) and node.name in SHARED]
    assert SHARED and copies == [], "use the helper of tests/helpers.py instead"
