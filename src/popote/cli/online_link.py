"""One table's WebSocket for the terminal client: a reader thread that hands every frame on,
reconnects by itself after a drop (with the feed and last sequence number seen) and resends
the action still waiting for its answer, under the same ``action_id`` and naming the same
decision."""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text

Frame = dict[str, Any]
REPLIES = ("welcome", "ack", "error", "pong")
"""Frames that answer one connection and carry no sequence number of their own."""
CHAT_ERRORS = ("chat_rate", "empty_chat")
"""Refusals of a chat line, which never answer an action."""
OPEN_TIMEOUT = 10.0
LONGEST_WAIT = 5.0
"""The longest pause between two reconnection attempts, in seconds."""
NETWORK_ERRORS = (OSError, ConnectionClosed, InvalidHandshake, TimeoutError)

DROPPED = Text("Connexion perdue : reconnexion en cours…", "Connection lost: reconnecting…")
RECONNECTED = Text("Reconnecté.", "Reconnected.")


class OnlineError(PopoteError):
    """The server refused something, or cannot be reached; the message says why."""


def server_refusal(message: str) -> OnlineError:
    """A refusal whose message the server already wrote in the person's language."""
    return OnlineError(Text(message, message))


class TableLink:
    """The socket of one identity at one table.

    ``handle`` gets every frame the server sends (from the reader thread) and
    ``{"type": "gone", "message"}`` when the server shuts this identity out for good.
    """

    def __init__(
        self,
        url: str,
        table: str,
        token: str,
        lang: Lang,
        handle: Callable[[Frame], None],
        say: Callable[[str], None],
    ) -> None:
        self.address = url.replace("http", "ws", 1).rstrip("/") + f"/ws/tables/{table}"
        self.token = token
        self.lang = lang
        self.handle = handle
        self.say = say
        self.feed: str | None = None
        self.last_seq: int | None = None
        self.pending: Frame | None = None
        """The ``act`` message still waiting for its answer."""
        self._socket: ClientConnection | None = None
        self._closing = threading.Event()
        self._prefix = uuid.uuid4().hex[:12]
        self._count = 0

    def open(self) -> Frame:
        """Connect and start listening; returns the ``welcome`` (its ``seat`` is None for a
        spectator)."""
        welcome = self._connect()
        threading.Thread(target=self._listen, daemon=True).start()
        return welcome

    def act(self, action: Frame, decision: int | None) -> None:
        """Send an action answering the decision whose id is ``decision`` (the server
        refuses it as ``stale`` once that decision has passed); it is kept until its
        ``ack`` or ``error``, and resent after a reconnection."""
        self._count += 1
        action_id = f"{self._prefix}-{self._count}"
        message: Frame = {"type": "act", "action_id": action_id, "action": action}
        if decision is not None:
            message["decision"] = decision
        self.pending = message
        self._send_pending()

    def chat(self, text: str) -> None:
        self._send({"type": "chat", "text": text})

    def close(self) -> None:
        self._closing.set()
        if self._socket is not None:
            self._socket.close()

    def _connect(self) -> Frame:
        socket = connect(self.address, open_timeout=OPEN_TIMEOUT, max_size=2**24, legacy=True)
        hello = {
            "type": "hello",
            "token": self.token,
            "feed": self.feed,
            "last_seq": self.last_seq,
            "lang": self.lang,
        }
        socket.send(json.dumps(hello))
        first = json.loads(socket.recv(timeout=OPEN_TIMEOUT))
        if first.get("type") != "welcome":
            socket.close()
            raise server_refusal(str(first.get("message", first)))
        self.feed = first["feed"]
        self._socket = socket
        return dict(first)

    def _listen(self) -> None:
        while not self._closing.is_set():
            socket = self._socket
            try:
                assert socket is not None
                for text in socket:
                    self._receive(json.loads(text))
            except NETWORK_ERRORS:
                pass
            if self._closing.is_set():
                return
            self.say(DROPPED.get(self.lang))
            if not self._reconnect():
                return

    def _reconnect(self) -> bool:
        """Try again, waiting longer each time, until the server answers; False when it
        refuses this identity (or the link is being closed)."""
        wait = 0.2
        while not self._closing.is_set():
            try:
                self._connect()
            except NETWORK_ERRORS:
                time.sleep(wait)
                wait = min(wait * 2, LONGEST_WAIT)
                continue
            except OnlineError as refusal:
                self.handle({"type": "gone", "message": refusal.message()})
                return False
            self.say(RECONNECTED.get(self.lang))
            self._send_pending()
            return True
        return False

    def _receive(self, frame: Frame) -> None:
        kind = frame.get("type")
        if kind not in REPLIES:
            self.last_seq = frame["seq"]
        refused = kind == "error" and frame.get("code") not in CHAT_ERRORS
        pending = self.pending
        if pending is not None and (refused or frame.get("action_id") == pending["action_id"]):
            self.pending = None
        self.handle(frame)

    def _send_pending(self) -> None:
        if self.pending is not None:
            self._send(self.pending)

    def _send(self, message: Frame) -> None:
        # A send lost with the connection is not an error: the reconnection resends the
        # pending action, and a lost chat line is only a chat line.
        try:
            if self._socket is not None:
                self._socket.send(json.dumps(message))
        except NETWORK_ERRORS:
            pass
