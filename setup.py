"""The native core (framework/native), a C extension, built wherever a C compiler is found; pure Python otherwise.

Everything else about the package is in pyproject.toml. The extension
``framework.native._core`` restates the kernel's move generation and the
solver's search over positions held in native memory; a search runs ten and
more times as fast (docs/solver.md, "The native core"). It is optional: where
the build finds no C compiler or no Python headers, the install goes on, and
every search runs in the Python kernel, which plays the same. It is built for a
wheel (``pip install .``) and for an editable install (``pip install -e .``,
as ``make test`` and ``make play`` make) alike; ``PATIENCE_PURE=1`` builds
without it.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import Extension, setup

#: The C sources: module.c includes the others, so that the compiler sees one unit and inlines across them.
SOURCES = Path("framework/native")

NATIVE = Extension(
    "framework.native._core",
    sources=[str(SOURCES / "module.c")],
    depends=[str(path) for path in sorted(SOURCES.glob("*.[ch]"))],
    extra_compile_args=["-O3", "-std=c99", "-Wall"],
    optional=True,  # no compiler: the build goes on without it
)

setup(ext_modules=[] if os.environ.get("PATIENCE_PURE") else [NATIVE])
