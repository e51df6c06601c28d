"""How often people may speak: at most ``burst`` lines in any ``period`` seconds, counted per
identity and, beside it, per address (``popote.server.addresses``: an IPv6 network counts
as one), so that many guests of one client do not multiply its lines."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable, Hashable

KEPT = 10_000
"""Keys a limit remembers before it forgets those that have not spoken for a period."""


class RateLimit:
    """A sliding window per key (an identity, an address); a burst of 0 is no limit.

    >>> limit = RateLimit(2, 10.0, clock=iter([0.0, 1.0, 2.0, 2.0, 3.0, 11.5]).__next__)
    >>> [limit.allow(7), limit.allow(7), limit.full(7), limit.allow(7), limit.allow(8)]
    [True, True, True, False, True]
    >>> limit.allow(7)
    True
    """

    def __init__(
        self, burst: int, period: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._burst = burst
        self._period = period
        self._clock = clock
        self._times: defaultdict[Hashable, deque[float]] = defaultdict(deque)

    def full(self, key: Hashable) -> bool:
        """Whether ``key`` has spoken ``burst`` times in the last period (nothing counted)."""
        return self._full(key, self._clock())

    def allow(self, key: Hashable) -> bool:
        """Count one line for ``key``; False (nothing counted) when its window is full."""
        now = self._clock()
        if self._full(key, now):
            return False
        if self._burst:
            if key not in self._times and len(self._times) >= KEPT:
                self._forget(now)
            self._times[key].append(now)
        return True

    def _full(self, key: Hashable, now: float) -> bool:
        times = self._times.get(key)
        if not self._burst or times is None:
            return False
        while times and times[0] <= now - self._period:
            times.popleft()
        return len(times) >= self._burst

    def _forget(self, now: float) -> None:
        self._times = defaultdict(
            deque,
            {k: t for k, t in self._times.items() if t and t[-1] > now - self._period},
        )
