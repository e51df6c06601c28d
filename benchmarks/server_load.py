"""Load on one server process: N tables of scripted clients and bots, on 127.0.0.1.

The script starts ``popote serve`` on a free port (SQLite in a temporary folder, or ``--db``),
opens ``--tables`` tables, each with ``--humans`` scripted clients over WebSockets and bots
in the other seats, and lets them play: as fast as they can, or human-paced (``--pace 2``:
each client waits about two seconds, drawn between half and one and a half times that,
before each answer). A table whose game ends is replaced by a new one. After every client
is connected and a warm-up, it measures for ``--seconds`` (or until ``--actions`` actions):

- actions served per second (every action applied, by clients and bots alike);
- the server's own time from a client's action received to its events queued on every
  connection, p50/p99 (``GET /api/v1/stats``, a histogram precise to about 6 %);
- the round trip a client sees, from sending an action to its update, p50/p99 (it adds the
  network, the server's waiting queue and this script's own event loop);
- CPU of the server process, of its bot workers and of this script, in % of one core, and
  the server's memory, in all and per table.

Then it closes every client, stops the server, and prints the figures (``--json [FILE]``
writes them as JSON). Nothing leaves 127.0.0.1. Figures: ``benchmarks/README.md``.

    python -m benchmarks.server_load [--tables 50] [--humans 3] [--players 4] [--pace 0]
        [--seconds 30] [--actions N] [--game all] [--bots moyen] [--db URL] [--json [FILE]]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import websockets

import popote
from popote.server.metrics import quantile

Frame = dict[str, Any]
START_WAIT = 60.0
SETUP_WAIT = 300.0
"""Seconds every table may take to open and every client to connect."""
SETUP_AT_ONCE = 16
"""HTTP calls opening tables at the same time."""


@dataclass(frozen=True)
class Load:
    """What to run: the tables, who sits at them, how fast they play, for how long."""

    tables: int = 50
    players: int = 4
    humans: int = 3
    bots: str = "moyen"
    games: tuple[str, ...] = ()
    """Games dealt round the tables in turn; empty for every registered game."""
    pace: float = 0.0
    seconds: float = 30.0
    actions: int | None = None
    warmup: float = 3.0
    db: str | None = None
    bot_workers: int = 2
    seed: int = 1


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
    go: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once every table is open: clients of the first tables wait for the others."""


# --- the server process ---------------------------------------------------------------------


class ServerProcess:
    """``python -m popote.server`` on a free port of 127.0.0.1, with its data in ``data``."""

    def __init__(self, data: Path, load: Load) -> None:
        command = [sys.executable, "-m", "popote.server", "--host", "127.0.0.1", "--port", "0"]
        command += ["--data", str(data), "--bot-workers", str(load.bot_workers)]
        command += ["--max-connections-per-ip", "0"]  # every client comes from 127.0.0.1
        if load.db:
            command += ["--db", load.db]
        self.log = data / "server.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True)
        assert self.process.stdout is not None
        ready, _, _ = select.select([self.process.stdout], [], [], START_WAIT)
        line = self.process.stdout.readline() if ready else ""
        if "listening on http://" not in line:
            self.stop()
            raise RuntimeError(f"the server did not start:\n{self.log.read_text()[-2000:]}")
        self.url = line.rsplit(" ", 1)[1].strip()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def usage(self) -> dict[str, float]:
        """CPU seconds so far of the server and of its workers; resident memory in bytes."""
        workers = _children(self.process.pid)
        return {
            "server_cpu": _cpu_seconds(self.process.pid),
            "workers_cpu": sum(_cpu_seconds(pid) for pid in workers),
            "server_rss": _rss(self.process.pid),
            "workers_rss": sum(_rss(pid) for pid in workers),
        }


