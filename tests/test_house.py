"""House rules that tests enforce: one home for the helpers the tests share, and code in small functions.

Plain helpers are in ``tests/helpers.py`` and fixtures in ``tests/conftest.py``; a test file
imports from neither another test file nor keeps its own copy of a shared helper.

Outside the tests no function is longer than 80 lines, and the mean cyclomatic complexity of the
functions, methods and classes of the package and the built-in plugins, as radon measures it
(``radon cc -a framework plugins``), is at most 4.0 (issue 32; docs/development.md).
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import helpers
from radon.complexity import cc_visit

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
#: The Python files outside the tests.
CODE = sorted(path for folder in ("framework", "plugins", "benchmarks", "examples", "rules")
              for path in (ROOT / folder).rglob("*.py")) + [ROOT / "setup.py"]
#: The most lines a function may have, from its ``def`` to its last line.
MOST_LINES = 80
#: The highest mean cyclomatic complexity of the package and the built-in plugins.
MOST_MEAN_COMPLEXITY = 4.0
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


def test_no_function_outside_the_tests_is_longer_than_80_lines():
    long = [f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path in CODE for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno is not None and node.end_lineno - node.lineno + 1 > MOST_LINES]
    assert CODE
    assert long == [], f"split into functions of at most {MOST_LINES} lines, each with a job of its own"


def test_mean_complexity_of_the_package_and_plugins_is_at_most_4():
    blocks = [block for folder in ("framework", "plugins") for path in sorted((ROOT / folder).rglob("*.py"))
              for block in cc_visit(path.read_text(encoding="utf-8"))]
    mean = sum(block.complexity for block in blocks) / len(blocks)
    most = ", ".join(f"{block.fullname} {block.complexity}"
                     for block in sorted(blocks, key=lambda block: -block.complexity)[:5])
    assert mean <= MOST_MEAN_COMPLEXITY, (
        f"mean complexity {mean:.3f} over {len(blocks)} blocks (radon cc -a framework plugins) is over "
        f"{MOST_MEAN_COMPLEXITY}: split what does several jobs, such as {most}")
