"""The random bot and the sloppy wrapper, built on the core's :class:`~popote.core.bot.Bot`."""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.match import Match


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
