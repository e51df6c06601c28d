"""The embedded SQLite database on a disk that fills up: the player is told the server is
temporarily unavailable, nothing is applied, and once there is room again the same action
is applied once and the game finishes equal to ``popote.replay`` of an intact log. The disk
is a small tmpfs mounted for the test (root only: CI runs as root; elsewhere the test
skips, in CI it fails). Why not a read-only disk as well: see docs/operations.md."""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

import popote
from tests.server.harness import Client, Frame, Server, open_table
from tests.services import missing_service

DUEL = {"game": "pieds-dans-le-plat", "players": 2, "seed": 4}
UNAVAILABLE = "service momentanément indisponible : rien n'a été joué, réessayez"


@pytest.fixture
def small_disk() -> Iterator[Path]:
    """A 16 MiB tmpfs of the test's own."""
    if os.geteuid() != 0:
        missing_service("mounting a small filesystem needs root")
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


def fill(disk: Path) -> Path:
    """Write until the disk is full; the file returned holds the space."""
    filler = disk / "filler"
    with filler.open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError:
            pass
    return filler


async def answer(client: Client, action_id: str, action: object) -> Frame:
    await client.send({"type": "act", "action_id": action_id, "action": action})
    return await client.wait(lambda f: f["type"] in ("ack", "error"))


def test_a_full_disk_is_said_and_corrupts_nothing(small_disk: Path) -> None:
    server = Server(small_disk, None)
    server.start()
    try:
        table, tokens = open_table(server, 2, **DUEL)
        clients = [Client(server, token, table, f"p{n}") for n, token in enumerate(tokens)]

        async def scenario() -> None:
            for client in clients:
                await client.connect()
            state = await clients[0].wait(lambda f: f["type"] == "snapshot")
            filler = fill(small_disk)
            refused: Frame | None = None
            for attempt in range(40):  # until the database needs a page the disk cannot give
                mover = clients[state["to_act"][0]]
                state = mover.state() or state
                action = state["decision"]["legal"][0]
                refused = await answer(mover, f"try-{attempt}", action)
                if refused["type"] == "error":
                    break
                state = await mover.wait(lambda f, i=refused["index"]: f.get("index") == i + 1)
            assert refused is not None and refused["type"] == "error"
            assert (refused["code"], refused["message"]) == ("unavailable", UNAVAILABLE)
            await asyncio.sleep(0.2)
            assert all((c.state() or {}).get("index") == state["index"] for c in clients), (
                "applied anyway"
            )
            filler.unlink()
            again = await answer(mover, refused["action_id"], action)
            assert (again["type"], again["duplicate"]) == ("ack", False)
            assert again["index"] == state["index"]
            ends = await asyncio.gather(*(c.play(random.Random(n)) for n, c in enumerate(clients)))
            for client in clients:
                await client.close()
            assert ends[0]["result"] == ends[1]["result"] is not None

        asyncio.run(scenario())
    finally:
        server.stop()
    with sqlite3.connect(small_disk / "popote.sqlite3") as database:
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
    replayed = popote.replay("pieds-dans-le-plat", 2, seed, None, history)
    assert replayed.over and replayed.result() == json.loads(result)