def _stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name (which may hold spaces)."""
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()


def _cpu_seconds(pid: int) -> float:
    try:
        fields = _stat(pid)
    except OSError:  # the process ended meanwhile
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss(pid: int) -> float:
    try:
        return int(_stat(pid)[21]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0.0


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int(_stat(int(entry.name))[1]) == pid:
                    found.append(int(entry.name))
            except (OSError, ValueError, IndexError):
                continue
    return found


# --- the clients ----------------------------------------------------------------------------


class Player:
    """One scripted client at one table: answers every decision with a random legal action."""

    def __init__(self, load: Load, rng: random.Random, tally: Tally, counts: bool) -> None:
        self.load = load
        self.rng = rng
        self.tally = tally
        self.counts = counts
        """One client per table counts the table's actions."""
        self.latest: Frame | None = None
        self.changed = asyncio.Event()
        self.fresh_after = -1
        """Decisions shown at this index or before are already answered."""
        self.sent: tuple[int, float] | None = None
        self.awaited: tuple[int, float] | None = None
        """The index of the update one's own action causes, and when it was sent."""

    async def play(self, url: str, table: str, token: str) -> None:
        address = f"{url.replace('http://', 'ws://')}/ws/tables/{table}?token={token}"
        async with websockets.connect(address, max_size=2**24, open_timeout=SETUP_WAIT) as socket:
            reader = asyncio.create_task(self._read(socket))
            try:
                await self._answer(socket)
            finally:
                reader.cancel()

    async def _read(self, socket: Any) -> None:
        async for text in socket:
            self._take(json.loads(text))
            self.changed.set()

    def _take(self, frame: Frame) -> None:
        kind = frame["type"]
        if kind == "ack":
            self.awaited = (frame["index"] + 1, self.sent[1]) if self.sent else None
            self.fresh_after, self.sent = frame["index"], None
        elif kind == "error":
            if self.tally.measuring:
                self.tally.errors[frame["code"]] += 1
            self.sent = None
        elif kind in ("update", "snapshot"):
            self._state(frame)

    def _state(self, frame: Frame) -> None:
        tally, index = self.tally, frame["index"]
        if self.latest is None:
            tally.connected += 1
        elif self.counts and tally.measuring:
            tally.actions += index - self.latest["index"]
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


# --- the tables -----------------------------------------------------------------------------


class Lounge:
    """Opens the tables through the HTTP API and keeps each one playing, game after game."""

    def __init__(self, url: str, load: Load, tally: Tally) -> None:
        self.url = url
        self.load = load
        self.tally = tally
        self.games = dealt(load)
        # Idle connections are dropped before uvicorn's 5 s keep-alive ends: reusing one the
        # server is closing at that moment fails with a read error.
        keep = httpx.Limits(keepalive_expiry=1.0)
        self.http = httpx.AsyncClient(base_url=url, timeout=SETUP_WAIT, limits=keep)
        self.setup = asyncio.Semaphore(SETUP_AT_ONCE)

    async def keep(self, number: int) -> None:
        """Table ``number``: the same guests play one game after another until cancelled."""
        rng = random.Random(self.load.seed * 100_003 + number)
        game = self.games[number % len(self.games)]
        async with self.setup:
            tokens = [
                await self._guest(f"Client {number}-{n + 1}") for n in range(self.load.humans)
            ]
        while True:
            async with self.setup:
                table = await self._open(game, tokens, rng)
            players = [
                Player(self.load, random.Random(rng.random()), self.tally, seat == 0)
                for seat in range(len(tokens))
            ]
            await asyncio.gather(
                *(p.play(self.url, table, t) for p, t in zip(players, tokens, strict=True))
            )

    async def _guest(self, name: str) -> str:
        answer = await self._post("/api/v1/guests", None, {"name": name})
        token: str = answer["token"]
        return token

    async def _open(self, game: str, tokens: list[str], rng: random.Random) -> str:
        load = self.load
        body = {
            "game": game,
            "players": load.players,
            "bots": [load.bots] * (load.players - load.humans),
            "bot_level": load.bots,
            "clock": "none",
            "seed": rng.randrange(2**31),
        }
        table: str = (await self._post("/api/v1/tables", tokens[0], body))["id"]
        for token in tokens[1:]:
            await self._post(f"/api/v1/tables/{table}/join", token, {})
        await self._post(f"/api/v1/tables/{table}/start", tokens[0], None)
        return table

    async def _post(self, path: str, token: str | None, body: Any) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        answer = await self.http.post(path, json=body, headers=headers)
        answer.raise_for_status()
        return answer.json()

    async def stats(self) -> Frame:
        answer = await self.http.get("/api/v1/stats")
        answer.raise_for_status()
        stats: Frame = answer.json()
        return stats


# --- one run --------------------------------------------------------------------------------


def run(load: Load) -> dict[str, Any]:
    """Start a server, load it as ``load`` says, stop everything; the figures."""
    check(load)
    _raise_file_limit()
    with (
        tempfile.TemporaryDirectory(prefix="popote-load-") as data,
        _server(Path(data), load) as server,
    ):
        return asyncio.run(_measure(server, load))


def dealt(load: Load) -> list[str]:
    """The games played, in the order they go round the tables."""
    return list(load.games or popote.game_names())[: load.tables]


