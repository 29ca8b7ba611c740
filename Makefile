# Stepwise: the two commands of the README's quick start, and a few more.
#   make run    set up .venv (once, again when pyproject.toml changes) and open Stepwise
#   make test   install the system libraries Qt needs (when root), set up .venv, run every test
#   make bundle build the Linux bundle in dist/stepwise (make tarball also packs it)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
READY  := $(VENV)/.ready

.PHONY: run test bench lint sysdeps bundle tarball

run: $(READY)
	$(BIN)/stepwise

test: sysdeps $(READY)
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: sysdeps $(READY)
	$(BIN)/python -m bench

bundle: $(READY)
	bash packaging/build

tarball: $(READY)
	bash packaging/build --tarball

lint: $(READY)
	$(BIN)/ruff check app models ui tests bench packaging
	$(BIN)/mypy

sysdeps:
	@bash scripts/sysdeps

$(READY): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(READY)
