# Two commands do everything: `make run` and `make test`. Both build .venv first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test lint bench clean fast

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The web table with a practice table (Auction, you against three bots): open the URL it prints.
# Ctrl-C stops it. `splitpot play auction` is the terminal table.
run: $(STAMP)
	$(BIN)/splitpot serve --practice

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict src

# axe-core for the browser tests' accessibility checks (package-lock.json pins it)
node_modules/axe-core/axe.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

test: lint node_modules/axe-core/axe.min.js
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/evaluators.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/odds.py

# The compiled build (issue 29): the engine's modules compiled by mypyc into a venv of its own,
# .venv-fast (`.venv-fast/bin/splitpot --version` names them). Rebuilt when a source changes.
FAST := .venv-fast
$(FAST)/.installed-stamp: pyproject.toml hatch_build.py $(shell find src -name '*.py')
	$(PYTHON) -m venv $(FAST)
	$(FAST)/bin/python -m pip install --quiet --upgrade pip
	SPLITPOT_COMPILE=1 $(FAST)/bin/python -m pip install --quiet '.[dev]'
	touch $@

fast: $(FAST)/.installed-stamp

clean:
	rm -rf $(VENV) $(FAST) node_modules .mypy_cache .pytest_cache .ruff_cache build dist
