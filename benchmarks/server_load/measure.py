"""One run: the servers started, the tables opened, the windows measured, the figures."""

from __future__ import annotations

import asyncio
import os
import platform
import resource
import statistics
import tempfile
import time
from contextlib import ExitStack
from dataclasses import asdict
from datetime import date
from pathlib import Path
from typing import Any

from benchmarks.server_load.clients import Tally
from benchmarks.server_load.load import SETUP_WAIT, Frame, Load, check, dealt, say
from benchmarks.server_load.processes import ServerProcess, fresh_schema, server_process, usage
from benchmarks.server_load.tables import Lounge, Seating
from popote.server.metrics import quantile

STORM_WAIT = 120.0
"""Seconds the clients cut by the storm may take to be back."""


def run(load: Load) -> dict[str, Any]:
    """Start the servers, load them as ``load`` says, stop everything; the figures."""
    check(load)
    _raise_file_limit()
    with ExitStack() as stack:
        data = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="popote-load-")))
        db = stack.enter_context(fresh_schema(load.db)) if load.db else None
        servers = [
            stack.enter_context(server_process(data / f"process-{n + 1}", load, db))
            for n in range(load.processes)
        ]
        return asyncio.run(_measure(servers, load))


def _raise_file_limit() -> None:
    """Every client is a socket here and one there: allow as many as the system does."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


Moment = tuple[list[Frame], dict[str, float], os.times_result, float]


class Run:
    """The servers, their tables and what the clients see, measured window after window."""

    def __init__(self, servers: list[ServerProcess], load: Load) -> None:
        self.servers = servers
        self.load = load
        self.tally = Tally()
        self.lounge = Lounge([server.url for server in servers], load, self.tally)
        self.tables: list[asyncio.Task[None]] = []
        self.idle = usage(servers)

    async def open(self, numbers: range, seating: Seating | None = None) -> None:
        """Open tables ``numbers`` (the load's seating, or ``seating``); wait for every client."""
        load = self.load
        for number in numbers:
            seats = seating or Seating(load.humans, load.bots, number < load.slow_clients)
            self.tables.append(asyncio.create_task(self.lounge.keep(number, seats)))
        humans = (seating or Seating(load.humans, "")).humans
        deadline = time.perf_counter() + SETUP_WAIT
        while any(self.tally.seated[number] < humans for number in numbers):
            self.raise_failure()
            if time.perf_counter() > deadline:
                raise RuntimeError(f"only {self.tally.connected} clients connected")
            await asyncio.sleep(0.1)
        self.tally.go.set()
        say(f"{len(self.tables)} tables open, {self.tally.connected} clients connected")
        # Bot workers start on their first move, slowly on a busy machine: measuring before
        # every seat has moved could catch every table waiting for a bot.
        while humans and any(self.tally.progress[n] < load.players for n in numbers):
            self.raise_failure()
            if time.perf_counter() > deadline:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(load.warmup)

    async def window(self) -> dict[str, Any]:
        """Measure for the load's seconds (or actions); the window's figures."""
        load, tally = self.load, self.tally
        tally.restart()
        before = await self.moment()
        tally.measuring = True
        deadline = time.perf_counter() + load.seconds
        while time.perf_counter() < deadline and (
            load.actions is None or tally.actions < load.actions
        ):
            self.raise_failure()
            await asyncio.sleep(0.05)
        tally.measuring = False
        return window_figures(load, tally, self.idle, before, await self.moment())

    async def moment(self) -> Moment:
        stamp = time.perf_counter()  # before the stats, which a busy server answers late
        return (await self.lounge.stats(), usage(self.servers), os.times(), stamp)

    async def storm(self) -> dict[str, Any]:
        """Cut every client's connection at once; how long until all are back."""
        # A client between two games is not connected: wait (bounded) until all of them are,
        # so the storm cuts every client rather than those a busy machine had ready.
        clients = self.load.tables * self.load.humans + self.load.difficile_bots
        deadline = time.perf_counter() + SETUP_WAIT
        while len(self.tally.players) < clients and time.perf_counter() < deadline:
            self.raise_failure()
            await asyncio.sleep(0.01)
        cut = list(self.tally.players)
        for player in cut:
            player.cut()
        started = time.perf_counter()
        deadline = started + STORM_WAIT
        while any(p.caught_at is None and not p.over for p in cut):
            self.raise_failure()
            if time.perf_counter() > deadline:
                break
            await asyncio.sleep(0.02)
        back = sorted(p.back_at - started for p in cut if p.back_at is not None)
        caught = sorted(p.caught_at - started for p in cut if p.caught_at is not None)
        return {
            "clients_cut": len(cut),
            "clients_back": len(back),
            "clients_caught_up": len(caught),
            "snapshots": sum(p.snapshot for p in cut),
            "back_p50_ms": _ms(_quantile(back, 0.50)),
            "back_p99_ms": _ms(_quantile(back, 0.99)),
            "all_back_s": back[-1] if back else None,
            "all_caught_up_s": caught[-1] if caught else None,
        }

    def raise_failure(self) -> None:
        """A table that stopped on an error stops the run: its figures would be wrong."""
        for task in self.tables:
            if task.done() and not task.cancelled() and task.exception() is not None:
                raise RuntimeError("a table stopped") from task.exception()

    async def close(self) -> None:
        for task in self.tables:
            task.cancel()
        await asyncio.gather(*self.tables, return_exceptions=True)
        await self.lounge.close()


async def _measure(servers: list[ServerProcess], load: Load) -> dict[str, Any]:
    run = Run(servers, load)
    started = header(load)
    try:
        await run.open(range(load.tables))
        main = await run.window()
        extra: dict[str, Any] = {}
        if load.slow_clients:
            extra["slow_clients"] = _slow_tables(load, run.tally, main["seconds"])
        if load.difficile_bots:
            more = range(load.tables, load.tables + load.difficile_bots)
            await run.open(more, Seating(1, "difficile"))
            extra["with_difficile_bots"] = await run.window()
        if load.reconnect_storm:
            extra["reconnect_storm"] = await run.storm()
    finally:
        await run.close()
    return {**started, **main, **extra}


def _slow_tables(load: Load, tally: Tally, seconds: float) -> dict[str, Any]:
    """Actions a second at a table with a stalled spectator and at one without."""
    slow = [tally.by_table[n] for n in range(load.slow_clients)]
    others = [tally.by_table[n] for n in range(load.slow_clients, load.tables)]
    return {
        "tables": load.slow_clients,
        "actions_per_second_a_table": statistics.mean(slow) / seconds,
        "others_actions_per_second_a_table": statistics.mean(others) / seconds if others else None,
    }


def header(load: Load) -> dict[str, Any]:
    return {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load_average": os.getloadavg()[0],
        "load": {**asdict(load), "games": dealt(load)},
        "database": "postgresql" if load.db else "sqlite",
        "processes": load.processes,
        "tables": load.tables,
        "clients": load.tables * load.humans,
    }


def window_figures(
    load: Load, tally: Tally, idle: dict[str, float], before: Moment, after: Moment
) -> dict[str, Any]:
    """One window's figures, from the moments that open and close it."""
    elapsed = after[3] - before[3]
    counts = _latency(after[0], before[0])
    used = {key: after[1][key] - before[1][key] for key in ("server_cpu", "workers_cpu")}
    own = (after[2].user + after[2].system) - (before[2].user + before[2].system)
    rtt = sorted(tally.round_trips)
    tables = sum(stats["tables"] for stats in after[0])
    return {
        "seconds": elapsed,
        "load_average_after": os.getloadavg()[0],
        "actions": tally.actions,
        "actions_per_second": tally.actions / elapsed,
        "client_actions_timed": sum(counts),
        "games_finished": tally.games,
        "errors": dict(tally.errors),
        "tables_in_memory": tables,
        # Tables whose clients have had a state: the run's own, whereas the servers drop a
        # finished table before its replacement opens, so what they hold varies.
        "tables_playing": len(tally.seated),
        "server_p50_ms": _ms(quantile(counts, 0.50)),
        "server_p99_ms": _ms(quantile(counts, 0.99)),
        "round_trip_p50_ms": _ms(_quantile(rtt, 0.50)),
        "round_trip_p99_ms": _ms(_quantile(rtt, 0.99)),
        "server_cpu_percent": 100 * used["server_cpu"] / elapsed,
        "workers_cpu_percent": 100 * used["workers_cpu"] / elapsed,
        "script_cpu_percent": 100 * own / elapsed,
        **_collections([s["collections"] for s in before[0]], [s["collections"] for s in after[0]]),
        "server_rss_mb": after[1]["server_rss"] / 2**20,
        "workers_rss_mb": after[1]["workers_rss"] / 2**20,
        "server_kb_per_table": (after[1]["server_rss"] - idle["server_rss"])
        / 1024
        / max(1, tables),
    }


def _latency(after: list[Frame], before: list[Frame]) -> list[int]:
    """The latency histogram of every process together, between two moments."""
    each = [
        [b - a for a, b in zip(one["latency"]["counts"], two["latency"]["counts"], strict=True)]
        for one, two in zip(before, after, strict=True)
    ]
    return [sum(counts) for counts in zip(*each, strict=True)]


def _collections(before: list[Frame], after: list[Frame]) -> dict[str, Any]:
    """The servers' garbage collections while measuring: how many of each generation, the
    time they stopped a server, and the longest full one since a server started."""
    counts = [
        sum(
            two["collections"][g] - one["collections"][g]
            for one, two in zip(before, after, strict=True)
        )
        for g in range(3)
    ]
    spent = sum(
        sum(two["seconds"]) - sum(one["seconds"]) for one, two in zip(before, after, strict=True)
    )
    return {
        "collections": counts,
        "collection_ms": 1000 * spent,
        "longest_full_collection_ms": 1000 * max(two["longest"][2] for two in after),
    }


def _quantile(ordered: list[float], q: float) -> float | None:
    if not ordered:
        return None
    return (
        statistics.median(ordered)
        if q == 0.5
        else ordered[min(len(ordered) - 1, int(q * len(ordered)))]
    )


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else 1000 * seconds
