"""The one interface every computer opponent shares.

A bot sits at one seat. It is told every event its seat may see (``observe``), so a bot
with a memory can remember what was shown once, and asked for an action when its seat is
in ``to_act`` (``choose``). It must only use ``match.view(seat)``, the events it was
shown and, for search, ``match.determinize(seat, ...)``. It lives in the core because each
game's package holds its own heuristic bot and the core's :class:`~popote.core.game.Game`
hands it out; the bots built on top of games (random, search, levels) live in
``popote.bots``.
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
