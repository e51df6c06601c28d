"""Several ``popote serve`` processes on one PostgreSQL database and one Redis, clients that
move to another process when theirs goes away, and the checks every shared game must pass."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

import popote
from popote.server.models import ActionRow
from tests.server.harness import (
    Client,
    Frame,
    Server,
    check_frames,
    check_numbering,
    stored_record,
)

GAME: dict[str, Any] = {
    "game": "pieds-dans-le-plat",
    "players": 3,
    "options": {"empty_pile": "end"},
    "bots": ["random"],
    "clock": "none",
}
"""Two people and a bot: a short game with a decision for each kind of seat."""
FAULT_AT = 6
"""Actions played at a table before the fault."""
GAME_WAIT = 120.0


def node(folder: Path, db: str, redis: str, name: str) -> Server:
    """One process of the group (started)."""
    data = folder / name
    data.mkdir()
    server = Server(data, db, 1.0, "--redis", redis)
    server.start()
    return server


def running(server: Server) -> bool:
    return server.process is not None and server.process.poll() is None


class Roaming(Client):
    """A client behind a proxy: when its process is gone it reconnects to one still there."""

    def __init__(self, servers: list[Server], at: int, token: str, table: str, name: str) -> None:
        super().__init__(servers[at], token, table, name)
        self.servers = servers

    async def _reconnect(self) -> None:
        if not running(self.server):
            self.server = next(server for server in self.servers if running(server))
        await super()._reconnect()


def open_shared_table(servers: list[Server], names: list[str]) -> tuple[str, list[str]]:
    """A started table of :data:`GAME` created on the first process, the others joining
    (and starting it) through the next ones; returns its id and the guests' tokens."""
    tokens = [servers[n % len(servers)].guest(name) for n, name in enumerate(names)]
    with servers[0].http(tokens[0]) as http:
        answer = http.post("/api/v1/tables", json=GAME)
        assert answer.status_code == 200, answer.text
        table: str = answer.json()["id"]
    for n, token in enumerate(tokens[1:], 1):
        with servers[n % len(servers)].http(token) as http:
            joined = http.post(f"/api/v1/tables/{table}/join", json={})
            assert joined.status_code == 200, joined.text
    with servers[-1].http(tokens[-1]) as http:
        assert http.post(f"/api/v1/tables/{table}/start").json()["state"] == "playing"
    return table, tokens


async def play_with_a_fault(
    clients: list[Roaming], fault: Callable[[], Awaitable[None]]
) -> list[Frame]:
    """Every client plays at random to the end; once some table has played
    :data:`FAULT_AT` actions, ``fault`` happens while they go on."""
    plays = [asyncio.create_task(client.play(random.Random(n))) for n, client in enumerate(clients)]
    async with asyncio.timeout(GAME_WAIT):
        while not any((c.state() or {}).get("index", 0) >= FAULT_AT for c in clients):
            await asyncio.sleep(0.05)
        await fault()
        ends = await asyncio.gather(*plays)
    for client in clients:
        await client.close()
    return ends


async def refused_opening(server: Server, token: str, table: str) -> Frame:
    """The first answer to a new client opening ``table`` at ``server`` (tried again until
    the server answers with an error, at most a few seconds)."""
    async with asyncio.timeout(20):
        while True:
            try:
                async with websockets.connect(f"{server.ws}/ws/tables/{table}") as socket:
                    await socket.send(json.dumps({"type": "hello", "token": token}))
                    async with asyncio.timeout(3):
                        frame: Frame = json.loads(await socket.recv())
                    if frame["type"] == "error":
                        return frame
            except (OSError, websockets.ConnectionClosed, TimeoutError):
                pass
            await asyncio.sleep(0.2)


def actions_stored(db: str) -> int:
    engine = create_engine(db)
    try:
        with Session(engine) as session:
            return session.scalar(select(func.count()).select_from(ActionRow)) or 0
    finally:
        engine.dispose()


def check_game(db: str, table: str, clients: list[tuple[int | None, Client]]) -> None:
    """The game is over and equals ``popote.replay`` of its log; no action was applied
    twice, none a client was told of is missing, and every frame each client got (across
    processes and reconnections) is what its seat may see, numbered without gap."""
    record, actions = stored_record(db, table)
    assert record["state"] == "over"
    assert [a.index for a in actions] == list(range(len(actions)))
    again = popote.replay(
        record["game"], record["players"], record["seed"], record["options"], record["history"]
    )
    assert again.over and again.result() == record["result"]
    ids = [(a.seat, a.action_id) for a in actions if a.action_id is not None]
    assert len(ids) == len(set(ids)), "an action applied twice"
    for seat, client in clients:
        for frame in client.frames:
            if frame["type"] == "ack" and not frame["duplicate"]:
                assert actions[frame["index"]].action_id == frame["action_id"], "action lost"
        final = client.state()
        assert final is not None and final["result"] == record["result"]
        assert check_frames(client.frames, seat, record) > 0
        check_numbering(client.frames)
