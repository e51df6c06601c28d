"""The tables: opened through the HTTP API and kept playing, game after game."""

from __future__ import annotations

import asyncio
import random
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import httpx

from benchmarks.server_load.clients import Player, Tally, stalled_watcher
from benchmarks.server_load.load import SETUP_WAIT, Frame, Load, dealt
from benchmarks.server_load.processes import METRICS_TOKEN

SETUP_AT_ONCE = 16
"""HTTP calls opening tables at the same time."""


@dataclass(frozen=True)
class Seating:
    """Who sits at a kind of table: scripted clients, bots of one level, a stalled spectator."""

    humans: int
    bots: str
    stalled: bool = False


class Lounge:
    """Opens the tables through the HTTP API and keeps each one playing, game after game;
    table ``n``'s seats are spread over the processes, starting with process ``n``."""

    def __init__(self, urls: list[str], load: Load, tally: Tally) -> None:
        self.urls = urls
        self.load = load
        self.tally = tally
        self.games = dealt(load)
        # Idle connections are dropped before uvicorn's 5 s keep-alive ends: reusing one the
        # server is closing at that moment fails with a read error.
        keep = httpx.Limits(keepalive_expiry=1.0)
        self.http = [
            httpx.AsyncClient(base_url=url, timeout=SETUP_WAIT, limits=keep) for url in urls
        ]
        self.setup = asyncio.Semaphore(SETUP_AT_ONCE)

    def _at(self, number: int, place: int) -> int:
        return (number + place) % len(self.urls)

    async def keep(self, number: int, seating: Seating) -> None:
        """Table ``number``: the same guests play one game after another until cancelled."""
        rng = random.Random(self.load.seed * 100_003 + number)
        game = self.games[number % len(self.games)]
        async with self.setup:
            tokens = [
                await self._guest(self._at(number, n), f"Client {number}-{n + 1}")
                for n in range(seating.humans + seating.stalled)
            ]
        while True:
            async with self.setup:
                table = await self._open(number, game, tokens[: seating.humans], seating, rng)
            players = [
                Player(self.load, random.Random(rng.random()), self.tally, number, seat == 0)
                for seat in range(seating.humans)
            ]
            with ExitStack() as stack:
                if seating.stalled:
                    url = self.urls[self._at(number, seating.humans)]
                    watcher = await stalled_watcher(url, table, tokens[-1])
                    stack.callback(watcher.transport.abort)
                await asyncio.gather(
                    *(
                        p.play(self.urls[self._at(number, n)], table, t)
                        for n, (p, t) in enumerate(zip(players, tokens, strict=False))
                    )
                )

    async def _guest(self, at: int, name: str) -> str:
        answer = await self._post(at, "/api/v1/guests", None, {"name": name})
        token: str = answer["token"]
        return token

    async def _open(
        self, number: int, game: str, tokens: list[str], seating: Seating, rng: random.Random
    ) -> str:
        players = self.load.players
        body = {
            "game": game,
            "players": players,
            "bots": [seating.bots] * (players - seating.humans),
            "bot_level": seating.bots,
            "clock": "none",
            "seed": rng.randrange(2**31),
        }
        at = self._at(number, 0)
        table: str = (await self._post(at, "/api/v1/tables", tokens[0], body))["id"]
        for n, token in enumerate(tokens[1:], 1):
            await self._post(self._at(number, n), f"/api/v1/tables/{table}/join", token, {})
        await self._post(at, f"/api/v1/tables/{table}/start", tokens[0], None)
        return table

    async def _post(self, at: int, path: str, token: str | None, body: Any) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = await self.http[at].post(path, json=body, headers=headers)
        answer.raise_for_status()
        return answer.json()

    async def stats(self) -> list[Frame]:
        """``GET /api/v1/stats`` of every process."""
        found = []
        for http in self.http:
            answer = await http.get(
                "/api/v1/stats", headers={"Authorization": f"Bearer {METRICS_TOKEN}"}
            )
            answer.raise_for_status()
            found.append(answer.json())
        return found

    async def close(self) -> None:
        for http in self.http:
            await http.aclose()
