"""What one address or one identity may create or try over HTTP, so that nobody farms
identities, guesses passwords or fills the lobby.

- **Identities.** At most ``identities_per_ip`` guests and accounts created from one
  address at once, and as many again an hour.
- **Logins.** ``login_attempts_per_ip`` attempts from one address (whatever the names)
  and ``login_failures_per_name_and_ip`` wrong passwords for one name from one address,
  each per :data:`LOGIN_PERIOD`, and ``login_failures_per_name`` for one name from every
  address together, per :data:`HOUR`; past them the answer is 429 with ``Retry-After``
  before any password is looked at. A stranger's guesses lock the stranger out, not the
  member (who logs in from an address that never failed), until the slower limit per name
  stops guesses spread over many addresses. A wrong password is counted *before* it is
  checked (:class:`Guesses`: a failure is reserved, and given back when the password was
  right or was not checked), so that guesses sent at once cannot all pass the count while
  the slow checks run.
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
    login_failures_per_name_and_ip: int = 5
    login_failures_per_name: int = 50
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

    def give_back(self, key: Hashable) -> None:
        """Return one counted for ``key`` by :meth:`take`."""
        bucket = self._buckets.get(key)
        if bucket is not None:
            bucket.give_back(1)

    def _forget(self) -> None:
        if len(self._buckets) >= KEPT:
            self._buckets = {k: b for k, b in self._buckets.items() if not b.full}


class Guesses:
    """Wrong passwords per name and client (``per_pair`` per :data:`LOGIN_PERIOD`) and per
    name (``per_name`` per :data:`HOUR`), counted before the password is checked.

    >>> guesses = Guesses(2, 2)
    >>> first, second = guesses.reserve("rozenn", "a"), guesses.reserve("rozenn", "a")
    >>> guesses.reserve("rozenn", "a")
    Traceback (most recent call last):
    popote.server.errors.Refused: trop d'essais de connexion : réessayez dans 150 s
    >>> second()  # that password was right: the failure is given back
    >>> third = guesses.reserve("rozenn", "a")
    >>> guesses.reserve("rozenn", "b")  # the name's own limit, from every address
    Traceback (most recent call last):
    popote.server.errors.Refused: trop d'essais de connexion : réessayez dans 1800 s
    """

    def __init__(self, per_pair: int, per_name: int) -> None:
        self._pairs = RateTable(per_pair, LOGIN_PERIOD)
        self._names = RateTable(per_name, HOUR)

    def reserve(self, name: Hashable, client: Hashable) -> Callable[[], None]:
        """Count one failure for ``name`` tried from ``client`` (refused with 429 when
        none is left); returns what gives it back."""
        pair = (name, client)
        if not self._pairs.take(pair):
            raise guessing(self._pairs.wait(pair))
        if not self._names.take(name):
            self._pairs.give_back(pair)
            raise guessing(self._names.wait(name))

        def give_back() -> None:
            self._pairs.give_back(pair)
            self._names.give_back(name)

        return give_back


def guessing(wait: float) -> Refused:
    return too_often(
        "too_many_logins", wait, "trop d'essais de connexion", "too many login attempts"
    )


def too_often(code: str, wait: float, fr: str, en: str) -> Refused:
    """A 429 saying how long to wait (the ``Retry-After`` header carries it too)."""
    seconds = max(1, ceil(wait))
    text = Text(f"{fr} : réessayez dans {{s}} s", f"{en}: try again in {{s}} s").format(s=seconds)
    return Refused(code, text, 429, retry_after=seconds)
