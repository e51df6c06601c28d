"""Two server processes on the machine's PostgreSQL and Redis: clients of one table connected
to either play one game, HTTP calls about a table work at either process, and the lobby is
the same everywhere."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import websockets

from tests.server.nodes import (
    GAME,
    Roaming,
    check_game,
    node,
    open_shared_table,
    play_with_a_fault,
)
from tests.services import postgres_schema, shared_redis


def test_clients_of_one_table_on_two_processes_play_one_game(tmp_path: Path) -> None:
    redis = shared_redis()
    with postgres_schema() as db:
        servers = [node(tmp_path, db, redis, name) for name in ("a", "b")]
        try:
            table, tokens = open_shared_table(servers, ["Rozenn", "Katell"])
            watcher = servers[1].guest("Soazig")
            with servers[1].http(watcher) as http:
                listed = http.get("/api/v1/tables").json()
                assert [t["id"] for t in listed] == [table]
                assert [s["kind"] for s in listed[0]["seats"]] == ["human", "bot", "human"]
                assert http.get(f"/api/v1/tables/{table}").json()["state"] == "playing"
            players = [Roaming(servers, n, token, table, f"p{n}") for n, token in enumerate(tokens)]
            spectator = Roaming(servers, 1, watcher, table, "spectator")

            async def scenario() -> None:
                await spectator.connect()

                async def nothing() -> None:
                    return None

                await play_with_a_fault([*players, spectator], nothing)

            asyncio.run(scenario())
            check_game(db, table, [(0, players[0]), (2, players[1]), (None, spectator)])
            with servers[1].http(watcher) as http:
                assert http.get(f"/api/v1/tables/{table}/results").status_code == 200
        finally:
            for server in servers:
                server.stop()


def test_the_lobby_is_the_same_at_every_process(tmp_path: Path) -> None:
    redis = shared_redis()
    with postgres_schema() as db:
        servers = [node(tmp_path, db, redis, name) for name in ("a", "b")]
        try:
            token = servers[1].guest("Katell")

            async def scenario() -> None:
                async with websockets.connect(f"{servers[1].ws}/ws/lobby") as lobby:
                    await lobby.send(json.dumps({"type": "hello", "token": token}))
                    assert json.loads(await lobby.recv())["type"] == "welcome"
                    with servers[0].http(servers[0].guest("Rozenn")) as http:
                        table = http.post("/api/v1/tables", json=GAME).json()["id"]
                        assert http.post("/api/v1/lobby/chat", json={"text": "kenavo"}).is_success
                    heard: list[dict[str, Any]] = []
                    async with asyncio.timeout(10):
                        while not any(f["type"] == "chat" for f in heard):
                            heard.append(json.loads(await lobby.recv()))
                    assert {"type": "lobby_changed", "table": table} in [
                        {k: f[k] for k in ("type", "table")} for f in heard if "table" in f
                    ]
                    assert heard[-1]["text"] == "kenavo"

            asyncio.run(scenario())
        finally:
            for server in servers:
                server.stop()


def test_several_processes_need_postgresql(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "popote.server", "--data", str(tmp_path)]
    answer = subprocess.run(
        [*command, "--redis", "redis://127.0.0.1:6379/0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert answer.returncode == 2
    assert "--redis demande une base PostgreSQL" in answer.stderr
