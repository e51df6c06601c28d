"""The scripted clients, and what they saw while measuring."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from collections import Counter
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import websockets
from websockets.exceptions import ConnectionClosed

from benchmarks.server_load.load import SETUP_WAIT, Frame, Load

REPLIES = ("welcome", "ack", "error", "pong")
"""Messages that repeat the feed's last number instead of taking a new one."""


@dataclass
class Tally:
    """What the clients saw while measuring."""

    measuring: bool = False
    actions: int = 0
    games: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    """Refused answers by code (an answer crossing another seat's is refused, harmlessly)."""
    connected: int = 0
    round_trips: list[float] = field(default_factory=list)
    seated: Counter[int] = field(default_factory=Counter)
    """Clients of each table, by its number, that had their first state (game after game)."""
    by_table: Counter[int] = field(default_factory=Counter)
    """Actions measured at each table, by its number."""
    progress: Counter[int] = field(default_factory=Counter)
    """The most actions seen in one game at each table, by its number: the warm-up waits
    until every seat, the bots' included, has had time to move."""
    players: set[Player] = field(default_factory=set)
    """The clients playing now."""
    go: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once every table is open: clients of the first tables wait for the others."""

    def restart(self) -> None:
        """Count a new window from nothing."""
        self.actions = self.games = 0
        self.errors.clear()
        self.round_trips.clear()
        self.by_table.clear()


class Player:
    """One scripted client at one table: answers every decision with a random legal action,
    and comes back with its feed and last number when its connection is cut."""

    def __init__(
        self, load: Load, rng: random.Random, tally: Tally, table: int, counts: bool
    ) -> None:
        self.load = load
        self.rng = rng
        self.tally = tally
        self.table = table
        self.counts = counts
        """One client per table counts the table's actions."""
        self.latest: Frame | None = None
        self.changed = asyncio.Event()
        self.fresh_after = -1
        """Decisions shown at this index or before are already answered."""
        self.sent: tuple[int, float] | None = None
        self.awaited: tuple[int, float] | None = None
        """The index of the update one's own action causes, and when it was sent."""
        self.feed: str | None = None
        self.last_seq: int | None = None
        self.socket: Any = None
        self.over = False
        self.cut_at: float | None = None
        """When the storm cut this client's connection; then when it was back and caught up."""
        self.back_at: float | None = None
        self.caught_at: float | None = None
        self.caught_seq = 0
        self.snapshot = False

    async def play(self, url: str, table: str, token: str) -> None:
        self.tally.players.add(self)
        try:
            while not self.over:
                await self._connection(url, table, token)
        finally:
            self.tally.players.discard(self)

    async def _connection(self, url: str, table: str, token: str) -> None:
        """One connection, until the game is over or the connection is cut."""
        address = f"{url.replace('http://', 'ws://')}/ws/tables/{table}"
        hello = {"type": "hello", "token": token, "feed": self.feed, "last_seq": self.last_seq}
        async with websockets.connect(address, max_size=2**24, open_timeout=SETUP_WAIT) as ws:
            await ws.send(json.dumps(hello))
            self.socket = ws
            reader = asyncio.create_task(self._read(ws))
            answers = asyncio.create_task(self._answer(ws))
            try:
                await asyncio.wait({reader, answers}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                reader.cancel()
                answers.cancel()
                self.socket = None
            if answers.done() and not answers.cancelled():
                answers.result()
                self.over = True
        if self.sent is not None:  # its answer may be lost: it may answer that decision again
            self.fresh_after, self.sent = self.sent[0] - 1, None

    def cut(self) -> None:
        """Drop the connection as a network failure would, and time the way back."""
        if self.socket is not None:
            self.cut_at = time.perf_counter()
            self.back_at = self.caught_at = None
            self.snapshot = False
            self.socket.transport.abort()

    async def _read(self, socket: Any) -> None:
        with suppress(ConnectionClosed):
            async for text in socket:
                self._take(json.loads(text))
                self.changed.set()

    def _take(self, frame: Frame) -> None:
        kind = frame["type"]
        if kind not in REPLIES:
            self.last_seq = frame["seq"]
            self._caught_up(frame)
        if kind == "welcome":
            self._welcome(frame)
        elif kind == "ack":
            self.awaited = (frame["index"] + 1, self.sent[1]) if self.sent else None
            self.fresh_after, self.sent = frame["index"], None
        elif kind == "error":
            if self.tally.measuring:
                self.tally.errors[frame["code"]] += 1
            self.sent = None
        elif kind in ("update", "snapshot"):
            self._state(frame)

    def _welcome(self, frame: Frame) -> None:
        self.feed = frame["feed"]
        if self.cut_at is not None and self.back_at is None:
            self.back_at = time.perf_counter()
            self.caught_seq = frame["seq"]
            if frame["seq"] == self.last_seq:  # it missed nothing
                self.caught_at = self.back_at

    def _caught_up(self, frame: Frame) -> None:
        if self.back_at is not None and self.caught_at is None:
            self.snapshot |= frame["type"] == "snapshot"
            # The game's end is the newest state there is: a client that reaches it has
            # caught up, though it stops reading there, before frames numbered after it.
            if frame["seq"] >= self.caught_seq or frame.get("result") is not None:
                self.caught_at = time.perf_counter()

    def _state(self, frame: Frame) -> None:
        tally, index = self.tally, frame["index"]
        if self.latest is None:
            tally.connected += 1
            tally.seated[self.table] += 1
        tally.progress[self.table] = max(tally.progress[self.table], index)
        if self.latest is not None and self.counts and tally.measuring:
            tally.actions += index - self.latest["index"]
            tally.by_table[self.table] += index - self.latest["index"]
        if self.awaited is not None and index >= self.awaited[0]:
            if tally.measuring:
                tally.round_trips.append(time.perf_counter() - self.awaited[1])
            self.awaited = None
        if self.counts and frame["result"] is not None:
            tally.games += tally.measuring
        self.latest = frame

    async def _answer(self, socket: Any) -> None:
        await self.tally.go.wait()
        while True:
            await self.changed.wait()
            self.changed.clear()
            if self.latest is not None and self.latest["result"] is not None:
                return
            if self._asked() is None:
                continue
            if self.load.pace:
                await asyncio.sleep(self.load.pace * self.rng.uniform(0.5, 1.5))
            state = self._asked()  # the table may have moved on while "thinking"
            if state is not None:
                with suppress(ConnectionClosed):  # cut: the reader ends, the client comes back
                    await self._send(socket, state)

    def _asked(self) -> Frame | None:
        state = self.latest
        if state is None or self.sent is not None or not state["decision"]:
            return None
        return state if state["index"] > self.fresh_after else None

    async def _send(self, socket: Any, state: Frame) -> None:
        index = state["index"]
        action = self.rng.choice(state["decision"]["legal"])
        self.sent = (index, time.perf_counter())
        # A refused answer is not tried again on the same state: a newer one is on its way.
        self.fresh_after = index
        message = {"type": "act", "action_id": f"a{index}", "action": action}
        await socket.send(json.dumps(message))


async def stalled_watcher(url: str, table: str, token: str, source: str | None = None) -> Any:
    """A spectator that never reads what it is sent (with a small receive buffer),
    connecting from the address ``source`` if given."""
    where = urlsplit(url)
    assert where.hostname is not None and where.port is not None
    raw = socket.socket()
    try:
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        if source is not None:
            raw.bind((source, 0))
        raw.setblocking(False)
        await asyncio.get_running_loop().sock_connect(raw, (where.hostname, where.port))
        address = f"{url.replace('http://', 'ws://')}/ws/tables/{table}"
        watcher = await websockets.connect(address, sock=raw, max_queue=1, open_timeout=SETUP_WAIT)
    except BaseException:
        raw.close()
        raise
    await watcher.send(json.dumps({"type": "hello", "token": token}))
    return watcher
