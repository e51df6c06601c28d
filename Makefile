# Everything a newcomer needs: `make run` to play in the browser (the server, its SQLite
# database and the web client), `make play` to play in the terminal, `make test` to check
# everything (the game, the developer tools, and Debian's Chromium for the browser tests).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
GAME ?= pieds-dans-le-plat

.PHONY: run play test lint chromium valgrind bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml | $(BIN)/activate
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml $(VENV)/.installed
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $@

# The Ray, rl and gpu extras, so that the tests of --backend ray, of the PettingZoo
# environment (PettingZoo's own api_test and seed_test) and of popote train on PyTorch run
# rather than skip.
$(VENV)/.installed-ray: pyproject.toml $(VENV)/.installed-dev
	$(BIN)/python -m pip install -q -e '.[dev,ray,rl,gpu]'
	touch $@

$(VENV)/.installed-bench: pyproject.toml $(VENV)/.installed-dev
	$(BIN)/python -m pip install -q -e '.[dev,bench,rl]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/popote serve

play: $(VENV)/.installed
	$(BIN)/popote play $(GAME)

# The browser tests drive Debian's Chromium (never a browser downloaded by Playwright).
chromium:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

# benchmarks.instructions counts instructions under Valgrind (its test runs it too).
valgrind:
	command -v valgrind >/dev/null || (apt-get update && apt-get install -y valgrind)

# mypy checks against the same packages the tests import, Ray included.
lint: $(VENV)/.installed-ray
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

# loadgroup keeps each xdist_group (the shared Ray cluster) on one worker.
test: lint chromium valgrind
	$(BIN)/python -m pytest -n auto --dist loadgroup

bench: $(VENV)/.installed-bench valgrind
	$(BIN)/python -m benchmarks.random_play
	$(BIN)/python -m benchmarks.instructions
	$(BIN)/python -m benchmarks.rl_env

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
