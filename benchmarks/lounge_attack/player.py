"""The normal player: a guest who plays against a bot, and pings while being attacked."""

from __future__ import annotations

import asyncio
import json
import random
import time
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets
from websockets.exceptions import ConnectionClosed

Frame = dict[str, Any]
WAIT = 60.0
"""Seconds any one setup step may take."""
DUEL = {"game": "pieds-dans-le-plat", "players": 2, "bots": ["moyen"], "clock": "none"}


def ws_url(url: str) -> str:
    return url.replace("http://", "ws://")


def http_from(url: str, address: str, connections: int = 4) -> httpx.AsyncClient:
    """An HTTP client whose connections leave from ``address`` (one of 127.0.0.0/8)."""
    transport = httpx.AsyncHTTPTransport(
        local_address=address, limits=httpx.Limits(max_connections=connections)
    )
    return httpx.AsyncClient(base_url=url, transport=transport, timeout=WAIT)


async def post(client: httpx.AsyncClient, path: str, token: str | None, body: Any) -> Any:
    """POST ``body``; a 429 is waited out (its ``Retry-After``) and tried again."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    for _ in range(30):
        answer = await client.post(path, json=body, headers=headers)
        if answer.status_code != 429:
            answer.raise_for_status()
            return answer.json()
        await asyncio.sleep(float(answer.headers.get("retry-after", "1")))
    answer.raise_for_status()
    return None


async def guest(client: httpx.AsyncClient, name: str) -> str:
    token: str = (await post(client, "/api/v1/guests", None, {"name": name}))["token"]
    return token


async def open_duel(client: httpx.AsyncClient, token: str) -> str:
    """A started table of two: ``token``'s guest and a ``moyen`` bot."""
    table: str = (await post(client, "/api/v1/tables", token, DUEL))["id"]
    await post(client, f"/api/v1/tables/{table}/start", token, None)
    return table


@dataclass
class Pings:
    """Ping round trips of the normal player, in seconds."""

    sent: int = 0
    times: list[float] = field(default_factory=list)
    measuring: bool = False


class Player:
    """One seat at one table over one WebSocket: answers every decision with a random legal
    action after ``pace`` seconds, and pings every ``ping_every`` seconds when asked to."""

    def __init__(self, url: str, address: str, table: str, token: str, pace: float) -> None:
        self.url = url
        self.address = address
        self.table = table
        self.token = token
        self.pace = pace
        self.rng = random.Random(table)
        self.over = asyncio.Event()
        self.pings = Pings()
        self._sent_at: dict[int, float] = {}
        self._last: Frame | None = None
        """The last action sent, sent again if refused for speed."""

    async def play(self, ping_every: float | None = None) -> None:
        """Until the game is over (or cancelled)."""
        address = f"{ws_url(self.url)}/ws/tables/{self.table}"
        async with websockets.connect(
            address, max_size=2**24, open_timeout=WAIT, local_addr=(self.address, 0)
        ) as socket:
            await socket.send(json.dumps({"type": "hello", "token": self.token}))
            tasks = [asyncio.create_task(self._read(socket))]
            if ping_every:
                tasks.append(asyncio.create_task(self._ping(socket, ping_every)))
            try:
                await self.over.wait()
            finally:
                for task in tasks:
                    task.cancel()

    async def _read(self, socket: Any) -> None:
        with suppress(ConnectionClosed):
            async for text in socket:
                frame = json.loads(text)
                if frame["type"] == "pong":
                    self._ponged(frame)
                elif frame["type"] in ("update", "snapshot"):
                    self._state(socket, frame)
                elif frame["type"] == "error" and frame.get("code") == "too_fast":
                    self._send(socket, self._last, 1.0)  # past the identity's budget
        self.over.set()

    def _state(self, socket: Any, frame: Frame) -> None:
        if frame.get("result") is not None:
            self.over.set()
            return
        decision = frame.get("decision")
        if decision:
            action = self.rng.choice(decision["legal"])
            self._last = {"type": "act", "action_id": f"a{frame['index']}", "action": action}
            self._send(socket, self._last, self.pace)

    def _send(self, socket: Any, message: Frame | None, after: float) -> None:
        if message is not None:
            text = json.dumps(message)
            asyncio.get_running_loop().call_later(
                after, lambda: asyncio.ensure_future(socket.send(text))
            )

    async def _ping(self, socket: Any, every: float) -> None:
        number = 0
        while True:
            number += 1
            self._sent_at[number] = time.perf_counter()
            self.pings.sent += self.pings.measuring
            await socket.send(json.dumps({"type": "ping", "t": number}))
            await asyncio.sleep(every)

    def _ponged(self, frame: Frame) -> None:
        sent = self._sent_at.pop(frame.get("t"), None)  # type: ignore[arg-type]
        if sent is not None and self.pings.measuring:
            self.pings.times.append(time.perf_counter() - sent)


async def finished_games(url: str, address: str, count: int) -> list[str]:
    """``count`` tables played to their end by a guest (random legal actions) and a bot."""
    async with http_from(url, address) as client:
        token = await guest(client, "Joueuse")
        tables = []
        for _ in range(count):
            table = await open_duel(client, token)
            async with asyncio.timeout(WAIT):
                await Player(url, address, table, token, 0.0).play()
            tables.append(table)
        return tables
