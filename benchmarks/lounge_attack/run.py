"""The run: the server, the finished games, the attacks and the measures, then the figures."""

from __future__ import annotations

import asyncio
import contextlib
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from benchmarks.lounge_attack.attackers import flooders, replayer, resync_flooder, slow_client
from benchmarks.lounge_attack.player import Player, finished_games, guest, http_from, open_duel
from benchmarks.server_load.processes import ServerProcess

PLAYER, FLOODERS, SLOW, REPLAYERS, PROBE = (
    "127.0.0.2",
    "127.0.0.3",
    "127.0.0.4",
    "127.0.0.5",
    "127.0.0.6",
)
SERVICE_FILES = 1024
"""Open files a service usually may have (``ulimit -n``): the server runs with this many."""
PACE = 2.0
"""Seconds the normal player takes to answer a decision."""


@dataclass(frozen=True)
class Attack:
    seconds: float = 60.0
    slow: int = 1100
    flooders: int = 56
    resync_rate: float = 16.0
    replayers: int = 16
    games: int = 9
    ping_every: float = 0.05


def say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def run(attack: Attack) -> dict[str, Any]:
    """Start the server, attack it, and measure (see the package's note)."""
    _raise_own_file_limit(attack.slow + 4 * attack.flooders + 512)
    with tempfile.TemporaryDirectory(prefix="popote-attack-") as data:
        server = ServerProcess(Path(data), [], files=SERVICE_FILES)
        try:
            return asyncio.run(_attack(server, attack))
        finally:
            server.stop()


def _raise_own_file_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(wanted, hard), hard))


async def _attack(server: ServerProcess, attack: Attack) -> dict[str, Any]:
    url = server.url
    say(f"server at {url}; playing {attack.games} games to replay")
    tables = await finished_games(url, PLAYER, attack.games)
    async with http_from(url, PLAYER) as client:
        token = await guest(client, "Normale")
        table = await open_duel(client, token)
    tokens = await flooders(url, FLOODERS, attack.flooders)
    player = Player(url, PLAYER, table, token, PACE)
    seen: dict[str, Counter[str]] = {"slow": Counter(), "resync": Counter(), "replay": Counter()}
    tasks = [asyncio.create_task(player.play(attack.ping_every))]
    tasks += _launch(slow_client(url, SLOW, seen["slow"]) for _ in range(attack.slow))
    tasks += _launch(
        resync_flooder(url, FLOODERS, table, t, attack.resync_rate, seen["resync"]) for t in tokens
    )
    tasks += _launch(
        replayer(url, REPLAYERS, tables, seen["replay"]) for _ in range(attack.replayers)
    )
    say(f"attacking for {attack.seconds:.0f} s")
    try:
        measured = await _measure(server, player, attack.seconds)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {**measured, **{name: dict(counts) for name, counts in seen.items()}}


def _launch(coroutines: Any) -> list[asyncio.Task[None]]:
    started: list[asyncio.Task[None]] = []
    for coroutine in coroutines:
        started.append(asyncio.create_task(coroutine))
    return started


async def _measure(server: ServerProcess, player: Player, seconds: float) -> dict[str, Any]:
    """The player's pings, ``/healthz`` every second and the server's memory, for ``seconds``."""
    player.pings.measuring = True
    probes: list[float | None] = []
    memory: list[float] = []
    started = time.perf_counter()
    async with http_from(server.url, PROBE, connections=1) as probe:
        while time.perf_counter() - started < seconds:
            asked = time.perf_counter()
            memory.append(server.usage()["server_rss"])
            probes.append(await _healthz(probe))
            await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - asked)))
    player.pings.measuring = False
    return {
        "seconds": time.perf_counter() - started,
        "ping": _pings(player.pings.sent, player.pings.times),
        "healthz": {
            "asked": len(probes),
            "answered": sum(p is not None for p in probes),
            "max_ms": _ms(max((p for p in probes if p is not None), default=0.0)),
        },
        "server_rss_mib": round(max(memory) / 2**20, 1),
    }


async def _healthz(probe: httpx.AsyncClient) -> float | None:
    """Seconds ``/healthz`` took to answer 200, None when it did not within 5 s."""
    asked = time.perf_counter()
    with contextlib.suppress(httpx.HTTPError):
        answer = await probe.get("/healthz", timeout=5.0)
        if answer.status_code == 200:
            return time.perf_counter() - asked
    return None


def _pings(sent: int, times: list[float]) -> dict[str, Any]:
    ordered = sorted(times)
    return {
        "sent": sent,
        "answered": len(ordered),
        "p50_ms": _ms(statistics.median(ordered)) if ordered else None,
        "p99_ms": _ms(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))])
        if ordered
        else None,
        "max_ms": _ms(ordered[-1]) if ordered else None,
    }


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)
