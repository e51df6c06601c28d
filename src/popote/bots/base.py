"""The one interface every computer opponent shares, the random bot and the sloppy wrapper.

A bot sits at one seat. It is told every event its seat may see (``observe``), so a bot
with a memory can remember what was shown once, and asked for an action when its seat is
in ``to_act`` (``choose``). It must only use ``match.view(seat)``, the events it was
shown and, for search, ``match.determinize(seat, ...)``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from popote.core.actions import Action, Event
from popote.core.chance import Chance
from popote.core.match import Match


class Bot(ABC):
    """A computer opponent at one seat."""

    kind = "bot"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.chance = Chance(seed * 7919 + seat)

    def observe(self, events: Sequence[Event]) -> None:  # noqa: B027 - optional hook
        """Events this seat may see, as they happen (setup events first)."""

    @abstractmethod
    def choose(self, match: Match) -> Action:
        """One of ``match.legal_actions(self.seat)``."""


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    kind = "random"

    def choose(self, match: Match) -> Action:
        return self.chance.choice(match.legal_actions(self.seat))


class SloppyBot(Bot):
    """Another bot that now and then plays any legal action instead: an easier opponent."""

    kind = "sloppy"

    def __init__(self, inner: Bot, slip_rate: float, seed: int) -> None:
        super().__init__(inner.seat, seed + 1)
        self.inner = inner
        self.slip_rate = slip_rate

    def observe(self, events: Sequence[Event]) -> None:
        self.inner.observe(events)

    def choose(self, match: Match) -> Action:
        if self.chance.below(1000) < self.slip_rate * 1000:
            return self.chance.choice(match.legal_actions(self.seat))
        return self.inner.choose(match)
