"""Numbered messages: each identity at a table has a feed, each connection a send queue.

A feed numbers what it sends (``seq``) and keeps its last messages, so a client coming back
says the last number it saw and gets exactly what it missed; one that missed more than the
feed keeps gets a snapshot instead. A connection that cannot keep up (its queue full) is
closed rather than allowed to hold the table back.

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
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from popote.core.i18n import Lang

Message = dict[str, Any]

SLOW_CLIENT = 4008
"""WebSocket close code for a client that stopped reading."""


def encode(message: Message) -> str:
    """A message as the JSON text a client receives."""
    return json.dumps(message, ensure_ascii=False)


class Outlet(Protocol):
    """Where a feed's messages go: a WebSocket here, or one held by another server process
    (``popote.server.cluster``). ``text`` is the encoded message, ``seq`` its number."""

    def send(self, text: str, seq: int) -> None: ...

    def close(self, code: int = 1000) -> None: ...


class Connection:
    """One open WebSocket, written by its own task (:meth:`pump`) from a bounded queue."""

    def __init__(self, send_text: Callable[[str], Awaitable[None]], limit: int) -> None:
        self._send_text = send_text
        self._queue: asyncio.Queue[str] = asyncio.Queue(limit)
        self.closed = asyncio.Event()
        """Set when the server wants this connection gone; its handler then closes it."""
        self.close_code = 1000

    def send(self, text: str, seq: int) -> None:
        """Queue ``text``; a client too slow to take it is disconnected (it comes back with
        the last ``seq`` it read and is sent what it missed, or a snapshot)."""
        if self.closed.is_set():
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close(SLOW_CLIENT)

    def close(self, code: int = 1000) -> None:
        if not self.closed.is_set():
            self.close_code = code
            self.closed.set()

    async def pump(self) -> None:
        """Send queued messages, in order, for as long as the connection lives."""
        while True:
            await self._send_text(await self._queue.get())


class Feed:
    """What one identity receives at one table, numbered from 1."""

    def __init__(self, memory: int) -> None:
        self.id = secrets.token_urlsafe(8)
        """Changes when the server restarts: numbers from another feed mean nothing here."""
        self.seq = 0
        self.lang: Lang = "fr"
        self._recent: deque[str] = deque(maxlen=memory)
        """The texts of the last messages, numbered up to ``seq`` without a gap."""
        self.connections: set[Outlet] = set()

    def push(self, message: Message) -> None:
        self.seq += 1
        text = encode({**message, "seq": self.seq})
        self._recent.append(text)
        for connection in list(self.connections):
            connection.send(text, self.seq)

    def reply(self, connection: Outlet, message: Message) -> None:
        """A message for one connection only (never resent): it repeats the last ``seq``."""
        connection.send(encode({**message, "seq": self.seq}), self.seq)

    def resend(self, connection: Outlet, feed_id: str | None, last_seq: int | None) -> bool:
        """Send ``connection`` what a client that saw ``last_seq`` of feed ``feed_id``
        missed; False (nothing sent) when this feed cannot tell or no longer keeps it all."""
        if feed_id != self.id or last_seq is None or not 0 <= last_seq <= self.seq:
            return False
        missed = self.seq - last_seq
        if missed > len(self._recent):
            return False
        first = self.seq - missed + 1
        kept = len(self._recent)
        for offset, text in enumerate(itertools.islice(self._recent, kept - missed, kept)):
            connection.send(text, first + offset)
        return True
