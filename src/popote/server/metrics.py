"""How fast the server answers: the time from a client's action received to its events sent.

The durations go into a histogram with fixed, log-spaced bounds (as Prometheus keeps them)
rather than a list of samples: memory stays constant however long the server runs, and a
reader who takes two snapshots and subtracts them gets the figures of just that stretch of
time (``benchmarks/server_load.py`` does so). ``GET /api/v1/stats`` publishes it.
"""

from __future__ import annotations

import time
from bisect import bisect_left
from collections.abc import Callable, Sequence
from typing import Any

from fastapi import APIRouter, Request

from popote.server.live import LiveTable

PER_DECADE = 40
BOUNDS: tuple[float, ...] = tuple(1e-5 * 10 ** (k / PER_DECADE) for k in range(7 * PER_DECADE + 1))
"""Upper bounds of the buckets in seconds, 10 µs to 100 s, each about 6 % above the last;
one more bucket holds anything longer."""

router = APIRouter(prefix="/api/v1")


class Latency:
    """Action-received-to-events-sent durations of the actions clients played."""

    def __init__(self) -> None:
        self.counts = [0] * (len(BOUNDS) + 1)
        self.total = 0.0

    def record(self, seconds: float) -> None:
        self.counts[bisect_left(BOUNDS, seconds)] += 1
        self.total += seconds

    def measure(self, table: LiveTable, act: Callable[[], None]) -> None:
        """Run ``act``, a client's action at ``table``, and record its time if it was played
        there and then: once it returns, its events are queued on every connection. A
        duplicate, a refusal or an answer held by a real-time collection window is not
        counted (the window's wait is deliberate)."""
        before = _played(table)
        started = time.perf_counter()
        act()
        if _played(table) > before:
            self.record(time.perf_counter() - started)

    def snapshot(self) -> dict[str, Any]:
        counts = list(self.counts)
        return {
            "count": sum(counts),
            "sum": self.total,
            "bounds": list(BOUNDS),
            "counts": counts,
        }


def quantile(counts: Sequence[int], q: float) -> float | None:
    """The upper bound of the bucket holding quantile ``q`` of ``counts`` (so at most ~6 %
    above the true value); None with no sample, infinity past the last bound."""
    needed = q * sum(counts)
    if needed == 0:
        return None
    seen = 0
    for bucket, count in enumerate(counts):
        seen += count
        if seen >= needed:
            return BOUNDS[bucket] if bucket < len(BOUNDS) else float("inf")
    return float("inf")


def _played(table: LiveTable) -> int:
    return len(table.match.history) if table.match is not None else 0


@router.get("/stats", summary="Tables in memory and the action-to-events latency histogram")
async def stats(request: Request) -> dict[str, Any]:
    hub = request.app.state.hub
    return {"tables": len(hub.tables), "latency": hub.latency.snapshot()}
