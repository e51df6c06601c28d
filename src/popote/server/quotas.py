"""What one address or one identity may create or try over HTTP, so that nobody farms
identities, guesses passwords or fills the lobby.

- **Identities.** At most ``identities_per_ip`` guests and accounts created from one
  address at once, and as many again an hour.
- **Logins.** ``login_failures_per_name`` wrong passwords for one name (whoever tries them)
  and ``login_attempts_per_ip`` attempts from one address (whatever the names), each per
  :data:`LOGIN_PERIOD`; past them the answer is 429 with ``Retry-After`` before any
  password is looked at.
- **Tables.** At most ``open_tables_per_identity`` tables created by one identity and not
  over; tables nobody uses expire (``Settings.table_idle``).

0 turns a limit off. Behind a reverse proxy the address is the one the proxy forwards
(see ``docs/operations.md``), as for the WebSockets.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from math import ceil

from popote.core.i18n import Text
from popote.server.errors import Refused
from popote.server.limits import Bucket

HOUR = 3600.0
LOGIN_PERIOD = 300.0
KEPT = 10_000
"""Keys a table remembers before it forgets those whose bucket has refilled."""


@dataclass(frozen=True)
class Quotas:
    identities_per_ip: int = 60
    login_failures_per_name: int = 5
    login_attempts_per_ip: int = 30
    open_tables_per_identity: int = 5


class RateTable:
    """``count`` at once per key, refilled over ``period`` seconds; 0 is no limit.

    >>> clock = iter([0.0, 0.0, 0.0, 0.0, 30.0]).__next__
    >>> table = RateTable(2, 60.0, clock)
    >>> table.take("a"), table.take("a"), table.wait("a"), table.wait("b"), table.wait("a")
    (True, True, 30.0, 0.0, 0.0)
    """

    def __init__(
        self, count: int, period: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._count = count
        self._rate = count / period if count else 0.0
        self._clock = clock
        self._buckets: dict[Hashable, Bucket] = {}

    def wait(self, key: Hashable) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None or not self._count else bucket.wait()

    def take(self, key: Hashable) -> bool:
        """Count one for ``key``; False (nothing counted) when it has none left."""
        if not self._count:
            return True
        if key not in self._buckets:
            self._forget()
            self._buckets[key] = Bucket(self._rate, self._count, self._clock)
        return self._buckets[key].take(1)

    def _forget(self) -> None:
        if len(self._buckets) >= KEPT:
            self._buckets = {k: b for k, b in self._buckets.items() if not b.full}


def too_often(code: str, wait: float, fr: str, en: str) -> Refused:
    """A 429 saying how long to wait (the ``Retry-After`` header carries it too)."""
    seconds = max(1, ceil(wait))
    text = Text(f"{fr} : réessayez dans {{s}} s", f"{en}: try again in {{s}} s").format(s=seconds)
    return Refused(code, text, 429, retry_after=seconds)
