"""What one client may ask of the WebSockets: where it comes from, how many sockets, how fast.

- **Origin.** A browser always says which page opened a socket; a page of another site
  must not play with the cookies-free token a visitor pasted into it, so only pages of the
  server's allowed hosts, on the origin the request names (and those given with
  ``--allowed-origin``), are let in (``popote.server.hosts``: an Origin merely equal to
  the Host could be a rebound name's). A client that sends
  no ``Origin`` at all is not a browser (the terminal client, a bot, a script): the
  header protects browsers' users from other sites, and such a client holds its token
  itself, so it is let in.
- **Connections.** At most ``per_ip`` open sockets from one address and ``per_identity``
  for one token: a flood of sockets from one client is refused (close code 4429) before it
  costs the tables anything. A socket holds its address's place from the moment it is
  accepted, before its ``hello``: sockets that never say who they are count too.
- **Messages.** Each connection and each identity (all its sockets together) has a budget
  of messages and bytes that refills every second. A message over budget is answered with
  an ``error`` (``too_fast``) and dropped; a client that keeps sending past its budget is
  closed with 1008 (policy violation).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from popote.server.errors import Refused, refused
from popote.server.feeds import Backlog
from popote.server.hosts import LOOPBACK, Hosts, hostname

log = logging.getLogger("popote.server")

TOO_MANY = 4429
"""WebSocket close code for a client over its number of connections."""
FLOODING = 1008
"""WebSocket close code for a client that kept sending past its budget (policy violation)."""


@dataclass(frozen=True)
class Limits:
    """The limits of one server; ``popote serve`` options set the first four."""

    allowed_origins: tuple[str, ...] = ()
    """Origins let in besides the server's own, e.g. ``https://popote.example.org``."""
    allowed_hosts: tuple[str, ...] = LOOPBACK
    """The names the server answers to (``popote.server.hosts``)."""
    per_ip: int = 256
    queued_per_ip: int = 64 * 1024 * 1024
    """Bytes waiting to be sent to all the sockets of one client together (0: no bound;
    ``popote.server.feeds.Backlog``); each socket has its own bound too."""
    """Open WebSockets from one address (0: no limit; a reverse proxy must forward it)."""
    per_identity: int = 16
    connection_rate: float = 20.0
    """Messages per second one connection may send on average..."""
    connection_burst: int = 40
    """...and at once."""
    identity_rate: float = 40.0
    identity_burst: int = 80
    identity_bytes_rate: float = 64 * 1024
    identity_bytes_burst: int = 256 * 1024
    refusals_before_close: int = 20
    """Messages refused in a row for speed before the connection is closed."""
    resync_burst: int = 4
    """``resync`` one identity may ask at once (0: no limit; ``popote.server.resyncs``)..."""
    resync_rate: float = 0.5
    """...and then per second."""
    client_resync_burst: int = 16
    """``resync`` every identity of one client may ask at once, together (0: no limit)..."""
    client_resync_rate: float = 4.0
    """...and then per second."""


class Bucket:
    """A token bucket: ``burst`` at once, refilled at ``rate`` per second.

    >>> clock = iter([0.0, 0.0, 0.0, 0.0, 0.5]).__next__
    >>> bucket = Bucket(2.0, 2, clock)
    >>> [bucket.take(1), bucket.take(1), bucket.take(1), bucket.take(1)]
    [True, True, False, True]
    """

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._rate = rate
        self._burst = float(burst)
        self._clock = clock
        self._level = float(burst)
        self._at = clock()

    def take(self, cost: float) -> bool:
        self._refill()
        if cost > self._level:
            return False
        self._level -= cost
        return True

    def give_back(self, cost: float) -> None:
        """Return ``cost`` taken for something that then did not happen."""
        self._refill()
        self._level = min(self._burst, self._level + cost)

    def wait(self, cost: float = 1.0) -> float:
        """Seconds until ``cost`` may be taken (0: now)."""
        self._refill()
        return max(0.0, (cost - self._level) / self._rate) if self._rate else float("inf")

    @property
    def full(self) -> bool:
        self._refill()
        return self._level >= self._burst

    def _refill(self) -> None:
        now = self._clock()
        self._level = min(self._burst, self._level + (now - self._at) * self._rate)
        self._at = now


