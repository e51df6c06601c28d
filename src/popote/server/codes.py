"""A table's short code: eight letters and digits read aloud to a friend ("K7QM-4XPB").

A code opens its table as its link does, so a private table's code is worth its invitation:
it is long enough not to be guessed, and looking one up is rate-limited per client.

- **Alphabet.** 31 signs, without the ones read or written alike (0/O, 1/I/L): typed in
  any case, with or without spaces and dashes, it is the same code.
- **Length.** Eight signs: 31⁸ ≈ 8.5 × 10¹¹ codes (39 bits). With 10,000 tables open at
  once, one guess finds one with a chance of about 1 in 85 million.
- **Lookups.** ``GET /api/v1/codes/{code}`` answers at most :data:`LOOKUP_BURST` lookups at
  once per client (``popote.server.addresses.client_key``), then one every
  :data:`LOOKUP_EVERY` seconds, whether or not it carries a token (guests cost nothing):
  a client guessing all day long (14,400 guesses) finds one of those 10,000 tables with a
  chance of about 1 in 6,000 (1 in 600,000 with 100 tables open). A lookup of a code that
  exists counts too, so that counting says nothing. One who holds many addresses guesses
  that much faster: a private table's invitation link (96 bits) is the stronger secret.
- **Unique among open tables**: a new table never gets the code of a table not over; a
  finished table keeps its code, which still opens its replay.
- **Kept in the table's row as it is**, like the table's seed (which says more than any
  code): the page of a table shows its code to whoever may see the table, and a person's
  own list (``GET /api/v1/me/games``) links their private tables with it.

>>> normal("k7qm-4xpb"), normal(" K7QM 4XPB "), normal("K7QM4XP0"), normal("K7Q")
('K7QM4XPB', 'K7QM4XPB', None, None)
>>> shown("K7QM4XPB")
'K7QM-4XPB'
>>> len(new_code()), set(new_code()) <= set(ALPHABET)
(8, True)
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable

from popote.server.limits import Bucket

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 8
LOOKUP_BURST = 10
"""Code lookups one client may make at once..."""
LOOKUP_EVERY = 6.0
"""...then one every this many seconds."""
KEPT = 65536
"""Clients' buckets kept at most (full ones go first, as in ``popote.server.anonymous``)."""
_SEPARATORS = re.compile(r"[\s\-.]+")


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def normal(typed: str) -> str | None:
    """The code as stored, from what a person typed; None if it cannot be one."""
    code = _SEPARATORS.sub("", typed).upper()
    if len(code) != LENGTH or any(sign not in ALPHABET for sign in code):
        return None
    return code


def shown(code: str) -> str:
    """The code as people read it: two groups of four."""
    half = LENGTH // 2
    return f"{code[:half]}-{code[half:]}"


class Lookups:
    """How many code lookups each client may make: a token bucket per client."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._buckets: dict[str, Bucket] = {}

    def allow(self, client: str) -> float:
        """0 when ``client`` may look a code up now (and it is counted), else the seconds
        to wait."""
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) >= KEPT:
                self._buckets = {k: b for k, b in self._buckets.items() if not b.full}
                if len(self._buckets) >= KEPT // 2:
                    self._buckets = dict(list(self._buckets.items())[-KEPT // 4 :])
            bucket = self._buckets[client] = Bucket(1 / LOOKUP_EVERY, LOOKUP_BURST, self._clock)
        return 0.0 if bucket.take(1) else bucket.wait(1)
