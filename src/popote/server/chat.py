"""How often one identity may speak: at most ``burst`` messages in any ``period`` seconds."""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable


class RateLimit:
    """A sliding window per identity.

    >>> limit = RateLimit(2, 10.0, clock=iter([0.0, 1.0, 2.0, 11.5]).__next__)
    >>> [limit.allow(7) for _ in range(4)]
    [True, True, False, True]
    """

    def __init__(
        self, burst: int, period: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._burst = burst
        self._period = period
        self._clock = clock
        self._times: defaultdict[int, deque[float]] = defaultdict(deque)

    def allow(self, identity: int) -> bool:
        now = self._clock()
        times = self._times[identity]
        while times and times[0] <= now - self._period:
            times.popleft()
        if len(times) >= self._burst:
            return False
        times.append(now)
        return True
