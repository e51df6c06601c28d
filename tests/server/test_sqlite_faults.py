"""The embedded SQLite database on a disk that fills up, or that becomes read-only: the player
is told the server is temporarily unavailable, nothing is applied, and once the disk is
repaired the same action is applied once and the game finishes equal to ``popote.replay`` of
an intact log. The full disk is a small tmpfs mounted for the test; the read-only database is
made immutable with ``chattr +i``, which stops root too (both root only: CI runs as root;
elsewhere the tests skip, in CI they fail)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import popote
from tests.server.harness import DUEL, Client, Frame, Server, answer, open_table
from tests.services import missing_service

UNAVAILABLE = "service momentanément indisponible : rien n'a été joué, réessayez"


@dataclass
class Fault:
    """A folder for the database, a way to break its disk and a way to repair it."""

    folder: Path
    strike: Callable[[], None]
    repair: Callable[[], None]


def need_root(why: str) -> None:
    if os.geteuid() != 0:
        missing_service(f"{why} needs root")


@pytest.fixture
def small_disk() -> Iterator[Path]:
    """A 16 MiB tmpfs of the test's own."""
    need_root("mounting a small filesystem")
    folder = Path(tempfile.mkdtemp(prefix="popote-disk-"))
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(folder)],
        check=False,
        capture_output=True,
    )
    if mounted.returncode != 0:
        folder.rmdir()
        missing_service(f"a tmpfs could not be mounted: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)
        folder.rmdir()


def fill(disk: Path) -> None:
    """Write until the disk is full; ``disk / "filler"`` holds the space."""
    with (disk / "filler").open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError:
            pass


@pytest.fixture
def full_disk(small_disk: Path) -> Fault:
    return Fault(small_disk, lambda: fill(small_disk), (small_disk / "filler").unlink)


def immutable(folder: Path, flag: str) -> None:
    """``chattr +i`` / ``-i`` on the folder and every database file in it."""
    files = [folder, *sorted(folder.glob("popote.sqlite3*"))]
    subprocess.run(["chattr", flag, *map(str, files)], check=True, capture_output=True)


@pytest.fixture
def read_only_database(tmp_path: Path) -> Iterator[Fault]:
    """A database whose files become immutable: every write fails, for root too."""
    need_root("chattr +i")
    probe = tmp_path / "probe"
    probe.touch()
    tried = subprocess.run(["chattr", "+i", str(probe)], check=False, capture_output=True)
    if tried.returncode != 0:
        missing_service(f"chattr +i refused here: {tried.stderr.decode().strip()}")
    subprocess.run(["chattr", "-i", str(probe)], check=True)
    folder = tmp_path / "data"
    folder.mkdir()
    try:
        yield Fault(folder, lambda: immutable(folder, "+i"), lambda: immutable(folder, "-i"))
    finally:
        immutable(folder, "-i")


@pytest.mark.parametrize("fault_name", ["full_disk", "read_only_database"])
def test_a_broken_disk_is_said_and_corrupts_nothing(
    fault_name: str, request: pytest.FixtureRequest
) -> None:
    fault: Fault = request.getfixturevalue(fault_name)
    with Server(fault.folder, None) as server:
        table, tokens = open_table(server, 2, **DUEL)
        clients = [Client(server, token, table, f"p{n}") for n, token in enumerate(tokens)]

        async def scenario() -> None:
            for client in clients:
                await client.connect()
            state = await clients[0].wait(lambda f: f["type"] == "snapshot")
            fault.strike()
            refused: Frame | None = None
            for attempt in range(40):  # until the database needs a page the disk cannot give
                mover = clients[state["to_act"][0]]
                state = mover.state() or state
                action = state["decision"]["legal"][0]
                refused = await answer(mover, {"action_id": f"try-{attempt}", "action": action})
                if refused["type"] == "error":
                    break
                state = await mover.wait(lambda f, i=refused["index"]: f.get("index") == i + 1)
            assert refused is not None and refused["type"] == "error"
            assert (refused["code"], refused["message"]) == ("unavailable", UNAVAILABLE)
            await asyncio.sleep(0.2)
            assert all((c.state() or {}).get("index") == state["index"] for c in clients), (
                "applied anyway"
            )
            fault.repair()
            again = await answer(mover, {"action_id": refused["action_id"], "action": action})
            assert (again["type"], again["duplicate"]) == ("ack", False)
            assert again["index"] == state["index"]
            ends = await asyncio.gather(*(c.play(random.Random(n)) for n, c in enumerate(clients)))
            for client in clients:
                await client.close()
            assert ends[0]["result"] == ends[1]["result"] is not None

        asyncio.run(scenario())
    with sqlite3.connect(fault.folder / "popote.sqlite3") as database:
        assert database.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        (seed, result) = database.execute(
            "SELECT seed, result FROM popote_tables WHERE id = ?", (table,)
        ).fetchone()
        history = [
            {"seat": seat, "action": json.loads(action)}
            for seat, action in database.execute(
                'SELECT seat, action FROM popote_actions WHERE table_id = ? ORDER BY "index"',
                (table,),
            )
        ]
    # The seed is kept as its decimal digits (online seeds have 129 bits).
    replayed = popote.replay("pieds-dans-le-plat", 2, int(seed), None, history)
    assert replayed.over and replayed.result() == json.loads(result)
