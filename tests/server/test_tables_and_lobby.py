"""Issue 20 on a real server: one identity cannot fill the lobby, tables nobody uses go
away, and the lobby's socket sends what changed rather than making everyone fetch the
whole list again."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import websockets

from tests.server.harness import DUEL, Client, Server, start_table

Frame = dict[str, Any]
IDLE = ("--table-idle", "0.05")
"""Tables unused for three seconds go (the option is in minutes)."""


class Lobby:
    """A lobby socket that keeps every frame it received."""

    def __init__(self, server: Server, token: str, **hello: Any) -> None:
        self.server = server
        self.hello = {"type": "hello", "token": token, **hello}
        self.frames: list[Frame] = []
        self.socket: Any = None

    async def open(self) -> Frame:
        self.socket = await websockets.connect(f"{self.server.ws}/ws/lobby")
        await self.socket.send(json.dumps(self.hello))
        return await self.next(lambda f: f["type"] == "welcome")

    async def next(self, wanted: Callable[[Frame], bool], timeout: float = 15.0) -> Frame:
        async with asyncio.timeout(timeout):
            while True:
                frame: Frame = json.loads(await self.socket.recv())
                self.frames.append(frame)
                if wanted(frame):
                    return frame


def create(server: Server, token: str, **body: Any) -> httpx.Response:
    with server.http(token) as http:
        return http.post("/api/v1/tables", json={"game": "boom-badaboom", **body})


def listed(frame: Frame, table: str) -> bool:
    return frame["type"] == "table_listed" and bool(frame["table"]["id"] == table)


def unlisted(frame: Frame, table: str) -> bool:
    return frame["type"] == "table_unlisted" and bool(frame["table"] == table)


def test_the_lobby_sends_what_changed(tmp_path: Path) -> None:
    with Server(tmp_path, None) as server:
        gwen, tristan = server.guest("Gwen"), server.guest("Tristan")
        before = create(server, gwen).json()["id"]
        hidden = create(server, gwen, public=False).json()["id"]

        async def scenario() -> None:
            new, old = Lobby(server, tristan, deltas=True, lang="en"), Lobby(server, tristan)
            welcome = await new.open()
            await old.open()
            first = await new.next(lambda f: f["type"] == "lobby")
            assert [t["id"] for t in first["tables"]] == [before]
            assert first["seq"] == welcome["seq"]
            made = create(server, gwen, players=3).json()["id"]
            added = await new.next(lambda f: listed(f, made))
            assert added["table"]["title"] == "Boom Badaboom"
            assert [s["kind"] for s in added["table"]["seats"]] == ["human", "free", "free"]
            assert (await old.next(lambda f: f["type"] == "lobby_changed"))["table"] == made
            with server.http(tristan) as http:
                assert http.post(f"/api/v1/tables/{made}/join", json={}).is_success
            joined = await new.next(lambda f: listed(f, made))
            assert joined["table"]["seats"][1]["name"] == "Tristan (guest)"
            # A client coming back with its feed and last number gets what it missed only.
            await new.socket.close()
            seen = new.frames[-1]["seq"]
            create(server, tristan, players=3)
            again = Lobby(
                server, tristan, deltas=True, lang="en", feed=welcome["feed"], last_seq=seen
            )
            await again.open()
            missed = await again.next(lambda f: f["type"] == "table_listed")
            assert missed["seq"] == seen + 1
            assert all(f["type"] != "lobby" for f in again.frames)
            await again.socket.close()
            await old.socket.close()
            assert all(hidden not in json.dumps(f) for f in [*new.frames, *old.frames])

        asyncio.run(scenario())


def test_a_finished_table_leaves_the_list(tmp_path: Path) -> None:
    with Server(tmp_path, None) as server:
        anne = server.guest("Anne")
        table = start_table(server, [anne], **DUEL, bots=["random"])

        async def scenario() -> None:
            lobby = Lobby(server, server.guest("Loeiz"), deltas=True)
            await lobby.open()
            player = Client(server, anne, table, "anne")
            await player.connect()
            await player.play(random.Random(3))
            await player.close()
            gone = await lobby.next(lambda f: f["type"] == "table_unlisted", 60)
            assert gone["table"] == table
            await lobby.socket.close()

        asyncio.run(scenario())


def test_open_tables_are_limited_per_identity_and_unused_ones_expire(tmp_path: Path) -> None:
    with Server(tmp_path, None, 1.0, "--max-open-tables", "2", *IDLE) as server:
        owner, watcher = server.guest("Maïwenn"), server.guest("Erwan")
        kept = create(server, owner).json()["id"]
        playing = start_table(server, [owner], **DUEL, bots=["random"])
        refused = create(server, owner)
        assert (refused.status_code, refused.json()["error"]) == (429, "too_many_tables")
        assert "2" in refused.json()["message"]
        assert create(server, watcher).status_code == 200

        async def scenario() -> None:
            lobby = Lobby(server, watcher, deltas=True)
            await lobby.open()
            present = Client(server, watcher, kept)  # someone looking at it: it stays
            await present.connect()
            abandoned = create(server, server.guest("Nolwenn")).json()["id"]
            await lobby.next(lambda f: f["type"] == "table_listed")
            await lobby.next(lambda f: unlisted(f, abandoned), 20)
            await asyncio.sleep(4)  # two more idle periods: the others are still there
            with server.http(watcher) as http:
                assert http.get(f"/api/v1/tables/{abandoned}").status_code == 404
                ids = {t["id"] for t in http.get("/api/v1/tables").json()}
            assert {kept, playing} <= ids and abandoned not in ids
            await present.close()
            await lobby.next(lambda f: unlisted(f, kept), 20)
            await lobby.socket.close()

        asyncio.run(scenario())
        # The owner's expired table no longer counts against them.
        assert create(server, owner).status_code == 200
