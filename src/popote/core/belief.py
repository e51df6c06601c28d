"""Beliefs about hidden information, for a search that samples worlds to fit what it saw.

``Match.determinize`` samples every world a seat cannot tell apart from the real one with
equal chance. A seat that has watched the others play knows more: a player who keeps heating
the cake is likelier a saboteur. A :class:`WorldBelief` follows the events its seat sees and
says how plausible a sampled world is; a search keeps each world with that chance (rejection
sampling), so the worlds it keeps follow the belief instead of the uniform draw.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from popote.core.actions import Event
from popote.core.match import Match


class WorldBelief(ABC):
    """What one seat believes about the hidden part of the match it watches."""

    @abstractmethod
    def observe(self, events: Sequence[Event]) -> None:
        """Events the seat may see, as they happen (setup events first)."""

    @abstractmethod
    def weight(self, world: Match) -> float:
        """How plausible ``world`` (a determinization for this seat) is, between 0 and 1:
        relative to the most plausible world, which gets 1."""
