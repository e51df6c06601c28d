"""Backups as docs/operations.md describes them: a PostgreSQL database dumped with
``pg_dump`` and restored with ``pg_restore`` into a new database, and the SQLite file copied
with SQLite's online backup API while the server runs; a server started on the copy gives
every finished game back, its save file identical and replaying to the same result."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import popote
from tests.server.harness import Client, Server, open_table
from tests.services import private_postgres


def finished_game(server: Server) -> str:
    table, tokens = open_table(
        server, 1, game="pieds-dans-le-plat", players=2, bots=["random"], seed=3
    )
    client = Client(server, tokens[0], table, "p0")

    async def play() -> None:
        await client.connect()
        await client.play(random.Random(1))
        await client.close()

    asyncio.run(play())
    return table


def kept(server: Server, table: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The save file and the results of ``table``, as anyone may download them."""
    with server.http() as http:
        save = http.get(f"/api/v1/tables/{table}/save")
        results = http.get(f"/api/v1/tables/{table}/results")
    assert save.status_code == results.status_code == 200, (save.text, results.text)
    return save.json(), results.json()


def check_restored(before: Server, after: Server, table: str) -> None:
    save, results = kept(after, table)
    assert (save, results) == kept(before, table)
    again = popote.replay(
        save["game"], save["players"], save["seed"], save["options"], save["history"]
    )
    assert again.over and again.result() == results["result"]


def test_pg_dump_and_pg_restore_give_every_finished_game_back(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with private_postgres() as postgres, Server(tmp_path / "a", postgres.url) as original:
        table = finished_game(original)
        dump = tmp_path / "popote.dump"
        where = ["-h", "127.0.0.1", "-p", str(postgres.port), "-U", "postgres"]
        tools = Path(postgres.binaries)
        run = [str(tools / "pg_dump"), *where, "-Fc", "-f", str(dump), "postgres"]
        subprocess.run(run, check=True)
        subprocess.run([str(tools / "createdb"), *where, "restored"], check=True)
        run = [str(tools / "pg_restore"), *where, "-d", "restored", str(dump)]
        subprocess.run(run, check=True)
        restored_url = postgres.url.rsplit("/", 1)[0] + "/restored"
        with Server(tmp_path / "b", restored_url) as restored:
            check_restored(original, restored, table)


def test_sqlite_online_backup_gives_every_finished_game_back(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with Server(tmp_path / "a", None) as original:
        table = finished_game(original)
        source = sqlite3.connect(tmp_path / "a" / "popote.sqlite3")
        copy = sqlite3.connect(tmp_path / "b" / "popote.sqlite3")
        with source, copy:
            source.backup(copy)
        source.close()
        copy.close()
        with Server(tmp_path / "b", None) as restored:
            check_restored(original, restored, table)
