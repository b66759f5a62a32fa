"""The kernel's and the solver's hot modules compiled with mypyc where they can be; pure Python otherwise.

Everything else about the package is in pyproject.toml. The modules in
``COMPILED`` are the kernel's move generation and push/pop and the solver's
search: compiled, a search expands positions several times as fast
(docs/solver.md, "Compiled"). Their ``.py`` files are the fallback: each
extension is optional, so where the build finds no C compiler or no Python
headers, the install goes on with the pure-Python modules, which play the same.

Only a wheel is compiled (``pip install .`` or ``pip wheel .``). An editable
install (``pip install -e .``, as ``make test`` and ``make play`` make) runs the
``.py`` files, so an edit takes effect at once; ``PATIENCE_PURE=1`` builds a
wheel without compiling too.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup

#: The modules compiled: each one's imports of the others are then calls between compiled code.
COMPILED = [
    "framework/cards.py",
    "framework/moves.py",
    "framework/compile.py",
    "framework/hooks.py",
    "framework/hookcheck.py",
    "framework/state.py",
    "framework/game.py",
    "framework/solver/canonical.py",
    "framework/solver/ordering.py",
    "framework/solver/forced.py",
    "framework/solver/doomed.py",
    "framework/solver/beam.py",
    "framework/solver/search.py",
]

#: The setup commands that build extensions; the others (metadata, an editable wheel) need none.
BUILDS = {"bdist_wheel", "build", "build_ext"}


def compiled_modules() -> list[Extension]:
    """The mypyc extensions, each optional, when building a wheel; else none."""
    if os.environ.get("PATIENCE_PURE") or not BUILDS.intersection(sys.argv):
        return []
    from mypyc.build import mypycify  # mypy is a build requirement (pyproject.toml)

    # The build has none of the lint extra's stubs, so mypy's strict settings (pyproject.toml) are not read and
    # the modules imported without types are taken as they come.
    extensions = mypycify(["--config-file=", "--ignore-missing-imports", *COMPILED], opt_level="3")
    for extension in extensions:
        extension.optional = True  # no compiler: the build goes on with the .py file
    return extensions


setup(ext_modules=compiled_modules())
