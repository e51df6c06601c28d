"""Observers keep each seat's observation as a match goes on.

:class:`ViewObserver` is the reference: it encodes ``view(seat)`` and what the seat
remembers of the events it was allowed to see, nothing else, so it cannot leak. A game may
add a faster observer of its own that updates its vectors from the same events; tests prove
it gives exactly the reference's numbers at every step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import numpy as np

from popote.core.actions import Event, visible_to
from popote.core.match import Match
from popote.rl.features import Encoding, Memory, Seen


class Observer(Protocol):
    def see(self, events: Sequence[Event]) -> None:
        """Take in the events an action caused (each seat only those it may see)."""

    def observe(self, seat: int) -> np.ndarray:
        """A fresh observation vector for ``seat``."""

    def observe_into(self, seat: int, out: np.ndarray) -> None:
        """The same numbers, written into ``out``."""


class ViewObserver:
    """Encodes ``view(seat)`` and the seat's memory of the events it saw."""

    def __init__(self, encoding: Encoding, match: Match) -> None:
        self.encoding = encoding
        self.match = match
        self.memories: list[Memory] = []
        for seat in range(match.players):
            memory = encoding.new_memory()
            for event in match.events(seat):
                encoding.remember(memory, event)
            self.memories.append(memory)

    def see(self, events: Sequence[Event]) -> None:
        remember = self.encoding.remember
        for seat, memory in enumerate(self.memories):
            for event in events:
                if visible_to(event, seat):
                    remember(memory, event)

    def observe(self, seat: int) -> np.ndarray:
        return reference_observation(self.encoding, self.match, seat, self.memories[seat])

    def observe_into(self, seat: int, out: np.ndarray) -> None:
        out[:] = self.observe(seat)


def reference_observation(
    encoding: Encoding, match: Match, seat: int, memory: Memory
) -> np.ndarray:
    """The observation of ``seat``: its view and its memory, nothing else."""
    seen = Seen(match.view(seat), memory, seat, match.players, encoding.max_players, match.options)
    return encoding.encode(seen)


def remembered(encoding: Encoding, match: Match, seat: int) -> Memory:
    """What ``seat`` remembers of every event it saw in ``match``."""
    memory = encoding.new_memory()
    for event in match.events(seat):
        encoding.remember(memory, event)
    return memory
