"""One script must not stop the lounge (issue 44): bounded work per connection.

- A flood of ``resync`` from guests who read nothing draws one snapshot per connection at
  a time, not one per request, and past a rate each one is refused in words.
- A client that never reads is closed with 4008 once what waits for it passes the send
  queue's bound in bytes, and comes back with a resync.
- Replay pages are built once, off the request thread, and kept: a flood of them does not
  slow another player down.

Each attack runs against a real server over real sockets, and every bound has a generous
margin for a slow, loaded machine.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import socket
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from popote.server.feeds import SLOW_CLIENT
from tests.server.harness import Client, Frame, Server, module_server, open_table, start_table
from tests.server.nodes import node
from tests.services import postgres_schema, shared_redis

FLOODERS = "203.0.113.7"
"""The one address every flooding guest comes from (the server trusts X-Forwarded-For from
127.0.0.1, as uvicorn does by default)."""
WATCHED = ("boom-badaboom", 5)
"""The game the flooders watch, once over: nothing moves there but what a client asks for,
and each snapshot (some 12 KiB) tells the end of the game."""
QUIET: dict[str, Any] = {
    "game": "pieds-dans-le-plat",
    "players": 2,
    "bots": ["random"],
    "clock": "none",
}
"""Another player's table: a guest and a bot, the guest to play, taking their time."""
RSS_GROWTH = 32 * 2**20
"""Bytes the server's memory may grow by during a resync flood (it grew by 130 MiB)."""
STILL: dict[str, Any] = {"game": "pieds-dans-le-plat", "players": 2, "clock": "none"}
"""Two guests who never play: a table where nothing moves."""
PING_EVERY = 0.05
PING_P95 = 0.5
"""Seconds another player's ping round trip may take (95th percentile) during a flood."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with module_server(tmp_path_factory, "floods") as started:
        yield started


def finished(server: Server, count: int, game: str, players: int) -> list[str]:
    """``count`` tables of ``game`` played to their end by random bots (seeds 0, 1...),
    side by side: a guest starts each and leaves at once, a bot standing in."""
    bots = ["random"] * (players - 1)
    tables = []
    for seed in range(count):
        token = server.guest(f"Hôte {seed}")
        table = start_table(
            server, [token], game=game, players=players, bots=bots, bot_level="random", seed=seed
        )
        with server.http(token) as http:
            assert http.post(f"/api/v1/tables/{table}/leave").status_code == 200
        tables.append(table)
    deadline = time.monotonic() + 120
    with server.http() as http:
        for table in tables:
            while http.get(f"/api/v1/tables/{table}/results").status_code != 200:
                assert time.monotonic() < deadline, "the bots did not finish the game"
                time.sleep(0.1)
    return tables


def rss(server: Server) -> int:
    """The server process's resident memory, in bytes."""
    assert server.process is not None
    status = Path(f"/proc/{server.process.pid}/status").read_text()
    line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def guests_from(server: Server, address: str, count: int, name: str) -> list[str]:
    """``count`` guests created from ``address``: their tokens."""
    with httpx.Client(
        base_url=server.url, headers={"X-Forwarded-For": address}, timeout=20
    ) as http:
        tokens = []
        for number in range(count):
            answer = http.post("/api/v1/guests", json={"name": f"{name} {number}"})
            assert answer.status_code == 200, answer.text
            tokens.append(answer.json()["token"])
        return tokens


