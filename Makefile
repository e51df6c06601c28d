# Everything a newcomer needs: `make run` to play (the game alone), `make test` to check
# everything (the game and the developer tools).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
GAME ?= pieds-dans-le-plat

.PHONY: run test lint bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(VENV)/.installed
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

# The Ray extra, so that the tests of --backend ray run rather than skip.
$(VENV)/.installed-ray: pyproject.toml $(VENV)/.installed-dev
	$(BIN)/python -m pip install -q -e '.[dev,ray]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml $(VENV)/.installed-dev
	$(BIN)/python -m pip install -q -e '.[dev,bench]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/popote play $(GAME)

lint: $(VENV)/.installed-dev
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

# loadgroup keeps each xdist_group (the shared Ray cluster) on one worker.
test: lint $(VENV)/.installed-ray
	$(BIN)/python -m pytest -n auto --dist loadgroup

bench: $(VENV)/.installed-bench
	$(BIN)/python -m benchmarks.random_play

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
