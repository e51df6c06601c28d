"""What `make run` and `make test` install: a player needs only the game."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def planned(target: str, tmp_path: Path, *more: str, path: str | None = None) -> str:
    """The commands ``make`` would run for ``target`` in a fresh virtual environment
    (``more``: variables; ``path``: the PATH make sees)."""
    done = made(["-n", "-B", target, *more], tmp_path, path)
    return done.stdout


def made(
    arguments: list[str], tmp_path: Path, path: str | None
) -> subprocess.CompletedProcess[str]:
    """``make arguments`` with its virtual environments in ``tmp_path``."""
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    # The compiled build's too: `make -n run` runs its build's make -n, logging beside it.
    venvs = [f"VENV={tmp_path / 'venv'}", compiled(tmp_path)]
    environment = {**os.environ, "PATH": path} if path is not None else None
    return subprocess.run(
        ["make", *arguments, *venvs],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )


def compiled(tmp_path: Path) -> str:
    """The compiled build's virtual environment (and its log beside it) in ``tmp_path``."""
    return f"COMPILED_VENV={tmp_path / 'compiled'}"


def tools(tmp_path: Path, compiler: bool) -> str:
    """A PATH holding what make needs, and a C compiler (``cc``, one that compiles
    nothing) only if ``compiler``."""
    folder = tmp_path / ("with-cc" if compiler else "without-cc")
    folder.mkdir()
    for name in ("sh", "make", "find", "python3", "test", "echo", "mv", "rm", "false"):
        found = shutil.which(name)
        if found is not None:
            (folder / name).symlink_to(found)
    if compiler:
        (folder / "cc").write_text("#!/bin/sh\nexit 1\n")
        (folder / "cc").chmod(0o755)
    return str(folder)


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
    assert f"{tmp_path / 'compiled'}/bin/python -m benchmarks.random_play" in commands
    assert f"{tmp_path / 'compiled'}/bin/python -m benchmarks.search" in commands


def test_the_plain_install_compiles_nothing(tmp_path: Path) -> None:
    for target in ("run", "play"):
        commands = planned(target, tmp_path, "BUILD=plain")
        assert "POPOTE_COMPILED" not in commands and "compiled" not in commands
        assert f"{tmp_path / 'venv'}/bin/popote " in commands


@pytest.mark.parametrize("target", ["run", "play"])
def test_without_a_c_compiler_run_and_play_say_they_run_the_plain_build(
    tmp_path: Path, target: str
) -> None:
    commands = planned(target, tmp_path, path=tools(tmp_path, False))
    said = [line for line in commands.splitlines() if "no C compiler (cc)" in line]
    assert len(said) == 1 and "the plain build runs" in said[0]
    assert "pas de compilateur C" in said[0]  # French first, as everywhere
    assert "compiled" not in commands.replace(said[0], "")
    assert f"{tmp_path / 'venv'}/bin/popote " in commands


@pytest.mark.parametrize("target", ["run", "play"])
def test_with_a_c_compiler_run_and_play_build_and_run_the_compiled_build(
    tmp_path: Path, target: str
) -> None:
    commands = planned(target, tmp_path, path=tools(tmp_path, True))
    assert "no C compiler" not in commands
    assert "compiled >" in commands  # the build, its output in a log
    # The build's own commands went to that log (make -n prints them, runs none).
    log = (tmp_path / "compiled.log").read_text()
    assert "POPOTE_COMPILED=1" in log and "--force-reinstall --no-deps ." in log
    # The compiled build's popote where its build finished, else the plain one.
    assert f"test -e {tmp_path / 'compiled'}/.installed" in commands
    assert f"echo {tmp_path / 'compiled'}/bin || echo {tmp_path / 'venv'}/bin)/popote" in commands


def test_a_compiled_build_that_fails_falls_back_in_one_line_and_is_not_tried_again(
    tmp_path: Path,
) -> None:
    path = tools(tmp_path, compiler=True)
    # PYTHON=false: the build fails at its first step, as on a machine missing a header.
    arguments = ["--no-print-directory", "try-compiled", "PYTHON=false"]
    done = made(arguments, tmp_path, path)
    assert done.stdout.count("the compiled build failed") == 1
    assert (tmp_path / "compiled.failed").exists()
    assert not (tmp_path / "compiled" / ".installed").exists()
    again = made(arguments, tmp_path, path)
    said = again.stdout.strip().splitlines()
    assert len(said) == 1 and "remove it to try again" in said[0]