async def stalled(server: Server, table: str, token: str, address: str) -> Any:
    """A socket to ``table`` from ``address`` whose client never reads, with a small
    receive buffer, so that what the server sends piles up on the server's side."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    host, port = server.url.removeprefix("http://").split(":")
    raw.connect((host, int(port)))
    raw.setblocking(False)
    stalled_socket = await websockets.connect(
        f"{server.ws}/ws/tables/{table}",
        sock=raw,
        max_queue=1,
        max_size=2**24,
        compression=None,  # what waits is not made ten times smaller on its way
        additional_headers={"X-Forwarded-For": address},
    )
    await stalled_socket.send(json.dumps({"type": "hello", "token": token}))
    return stalled_socket


async def flood_resync(socket: Any, rate: float, seconds: float) -> str:
    """Ask ``resync`` ``rate`` times a second for ``seconds``, reading nothing; how it
    ended ("open", or the code the server closed it with)."""
    try:
        for _ in range(int(rate * seconds)):
            await socket.send('{"type": "resync"}')
            await asyncio.sleep(1 / rate)
    except ConnectionClosed as closed:
        return str(closed.rcvd.code if closed.rcvd else "no close frame")
    return "open"


async def pinger(client: Client, stop: asyncio.Event, most: int | None = None) -> list[float]:
    """Ping round trips of ``client`` until ``stop`` (or ``most`` of them), in seconds."""
    times: list[float] = []
    for number in itertools.count() if most is None else range(most):
        if stop.is_set():
            return times
        sent = time.perf_counter()
        await client.send({"type": "ping", "t": number})
        await client.wait(pong(number), 30)
        times.append(time.perf_counter() - sent)
        await asyncio.sleep(PING_EVERY)
    return times


def pong(number: int) -> Callable[[Frame], bool]:
    return lambda frame: frame["type"] == "pong" and frame["t"] == number


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20, method="inclusive")[-1]


def test_a_resync_flood_neither_slows_another_player_nor_fills_memory(server: Server) -> None:
    (table,) = finished(server, 1, *WATCHED)
    tokens = guests_from(server, FLOODERS, 56, "Flot")
    quiet, (player_token,) = open_table(server, 1, **QUIET)

    async def scenario() -> tuple[list[float], list[str], int, int]:
        player = Client(server, player_token, quiet)
        await player.connect()
        await pinger(player, asyncio.Event(), 5)  # the first round trips warm it up
        sockets = [await stalled(server, table, token, FLOODERS) for token in tokens]
        before = rss(server)
        stop = asyncio.Event()
        pings = asyncio.create_task(pinger(player, stop))
        ends = await asyncio.gather(*(flood_resync(s, 16, 6.0) for s in sockets))
        after = rss(server)
        stop.set()
        times = await pings
        for flooder in sockets:
            flooder.transport.abort()
        await player.close()
        return times, ends, before, after

    times, ends, before, after = asyncio.run(scenario())
    assert p95(times) < PING_P95, sorted(times)[-5:]
    assert after - before < RSS_GROWTH, f"{(after - before) / 2**20:.0f} MiB more"
    # Within the message budget and asking for a snapshot that waits: nobody is closed.
    assert Counter(ends) == {"open": len(tokens)}


def answered(frame: Frame) -> bool:
    return frame["type"] in ("snapshot", "error")


async def resyncs(client: Client, count: int) -> list[Frame]:
    """Ask ``resync`` ``count`` times, each once the last one was answered: the answers."""
    answers = []
    for _ in range(count):
        await client.send({"type": "resync"})
        answers.append(await client.wait(answered))
    return answers


def test_resync_past_its_rate_is_refused_in_words_and_the_socket_stays_open(
    server: Server,
) -> None:
    (table,) = finished(server, 1, *WATCHED)
    (hasty,) = guests_from(server, "203.0.113.20", 1, "Pressée")
    neighbours = guests_from(server, "203.0.113.21", 8, "Voisin")

    async def scenario() -> None:
        # One identity: a few at once, then refused in its language; the socket stays open.
        client = Client(server, hasty, table)
        await client.connect(lang="en")
        await client.wait(lambda f: f["type"] == "snapshot")
        answers = await resyncs(client, 8)
        assert [a["type"] for a in answers[:4]] == ["snapshot"] * 4
        refusals = [a for a in answers if a["type"] == "error"]
        assert refusals, "eight resyncs in a row were all answered"
        refusal = refusals[0]
        assert refusal["code"] == "resync_rate"
        assert refusal["message"].startswith("resync asked too often"), refusal
        assert "try again in" in refusal["message"]
        await client.send({"type": "ping", "t": 1})
        await client.wait(pong(1))
        await client.close()
        # Identities of one client, each within its own budget, are past the client's.
        clients = [Client(server, token, table) for token in neighbours]
        for each in clients:
            await each.connect()
            await each.wait(lambda f: f["type"] == "snapshot")
        told = [a for got in await asyncio.gather(*(resyncs(c, 4) for c in clients)) for a in got]
        refused = [a for a in told if a["type"] == "error"]
        assert len(refused) >= len(told) // 4, Counter(a["type"] for a in told)
        assert {a["code"] for a in refused} == {"resync_rate"}
        assert refused[0]["message"].startswith("resync demandé trop souvent")
        for each in clients:
            await each.close()

    asyncio.run(scenario())


def test_a_relayed_clients_resyncs_are_paced_by_the_process_holding_its_socket(
    tmp_path: Path,
) -> None:
    redis = shared_redis()
    with postgres_schema() as db:
        servers = [node(tmp_path, db, redis, name) for name in ("a", "b")]
        try:
            # Owned by the first process, watched through the second.
            table, _ = open_table(servers[0], 2, **STILL)
            watcher = servers[1].guest("Relayée")

            async def scenario() -> None:
                client = Client(servers[1], watcher, table)
                await client.connect()
                await client.wait(lambda f: f["type"] == "snapshot")
                answers = await resyncs(client, 8)
                assert [a["type"] for a in answers[:4]] == ["snapshot"] * 4
                assert "resync_rate" in {a.get("code") for a in answers[4:]}, answers[4:]
                await client.send({"type": "ping", "t": 2})
                await client.wait(pong(2))
                await client.close()

            asyncio.run(scenario())
        finally:
            for each in servers:
                each.stop()


REPLAYED = ("bouillabaisse", 3)
"""Finished games whose replays are asked for: a few hundred moves each to play again."""
REPLAYERS = 32
"""Anonymous clients asking for replay pages at once, each from its own address."""


def anonymous(server: Server, address: str) -> httpx.AsyncClient:
    """An HTTP client without a token, from ``address``."""
    headers = {"X-Forwarded-For": address}
    return httpx.AsyncClient(base_url=server.url, headers=headers, timeout=30)


async def replay_flood(
    http: httpx.AsyncClient, pages: list[str], first: int, until: float, seen: Counter[str]
) -> None:
    """Ask for ``pages`` in turn from the ``first``, each as soon as the last one was
    answered, until ``until`` (a ``time.monotonic()``); counts the answers by status."""
    turn = pages[first % len(pages) :] + pages[: first % len(pages)]
    for page in itertools.cycle(turn):
        if time.monotonic() > until:
            return
        answer = await http.get(page)
        seen[str(answer.status_code)] += 1


def test_a_replay_flood_does_not_slow_another_player(server: Server) -> None:
    tables = finished(server, 9, *REPLAYED)
    pages = [
        f"/replay/{table}?lang={lang}&reveal={reveal}"
        for reveal in ("false", "true")
        for lang in ("fr", "en")
        for table in tables
    ]
    quiet, (player_token,) = open_table(server, 1, **QUIET)

    async def scenario() -> tuple[list[float], Counter[str]]:
        player = Client(server, player_token, quiet)
        await player.connect()
        await pinger(player, asyncio.Event(), 5)
        # Made before the flood: making a client takes the test's own time, not the server's.
        clients = [anonymous(server, f"198.51.100.{n}") for n in range(REPLAYERS)]
        seen: Counter[str] = Counter()
        stop = asyncio.Event()
        pings = asyncio.create_task(pinger(player, stop))
        until = time.monotonic() + 6.0
        await asyncio.gather(
            *(replay_flood(http, pages, n, until, seen) for n, http in enumerate(clients))
        )
        stop.set()
        times = await pings
        for http in clients:
            await http.aclose()
        await player.close()
        return times, seen

    times, seen = asyncio.run(scenario())
    assert p95(times) < PING_P95, f"{sorted(times)[-5:]}, {seen}"
    assert seen["200"] > len(pages)


SPRAWLING = ("ar-seizh-bigoudenn", 7)
"""Seven random bots: some 800 updates of about 20 KiB each for a spectator, under the
1,000 messages ``--send-queue`` counts and far past the bytes a send queue may hold."""
SLOW = "192.0.2.8"


async def read_all(watcher: Any) -> tuple[list[Frame], int | None]:
    """Read up to the game's results or the socket's end: the frames read, and the code the
    socket was closed with (None: the results came first, or no close frame did)."""
    frames: list[Frame] = []
    try:
        async with asyncio.timeout(60):
            while not frames or frames[-1]["type"] != "results":
                frames.append(json.loads(await watcher.recv()))
    except ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd else None
    return frames, None


def logged(server: Server, message: str, client: str) -> bool:
    """Whether the server's log has a line saying ``message`` about ``client``."""
    lines = (server.data / "server.log").read_text().splitlines()
    return any(
        entry.get("message") == message and entry.get("client") == client
        for entry in (json.loads(line) for line in lines if line.startswith("{"))
    )


