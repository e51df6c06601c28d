"""Numbered messages: each identity at a table has a feed, each connection a send queue.

A feed numbers what it sends (``seq``) and keeps its last messages, so a client coming back
says the last number it saw and gets exactly what it missed; one that missed more than the
feed keeps gets a snapshot instead. A connection that cannot keep up is closed rather than
allowed to hold the table back, or the server's memory: its queue is bounded in messages
and in bytes (``--send-queue``, ``--send-queue-kib``), and past either it is closed with
:data:`SLOW_CLIENT`; its client comes back and is sent what it missed, or a snapshot.

A snapshot is the whole table as one identity sees it, drawn for that identity alone: a
connection tells whether one still waits in its queue (:attr:`Connection.snapshot_waiting`),
so that asking again (``resync``) while it waits draws nothing (what follows it in the
queue brings the client up to date). Feeds do not keep snapshots among their last messages
either: a client that missed one is sent a new one, so a feed's memory holds the table's
updates, not copies of the whole table.

Messages are turned into JSON text once, when numbered, and that text is what is kept and
sent to every connection: a text is one object the garbage collector never walks, where
the message it encodes is hundreds (the whole view, table text and menu), and a server
holding thousands of feeds would otherwise pause for every full collection.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import secrets
import sys
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from popote.core.i18n import Lang

Message = dict[str, Any]

SLOW_CLIENT = 4008
"""WebSocket close code for a client that stopped reading, or fell too far behind."""


def encode(message: Message) -> str:
    """A message as the JSON text a client receives."""
    return json.dumps(message, ensure_ascii=False)


class Outlet(Protocol):
    """Where a feed's messages go: a WebSocket here, or one held by another server process
    (``popote.server.cluster``). ``text`` is the encoded message, ``seq`` its number,
    ``snapshot`` whether it is a snapshot."""

    def send(self, text: str, seq: int, snapshot: bool = False) -> None: ...

    def close(self, code: int = 1000) -> None: ...


class Backlog:
    """The bytes waiting for every connection of one client together (an IPv4 address, an
    IPv6 network: ``popote.server.addresses``), at most ``limit`` (0: no bound): one client
    may open many sockets that read nothing, and each one's own bound alone would let them
    hold many times that.

    >>> backlog = Backlog(100)
    >>> backlog.fits(60), backlog.add(60), backlog.fits(60), backlog.fits(40)
    (True, None, False, True)
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.queued = 0

    def fits(self, size: int) -> bool:
        return not self.limit or self.queued + size <= self.limit

    def add(self, size: int) -> None:
        self.queued = max(0, self.queued + size)


class Connection:
    """One open WebSocket, written by its own task (:meth:`pump`) from a queue of at most
    ``limit`` messages and ``byte_limit`` bytes (0: no bound in bytes), within its client's
    ``backlog``."""

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        limit: int,
        byte_limit: int = 0,
        backlog: Backlog | None = None,
    ) -> None:
        self._send_text = send_text
        self._limit = limit
        self._byte_limit = byte_limit
        self._backlog = backlog or Backlog(0)
        self._queue: deque[tuple[str, int, bool]] = deque()
        """Each text waiting, the bytes it holds, and whether it is a snapshot."""
        self._bytes = 0
        self._snapshots = 0
        self._ready = asyncio.Event()
        self.closed = asyncio.Event()
        """Set when the server wants this connection gone; its handler then closes it."""
        self.close_code = 1000

    @property
    def snapshot_waiting(self) -> bool:
        """Whether a snapshot waits in the queue (not yet handed to the socket)."""
        return self._snapshots > 0

    def send(self, text: str, seq: int, snapshot: bool = False) -> None:
        """Queue ``text``; a client too slow to take it is disconnected (it comes back with
        the last ``seq`` it read and is sent what it missed, or a snapshot)."""
        if self.closed.is_set():
            return
        size = sys.getsizeof(text)  # what the text holds in memory, without walking it
        if (
            len(self._queue) >= self._limit
            or (self._byte_limit and self._bytes + size > self._byte_limit)
            or not self._backlog.fits(size)
        ):
            self.close(SLOW_CLIENT)
            return
        self._queue.append((text, size, snapshot))
        self._bytes += size
        self._backlog.add(size)
        self._snapshots += snapshot
        self._ready.set()

    def close(self, code: int = 1000) -> None:
        if not self.closed.is_set():
            self.close_code = code
            self.closed.set()

    async def pump(self) -> None:
        """Send queued messages, in order, for as long as the connection lives."""
        while True:
            while not self._queue:
                self._ready.clear()
                await self._ready.wait()
            text, size, snapshot = self._queue.popleft()
            self._bytes -= size
            self._backlog.add(-size)
            self._snapshots -= snapshot
            await self._send_text(text)

    def release(self) -> None:
        """The connection is gone: what it still held no longer counts for its client."""
        self._backlog.add(-self._bytes)
        self._bytes = 0
        self._queue.clear()
        self._snapshots = 0


class Feed:
    """What one identity receives at one table, numbered from 1."""

    def __init__(self, memory: int) -> None:
        self.id = secrets.token_urlsafe(8)
        """Changes when the server restarts: numbers from another feed mean nothing here."""
        self.seq = 0
        self.lang: Lang = "fr"
        self._recent: deque[str | None] = deque(maxlen=memory)
        """The texts of the last messages, numbered up to ``seq`` without a gap (None for a
        snapshot: one who missed it is sent a new one)."""
        self.connections: set[Outlet] = set()

    def push(self, message: Message) -> None:
        self.seq += 1
        text = encode({**message, "seq": self.seq})
        snapshot = message["type"] == "snapshot"
        self._recent.append(None if snapshot else text)
        for connection in list(self.connections):
            connection.send(text, self.seq, snapshot)

    def reply(self, connection: Outlet, message: Message) -> None:
        """A message for one connection only (never resent): it repeats the last ``seq``."""
        connection.send(encode({**message, "seq": self.seq}), self.seq)

    def resend(self, connection: Outlet, feed_id: str | None, last_seq: int | None) -> bool:
        """Send ``connection`` what a client that saw ``last_seq`` of feed ``feed_id``
        missed; False (nothing sent) when this feed cannot tell, no longer keeps it all, or
        a snapshot is among it."""
        if feed_id != self.id or last_seq is None or not 0 <= last_seq <= self.seq:
            return False
        missed = self.seq - last_seq
        if missed > len(self._recent):
            return False
        first = self.seq - missed + 1
        kept = len(self._recent)
        texts = [t for t in itertools.islice(self._recent, kept - missed, kept) if t is not None]
        if len(texts) < missed:
            return False
        for offset, text in enumerate(texts):
            connection.send(text, first + offset)
        return True
