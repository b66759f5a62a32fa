# Two commands: `make play` and `make test`. Each makes the local virtual
# environment .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench

# The install is editable, so changes to the checkout take effect at once. setuptools
# tells each editable install of a layout like this one (packages at the top, and
# plugins/ and rules/ installed under other names) to beware of folders named like its
# packages; that notice is all it prints here, and it is silenced by its exact text.
QUIET_EDITABLE := PYTHONWARNINGS="ignore:Editable installation"

$(BIN)/patience: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(NATIVE)

# The native core (C, framework/native) is built by the editable install, and built again when its sources change
# (where no C compiler is found, the install goes on without it, and the stamp says it was tried). The old core is
# removed first: where a compiler is found but the sources do not build, the install goes on too, and the tests
# would hold the Python kernel to a core built from older sources; here that build stops with the reason.
NATIVE := $(VENV)/native-built
CORE_BUILT := $(BIN)/python -c "import framework.native as n, sys; sys.exit(n.MISSING)"
$(NATIVE): $(BIN)/patience $(wildcard framework/native/*.c framework/native/*.h) setup.py
	rm -f framework/native/_core.*.so
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet --no-deps -e .
	@if command -v "$$($(BIN)/python -c 'import sysconfig; print((sysconfig.get_config_var("CC") or "cc").split()[0])')" \
	    >/dev/null && ! $(CORE_BUILT); then \
	    echo "make: a C compiler is here but the native core did not build; see why with:" >&2; \
	    echo "  $(BIN)/python -m pip install -v --no-deps -e ." >&2; exit 1; fi
	touch $@

play: $(NATIVE)
	$(BIN)/patience play steeplechase

# One worker per core (pytest-xdist), each taking whole test files, so that a file's shared fixtures
# (the compiled wheel of tests/test_wheel.py, a browser) are made once.
test: $(NATIVE)
	$(BIN)/python -m pytest -q -n auto --dist loadfile

# The checkers CI runs: style and errors (ruff), types (mypy), the layers of the imports (import-linter).
lint: $(BIN)/patience
	$(QUIET_EDITABLE) $(BIN)/python -m pip install --quiet -e '.[test,lint]'
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-logo

bench: $(NATIVE)
	$(BIN)/python benchmarks/random_playouts.py
