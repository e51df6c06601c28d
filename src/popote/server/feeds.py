"""Numbered messages: each identity at a table has a feed, each connection a send queue.

A feed numbers what it sends (``seq``) and keeps the last messages, so a client coming back
says the last number it saw and gets exactly what it missed. A connection that cannot keep
up (its queue full) is closed rather than allowed to hold the table back.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from popote.core.i18n import Lang

Message = dict[str, Any]

SLOW_CLIENT = 4008
"""WebSocket close code for a client that stopped reading."""


class Outlet(Protocol):
    """Where a feed's messages go: a WebSocket here, or one held by another server process
    (``popote.server.cluster``)."""

    def send(self, message: Message) -> None: ...

    def close(self, code: int = 1000) -> None: ...


class Connection:
    """One open WebSocket, written by its own task (:meth:`pump`) from a bounded queue."""

    def __init__(self, send_text: Callable[[str], Awaitable[None]], limit: int) -> None:
        self._send_text = send_text
        self._queue: asyncio.Queue[str] = asyncio.Queue(limit)
        self.closed = asyncio.Event()
        """Set when the server wants this connection gone; its handler then closes it."""
        self.close_code = 1000

    def send(self, message: Message) -> None:
        """Queue ``message``; a client too slow to take it is disconnected."""
        if self.closed.is_set():
            return
        try:
            self._queue.put_nowait(json.dumps(message, ensure_ascii=False))
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
        self._recent: deque[Message] = deque(maxlen=memory)
        self.connections: set[Outlet] = set()

    def push(self, message: Message) -> None:
        self.seq += 1
        numbered = {**message, "seq": self.seq}
        self._recent.append(numbered)
        for connection in list(self.connections):
            connection.send(numbered)

    def reply(self, connection: Outlet, message: Message) -> None:
        """A message for one connection only (never resent): it repeats the last ``seq``."""
        connection.send({**message, "seq": self.seq})

    def missed(self, feed_id: str | None, last_seq: int | None) -> list[Message] | None:
        """What a client that saw ``last_seq`` of feed ``feed_id`` missed, or None if unknown."""
        if feed_id != self.id or last_seq is None or not 0 <= last_seq <= self.seq:
            return None
        if last_seq == self.seq:
            return []
        if not self._recent or self._recent[0]["seq"] > last_seq + 1:
            return None
        return [message for message in self._recent if message["seq"] > last_seq]
