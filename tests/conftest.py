"""The test run leaves no process behind: every process it starts (servers, bot workers and
their resource tracker, browsers, xdist's workers) carries a mark in its environment, and
the run fails if any of them outlives it (they are then killed, so the machine stays clean)."""

from __future__ import annotations

import asyncio
import os
import secrets
import signal
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

MARK = "POPOTE_TEST_RUN"
ONE_THREAD = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""numpy's OpenBLAS and PyTorch start a thread per core in every process that multiplies a
matrix, and spin them between products: with xdist's workers, servers and bot workers on a
few cores they fought each other (tests/rl/test_learned.py's self-play test took 6 s under
one xdist worker, 0.7 s with one thread; 104 s in a loaded full run). Set when the run
starts, for the processes it starts (xdist's workers, servers): pytest's own process has
numpy loaded by then. The environment's own setting wins."""
GRACE = 15.0
"""Seconds the run's processes get to end once the last test is over."""
_owner = False
"""Whether this process set the mark (the first pytest process, not an xdist worker)."""


T = TypeVar("T")
_run = asyncio.run


def _run_beside_playwright(main: Coroutine[Any, Any, T], debug: bool | None = None) -> T:
    """``asyncio.run``, in a thread of its own where an event loop already runs in this one."""
    if asyncio._get_running_loop() is None:
        return _run(main, debug=debug)
    with ThreadPoolExecutor(1) as aside:
        return aside.submit(lambda: _run(main, debug=debug)).result()


@pytest.fixture(autouse=True)
def _asyncio_run_beside_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playwright's synchronous API keeps its event loop running in the thread that started
    it, and one Chromium serves a whole test process: every test that the worker runs after a
    browser test would find ``asyncio.run`` refused ("cannot be called from a running event
    loop"), depending on how xdist happened to share the tests out."""
    monkeypatch.setattr(asyncio, "run", _run_beside_playwright)


def pytest_configure(config: pytest.Config) -> None:
    global _owner  # noqa: PLW0603 - set once, at the start of the run
    for name in ONE_THREAD:
        os.environ.setdefault(name, "1")
    if MARK not in os.environ:
        os.environ[MARK] = f"{os.getpid()}-{secrets.token_hex(8)}"
        _owner = True


def marked_processes() -> dict[int, str]:
    """The living processes that carry this run's mark, other than this one: pid to
    command line."""
    mark = f"{MARK}={os.environ[MARK]}".encode()
    found = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdecimal() or int(entry.name) == os.getpid():
            continue
        try:
            if mark not in (entry / "environ").read_bytes().split(b"\0"):
                continue
            state, parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:2]
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ")
        except OSError:  # gone meanwhile, or not ours to read
            continue
        # multiprocessing's resource tracker of this very process ends when it does (its
        # pipe closes); those of xdist's workers and of servers are checked like the rest.
        own_tracker = int(parent) == os.getpid() and b"resource_tracker" in command
        if state != "Z" and not own_tracker:
            found[int(entry.name)] = command.decode(errors="replace")[:200]
    return found


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    if not _owner or not Path("/proc/self/environ").exists():
        return
    deadline = time.monotonic() + GRACE
    while (left := marked_processes()) and time.monotonic() < deadline:
        time.sleep(0.2)
    if not left:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    for pid, command in sorted(left.items()):
        if reporter is not None:
            reporter.write_line(f"left behind by the tests: {pid} {command}", red=True)
        os.kill(pid, signal.SIGKILL)
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
