"""Load on the online server: N tables of scripted clients and bots, on 127.0.0.1.

The script starts ``popote serve`` on a free port (SQLite in a temporary folder, or a fresh
schema of the PostgreSQL database ``--db``; with ``--processes 2``, two processes sharing it
and ``--redis``, each table's clients spread across both), opens ``--tables`` tables, each
with ``--humans`` scripted clients over WebSockets and bots in the other seats, and lets them
play: as fast as they can, or human-paced (``--pace 2``: each client waits about two
seconds, drawn between half and one and a half times that, before each answer). A table
whose game ends is replaced by a new one. After every client is connected and a warm-up,
it measures for ``--seconds`` (or until ``--actions`` actions):

- actions served per second (every action applied, by clients and bots alike);
- the server's own time from a client's action received to its events queued on every
  connection, p50/p99 (``GET /api/v1/stats``, a histogram precise to about 6 %);
- the round trip a client sees, from sending an action to its update, p50/p99 (it adds the
  network, the server's waiting queue and this script's own event loop);
- CPU of the server processes, of their bot workers and of this script, in % of one core,
  the servers' memory, in all and per table, and their garbage collections.

Then, as asked:

- ``--slow-clients N``: the first N tables each have a spectator that never reads what it
  is sent; their tables' pace is compared with the others';
- ``--difficile-bots N``: N more tables of one client and ``difficile`` bots (so about N
  bots thinking at any moment, waiting for the bot workers), and the same figures measured
  again for as long;
- ``--reconnect-storm``: every client's connection is cut at once and the client comes back
  at once with its feed and last number: how long until all are back and caught up.

Then it closes every client, stops the servers, and prints the figures (``--json [FILE]``
writes them as JSON). Nothing leaves 127.0.0.1. Figures: ``benchmarks/README.md``.

    python -m benchmarks.server_load [--tables 50] [--humans 3] [--players 4] [--pace 0]
        [--seconds 30] [--actions N] [--game all] [--bots moyen] [--db URL]
        [--processes 1 --redis URL] [--slow-clients N] [--difficile-bots N]
        [--reconnect-storm] [--json [FILE]]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import resource
import secrets
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import httpx
import websockets
from websockets.exceptions import ConnectionClosed

import popote
from popote.server.metrics import quantile

Frame = dict[str, Any]
START_WAIT = 60.0
SETUP_WAIT = 300.0
"""Seconds every table may take to open and every client to connect."""
SETUP_AT_ONCE = 16
"""HTTP calls opening tables at the same time."""
STORM_WAIT = 120.0
"""Seconds the clients cut by the storm may take to be back."""
REPLIES = ("welcome", "ack", "error", "pong")
"""Messages that repeat the feed's last number instead of taking a new one."""


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
    processes: int = 1
    redis: str | None = None
    bot_workers: int = 2
    slow_clients: int = 0
    difficile_bots: int = 0
    reconnect_storm: bool = False
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
    seated: Counter[int] = field(default_factory=Counter)
    """Clients of each table, by its number, that had their first state (game after game)."""
    by_table: Counter[int] = field(default_factory=Counter)
    """Actions measured at each table, by its number."""
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


# --- the server processes -------------------------------------------------------------------


class ServerProcess:
    """``python -m popote.server`` on a free port of 127.0.0.1, with its data in ``data``."""

    def __init__(self, data: Path, load: Load, db: str | None) -> None:
        command = [sys.executable, "-m", "popote.server", "--host", "127.0.0.1", "--port", "0"]
        command += ["--data", str(data), "--bot-workers", str(load.bot_workers)]
        command += ["--max-connections-per-ip", "0"]  # every client comes from 127.0.0.1
        if db:
            command += ["--db", db]
        if load.processes > 1 and load.redis:
            command += ["--redis", load.redis]
        data.mkdir(exist_ok=True)
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


def usage(servers: list[ServerProcess]) -> dict[str, float]:
    """:meth:`ServerProcess.usage` of every process together."""
    each = [server.usage() for server in servers]
    return {key: sum(part[key] for part in each) for key in each[0]}


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


@contextmanager
def fresh_schema(url: str) -> Iterator[str]:
    """``url`` (a PostgreSQL database) with a new empty schema of its own, dropped after."""
    from sqlalchemy import create_engine, text  # noqa: PLC0415 - only with PostgreSQL

    schema = f"popote_load_{secrets.token_hex(4)}"
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    joiner = "&" if urlsplit(url).query else "?"
    try:
        yield f"{url}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        engine.dispose()