async def closed_or_over(server: Server, table: str, client: str) -> None:
    """Until the server says it let ``client`` go for being too slow, or the game is over
    (and a second more)."""
    async with httpx.AsyncClient(base_url=server.url, timeout=20) as http:
        async with asyncio.timeout(120):
            while not logged(server, "client too slow", client):
                if (await http.get(f"/api/v1/tables/{table}/results")).status_code == 200:
                    await asyncio.sleep(1.0)
                    return
                await asyncio.sleep(0.1)


def test_a_reader_that_falls_behind_is_closed_with_4008_and_may_resync(server: Server) -> None:
    host = server.guest("Hôte")
    game, players = SPRAWLING
    bots = ["random"] * (players - 1)
    table = start_table(
        server, [host], game=game, players=players, bots=bots, bot_level="random", seed=1
    )
    reader = server.guest("Lente")

    async def scenario() -> None:
        watcher = await stalled(server, table, reader, SLOW)
        with server.http(host) as http:  # the bots play the whole game at once
            assert http.post(f"/api/v1/tables/{table}/leave").status_code == 200
        # The client reads nothing until the server let it go (so that its close frame
        # finds the client reading), or the game is over.
        await closed_or_over(server, table, SLOW)
        frames, code = await read_all(watcher)
        assert code == SLOW_CLIENT, f"{len(frames)} frames read, then {code}"
        numbered = [f["seq"] for f in frames if f["type"] not in ("welcome", "ack", "error")]
        assert numbered == list(range(numbered[0], numbered[0] + len(numbered)))
        # Coming back with the last number read, it is told the end of the game: what it
        # missed (the results last), or a snapshot holding the results.
        back = Client(server, reader, table)
        back.feed = frames[0]["feed"]
        back.last_seq = numbered[-1]
        assert (await back.connect())["type"] == "welcome"
        told = await back.wait(lambda f: f["type"] == "results" or f.get("results") is not None)
        assert told["seq"] > numbered[-1]
        await back.close()

    asyncio.run(scenario())


