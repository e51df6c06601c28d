"""Resources one person cannot exhaust: bots' thinking shared fairly (a cheap bot never waits
behind searches, identities take turns), request bodies capped before they are read,
numeric path values range-checked, and bot workers that die with their server."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import socket
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from popote.server.bots import FairQueue
from tests.server.harness import Client, Server, start_table
from tests.server.test_watching import METRICS_TOKEN, OPERATOR

GAME = "pieds-dans-le-plat"
BOUND = 'bucket le="4.0"'
"""An answer in time: a search takes about 4 s; before a fair share, an easy bot waited
behind every search asked before it."""
BODY_LIMIT = 64 * 1024


# --- thinking time --------------------------------------------------------------------------


def test_identities_take_turns_and_tables_within_one() -> None:
    queue: FairQueue[str] = FairQueue(slots=1)
    for table in ("a1", "a2", "a1", "a3"):
        queue.push(owner=1, table=table, item=table)
    queue.push(owner=2, table="b1", item="b1")
    assert queue.pop() == (1, "a1")
    assert queue.pop() is None  # the one slot is busy
    queue.finish(1, 4.0)
    assert queue.pop() == (2, "b1")  # the newcomer before the busy identity's backlog
    queue.finish(2, 0.01)
    order = []
    while (popped := queue.pop()) is not None:
        order.append(popped[1])
        queue.finish(1, 4.0)
    assert order == ["a2", "a3", "a1"]  # the identity's tables in turn
    assert queue.waiting == 0


def test_an_identity_that_used_more_waits_behind_one_that_used_less() -> None:
    queue: FairQueue[str] = FairQueue(slots=2)
    queue.push(owner=1, table="a", item="a-1")
    queue.push(owner=1, table="b", item="b-1")
    assert [queue.pop(), queue.pop()] == [(1, "a-1"), (1, "b-1")]  # idle slots are used
    queue.push(owner=1, table="a", item="a-2")
    queue.push(owner=2, table="c", item="c-1")
    queue.push(owner=3, table="d", item="d-1")
    queue.finish(1, 3.0)
    assert queue.pop() == (2, "c-1")
    queue.finish(1, 3.0)
    assert queue.pop() == (3, "d-1")
    queue.finish(2, 1.0)
    assert queue.pop() == (1, "a-2")


def think_seconds(metrics: str, level: str, sample: str) -> float:
    """One sample of ``popote_bot_think_seconds`` for ``level`` in /metrics' text:
    ``_count``, or ``_bucket`` with its bound (``bucket le="2.0"``)."""
    name, _, bound = sample.partition(" ")
    for line in metrics.splitlines():
        if (
            line.startswith(f"popote_bot_think_seconds_{name}{{")
            and f'level="{level}"' in line
            and bound in line
        ):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def gauge(metrics: str, sample: str) -> float:
    return float(next(line for line in metrics.splitlines() if line.startswith(sample)).split()[-1])


async def play_moves(client: Client, moves: int) -> None:
    await client.play(random.Random(5), until=lambda state: state["index"] >= moves)
    await client.close()


def test_one_guests_expert_tables_do_not_slow_anothers_easy_bot(tmp_path: Path) -> None:
    with Server(tmp_path, None, 1.0, "--metrics-token", METRICS_TOKEN) as server:
        greedy = server.guest("Gourmand")
        for _ in range(4):  # tables where two expert searches take turns, for ever
            table = start_table(
                server, [greedy], game=GAME, players=2, bots=["expert"], bot_level="expert"
            )
            with server.http(greedy) as http:
                http.post(f"/api/v1/tables/{table}/leave").raise_for_status()
        other = server.guest("Patiente")
        table = start_table(server, [other], game=GAME, players=2, bots=["facile"])
        client = Client(server, other, table)
        asyncio.run(play_moves(client, 4))  # the easy bots' worker has started
        before = httpx.get(f"{server.url}/metrics", headers=OPERATOR, timeout=20).text
        asyncio.run(play_moves(client, 16))
        after = httpx.get(f"{server.url}/metrics", headers=OPERATOR, timeout=20).text
    answered = think_seconds(after, "facile", "count") - think_seconds(before, "facile", "count")
    quick = think_seconds(after, "facile", BOUND) - think_seconds(before, "facile", BOUND)
    # Every answer of the easy bot came at once (its wait behind the searches was seconds
    # each), while the expert searches kept every search worker busy with more waiting.
    assert answered >= 5 and quick == answered
    assert gauge(after, 'popote_bot_jobs{lane="search",state="running"}') == 1
    assert gauge(after, 'popote_bot_jobs{lane="search",state="waiting"}') >= 2


# --- request bodies -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("resources"), None) as started:
        yield started


def raw_request(server: Server, head: str, body: bytes) -> bytes:
    """Send ``head`` and ``body`` (never the rest a header may promise), return the answer:
    a server that waits for the whole body does not answer and this fails."""
    address = urlsplit(server.url)
    with socket.create_connection((address.hostname, address.port), timeout=10) as raw:
        raw.sendall(head.replace("\n", "\r\n").encode() + b"\r\n")
        raw.sendall(body)
        answer = raw.recv(4096)
        raw.settimeout(1.0)
        with contextlib.suppress(TimeoutError):  # the rest of the answer, if it came apart
            while b"\r\n\r\n" not in answer or answer.endswith(b"\r\n\r\n"):
                more = raw.recv(4096)
                if not more:
                    break
                answer += more
        return answer


def test_bodies_past_the_cap_get_413_before_they_are_read(server: Server) -> None:
    declared = raw_request(
        server,
        "POST /api/v1/guests HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
        f"Content-Length: {50 * 1024 * 1024}\n",
        b'{"name": "' + b"a" * 1000,
    )
    assert declared.startswith(b"HTTP/1.1 413"), declared[:80]
    chunk = b"a" * 16_384
    chunked = raw_request(
        server,
        "POST /api/v1/guests HTTP/1.1\nHost: 127.0.0.1\nContent-Type: application/json\n"
        "Transfer-Encoding: chunked\n",
        b"".join(
            b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(BODY_LIMIT // len(chunk) + 2)
        ),
    )
    assert chunked.startswith(b"HTTP/1.1 413"), chunked[:80]
    assert b'"error":"too_large"' in chunked
    answer = httpx.post(
        f"{server.url}/lang",
        content=b"lang=en&back=/" + b"x" * BODY_LIMIT,
        headers={"Origin": server.url},  # the site's own page (test_front_door.py)
    )
    assert answer.status_code == 413
    # Just under the cap is read as usual.
    fine = httpx.post(
        f"{server.url}/api/v1/guests", json={"name": "Anna", "pad": "a" * (BODY_LIMIT - 100)}
    )
    assert fine.status_code == 200


@pytest.mark.parametrize("value", [2**63, 2**63 - 1, 2**31, 2**64 + 1, -1, 0, 10**40])
def test_numeric_path_values_out_of_range_are_refused_not_crashed(
    server: Server, value: int
) -> None:
    with httpx.Client(base_url=server.url, timeout=20) as http:
        api = http.get(f"/api/v1/players/{value}")
        assert api.status_code in (404, 422), api.text
        assert api.json()["error"] in ("no_player", "malformed")
        page = http.get(f"/players/{value}")
        assert page.status_code == 404
        seat = http.get(f"/tables/nope/seats/{value}")
        assert seat.status_code in (404, 422)
        assert http.get("/healthz").status_code == 200


# --- processes ------------------------------------------------------------------------------


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdecimal():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has died


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_a_killed_server_takes_its_bot_workers_and_their_tracker_with_it(
    tmp_path: Path,
) -> None:
    server = Server(tmp_path, None)
    server.start()
    assert server.process is not None
    pid = server.process.pid
    token = server.guest("Ewen")
    table = start_table(server, [token], game=GAME, players=2, bots=["random"])
    with server.http(token) as http:
        http.post(f"/api/v1/tables/{table}/leave").raise_for_status()
    # The tracker and one worker of each lane, once bots have thought.
    assert wait_until(lambda: len(children(pid)) >= 2, 30), children(pid)
    helpers = children(pid)
    server.kill()
    try:
        assert wait_until(lambda: not any(alive(p) for p in helpers), 10), [
            Path(f"/proc/{p}/cmdline").read_bytes() for p in helpers if alive(p)
        ]
    finally:
        for leftover in helpers:
            if alive(leftover):
                os.kill(leftover, signal.SIGKILL)