# --- the clients ----------------------------------------------------------------------------


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
        address = f"{url.replace('http://', 'ws://')}/ws/tables/{table}?token={token}"
        if self.feed is not None and self.last_seq is not None:
            address += f"&feed={quote(self.feed)}&last_seq={self.last_seq}"
        async with websockets.connect(address, max_size=2**24, open_timeout=SETUP_WAIT) as ws:
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
            if frame["seq"] >= self.caught_seq:
                self.caught_at = time.perf_counter()

    def _state(self, frame: Frame) -> None:
        tally, index = self.tally, frame["index"]
        if self.latest is None:
            tally.connected += 1
            tally.seated[self.table] += 1
        elif self.counts and tally.measuring:
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


async def stalled_watcher(url: str, table: str, token: str) -> Any:
    """A spectator that never reads what it is sent (with a small receive buffer)."""
    where = urlsplit(url)
    assert where.hostname is not None and where.port is not None
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.setblocking(False)
    await asyncio.get_running_loop().sock_connect(raw, (where.hostname, where.port))
    address = f"{url.replace('http://', 'ws://')}/ws/tables/{table}?token={token}"
    return await websockets.connect(address, sock=raw, max_queue=1, open_timeout=SETUP_WAIT)


# --- the tables -----------------------------------------------------------------------------


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
            answer = await http.get("/api/v1/stats")
            answer.raise_for_status()
            found.append(answer.json())
        return found

    async def close(self) -> None:
        for http in self.http:
            await http.aclose()


# --- one run --------------------------------------------------------------------------------


def run(load: Load) -> dict[str, Any]:
    """Start the servers, load them as ``load`` says, stop everything; the figures."""
    check(load)
    _raise_file_limit()
    with ExitStack() as stack:
        data = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="popote-load-")))
        db = stack.enter_context(fresh_schema(load.db)) if load.db else None
        servers = [
            stack.enter_context(_server(data / f"process-{n + 1}", load, db))
            for n in range(load.processes)
        ]
        return asyncio.run(_measure(servers, load))


def dealt(load: Load) -> list[str]:
    """The games played, in the order they go round the tables."""
    return list(load.games or popote.game_names())[: load.tables]


def check(load: Load) -> None:
    unknown = set(load.games) - set(popote.game_names())
    if unknown:
        raise SystemExit(f"unknown game(s): {', '.join(sorted(unknown))}")
    if not 1 <= load.humans <= load.players or load.tables < 1 or load.seconds <= 0:
        raise SystemExit("need at least one table, 1 <= humans <= players and some seconds")
    if load.processes > 1 and not (load.redis and (load.db or "").startswith("postgresql")):
        raise SystemExit("--processes 2 or more needs a PostgreSQL --db and --redis")
    if not 0 <= load.slow_clients <= load.tables or load.difficile_bots < 0:
        raise SystemExit("--slow-clients: at most one a table; --difficile-bots: 0 or more")