def test_pages_drawn_for_one_client_are_bounded_and_each_page_drawn_once(
    server: Server,
) -> None:
    (table,) = finished(server, 1, *REPLAYED)

    async def scenario() -> None:
        async with anonymous(server, "198.51.100.200") as http:
            # One page asked for a dozen times at once: drawn once, every request answered.
            same = await asyncio.gather(*(http.get(f"/replay/{table}?at=5") for _ in range(12)))
            assert [a.status_code for a in same] == [200] * 12
            assert len({a.text for a in same}) == 1
            # Pages to draw at once for one client: a few wait, the others are told to come
            # back, in words, and are served when they do.
            pages = [
                f"/replay/{table}?lang={lang}&reveal={reveal}&at={at}"
                for lang in ("en", "fr")
                for reveal in ("true", "false")
                for at in range(12)
            ]
            first = await asyncio.gather(*(http.get(page) for page in pages))
            statuses = Counter(a.status_code for a in first)
            assert statuses[429] > 0 and statuses[200] > 0, statuses
            busy = next(a for a in first if a.status_code == 429)
            assert busy.json()["error"] == "too_many_pages"
            assert int(busy.headers["Retry-After"]) >= 1
            assert busy.json()["message"].startswith("too many game pages"), busy.text
            for page, answer in zip(pages, first, strict=True):
                again = await http.get(page)
                assert again.status_code == 200
                assert answer.status_code == 429 or again.text == answer.text

    asyncio.run(scenario())


def test_what_waits_for_one_clients_sockets_together_is_bounded(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Sockets of one client that never read are closed with 4008 once what waits for all
    of them together passes its bound, though no socket passes its own; another client's
    reader, at the same table, is served to the end."""
    unbounded_alone = ["--send-queue", "1000000", "--send-queue-kib", "0"]
    options = [*unbounded_alone, "--send-queue-mib-per-ip", "2"]
    with module_server(tmp_path_factory, "backlog", *options) as server:
        host = server.guest("Hôte")
        game, players = SPRAWLING
        bots = ["random"] * (players - 1)
        table = start_table(
            server, [host], game=game, players=players, bots=bots, bot_level="random", seed=2
        )
        readers = guests_from(server, SLOW, 3, "Lente")
        other = server.guest("Lectrice")

        async def scenario() -> None:
            watchers = [await stalled(server, table, token, SLOW) for token in readers]
            reading = Client(server, other, table)
            await reading.connect()
            with server.http(host) as http:  # the bots play the whole game at once
                assert http.post(f"/api/v1/tables/{table}/leave").status_code == 200
            await closed_or_over(server, table, SLOW)
            assert logged(server, "client too slow", SLOW), "no socket of the client was let go"
            await reading.wait(lambda f: f["type"] == "results" or bool(f.get("results")), 60.0)
            await reading.close()
            for watcher in watchers:
                watcher.transport.abort()

        asyncio.run(scenario())
