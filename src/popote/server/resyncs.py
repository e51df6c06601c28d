"""How often a client may ask for its table again (``resync``), so that one script cannot
keep the server drawing tables for sockets that read nothing.

A ``resync`` asks for what the client missed, or for a snapshot: the whole table as its
seat sees it, some 10 to 20 KiB drawn from the match and the game's presenter. Two
defences keep that work bounded:

- **One snapshot waiting per connection.** While a snapshot still waits in a connection's
  send queue (``Connection.snapshot_waiting``), a ``resync`` from it draws nothing: that
  snapshot, and what the table sends after it, bring the client up to date. A client that
  never reads costs one snapshot, not one per request.
- **A rate per identity and per client.** Each identity may ask ``resync_burst`` at once
  and ``resync_rate`` a second after that, and every identity of one client
  (``popote.server.addresses``: an address, an IPv6 network) ``client_resync_burst`` and
  ``client_resync_rate`` together. Past either, the ``resync`` is answered with an
  ``error`` (``resync_rate``, saying how long to wait) and nothing is drawn; the socket
  stays open. A client never needs more: a connection opening is sent a snapshot anyway,
  and one that falls behind is told so by its socket closing (4008), then reconnects.

The limits are checked by the process that holds the socket, for a table it owns or one
another process owns (``popote.server.cluster``).
"""

from __future__ import annotations

from popote.server.errors import Refused
from popote.server.limits import Limits
from popote.server.quotas import RateTable, too_often


class Resyncs:
    """The ``resync`` budgets of one server's identities and clients."""

    def __init__(self, limits: Limits) -> None:
        self._identities = _table(limits.resync_burst, limits.resync_rate)
        self._clients = _table(limits.client_resync_burst, limits.client_resync_rate)

    def allow(self, identity: int, client: str) -> None:
        """Count one ``resync`` of ``identity`` from ``client``, or refuse it (nothing is
        counted then)."""
        wait = max(self._identities.wait(identity), self._clients.wait(client))
        if wait > 0:
            raise _too_often(wait)
        self._identities.take(identity)
        self._clients.take(client)


def _table(burst: int, rate: float) -> RateTable:
    """``burst`` at once per key, then ``rate`` a second (no limit when either is 0)."""
    return RateTable(burst if rate > 0 else 0, burst / rate if rate > 0 else 1.0)


def _too_often(wait: float) -> Refused:
    return too_often(
        "resync_rate",
        wait,
        "resync demandé trop souvent (la table vous est déjà envoyée à mesure qu'elle change)",
        "resync asked too often (the table is already sent to you as it changes)",
    )
