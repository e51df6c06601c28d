# Everything a newcomer needs: `make run` to play in the browser (the server, its SQLite
# database and the web client), `make play` to play in the terminal, `make test` to check
# everything (the game, the developer tools, and Debian's Chromium for the browser tests).
# `make run` and `make play` run the compiled build (faster bots) where a C compiler builds
# it, else the plain one, saying so in one line; `BUILD=plain` asks for the plain one.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
GAME ?= pieds-dans-le-plat

BUILD ?= compiled

# What `make run` and `make play` run. With a C compiler (cc): the compiled build, built
# first if it is missing or older than the source (a few minutes, once; its log in
# $(COMPILED_LOG)); if the build fails, the plain build, said in one line, and not tried
# again until $(COMPILED_FAILED) is removed. Without one, the plain build, said in one line.
# The plain build is the editable install of $(VENV): a change to src/ shows at once.
COMPILED_VENV ?= .venv-compiled
CBIN := $(COMPILED_VENV)/bin
COMPILED_LOG ?= $(COMPILED_VENV).log
COMPILED_FAILED ?= $(COMPILED_VENV).failed
ifeq ($(BUILD),plain)
PLAYER_BUILD :=
POPOTE := $(BIN)/popote
else ifeq ($(shell command -v cc),)
PLAYER_BUILD := no-compiler
POPOTE := $(BIN)/popote
else
PLAYER_BUILD := try-compiled
POPOTE = $$(test -e $(COMPILED_VENV)/.installed && echo $(CBIN) || echo $(BIN))/popote
endif

.PHONY: run play test lint chromium valgrind bench compiled test-compiled bench-compiled clean \
	try-compiled no-compiler

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

run: $(VENV)/.installed $(PLAYER_BUILD)
	$(POPOTE) serve

play: $(VENV)/.installed $(PLAYER_BUILD)
	$(POPOTE) play $(GAME)

# The browser tests drive Debian's Chromium (never a browser downloaded by Playwright).
chromium:
	command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium)

# benchmarks.instructions counts instructions under Valgrind (its test runs it too).
valgrind:
	command -v valgrind >/dev/null || (apt-get update && apt-get install -y valgrind)

# mypy checks against the same packages the tests import, Ray included. lint-imports checks
# the layers and forbids import circles ([tool.importlinter] in pyproject.toml).
lint: $(VENV)/.installed-ray
	$(BIN)/ruff format --check src tests benchmarks setup.py
	$(BIN)/ruff check src tests benchmarks setup.py
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache --no-logo

# loadgroup keeps each xdist_group (the shared Ray cluster) on one worker. The 30 slowest
# tests are listed at the end: where CI's time goes.
test: lint chromium valgrind test-compiled
	$(BIN)/python -m pytest -n auto --dist loadgroup --durations=30

bench: $(VENV)/.installed-bench valgrind
	$(BIN)/python -m benchmarks.random_play
	$(BIN)/python -m benchmarks.instructions
	$(BIN)/python -m benchmarks.rl_env

# The compiled build (README, "A compiled build"): the modules under [tool.popote] compiled
# in pyproject.toml built by mypyc, in a venv of its own. Every install of the project there
# compiles it (POPOTE_COMPILED=1, mypy from that venv).
COMPILE := POPOTE_COMPILED=1 $(CBIN)/python -m pip install -q --no-build-isolation

$(COMPILED_VENV)/.installed: pyproject.toml setup.py $(shell find src -name '*.py')
	$(PYTHON) -m venv $(COMPILED_VENV)
	$(CBIN)/python -m pip install -q --upgrade pip setuptools wheel 'mypy>=1.10'
	# mypyc type-checks against the project's dependencies: they come first, with a plain build.
	$(CBIN)/python -m pip install -q '.[dev]'
	$(COMPILE) --force-reinstall --no-deps .
	touch $@

$(COMPILED_VENV)/.installed-bench: $(COMPILED_VENV)/.installed
	$(COMPILE) '.[dev,bench,rl]'
	touch $@

compiled: $(COMPILED_VENV)/.installed

no-compiler:
	@echo "popote: pas de compilateur C (cc), version non compilée / no C compiler (cc): the plain build runs (slower bots)"

try-compiled:
	@if test -e $(COMPILED_FAILED); then \
		echo "popote: version non compilée, sa compilation a échoué / the plain build runs: the compiled build failed (see $(COMPILED_FAILED); remove it to try again)"; \
	else \
		$(MAKE) -q --no-print-directory compiled 2>/dev/null || \
			echo "popote: compilation (quelques minutes, une fois) / compiling the compiled build (a few minutes, once; log: $(COMPILED_LOG))"; \
		$(MAKE) -s --no-print-directory compiled >$(COMPILED_LOG) 2>&1 || { \
			rm -f $(COMPILED_VENV)/.installed; mv $(COMPILED_LOG) $(COMPILED_FAILED); \
			echo "popote: échec de la compilation, version non compilée / the compiled build failed (see $(COMPILED_FAILED)): the plain build runs"; }; \
	fi

# The same games on the compiled build: the known answers, the contract, every game's rules
# and properties, run against the installed package (not src/). Without a C compiler it
# says so and is left out, except in CI (.ci/run), where it must run.
ifeq ($(shell command -v cc)$(POPOTE_REQUIRE_SERVICES),)
test-compiled:
	@echo "test-compiled skipped: no C compiler (cc) to build the compiled build"
else
test-compiled: compiled
	POPOTE_EXPECT_COMPILED=1 $(CBIN)/python -m pytest -n auto -p no:cacheprovider \
		tests/conformance tests/games tests/core/test_shallow_copy.py tests/core/test_chance.py \
		tests/core/test_splitmix.py tests/test_compiled_build.py
endif

bench-compiled: $(COMPILED_VENV)/.installed-bench valgrind
	$(CBIN)/python -m benchmarks.random_play
	$(CBIN)/python -m benchmarks.search

clean:
	rm -rf $(VENV) $(COMPILED_VENV) $(COMPILED_LOG) $(COMPILED_FAILED) build .mypy_cache \
		.ruff_cache .pytest_cache .hypothesis
