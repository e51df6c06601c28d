"""What `make run` and `make test` install: a player needs only the game."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def planned(target: str, tmp_path: Path) -> str:
    """The commands ``make`` would run for ``target`` in a fresh virtual environment."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    done = subprocess.run(
        ["make", "-n", "-B", target, f"VENV={tmp_path / 'venv'}"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def test_make_run_installs_the_game_without_the_developer_tools(tmp_path: Path) -> None:
    commands = planned("run", tmp_path)
    assert "pip install -q -e .\n" in commands and "popote serve" in commands
    assert "[dev]" not in commands


def test_make_play_starts_the_terminal_game(tmp_path: Path) -> None:
    commands = planned("play", tmp_path)
    assert "popote play" in commands and "[dev]" not in commands


def test_make_test_installs_chromium_when_missing(tmp_path: Path) -> None:
    assert "apt-get install -y chromium" in planned("test", tmp_path)


def test_make_test_and_make_bench_install_valgrind_when_missing(tmp_path: Path) -> None:
    assert "apt-get install -y valgrind" in planned("test", tmp_path)
    bench = planned("bench", tmp_path)
    assert "apt-get install -y valgrind" in bench and "benchmarks.instructions" in bench


def test_make_test_still_installs_the_developer_tools(tmp_path: Path) -> None:
    commands = planned("test", tmp_path)
    assert "pip install -q -e '.[dev]'" in commands and "pytest" in commands


def test_make_test_also_runs_the_games_on_the_compiled_build(tmp_path: Path) -> None:
    commands = planned("test", tmp_path)
    assert "pip install -q '.[dev]'" in commands
    assert "POPOTE_COMPILED=1" in commands and "--force-reinstall --no-deps ." in commands
    assert "POPOTE_EXPECT_COMPILED=1" in commands and "tests/conformance" in commands


def test_make_bench_compiled_times_the_compiled_build_with_its_peer(tmp_path: Path) -> None:
    commands = planned("bench-compiled", tmp_path)
    assert "'.[dev,bench,rl]'" in commands and "POPOTE_COMPILED=1" in commands
    assert ".venv-compiled/bin/python -m benchmarks.random_play" in commands
    assert ".venv-compiled/bin/python -m benchmarks.search" in commands


def test_the_plain_install_compiles_nothing(tmp_path: Path) -> None:
    for target in ("run", "play"):
        assert "POPOTE_COMPILED" not in planned(target, tmp_path)