class Allowance:
    """What one connection may still send; shares its identity's buckets with its siblings."""

    def __init__(self, guard: Guard, ip: str) -> None:
        limits = guard.limits
        self.ip = ip
        self.identity: int | None = None
        """Set by :meth:`Guard.enter` once the ``hello`` said who it is."""
        self.table: str | None = None
        self.backlog = guard.backlog(ip)
        """The bytes waiting for every socket of this client (``feeds.Backlog``)."""
        self._own = Bucket(limits.connection_rate, limits.connection_burst)
        self._shared: tuple[Bucket, Bucket] | None = None
        self._refusals = 0
        self._limit = limits.refusals_before_close

    def entered(self, identity: int, table: str | None, shared: tuple[Bucket, Bucket]) -> None:
        """The connection is ``identity``'s, drawing from its ``shared`` buckets."""
        self.identity = identity
        self.table = table
        self._shared = shared

    def spend(self, size: int) -> None:
        """Count a message of ``size`` bytes, or refuse it (it must then be dropped)."""
        assert self._shared is not None, "a connection speaks once it has entered"
        messages, data = self._shared
        if self._own.take(1) and messages.take(1) and data.take(size):
            self._refusals = 0
            return
        self._refusals += 1
        raise refused(
            "too_fast",
            429,
            "trop de messages : ralentissez",
            "too many messages: slow down",
        )

    @property
    def flooding(self) -> bool:
        """Whether the client went on sending past its budget for too long."""
        return self._refusals >= self._limit


class Guard:
    """The open connections of one server, by address and by identity."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.hosts = Hosts(
            [*limits.allowed_hosts, *_names(limits.allowed_origins)], limits.allowed_origins
        )
        self._by_ip: dict[str, int] = {}
        self._backlogs: dict[str, Backlog] = {}
        self._by_identity: dict[int, int] = {}
        self._buckets: dict[int, tuple[Bucket, Bucket]] = {}

    @property
    def open(self) -> int:
        """WebSockets open now (at tables and in the lobby, said hello or not)."""
        return sum(self._by_ip.values())

    def origin_allowed(self, headers: Mapping[str, str]) -> bool:
        """Whether a handshake with these headers may go on (see the module's note)."""
        return self.hosts.origin_allowed(headers.get("origin"), headers.get("host"))

    def arrive(self, ip: str) -> Allowance:
        """Count a socket just accepted from ``ip``, or refuse it when its address has
        enough open (whether or not they said who they are)."""
        limits = self.limits
        if limits.per_ip and self._by_ip.get(ip, 0) >= limits.per_ip:
            log.warning("too many connections", extra={"client": ip})
            raise _too_many()
        self._by_ip[ip] = self._by_ip.get(ip, 0) + 1
        return Allowance(self, ip)

    def enter(self, allowance: Allowance, identity: int, table: str | None) -> None:
        """The socket of ``allowance`` is ``identity``'s, at ``table`` (None: the lobby);
        refused when that identity has enough open."""
        where = {"table": table, "user": identity}
        if self._by_identity.get(identity, 0) >= self.limits.per_identity:
            log.warning("too many connections", extra={**where, "client": allowance.ip})
            raise _too_many()
        self._by_identity[identity] = self._by_identity.get(identity, 0) + 1
        allowance.entered(identity, table, self.identity_buckets(identity))
        log.info("connection opened", extra=where)

    def backlog(self, ip: str) -> Backlog:
        """What waits for the sockets of client ``ip``, kept while it has one open."""
        if ip not in self._backlogs:
            self._backlogs[ip] = Backlog(self.limits.queued_per_ip)
        return self._backlogs[ip]

    def leave(self, allowance: Allowance, code: int) -> None:
        """The socket of ``allowance`` closed, with ``code``."""
        if not _decrease(self._by_ip, allowance.ip):
            self._backlogs.pop(allowance.ip, None)
        if allowance.identity is None:
            return
        if not _decrease(self._by_identity, allowance.identity):
            self._buckets.pop(allowance.identity, None)
        where = {"table": allowance.table, "user": allowance.identity, "code": code}
        log.info("connection closed", extra=where)

    def identity_buckets(self, identity: int) -> tuple[Bucket, Bucket]:
        """The message and byte buckets every connection of ``identity`` draws from."""
        if identity not in self._buckets:
            limits = self.limits
            self._buckets[identity] = (
                Bucket(limits.identity_rate, limits.identity_burst),
                Bucket(limits.identity_bytes_rate, limits.identity_bytes_burst),
            )
        return self._buckets[identity]


def _decrease(counts: dict[Any, int], key: object) -> int:
    """One less for ``key`` (forgotten at zero); what is left."""
    left = counts.get(key, 0) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)
    return max(left, 0)


def _names(origins: tuple[str, ...]) -> list[str]:
    """The host names of ``--allowed-origin``: a server whose pages are served under a
    name answers to it (behind a proxy passing that name on as the Host)."""
    return [hostname(urlsplit(origin).netloc) or "" for origin in origins]


def _too_many() -> Refused:
    return refused(
        "too_many_connections",
        429,
        "trop de connexions ouvertes depuis ce client",
        "too many open connections from this client",
    )
