"""The three attacks: slow request headers, a resync flood, a replay flood."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections import Counter
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from benchmarks.lounge_attack.player import guest, http_from
from benchmarks.server_load.clients import stalled_watcher

DRIP = 3.0
"""Seconds between two bytes of a slow client's never-ending headers."""
COME_BACK = 0.5
"""Seconds an attacker waits before opening again a connection the server closed."""


def _where(url: str) -> tuple[str, int]:
    parts = urlsplit(url)
    assert parts.hostname is not None and parts.port is not None
    return parts.hostname, parts.port


def _status(answer: bytes) -> str:
    parts = answer.split(b" ", 2)
    return parts[1].decode(errors="replace") if len(parts) > 1 else "?"


async def slow_client(url: str, address: str, seen: Counter[str], over: asyncio.Event) -> None:
    """Opens a request whose headers never end, a byte every :data:`DRIP` seconds; when
    the server answers or closes, counts how (and how long it held on) and opens again,
    until ``over``."""
    host, port = _where(url)
    while not over.is_set():
        opened = time.perf_counter()
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(address, 0))
        except OSError:
            seen["connect failed"] += 1
            await asyncio.sleep(COME_BACK)
            continue
        try:
            writer.write(f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\nX-Slow: ".encode())
            seen[await _drip(reader, writer)] += 1
        except OSError:
            seen["reset"] += 1
        finally:
            seen["held_s"] += round(time.perf_counter() - opened)
            writer.close()
        await asyncio.sleep(COME_BACK)


async def _drip(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> str:
    """One more header byte every :data:`DRIP` seconds until the server ends the request;
    how it ended."""
    while True:
        try:
            # Not wait_for: on Python 3.11 it may swallow a cancellation, and the run hang.
            async with asyncio.timeout(DRIP):
                answer = await reader.read(64)
        except TimeoutError:
            writer.write(b"a")
            await writer.drain()
            continue
        return f"answered {_status(answer)}" if answer else "closed silently"


async def resync_flooder(
    url: str,
    address: str,
    table: str,
    token: str,
    rate: float,
    seen: Counter[str],
    over: asyncio.Event,
) -> None:
    """Watches ``table``, reads nothing, and asks ``resync`` ``rate`` times a second; when the
    server closes the socket, counts the code and comes back, until ``over``."""
    while not over.is_set():
        try:
            watcher = await stalled_watcher(url, table, token, address)
        except (OSError, InvalidHandshake, TimeoutError, ConnectionClosed) as error:
            seen[f"refused {_refusal(error)}"] += 1
            await asyncio.sleep(COME_BACK)
            continue
        try:
            while not over.is_set():
                await watcher.send('{"type": "resync"}')
                seen["resyncs sent"] += 1
                await asyncio.sleep(1 / rate)
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else "no close frame"
            seen[f"closed {code}"] += 1
        finally:
            watcher.transport.abort()
        await asyncio.sleep(COME_BACK)


def _refusal(error: BaseException) -> str:
    if isinstance(error, InvalidStatus):
        return str(error.response.status_code)
    return type(error).__name__


async def flooders(url: str, address: str, count: int) -> list[str]:
    """``count`` guests created from ``address``: their tokens."""
    async with http_from(url, address) as client:
        return [await guest(client, f"Flot {n}") for n in range(count)]


async def replayer(
    url: str, address: str, tables: list[str], seen: Counter[str], over: asyncio.Event
) -> None:
    """Asks for the replay page of every table of ``tables`` in both languages, in turn, as
    fast as answered, on one kept-alive connection, until ``over``; counts the answers by
    status."""
    pages = itertools.cycle(
        [f"/replay/{table}?lang={lang}" for table in tables for lang in ("fr", "en")]
    )
    async with http_from(url, address, connections=1) as client:
        for page in pages:
            if over.is_set():
                return
            try:
                answer = await client.get(page)
                seen[str(answer.status_code)] += 1  # a 429 is not waited out: asked again
            except OSError:
                seen["failed"] += 1
                await asyncio.sleep(COME_BACK)
            except Exception as error:  # httpx's own errors: counted, the flood goes on
                seen[type(error).__name__] += 1
                await asyncio.sleep(COME_BACK)
