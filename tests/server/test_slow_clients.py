"""A client that stops reading is let go without holding its table back, and a client that
comes back after missing more than its feed keeps gets a snapshot instead."""

from __future__ import annotations

import asyncio
import json
import random
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from popote.server.feeds import SLOW_CLIENT, Connection, Feed
from tests.server.harness import STATE_FRAMES, Client, Frame, Server, open_table

LONG_GAME: dict[str, Any] = {
    "game": "bouillabaisse",
    "players": 3,
    "bots": ["random", "random"],
    "seed": 11,
}
"""One person and two bots: hundreds of updates, each telling a spectator the whole table."""


@pytest.fixture
def small_server(tmp_path: Path) -> Iterator[Server]:
    """A server that keeps ten messages for a client coming back; asked to let only two
    wait for a client, it lets twelve: what a client coming back is sent at once."""
    with Server(tmp_path, None, 1.0, "--send-queue", "2", "--feed-memory", "10") as server:
        yield server


async def stalled_watcher(server: Server, token: str, table: str) -> Any:
    """A spectator whose program stops reading at once, with a small receive buffer, so
    that what the server sends piles up on its side."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    host, port = server.url.removeprefix("http://").split(":")
    raw.connect((host, int(port)))
    raw.setblocking(False)
    watcher = await websockets.connect(
        f"{server.ws}/ws/tables/{table}", sock=raw, max_queue=1, max_size=2**24
    )
    await watcher.send(json.dumps({"type": "hello", "token": token}))
    return watcher


async def read_until_closed(watcher: Any, last: int) -> list[Frame]:
    """What a socket holds, up to the update numbered ``last`` or the socket's end."""
    frames: list[Frame] = []
    try:
        async with asyncio.timeout(30):
            async for text in watcher:
                frames.append(json.loads(text))
                if frames[-1].get("index") == last:
                    break
    except ConnectionClosed:
        pass
    return frames


def test_a_client_that_stops_reading_does_not_hold_its_table_back(
    small_server: Server,
) -> None:
    table, tokens = open_table(small_server, 1, **LONG_GAME)
    watcher_token = small_server.guest("Spectatrice")

    async def scenario() -> None:
        watcher = await stalled_watcher(small_server, watcher_token, table)
        player = Client(small_server, tokens[0], table)
        await player.connect()
        final = await asyncio.wait_for(player.play(random.Random(3)), 120)
        assert final["result"] is not None
        # Reading again, the watcher finds what waited for it, in order (or, had more
        # waited than the server lets wait, a closed socket); coming back with the last
        # number it read, it is told the end of the game.
        seen = await read_until_closed(watcher, final["index"])
        numbered = [f for f in seen if f["type"] in ("update", "snapshot")]
        assert [f["seq"] for f in numbered] == list(
            range(numbered[0]["seq"], numbered[0]["seq"] + len(numbered))
        )
        await watcher.close()
        back = Client(small_server, watcher_token, table)
        back.feed = next(f["feed"] for f in seen if f["type"] == "welcome")
        back.last_seq = numbered[-1]["seq"]
        await back.connect()
        if numbered[-1]["index"] < final["index"]:
            told = await back.wait(lambda f: f["type"] in ("update", "snapshot"))
            assert (told["index"], told["result"]) == (final["index"], final["result"])
        await back.close()
        await player.close()

    asyncio.run(scenario())


def test_a_connection_that_cannot_keep_up_is_closed_and_the_others_still_get_everything() -> None:
    async def scenario() -> None:
        stuck = asyncio.Event()
        received: list[str] = []

        async def never_taken(text: str) -> None:
            await stuck.wait()

        async def taken(text: str) -> None:
            received.append(text)

        feed = Feed(memory=10)
        slow, quick = Connection(never_taken, limit=3), Connection(taken, limit=3)
        pumps = [asyncio.create_task(c.pump()) for c in (slow, quick)]
        feed.connections |= {slow, quick}
        for number in range(8):
            feed.push({"type": "chat", "text": str(number)})
            await asyncio.sleep(0)  # the quick client's pump runs between two messages
        assert slow.closed.is_set() and slow.close_code == SLOW_CLIENT
        assert not quick.closed.is_set()
        assert [json.loads(text)["seq"] for text in received] == list(range(1, 9))
        for pump in pumps:
            pump.cancel()

    asyncio.run(scenario())


def test_coming_back_within_the_feed_gets_each_message_past_it_a_snapshot(
    small_server: Server,
) -> None:
    table, tokens = open_table(small_server, 1, **LONG_GAME)
    watcher_token = small_server.guest("Spectateur")

    async def scenario() -> None:
        player = Client(small_server, tokens[0], table)
        watcher = Client(small_server, watcher_token, table)
        await player.connect()
        await watcher.connect()
        await watcher.wait(lambda f: f["type"] == "snapshot")
        rng = random.Random(5)
        seen = watcher.last_seq
        assert seen is not None
        resent = await away_while(watcher, player, rng, 3)
        assert {f["type"] for f in resent} == {"update"}
        assert [f["seq"] for f in resent] == list(range(seen + 1, seen + 1 + len(resent)))
        resent = await away_while(watcher, player, rng, 25)
        assert [f["type"] for f in resent] == ["snapshot"]
        await watcher.close()
        await player.close()

    asyncio.run(scenario())


async def away_while(
    watcher: Client, player: Client, rng: random.Random, moves: int
) -> list[Frame]:
    """The watcher leaves while ``moves`` actions or more are played, then comes back with
    its feed and last number; what it is sent, up to the table as it stands."""
    await watcher.close()
    start = player.state()
    assert start is not None
    await player.play(rng, lambda f: f["index"] >= start["index"] + moves)
    now = player.state()
    assert now is not None
    before = len(watcher.frames)
    await watcher.connect()
    caught_up = await watcher.wait(
        lambda f: f["type"] in STATE_FRAMES and f["index"] >= now["index"]
    )
    # Frames past the one that caught up (a bot moving on) are the table going on, not resent.
    sent = watcher.frames[before:]
    upto = next(i for i, f in enumerate(sent) if f is caught_up)
    return [f for f in sent[: upto + 1] if f["type"] in STATE_FRAMES]
