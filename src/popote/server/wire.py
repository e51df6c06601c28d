"""What a connection must do to be served: the HTTP front door, before any page or API.

uvicorn reads requests with httptools; :class:`FrontDoor`, a subclass of its protocol, adds
what uvicorn leaves unbounded (its settings: ``popote.server.settings.HttpLimits``, set by
``popote serve``'s options):

- **Header size and count.** A request line and headers of more than ``header_bytes``
  (16 KiB) in all, or more than ``headers`` (100) header lines, get a 431 (an address alone
  past the cap a 414) and the connection is closed. Bytes are counted as they arrive, so
  a header that never ends is refused once it passes the cap, not kept whole in memory.
- **Deadlines.** A request's headers must be in within ``header_seconds`` (10) of the
  connection's opening, or of the first byte after an answer; its body within
  ``body_seconds`` (30) of its headers. Past either: 408 and closed (a connection that sent
  nothing at all is just closed). An idle connection between requests is closed by
  uvicorn's own keep-alive timeout (``keep_alive``, 5 s). So a client that sends slowly
  cannot keep a connection, nor the file it takes.
- **Connections per client.** At most ``per_client`` (64) connections from one client
  (:func:`popote.server.addresses.client_key`: an IPv4 address, an IPv6 /64) are open at
  once, counted from the moment the connection is accepted, before it says anything; one
  more gets a 429 at once and is closed. One address cannot take every file the process
  may open: others still get in. A connection upgraded to a WebSocket leaves this count for
  the WebSocket guard's (``popote.server.limits``). Connections from an address uvicorn
  trusts to forward clients' addresses (``FORWARDED_ALLOW_IPS``; by default 127.0.0.1 and
  ::1, where a reverse proxy on the same machine connects from) are not counted: a proxy
  speaks for many clients, and bounds its own (nginx holds headers until they are whole).
- **Browser protections.** These answers carry the headers every page carries
  (``popote.server.headers``), as do the WebSocket handshake's own refusals
  (:class:`Sockets`: a bad handshake, or one the application refuses).

A refused request's answer is followed by a short lingering close: what the client still
sends is read and dropped for a moment, so that closing does not reset the connection
before the client has read why.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, ClassVar

import httptools
from uvicorn.config import Config
from uvicorn.middleware.proxy_headers import _TrustedHosts
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.http11 import Response

from popote.core.i18n import Text
from popote.server.addresses import IPV6_PREFIX, client_key
from popote.server.headers import HEADERS
from popote.server.language import choose_lang
from popote.server.settings import HttpLimits

log = logging.getLogger("popote.server")

LINGER = 2.0
"""Seconds a refused connection is still read (and what it sends dropped) before closing."""


HEADERS_TOO_LARGE = Text(
    "en-têtes de la requête trop grands ou trop nombreux ({size} Kio et {count} en-têtes au plus)",
    "request headers too large or too many ({size} KiB and {count} headers at most)",
)
ADDRESS_TOO_LONG = Text(
    "adresse demandée trop longue ({size} Kio au plus)",
    "requested address too long ({size} KiB at most)",
)
TOO_SLOW = Text(
    "requête trop lente : elle doit arriver en entier en {seconds:g} s",
    "request too slow: it must arrive whole within {seconds:g} s",
)
TOO_MANY = Text(
    "trop de connexions ouvertes depuis ce client ({count} au plus)",
    "too many open connections from this client ({count} at most)",
)
UNREADABLE = Text("requête HTTP illisible", "unreadable HTTP request")


class _Refusal(Exception):
    """Raised in a parser callback to stop reading a request the server refuses."""


class Door:
    """What every connection of one server shares: its limits and who has how many open."""

    def __init__(self, limits: HttpLimits, prefix: int = IPV6_PREFIX) -> None:
        self.limits = limits
        self.prefix = prefix
        self.open: dict[str, int] = {}
        self._proxies: _TrustedHosts | None = None
        self._full: set[str] = set()
        """Clients at their limit, already said in the log."""

    def key(self, config: Config, client: tuple[str, int] | None) -> str | None:
        """The key a connection from ``client`` counts under; None for one not counted (a
        trusted proxy's, or a client without an address, such as a Unix socket's)."""
        if client is None:
            return None
        if self._proxies is None:
            # The very addresses uvicorn takes X-Forwarded-For from (ProxyHeadersMiddleware).
            self._proxies = _TrustedHosts(config.forwarded_allow_ips)
        if client[0] in self._proxies:
            return None
        return client_key(client[0], self.prefix)

    def enter(self, key: str) -> bool:
        limit = self.limits.per_client
        if limit and self.open.get(key, 0) >= limit:
            if key not in self._full:  # once each time a client fills its share
                self._full.add(key)
                log.warning("too many http connections", extra={"client": key})
            return False
        self.open[key] = self.open.get(key, 0) + 1
        return True

    def leave(self, key: str) -> None:
        self._full.discard(key)
        left = self.open.get(key, 0) - 1
        if left > 0:
            self.open[key] = left
        else:
            self.open.pop(key, None)


class FrontDoor(HttpToolsProtocol):
    """uvicorn's httptools protocol with the limits of the module's note."""

    door: ClassVar[Door] = Door(HttpLimits())

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self._key: str | None = None
        """The client key this connection counts under, while it does."""
        self._deadline: asyncio.TimerHandle | None = None
        self._closer: asyncio.TimerHandle | None = None
        self._awaiting = True
        """Waiting for a request's headers (not reading a body, nor a WebSocket)."""
        self._received = 0
        """Bytes received while waiting for the current request's headers."""
        self._head = 0
        self._refusal: tuple[int, str, Text] | None = None
        self._lingering = False

    @property
    def limits(self) -> HttpLimits:
        return self.door.limits

    # --- the connection ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        key = self.door.key(self.config, self.client)
        if key is not None:
            if not self.door.enter(key):
                count = self.limits.per_client
                self._answer(429, "too_many_connections", TOO_MANY.format(count=count), False)
                return
            self._key = key
        self._arm(self.limits.header_seconds)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._closer is not None:
            self._closer.cancel()
        self._leave()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        """uvicorn's own (which answers every parser error with its plain 400), with the
        bytes of unfinished headers counted, and each refusal answered as what it is."""
        if self._lingering:
            return  # a refused client's last words: read, and dropped
        if self._awaiting:
            if self._deadline is None:
                self._arm(self.limits.header_seconds)
            self._received += len(data)
        self._unset_keepalive_if_required()
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            if self._should_upgrade():
                self.handle_websocket_upgrade()
            else:
                self._unsupported_upgrade_warning()
            return
        except httptools.HttpParserError:
            self._refuse(*(self._refusal or (400, "unreadable", UNREADABLE)))
            return
        if self._awaiting and self._received > self.limits.header_bytes:
            self._refuse(431, "headers_too_large", self._too_large())

    def handle_websocket_upgrade(self) -> None:
        # From here on the WebSocket guard counts it, and WebSocket pings keep it alive.
        self._disarm()
        self._leave()
        self._awaiting = False
        super().handle_websocket_upgrade()

    # --- parser callbacks ----------------------------------------------------------------

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._head = 0

    def on_url(self, url: bytes) -> None:
        super().on_url(url)
        self._head += len(url)
        if len(self.url) > self.limits.header_bytes:
            size = self.limits.header_bytes // 1024
            self._stop(414, "address_too_long", ADDRESS_TOO_LONG.format(size=size))

    def on_header(self, name: bytes, value: bytes) -> None:
        super().on_header(name, value)
        self._head += len(name) + len(value) + 4
        if self._head > self.limits.header_bytes or len(self.headers) > self.limits.headers:
            self._stop(431, "headers_too_large", self._too_large())

    def on_headers_complete(self) -> None:
        self._disarm()
        self._awaiting = False
        self._received = 0
        super().on_headers_complete()
        self._arm(self.limits.body_seconds)

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
        self._awaiting = True

    # --- deadlines and refusals ----------------------------------------------------------

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(seconds, self._late)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _late(self) -> None:
        self._deadline = None
        if self.transport.is_closing():
            return
        cycle = self.cycle
        if self._awaiting:
            if cycle is not None and not cycle.response_complete:
                # The server is still answering the previous request: not the client's delay.
                self._arm(self.limits.header_seconds)
            elif self._received:
                log.info("request too slow", extra={"client": self._client_name()})
                self._refuse(408, "too_slow", TOO_SLOW.format(seconds=self.limits.header_seconds))
            else:
                self.transport.close()  # nothing asked: nothing to answer
        elif cycle is not None and not cycle.response_started:
            # The application waits for the body: it is told the client is gone, and the
            # answer is this one.
            cycle.disconnected = True
            cycle.message_event.set()
            log.info("request too slow", extra={"client": self._client_name()})
            self._answer(408, "too_slow", TOO_SLOW.format(seconds=self.limits.body_seconds), True)
        else:
            self.transport.close()

    def _stop(self, status: int, code: str, text: Text) -> None:
        self._refusal = (status, code, text)
        raise _Refusal(code)

    def _too_large(self) -> Text:
        return HEADERS_TOO_LARGE.format(
            size=self.limits.header_bytes // 1024, count=self.limits.headers
        )

    def _refuse(self, status: int, code: str, text: Text) -> None:
        """Refuse the request being read; while an earlier one is still being answered, an
        answer now would cut into that one's: the connection is just closed."""
        self._disarm()
        if self.transport.is_closing() or self._lingering:
            return
        if status != 408:
            log.warning("request refused", extra={"client": self._client_name(), "reason": code})
        if self.cycle is not None and not self.cycle.response_complete:
            self.transport.close()
            return
        self._answer(status, code, text, True)

    def _answer(self, status: int, code: str, text: Text, linger: bool) -> None:
        body = json.dumps({"error": code, "message": self._words(text)}).encode()
        head = [STATUS_LINE[status]]
        for name, value in self.server_state.default_headers:
            head += [name, b": ", value, b"\r\n"]
        head += [
            b"content-type: application/json\r\n",
            b"content-length: %d\r\n" % len(body),
            b"connection: close\r\n\r\n",
        ]
        self.transport.write(b"".join(head) + body)
        self._disarm()
        if linger and self.transport.can_write_eof():
            self.transport.write_eof()
            self._lingering = True
            self._closer = self.loop.call_later(LINGER, self.transport.close)
        else:
            self.transport.close()

    def _words(self, text: Text) -> str:
        """The refusal in the client's language when its headers said it, else in both."""
        accept = next((v for n, v in self.headers or () if n == b"accept-language"), None)
        if accept is None:
            return f"{text.fr} / {text.en}"
        return text.get(choose_lang(None, None, accept.decode("latin-1")))

    def _client_name(self) -> str:
        return self._key or (self.client[0] if self.client else "")

    def _leave(self) -> None:
        if self._key is not None:
            self.door.leave(self._key)
            self._key = None


class Sockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, whose own answers (a handshake refused by the
    application or by websockets, an error) carry the browser protections too; an
    accepted handshake gets them with uvicorn's default headers."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        send = self.conn.send_response

        def protected(response: Response) -> None:
            for name, value in HEADERS:
                if name not in response.headers:
                    response.headers[name] = value
            send(response)

        self.conn.send_response = protected  # type: ignore[method-assign]

    async def send(self, message: Any) -> None:
        await super().send(message)
        if message["type"] == "websocket.http.response.body" and not message.get("more_body"):
            # uvicorn does not count a refusal with an answer of the application's own
            # as a completed handshake, and would log an error for each.
            self.handshake_complete = True


def front_door(limits: HttpLimits, prefix: int = IPV6_PREFIX) -> type[FrontDoor]:
    """A protocol class for ``uvicorn.Config(http=...)`` whose connections share one
    :class:`Door` with these limits."""

    class Served(FrontDoor):
        door = Door(limits, prefix)

    return Served
