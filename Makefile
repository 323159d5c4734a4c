# Two commands do everything: `make run` and `make test`. Both build .venv first: `make run`
# with only what serving the table needs (`.[web]`), `make test` with every extra and the
# development tools (`.[dev]`: Ray, pyarrow, Playwright...), added to the same .venv.
PYTHON ?= python3
PORT   ?= 8000
VENV   := .venv
BIN    := $(VENV)/bin
WEB    := $(VENV)/.web-stamp
STAMP  := $(VENV)/.installed-stamp

.PHONY: run test lint typecheck bench clean fast tables

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(WEB): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $(WEB)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(WEB)

# The web table with a practice table (Auction, you against three bots): open the URL it prints.
# Ctrl-C stops it. `make run PORT=8080` serves on another port. `splitpot play auction` is the
# terminal table (its `tui` extra comes with `make test`, or `pip install -e '.[tui]'`).
run: $(WEB)
	$(BIN)/splitpot serve --practice --port $(PORT)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict src

# the tests' npm tools (package-lock.json pins them): axe-core for the browser tests'
# accessibility checks, TypeScript for the page's type check
node_modules/axe-core/axe.min.js: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# the page's JavaScript checked against its JSDoc types (tsconfig.json); nothing is compiled
typecheck: node_modules/axe-core/axe.min.js
	node_modules/.bin/tsc -p tsconfig.json

test: lint typecheck
	$(BIN)/pytest

# the evaluator's tables as the package ships them (src/splitpot/tables.zip), built again from
# first principles: after a change to src/splitpot/_tables.py (the test suite says when)
tables: $(STAMP)
	$(BIN)/python -c 'from splitpot import _tables as t; t.save(t.Tables())'

bench: $(STAMP)
	$(BIN)/python benchmarks/evaluators.py
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/odds.py

# The compiled build (issue 29): the engine's modules compiled by mypyc into a venv of its own,
# .venv-fast (`.venv-fast/bin/splitpot --version` names them). Rebuilt when a source changes.
FAST := .venv-fast
$(FAST)/.installed-stamp: pyproject.toml hatch_build.py src/splitpot/tables.zip $(shell find src -name '*.py')
	$(PYTHON) -m venv $(FAST)
	$(FAST)/bin/python -m pip install --quiet --upgrade pip
	SPLITPOT_COMPILE=1 $(FAST)/bin/python -m pip install --quiet '.[dev]'
	touch $@

fast: $(FAST)/.installed-stamp

clean:
	rm -rf $(VENV) $(FAST) node_modules .mypy_cache .pytest_cache .ruff_cache build dist
