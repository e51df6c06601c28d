"""The heuristic opponent: remembers the islands it was shown and steps around them.

Its memory is its level: ``retention`` is the chance it keeps each island it is shown.
"""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.chance import Chance
from popote.core.match import Match


class IslandMemory:
    """Which island each seat holds, as far as one seat was shown and remembers."""

    def __init__(self, retention: float, chance: Chance) -> None:
        self.by_seat: dict[int, set[int]] = {}
        self.retention = retention
        self.chance = chance

    def learn(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "islands_shown":
                for seat, islands in enumerate(event["islands"]):
                    for island in islands:
                        self._remember(seat, island)
            elif kind == "island_drawn":
                self._remember(event["seat"], event["island"])
            elif kind == "island_caught":
                self._remember(event["holder"], event["island"])

    def _remember(self, seat: int, island: int) -> None:
        if self.retention >= 1 or self.chance.below(1000) < self.retention * 1000:
            self.by_seat.setdefault(seat, set()).add(island)

    def held_by_others(self, seat: int) -> set[int]:
        return {value for other, own in self.by_seat.items() if other != seat for value in own}


class PiedsHeuristicBot(Bot):
    """Plays a card whose total hits no island it knows another player holds."""

    kind = "heuristic"

    def __init__(self, seat: int, seed: int, retention: float = 1.0) -> None:
        super().__init__(seat, seed)
        self.memory = IslandMemory(retention, self.chance)

    def observe(self, events: Sequence[Event]) -> None:
        self.memory.learn(events)

    def choose(self, match: Match) -> Action:
        view = match.view(self.seat)
        dangerous = self.memory.held_by_others(self.seat)
        for seat, own in enumerate(view.get("all_islands", [])):
            if seat != self.seat:
                dangerous.update(own)
        step = 1 if view["direction"] == "up" else -1
        legal = match.legal_actions(self.seat)
        safe = [a for a in legal if view["total"] + step * a["card"] not in dangerous]
        return self.chance.choice(safe or legal)