def _raise_file_limit() -> None:
    """Every client is a socket here and one there: allow as many as the system does."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@contextmanager
def _server(data: Path, load: Load, db: str | None) -> Iterator[ServerProcess]:
    server = ServerProcess(data, load, db)
    try:
        yield server
    finally:
        server.stop()


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
        _say(f"{len(self.tables)} tables open, {self.tally.connected} clients connected")
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
    return [
        sum(counts)
        for counts in zip(
            *(
                [
                    b - a
                    for a, b in zip(one["latency"]["counts"], two["latency"]["counts"], strict=True)
                ]
                for one, two in zip(before, after, strict=True)
            ),
            strict=True,
        )
    ]


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


def print_report(figures: dict[str, Any]) -> None:
    load = figures["load"]
    pace = f"human-paced, {load['pace']:g} s" if load["pace"] else "as fast as possible"
    processes = "one process" if figures["processes"] == 1 else f"{figures['processes']} processes"
    print(f"Server load, {processes}, {figures['database']} ({figures['machine']})")
    print(
        f"{figures['tables']} tables of {load['players']} seats: clients {load['humans']}, "
        f"bots {load['players'] - load['humans']} ({load['bots']}), {pace}; "
        f"{', '.join(load['games'])}"
    )
    print(f"clients connected:        {figures['clients']}")
    print(
        f"load average:             {figures['load_average']:.2f} before, "
        f"{figures['load_average_after']:.2f} after measuring"
    )
    _print_window(figures)
    if "slow_clients" in figures:
        slow = figures["slow_clients"]
        others = slow["others_actions_per_second_a_table"]
        print(
            f"stalled spectators:       {slow['tables']} tables with one: "
            f"{slow['actions_per_second_a_table']:.2f} actions/s a table, "
            f"others {'-' if others is None else f'{others:.2f}'}"
        )
    if "with_difficile_bots" in figures:
        window = figures["with_difficile_bots"]
        print(f"with {load['difficile_bots']} tables of difficile bots thinking:")
        _print_window(window)
        moved = _difference(window["server_p99_ms"], figures["server_p99_ms"])
        print(f"server p99 moved by:      {moved}")
    if "reconnect_storm" in figures:
        storm = figures["reconnect_storm"]
        print(
            f"reconnect storm:          {storm['clients_cut']} cut at once, "
            f"{storm['clients_back']} back (p50 {_shown(storm['back_p50_ms'])}, "
            f"p99 {_shown(storm['back_p99_ms'])}), all back in {_seconds(storm['all_back_s'])}, "
            f"all caught up in {_seconds(storm['all_caught_up_s'])} "
            f"({storm['snapshots']} sent a snapshot)"
        )


def _print_window(window: dict[str, Any]) -> None:
    print(f"measured for:             {window['seconds']:.1f} s")
    print(
        f"actions served:           {window['actions']} ({window['actions_per_second']:,.1f}/s), "
        f"{window['games_finished']} games finished, "
        f"{window['tables_in_memory']} tables in the servers' memory"
    )
    errors = ", ".join(f"{code} {count}" for code, count in sorted(window["errors"].items()))
    print(f"answers refused:          {errors or 'none'}")
    print(
        f"action -> events, server: p50 {_shown(window['server_p50_ms'])}, "
        f"p99 {_shown(window['server_p99_ms'])} ({window['client_actions_timed']} client actions)"
    )
    print(
        f"round trip, client:       p50 {_shown(window['round_trip_p50_ms'])}, "
        f"p99 {_shown(window['round_trip_p99_ms'])}"
    )
    print(
        f"CPU (% of one core):      server {window['server_cpu_percent']:.0f}, "
        f"bot workers {window['workers_cpu_percent']:.0f}, this script {window['script_cpu_percent']:.0f}"
    )
    print(
        f"garbage collections:      {'/'.join(map(str, window['collections']))} by generation, "
        f"{window['collection_ms']:.0f} ms in all, longest full one "
        f"{window['longest_full_collection_ms']:.0f} ms"
    )
    print(
        f"memory:                   server {window['server_rss_mb']:.0f} MB "
        f"({window['server_kb_per_table']:.0f} KB a table), bot workers {window['workers_rss_mb']:.0f} MB"
    )


def _difference(now: float | None, before: float | None) -> str:
    return "-" if now is None or before is None else f"{now - before:+.1f} ms"


def _shown(ms: float | None) -> str:
    return "-" if ms is None else f"{ms:.1f} ms"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"


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
        "--db",
        help="a PostgreSQL database URL: the run gets a new schema there, dropped at the end "
        "(default: SQLite in a temporary folder)",
    )
    add("--processes", type=int, default=Load.processes, help="server processes (default 1)")
    add("--redis", help="the Redis URL of several processes, e.g. redis://127.0.0.1:6379/0")
    add("--bot-workers", type=int, default=Load.bot_workers, help="bot processes (default 2)")
    add("--slow-clients", type=int, default=0, help="tables with a spectator that never reads")
    add(
        "--difficile-bots",
        type=int,
        default=0,
        help="then this many more tables of difficile bots, measured again",
    )
    add(
        "--reconnect-storm",
        action="store_true",
        help="then cut every client's connection at once and time their return",
    )
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
        processes=args.processes,
        redis=args.redis,
        bot_workers=args.bot_workers,
        slow_clients=args.slow_clients,
        difficile_bots=args.difficile_bots,
        reconnect_storm=args.reconnect_storm,
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
