"""A real server in a subprocess, and scripted clients speaking the protocol over sockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import select
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

import popote
from popote.core.actions import visible_events
from popote.server.models import ActionRow
from popote.server.store import Store

Frame = dict[str, Any]
STATE_FRAMES = ("update", "snapshot")
START_WAIT = 30.0
DUEL = {"game": "pieds-dans-le-plat", "players": 2, "seed": 4}
"""A table of two people, for :func:`open_table`."""


class Server:
    """``popote serve`` on a free port; ``kill`` is a SIGKILL, ``start`` comes back on the data.
    ``with Server(...) as server`` starts it and stops it at the end."""

    def __init__(self, data: Path, db: str | None, clock_scale: float = 1.0, *options: str) -> None:
        self.data = data
        self.db = db
        self.clock_scale = clock_scale
        self.options = options
        """More ``popote serve`` options."""
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "popote.server",
            "--port",
            "0",
            "--data",
            str(self.data),
            "--clock-scale",
            str(self.clock_scale),
            "--bot-workers",
            "1",
            # The operators' logs: the tests read them line by line as JSON.
            "--log-format",
            "json",
        ]
        if self.db:
            command += ["--db", self.db]
        command += self.options
        log = (self.data / "server.log").open("a")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], START_WAIT)
        line = self.process.stdout.readline() if ready else ""
        assert "listening on http://" in line, f"the server did not start: {line!r}"
        self.url = line.rsplit(" ", 1)[1].strip()

    def __enter__(self) -> Server:
        self.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()

    @property
    def ws(self) -> str:
        return self.url.replace("http://", "ws://")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def http(self, token: str | None = None, lang: str | None = None) -> httpx.Client:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        if lang:
            headers["Accept-Language"] = lang
        return httpx.Client(base_url=self.url, headers=headers, timeout=20)

    def guest(self, name: str, lang: str = "fr") -> str:
        with self.http() as client:
            answer = client.post("/api/v1/guests", json={"name": name, "lang": lang})
            answer.raise_for_status()
            token: str = answer.json()["token"]
            return token


def module_server(
    factory: Any, name: str, *options: str
) -> contextlib.AbstractContextManager[Server]:
    """A server of its own for a test module (``factory``: pytest's ``tmp_path_factory``),
    started with ``popote serve`` ``options``; ``with`` starts and stops it."""
    return Server(factory.mktemp(name), None, 1.0, *options)


class Client:
    """One identity at one table: keeps every frame, reconnects, resends what was not acked."""

    def __init__(self, server: Server, token: str, table: str, name: str = "") -> None:
        self.server = server
        self.token = token
        self.table = table
        self.name = name
        self.frames: list[Frame] = []
        self.feed: str | None = None
        self.last_seq: int | None = None
        self.socket: Any = None
        self.unacked: dict[str, Any] = {}
        self.headers: dict[str, str] = {}
        """More headers of its sockets' handshakes (``X-Forwarded-For``: another address)."""
        self._inbox: asyncio.Queue[Frame] = asyncio.Queue()
        self._reader: asyncio.Task[None] | None = None

    async def connect(self, **extra: Any) -> Frame:
        """Open the socket with a ``hello``; returns the ``welcome``."""
        self._inbox = asyncio.Queue()
        self.socket = await websockets.connect(
            f"{self.server.ws}/ws/tables/{self.table}",
            max_size=2**24,
            additional_headers=self.headers,
        )
        hello = {
            "type": "hello",
            "token": self.token,
            "feed": self.feed,
            "last_seq": self.last_seq,
            **extra,
        }
        await self.socket.send(json.dumps(hello))
        self._reader = asyncio.create_task(self._read(self.socket))
        return await self.wait(lambda f: f["type"] in ("welcome", "error"))

    async def _read(self, socket: Any) -> None:
        try:
            async for text in socket:
                frame = json.loads(text)
                self.frames.append(frame)
                if frame["type"] == "welcome":
                    self.feed = frame["feed"]
                if frame["type"] not in ("welcome", "ack", "error", "pong"):
                    self.last_seq = frame["seq"]
                if frame["type"] == "ack":
                    self.unacked.pop(frame["action_id"], None)
                await self._inbox.put(frame)
        except ConnectionClosed:
            pass
        await self._inbox.put({"type": "_closed"})

    async def send(self, message: dict[str, Any]) -> None:
        await self.socket.send(json.dumps(message))

    async def wait(self, wanted: Callable[[Frame], bool], timeout: float = 20.0) -> Frame:
        async with asyncio.timeout(timeout):
            while True:
                frame = await self._inbox.get()
                if frame["type"] == "_closed":
                    raise ConnectionError("closed")
                if wanted(frame):
                    return frame

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self._reader is not None:
            await self._reader

    def state(self) -> Frame | None:
        """The newest update or snapshot."""
        return next((f for f in reversed(self.frames) if f["type"] in STATE_FRAMES), None)

    async def play(
        self, rng: random.Random, until: Callable[[Frame], bool] = lambda f: False
    ) -> Frame:
        """Answer every decision at random until the game ends (or ``until`` a state frame),
        reconnecting whenever the connection drops."""
        counter = 0
        while True:
            try:
                if self.socket is None:
                    await self._reconnect()
                self._drain()
                state = self.state()
                if state is not None and (state["result"] is not None or until(state)):
                    return state
                if state is None or not state["decision"]:
                    await self.wait(lambda f: True)
                    continue
                counter += 1
                action_id = f"{self.name}-{state['index']}-{counter}"
                self.unacked[action_id] = rng.choice(state["decision"]["legal"])
                await self._act(action_id, self.unacked[action_id], state["index"])
            except (ConnectionError, ConnectionClosed, OSError, InvalidHandshake, InvalidStatus):
                self.socket = None
                await asyncio.sleep(0.2)

    async def _act(self, action_id: str, action: Any, index: int) -> None:
        """Send an action, then wait until the table has moved past ``index``."""
        await self.send({"type": "act", "action_id": action_id, "action": action})
        answer = await self.wait(lambda f: f["type"] in ("ack", "error"))
        self.unacked.pop(action_id, None)
        newer = answer["index"] + 1 if answer["type"] == "ack" else index + 1
        # Refused and nothing moved after a while: look at the table again.
        with contextlib.suppress(TimeoutError):
            await self.wait(lambda f: f["type"] in STATE_FRAMES and f["index"] >= newer, 5.0)

    def _drain(self) -> None:
        while not self._inbox.empty():
            if self._inbox.get_nowait()["type"] == "_closed":
                raise ConnectionError("closed")

    async def _reconnect(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        welcome = await self.connect()
        if welcome.get("code") == "unavailable":  # a store is away: try again later
            raise ConnectionError(welcome["message"])
        assert welcome["type"] == "welcome", welcome
        for action_id, action in list(self.unacked.items()):
            await self._act(action_id, action, -1)


def stored_record(db: str, table: str) -> tuple[dict[str, Any], list[ActionRow]]:
    """The table's record (as ``popote replay`` takes it, with its state and result) and
    its action log, read straight from the database at URL ``db``."""
    store = Store(db)
    try:
        found = store.table(table)
    finally:
        store.close()
    assert found is not None
    row, actions = found
    record = {
        "game": row.game,
        "players": row.players,
        "seed": row.seed,
        "options": row.options,
        "history": [{"seat": a.seat, "action": a.action} for a in actions],
        "result": row.result,
        "state": row.state,
    }
    return record, actions


def engine_trail(record: dict[str, Any]) -> tuple[list[list[Any]], list[list[dict[str, Any]]]]:
    """For each number of actions played: every seat's view (spectator last) and the events."""
    match = popote.new_match(record["game"], record["players"], record["seed"], record["options"])
    seats: list[int | None] = [*range(record["players"]), None]
    views = [[_json(match.view(seat)) for seat in seats]]
    events: list[list[dict[str, Any]]] = [match.all_events()]
    for entry in record["history"]:
        events.append(match.act(entry["seat"], entry["action"]))
        views.append([_json(match.view(seat)) for seat in seats])
    return views, events


def check_frames(frames: list[Frame], seat: int | None, record: dict[str, Any]) -> int:
    """Every state frame holds exactly this seat's view and the events it may see; returns
    how many frames were checked."""
    views, events = engine_trail(record)
    column = record["players"] if seat is None else seat
    checked = 0
    for frame in frames:
        if frame["type"] not in STATE_FRAMES or frame["view"] is None:
            continue
        index = frame["index"]
        assert frame["view"] == views[index][column], f"view at {index} for seat {seat}"
        if frame["type"] == "update":
            assert frame["events"] == _json(visible_events(events[index], seat))
        else:
            seen = [e for batch in events[: index + 1] for e in visible_events(batch, seat)]
            assert frame["events"] == _json(
                seen[-len(frame["events"]) :] if frame["events"] else []
            )
        checked += 1
    return checked


def check_numbering(frames: list[Frame]) -> None:
    """Within one feed, numbered messages follow each other with no gap and no repeat."""
    feed, last = None, 0
    for frame in frames:
        if frame["type"] == "welcome":
            if frame["feed"] != feed:
                feed, last = frame["feed"], frame["seq"]
            continue
        if frame["type"] in ("ack", "error", "pong"):
            continue
        assert frame["seq"] == last + 1, f"seq {frame['seq']} after {last}"
        last = frame["seq"]


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def open_table(server: Server, humans: int, **setup: Any) -> tuple[str, list[str]]:
    """A started table with ``humans`` guests seated first (``setup`` as in the API)."""
    tokens = [server.guest(f"Joueur {n + 1}") for n in range(humans)]
    return start_table(server, tokens, **setup), tokens


RACE: dict[str, Any] = {
    "game": "ar-seizh-bigoudenn",
    "players": 3,
    "seed": 3,
    "options": {"real_time": True, "rounds": 1},
}
"""A real-time Ar Seizh Bigoudenn table whose first turn lets a utensil fall (seed 3)."""


async def utensil_race(
    server: Server, table: str, tokens: list[str]
) -> tuple[list[Client], list[Frame]]:
    """The three guests of a :data:`RACE` table, connected, once seat 0 has played a turn
    that grabs nothing: seats 1 and 2 are both asked (the update each of them received)."""
    clients = [Client(server, token, table) for token in tokens]
    for client in clients:
        await client.connect()
    first = await clients[0].wait(lambda f: f["type"] == "snapshot")
    quiet = next(a for a in first["decision"]["legal"] if a["type"] != "grab")
    await clients[0].send({"type": "act", "action_id": "turn", "action": quiet})
    asked = [
        await racer.wait(lambda f: f["type"] == "update" and f["to_act"] == [1, 2])
        for racer in clients[1:]
    ]
    return clients, asked


def start_table(server: Server, tokens: list[str], **setup: Any) -> str:
    """A started table with these identities seated first (``setup`` as in the API)."""
    with server.http(tokens[0]) as http:
        answer = http.post("/api/v1/tables", json={"clock": "none", **setup})
        assert answer.status_code == 200, answer.text
        table: str = answer.json()["id"]
    for token in tokens[1:]:
        with server.http(token) as http:
            assert http.post(f"/api/v1/tables/{table}/join", json={}).status_code == 200
    with server.http(tokens[0]) as http:
        assert http.post(f"/api/v1/tables/{table}/start").status_code == 200
    return table


@contextlib.asynccontextmanager
async def two_clients(
    server: Server, table: str, tokens: list[str]
) -> AsyncIterator[tuple[Client, Client]]:
    """The first two guests of ``table``, connected (in seat order); both closed after."""
    me, other = Client(server, tokens[0], table), Client(server, tokens[1], table)
    await me.connect()
    await other.connect()
    try:
        yield me, other
    finally:
        await me.close()
        await other.close()


async def answer(client: Client, message: dict[str, Any]) -> Frame:
    """Send an ``act`` (``message`` without its type); the ``ack`` or ``error`` it gets."""
    await client.send({"type": "act", **message})
    return await client.wait(lambda f: f["type"] in ("ack", "error"))
