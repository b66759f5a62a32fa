# Two commands: `make play` and `make test`. Each makes the local virtual
# environment .venv on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench

$(BIN)/patience: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

play: $(BIN)/patience
	$(BIN)/patience play steeplechase

test: $(BIN)/patience
	$(BIN)/python -m pytest -q

# The checkers CI runs: style and errors (ruff), types (mypy), the layers of the imports (import-linter).
lint: $(BIN)/patience
	$(BIN)/python -m pip install --quiet -e '.[test,lint]'
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports

bench: $(BIN)/patience
	$(BIN)/python benchmarks/random_playouts.py
