"""What the normal player and the probe see, measured in a process of their own: the
attackers' event loop, busy with a thousand sockets, never delays their clocks."""

from __future__ import annotations

import asyncio
import contextlib
import json
import statistics
import sys
import time
from typing import Any

import httpx

from benchmarks.lounge_attack.player import Player, http_from

PACE = 2.0
"""Seconds the normal player takes to answer a decision."""


def measure(
    url: str, addresses: tuple[str, str], table: str, token: str, seconds: float, every: float
) -> dict[str, Any]:
    """For ``seconds``: the player (from ``addresses[0]``, seated at ``table`` with
    ``token``) plays and pings every ``every`` seconds; the probe (from ``addresses[1]``)
    asks ``/healthz`` every second. Their figures."""
    return asyncio.run(_measure(url, addresses, table, token, seconds, every))


async def _measure(
    url: str, addresses: tuple[str, str], table: str, token: str, seconds: float, every: float
) -> dict[str, Any]:
    player = Player(url, addresses[0], table, token, PACE)
    playing = asyncio.create_task(player.play(every))
    player.pings.measuring = True
    probes: list[float | None] = []
    started = time.perf_counter()
    async with http_from(url, addresses[1], connections=1) as probe:
        while time.perf_counter() - started < seconds:
            asked = time.perf_counter()
            probes.append(await _healthz(probe))
            await asyncio.sleep(max(0.0, 1.0 - (time.perf_counter() - asked)))
    player.pings.measuring = False
    playing.cancel()
    (ended,) = await asyncio.gather(playing, return_exceptions=True)
    answered = [p for p in probes if p is not None]
    return {
        "seconds": time.perf_counter() - started,
        # The player's connection failing (not its end, nor the run's cancelling it).
        "player_failed": None
        if ended is None or isinstance(ended, asyncio.CancelledError)
        else type(ended).__name__,
        "ping": _pings(player.pings.sent, player.pings.times),
        "healthz": {
            "asked": len(probes),
            "answered": len(answered),
            "p50_ms": _ms(statistics.median(answered)) if answered else None,
            "max_ms": _ms(max(answered, default=0.0)),
        },
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
    if not ordered:
        return {"sent": sent, "answered": 0, "p50_ms": None, "p99_ms": None, "max_ms": None}
    return {
        "sent": sent,
        "answered": len(ordered),
        "p50_ms": _ms(statistics.median(ordered)),
        "p99_ms": _ms(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]),
        "max_ms": _ms(ordered[-1]),
    }


def _ms(seconds: float) -> float:
    return round(seconds * 1000, 1)


if __name__ == "__main__":
    url, (player, probe), table, token, seconds, every = json.loads(sys.argv[1])
    print(json.dumps(measure(url, (player, probe), table, token, seconds, every)))