def check(load: Load) -> None:
    unknown = set(load.games) - set(popote.game_names())
    if unknown:
        raise SystemExit(f"unknown game(s): {', '.join(sorted(unknown))}")
    if not 1 <= load.humans <= load.players or load.tables < 1 or load.seconds <= 0:
        raise SystemExit("need at least one table, 1 <= humans <= players and some seconds")


def _raise_file_limit() -> None:
    """Every client is a socket here and one there: allow as many as the system does."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@contextmanager
def _server(data: Path, load: Load) -> Iterator[ServerProcess]:
    server = ServerProcess(data, load)
    try:
        yield server
    finally:
        server.stop()


async def _measure(server: ServerProcess, load: Load) -> dict[str, Any]:
    tally = Tally()
    lounge = Lounge(server.url, load, tally)
    idle = server.usage()
    tables = [asyncio.create_task(lounge.keep(n)) for n in range(load.tables)]
    try:
        await _until_connected(tally, load, tables)
        tally.go.set()
        _say(f"{load.tables} tables open, {tally.connected} clients connected; warming up")
        await asyncio.sleep(load.warmup)
        before = (await lounge.stats(), server.usage(), os.times(), time.perf_counter())
        tally.measuring = True
        await _until_done(tally, load, tables)
        tally.measuring = False
        after = (await lounge.stats(), server.usage(), os.times(), time.perf_counter())
    finally:
        for task in tables:
            task.cancel()
        await asyncio.gather(*tables, return_exceptions=True)
        await lounge.http.aclose()
    return report(load, tally, idle, before, after)


async def _until_connected(tally: Tally, load: Load, tables: list[asyncio.Task[None]]) -> None:
    deadline = time.perf_counter() + SETUP_WAIT
    while tally.connected < load.tables * load.humans:
        _raise_failure(tables)
        if time.perf_counter() > deadline:
            raise RuntimeError(f"only {tally.connected} clients connected in {SETUP_WAIT:.0f} s")
        await asyncio.sleep(0.1)


async def _until_done(tally: Tally, load: Load, tables: list[asyncio.Task[None]]) -> None:
    deadline = time.perf_counter() + load.seconds
    while time.perf_counter() < deadline and (load.actions is None or tally.actions < load.actions):
        _raise_failure(tables)
        await asyncio.sleep(0.05)


def _raise_failure(tables: list[asyncio.Task[None]]) -> None:
    """A table that stopped on an error stops the run: its figures would be wrong."""
    for task in tables:
        if task.done() and not task.cancelled() and task.exception() is not None:
            raise RuntimeError("a table stopped") from task.exception()


Moment = tuple[Frame, dict[str, float], os.times_result, float]


def report(
    load: Load, tally: Tally, idle: dict[str, float], before: Moment, after: Moment
) -> dict[str, Any]:
    elapsed = after[3] - before[3]
    counts = [
        b - a
        for a, b in zip(before[0]["latency"]["counts"], after[0]["latency"]["counts"], strict=True)
    ]
    used = {key: after[1][key] - before[1][key] for key in ("server_cpu", "workers_cpu")}
    own = (after[2].user + after[2].system) - (before[2].user + before[2].system)
    rtt = sorted(tally.round_trips)
    return {
        "date": date.today().isoformat(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load": {**asdict(load), "games": dealt(load)},
        "database": "postgresql" if load.db else "sqlite",
        "seconds": elapsed,
        "tables": load.tables,
        "clients": load.tables * load.humans,
        "actions": tally.actions,
        "actions_per_second": tally.actions / elapsed,
        "client_actions_timed": sum(counts),
        "games_finished": tally.games,
        "errors": dict(tally.errors),
        "tables_in_memory": after[0]["tables"],
        "server_p50_ms": _ms(quantile(counts, 0.50)),
        "server_p99_ms": _ms(quantile(counts, 0.99)),
        "round_trip_p50_ms": _ms(statistics.median(rtt)) if rtt else None,
        "round_trip_p99_ms": _ms(rtt[min(len(rtt) - 1, int(0.99 * len(rtt)))]) if rtt else None,
        "server_cpu_percent": 100 * used["server_cpu"] / elapsed,
        "workers_cpu_percent": 100 * used["workers_cpu"] / elapsed,
        "script_cpu_percent": 100 * own / elapsed,
        **_collections(before[0]["collections"], after[0]["collections"]),
        "server_rss_mb": after[1]["server_rss"] / 2**20,
        "workers_rss_mb": after[1]["workers_rss"] / 2**20,
        "server_kb_per_table": (after[1]["server_rss"] - idle["server_rss"]) / 1024 / load.tables,
    }


def _collections(before: Frame, after: Frame) -> dict[str, Any]:
    """The server's garbage collections while measuring: how many of each generation, the
    time they stopped it, and the longest full one since it started."""
    counts = [b - a for a, b in zip(before["collections"], after["collections"], strict=True)]
    spent = sum(after["seconds"]) - sum(before["seconds"])
    return {
        "collections": counts,
        "collection_ms": 1000 * spent,
        "longest_full_collection_ms": 1000 * after["longest"][2],
    }


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else 1000 * seconds


def print_report(figures: dict[str, Any]) -> None:
    load = figures["load"]
    pace = f"human-paced, {load['pace']:g} s" if load["pace"] else "as fast as possible"
    print(f"Server load, one process, {figures['database']} ({figures['machine']})")
    print(
        f"{figures['tables']} tables of {load['players']} seats: clients {load['humans']}, "
        f"bots {load['players'] - load['humans']} ({load['bots']}), {pace}; "
        f"{', '.join(load['games'])}"
    )
    print(f"clients connected:        {figures['clients']}")
    print(f"measured for:             {figures['seconds']:.1f} s")
    print(
        f"actions served:           {figures['actions']} ({figures['actions_per_second']:,.1f}/s), "
        f"{figures['games_finished']} games finished, "
        f"{figures['tables_in_memory']} tables in the server's memory"
    )
    errors = ", ".join(f"{code} {count}" for code, count in sorted(figures["errors"].items()))
    print(f"answers refused:          {errors or 'none'}")
    print(
        f"action -> events, server: p50 {_shown(figures['server_p50_ms'])}, "
        f"p99 {_shown(figures['server_p99_ms'])} ({figures['client_actions_timed']} client actions)"
    )
    print(
        f"round trip, client:       p50 {_shown(figures['round_trip_p50_ms'])}, "
        f"p99 {_shown(figures['round_trip_p99_ms'])}"
    )
    print(
        f"CPU (% of one core):      server {figures['server_cpu_percent']:.0f}, "
        f"bot workers {figures['workers_cpu_percent']:.0f}, this script {figures['script_cpu_percent']:.0f}"
    )
    print(
        f"garbage collections:      {'/'.join(map(str, figures['collections']))} by generation, "
        f"{figures['collection_ms']:.0f} ms in all, longest full one "
        f"{figures['longest_full_collection_ms']:.0f} ms"
    )
    print(
        f"memory:                   server {figures['server_rss_mb']:.0f} MB "
        f"({figures['server_kb_per_table']:.0f} KB a table), bot workers {figures['workers_rss_mb']:.0f} MB"
    )


def _shown(ms: float | None) -> str:
    return "-" if ms is None else f"{ms:.1f} ms"


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    add = parser.add_argument
    add("--tables", type=int, default=Load.tables, help="tables played at once (default 50)")
    add("--players", type=int, default=Load.players, help="seats a table (default 4)")
    add("--humans", type=int, default=Load.humans, help="scripted clients a table (default 3)")
    add("--bots", default=Load.bots, help="level of the bots in the other seats (default moyen)")
    add("--game", default="all", help="one game, comma-separated games, or all (default)")
    add(
        "--pace", type=float, default=Load.pace, help="seconds a client takes to answer (default 0)"
    )
    add("--seconds", type=float, default=Load.seconds, help="seconds measured (default 30)")
    add("--actions", type=int, help="stop measuring after this many actions served")
    add("--warmup", type=float, default=Load.warmup, help="seconds before measuring (default 3)")
    add(
        "--db", help="a PostgreSQL URL with an empty schema (default: SQLite in a temporary folder)"
    )
    add("--bot-workers", type=int, default=Load.bot_workers, help="bot processes (default 2)")
    add("--seed", type=int, default=Load.seed)
    add(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="write the figures as JSON (- for stdout)",
    )
    args = parser.parse_args(argv)
    load = Load(
        tables=args.tables,
        players=args.players,
        humans=args.humans,
        bots=args.bots,
        games=() if args.game == "all" else tuple(args.game.split(",")),
        pace=args.pace,
        seconds=args.seconds,
        actions=args.actions,
        warmup=args.warmup,
        db=args.db,
        bot_workers=args.bot_workers,
        seed=args.seed,
    )
    figures = run(load)
    if args.json == "-":
        print(json.dumps(figures, indent=1))
        return
    print_report(figures)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n")
        _say(f"written: {args.json}")


if __name__ == "__main__":
    main()
