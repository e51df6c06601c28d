"""The garbage collector of a long-running server, and the pauses it makes.

A collection of the oldest generation walks every object the process holds, and the event
loop waits meanwhile: with hundreds of tables in memory such pauses reached a third of a
second, which every client then saw in its round trip. Once the server has started, what
start-up loaded (modules, games, the web stack, the tables rebuilt from the log) is moved
out of the collector's sight (``gc.freeze``), and the youngest generation is collected
less often, so that fewer short-lived objects (a match tried on a copy, a rendered view)
are promoted to the older ones and fewer full collections follow. Messages are kept as text
(``popote.server.feeds``), which the collector does not walk at all.

Every collection's duration is counted here, by generation, for ``GET /api/v1/stats``.
"""

from __future__ import annotations

import gc
import time
from typing import Any

YOUNG_THRESHOLD = 20_000
"""Allocations between two collections of the youngest generation (Python's default: 700)."""
GENERATIONS = 3


class Pauses:
    """How many collections of each generation, their total and longest time."""

    def __init__(self) -> None:
        self.counts = [0] * GENERATIONS
        self.seconds = [0.0] * GENERATIONS
        self.longest = [0.0] * GENERATIONS
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
            return
        took = time.perf_counter() - self._started
        generation = info["generation"]
        self.counts[generation] += 1
        self.seconds[generation] += took
        self.longest[generation] = max(self.longest[generation], took)

    def snapshot(self) -> dict[str, Any]:
        return {
            "collections": list(self.counts),
            "seconds": list(self.seconds),
            "longest": list(self.longest),
            "frozen": gc.get_freeze_count(),
        }


PAUSES = Pauses()


def settle() -> None:
    """Once the server is up: freeze what start-up made, collect the young less often, and
    count every pause from now on."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
    if PAUSES not in gc.callbacks:
        gc.callbacks.append(PAUSES)
