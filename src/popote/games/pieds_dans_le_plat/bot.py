"""The heuristic opponent: remembers the islands it was shown and steps around them."""

from __future__ import annotations

from collections.abc import Sequence

from popote.bots.base import Bot
from popote.core.actions import Action, Event
from popote.core.match import Match


class IslandMemory:
    """Which island each seat holds, as far as one seat was shown."""

    def __init__(self) -> None:
        self.by_seat: dict[int, set[int]] = {}

    def learn(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "islands_shown":
                for seat, islands in enumerate(event["islands"]):
                    self.by_seat.setdefault(seat, set()).update(islands)
            elif kind == "island_drawn":
                self.by_seat.setdefault(event["seat"], set()).add(event["island"])
            elif kind == "penalty":
                self.by_seat.setdefault(event["holder"], set()).add(event["island"])

    def held_by_others(self, seat: int) -> set[int]:
        return {value for other, own in self.by_seat.items() if other != seat for value in own}


class PiedsHeuristicBot(Bot):
    """Plays a card whose total hits no island it knows another player holds."""

    kind = "heuristic"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.memory = IslandMemory()

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
