"""The run: the server, the finished games, the attacks and the measures, then the figures."""

from __future__ import annotations

import asyncio
import json
import resource
import sys
import tempfile
from collections import Counter
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass
from pathlib import Path
from subprocess import PIPE
from typing import Any

from benchmarks.lounge_attack.attackers import flooders, replayer, resync_flooder, slow_client
from benchmarks.lounge_attack.player import finished_games, guest, http_from, open_duel
from benchmarks.server_load.load import say
from benchmarks.server_load.processes import ServerProcess

PLAYER, FLOODERS, SLOW, REPLAYERS, PROBE = (
    "127.0.0.2",
    "127.0.0.3",
    "127.0.0.4",
    "127.0.0.5",
    "127.0.0.6",
)
MEASURE_SLACK = 120.0
"""Seconds the measuring process may take besides the attack's (its start, its last probe)."""
SERVICE_FILES = 1024
"""Open files a service usually may have (``ulimit -n``): the server runs with this many."""


@dataclass(frozen=True)
class Attack:
    seconds: float = 60.0
    slow: int = 1100
    flooders: int = 56
    resync_rate: float = 16.0
    replayers: int = 16
    games: int = 9
    ping_every: float = 0.05


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
    seen: dict[str, Counter[str]] = {"slow": Counter(), "resync": Counter(), "replay": Counter()}
    memory: list[float] = []
    over = asyncio.Event()
    tasks = [asyncio.create_task(_sample_memory(server, memory))]
    tasks += _launch(slow_client(url, SLOW, seen["slow"], over) for _ in range(attack.slow))
    tasks += _launch(
        resync_flooder(url, FLOODERS, table, t, attack.resync_rate, seen["resync"], over)
        for t in tokens
    )
    tasks += _launch(
        replayer(url, REPLAYERS, tables, seen["replay"], over) for _ in range(attack.replayers)
    )
    say(f"attacking for {attack.seconds:.0f} s")
    try:
        measured = await _measured_apart(url, table, token, attack)
    finally:
        over.set()  # what a cancelling misses (see attackers._drip), the flag stops
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {
        **measured,
        "server_rss_mib": round(max(memory, default=0.0) / 2**20, 1),
        **{name: dict(counts) for name, counts in seen.items()},
    }


def _launch(coroutines: Iterable[Coroutine[Any, Any, None]]) -> list[asyncio.Task[None]]:
    return [asyncio.create_task(coroutine) for coroutine in coroutines]


async def _measured_apart(url: str, table: str, token: str, attack: Attack) -> dict[str, Any]:
    """:func:`measure` in a process of its own (its figures as JSON on its standard output),
    while this one's loop goes on attacking."""
    asked = [url, [PLAYER, PROBE], table, token, attack.seconds, attack.ping_every]
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "benchmarks.lounge_attack.measure", json.dumps(asked), stdout=PIPE
    )
    async with asyncio.timeout(attack.seconds + MEASURE_SLACK):
        out, _ = await child.communicate()
    figures: dict[str, Any] = json.loads(out)
    return figures


async def _sample_memory(server: ServerProcess, memory: list[float]) -> None:
    """The server's resident memory, every second."""
    while True:
        memory.append(server.usage()["server_rss"])
        await asyncio.sleep(1.0)
