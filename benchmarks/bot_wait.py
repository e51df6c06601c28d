"""How long a person waits for the bots: the time between two decisions of a person who
answers at once, at a table of search bots (by default Stir-Fry Eighteen, five seats, four
``expert`` bots: 22-26 s between two turns on a loaded 2-core machine before the bots'
thinking was bounded together, ``popote.server.bots.ThinkingBudget``).

Starts ``popote serve`` (the plain build) on 127.0.0.1, seats a guest with the bots at a
chosen deal, and answers each of its decisions with a random legal action as soon as it is
asked, over the protocol's socket. A wait runs from sending an answer to the next decision
asked of the guest; everything the bots do between (their turns, their answers to reaction
windows) is in it. ``--source DIR`` runs the server from another checkout's ``src`` (the
code before a change, for a before and after on the same machine).

Run: ``python -m benchmarks.bot_wait`` (``--decisions 40``, ``--level expert``, ``--json -``).
Figures: ``benchmarks/README.md``, "Waiting for the bots".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import websockets

from benchmarks.figures import emit
from benchmarks.server_load.processes import ServerProcess

GAME = "stir-fry-eighteen"
STATES = ("update", "snapshot")


@contextmanager
def server_from(source: str | None) -> Iterator[ServerProcess]:
    """``popote serve`` from this checkout, or from ``source`` (a ``src`` folder) first on
    the server's import path; stopped at the end."""
    before = os.environ.get("PYTHONPATH")
    if source is not None:
        os.environ["PYTHONPATH"] = str(Path(source).resolve())
    try:
        with tempfile.TemporaryDirectory(prefix="popote-bot-wait-") as data:
            options = ["--max-new-identities-per-ip", "0", "--anonymous-burst", "0"]
            server = ServerProcess(Path(data), options)
            try:
                yield server
            finally:
                server.stop()
    finally:
        if source is not None:
            if before is None:
                del os.environ["PYTHONPATH"]
            else:
                os.environ["PYTHONPATH"] = before


def open_table(url: str, players: int, level: str, seed: int) -> tuple[str, str]:
    """A guest's token and a started table where it sits first with ``level`` bots."""
    with httpx.Client(base_url=url, timeout=30) as http:
        answer = http.post("/api/v1/guests", json={"name": "Mesure", "lang": "fr"})
        token: str = answer.raise_for_status().json()["token"]
        http.headers["Authorization"] = f"Bearer {token}"
        setup = {
            "game": GAME,
            "players": players,
            "bots": [level] * (players - 1),
            "clock": "none",
            "seed": seed,
        }
        table: str = http.post("/api/v1/tables", json=setup).raise_for_status().json()["id"]
        http.post(f"/api/v1/tables/{table}/start").raise_for_status()
    return token, table


async def waits(url: str, table: str, token: str, decisions: int, seed: int) -> list[float]:
    """The seconds between each answer of the guest and its next decision."""
    choose = random.Random(seed)
    found: list[float] = []
    address = url.replace("http://", "ws://", 1) + f"/ws/tables/{table}"
    async with websockets.connect(address, max_size=2**24) as socket:
        hello = {"type": "hello", "token": token, "feed": None, "last_seq": None}
        await socket.send(json.dumps(hello))
        sent: float | None = None
        while len(found) < decisions:
            frame: dict[str, Any] = json.loads(await socket.recv())
            if frame["type"] not in STATES:
                continue
            if frame.get("result") is not None:
                break
            decision = frame.get("decision")
            if not decision:
                continue
            if sent is not None:
                found.append(time.monotonic() - sent)
            action = choose.choice(decision["legal"])
            await socket.send(
                json.dumps({"type": "act", "action_id": f"a{len(found)}", "action": action})
            )
            sent = time.monotonic()
    return found


def measure(decisions: int, players: int, level: str, seed: int, source: str | None) -> Any:
    with server_from(source) as server:
        token, table = open_table(server.url, players, level, seed)
        found = asyncio.run(waits(server.url, table, token, decisions, seed))
    ordered = sorted(found)
    return {
        "game": GAME,
        "players": players,
        "level": level,
        "seed": seed,
        "source": source or "this checkout",
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}, plain build",
        "waits": len(found),
        "median_s": statistics.median(found) if found else None,
        "p90_s": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] if found else None,
        "max_s": ordered[-1] if found else None,
        "all_s": [round(wait, 2) for wait in found],
    }


def report(figures: dict[str, Any]) -> None:
    print(
        f"{figures['game']}, {figures['players']} seats, {figures['level']} bots, deal "
        f"{figures['seed']}, server from {figures['source']}; {figures['machine']}"
    )
    if not figures["waits"]:
        print("no wait measured")
        return
    print(
        f"{figures['waits']} waits between two decisions of the person: median "
        f"{figures['median_s']:.2f} s, p90 {figures['p90_s']:.2f} s, max {figures['max_s']:.2f} s"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=40, help="waits to measure (40)")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--seed", type=int, default=7, help="the deal (7)")
    parser.add_argument("--source", help="run the server from this src folder")
    parser.add_argument("--json", metavar="FILE", help="also write the figures there (- : only)")
    arguments = parser.parse_args(argv)
    figures = measure(
        arguments.decisions, arguments.players, arguments.level, arguments.seed, arguments.source
    )
    emit(figures, arguments.json, report)


if __name__ == "__main__":
    main()
