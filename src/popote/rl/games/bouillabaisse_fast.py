"""Bouillabaisse's observations kept up to date from the events, as fast as Python allows.

Every number of :data:`popote.rl.games.bouillabaisse.OBSERVATION` lives once in one flat
buffer, per-seat blocks in absolute seat order and each seat's hand after them; a seat's
observation is one gather through its own index array (its relative order, its own hand,
zeros for empty places). The buffer is written only from events, each seat's hand only from
the events that seat may see, and tests compare every observation with the reference
encoding of ``view(seat)``.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from functools import cache

import numpy as np

from popote.core.actions import Event
from popote.core.match import Match
from popote.rl.games.bouillabaisse import (
    CARDS,
    FIGURES,
    HAND_SCALE,
    MAX_PLAYERS,
    OBSERVATION,
    RULES,
    SCORE_SCALE,
    SUITS,
)

CARD = {name: index for index, name in enumerate(CARDS)}
SUIT = {suit: index for index, suit in enumerate(SUITS)}
FIGURE = {figure: index for index, figure in enumerate(FIGURES)}
RULE = {rule: index for index, rule in enumerate(RULES)}
OFFSET = {name: start for name, (start, _) in OBSERVATION.offsets().items()}
PER_SEAT = {  # relative blocks: how many numbers each seat has in them
    "trick": len(CARDS),
    "dealer": 1,
    "leader": 1,
    "last_winner": 1,
    "tricks_taken": 1,
    "hand_sizes": 1,
    "totals": 1,
    "seats": 1,
}
SIZE = OBSERVATION.size
ZERO = SIZE  # a number that stays 0, read by empty places
HANDS = SIZE + 1


@cache
def gather_order(seat: int, players: int) -> np.ndarray:
    """For each number of ``seat``'s observation, where it lies in the shared buffer."""
    order = list(range(SIZE))
    for name, (start, width) in OBSERVATION.offsets().items():
        if name == "hand":
            order[start : start + width] = range(HANDS + seat * width, HANDS + seat * width + width)
        elif name in PER_SEAT:
            each = PER_SEAT[name]
            for place in range(MAX_PLAYERS):
                absolute = (seat + place) % players
                for item in range(each):
                    at = start + place * each + item
                    order[at] = start + absolute * each + item if place < players else ZERO
    gather = np.asarray(order, dtype=np.intp)
    gather.flags.writeable = False
    return gather


class BouillabaisseObserver:
    """The observations of every seat of one Bouillabaisse match, updated event by event."""

    def __init__(self, match: Match) -> None:
        players = self.players = match.players
        self.buffer = array("f", bytes(4 * (HANDS + players * len(CARDS))))
        self.numbers = np.frombuffer(self.buffer, dtype=np.float32)
        self.orders = [gather_order(seat, players) for seat in range(players)]
        self.hand_sizes = [0] * players
        self.tricks = [0] * players
        self.in_trick = 0
        self.last_winner = -1
        self.leader = -1
        for place in range(players):
            self.buffer[OFFSET["seats"] + place] = 1.0
        options = match.options
        for index, on in enumerate(
            (
                options["decks"] == "two" or (options["decks"] == "auto" and players >= 7),
                options["tout_ou_rien"],
                options["tout_ou_rien_scope"] == "manche",
                options["duplicate"] == "last",
            )
        ):
            self.buffer[OFFSET["options"] + index] = 1.0 if on else 0.0
        self.see(match.all_events())

    def observe(self, seat: int) -> np.ndarray:
        return self.numbers.take(self.orders[seat])

    def observe_into(self, seat: int, out: np.ndarray) -> None:
        self.numbers.take(self.orders[seat], out=out, mode="clip")  # "raise" would buffer

    def see(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "play":
                self._play(event["seat"], CARD[event["card"]])
            elif kind == "trick":
                self._trick(event["winner"])
            elif kind == "hand":
                if "visible_to" in event and event["visible_to"] == [event["seat"]]:
                    self._hand(event["seat"], event["cards"])
            elif kind == "manche_start":
                self._manche(event)
            elif kind == "manche_end":
                for seat, total in enumerate(event["totals"]):
                    self.buffer[OFFSET["totals"] + seat] = total / SCORE_SCALE

    def _play(self, seat: int, card: int) -> None:
        buffer = self.buffer
        buffer[OFFSET["played"] + card] += 1.0
        buffer[OFFSET["trick"] + seat * 52 + card] = 1.0
        buffer[HANDS + seat * 52 + card] -= 1.0
        if not self.in_trick:
            buffer[OFFSET["led"] + card // 13] = 1.0
        self.in_trick += 1
        size = self.hand_sizes[seat] = self.hand_sizes[seat] - 1
        buffer[OFFSET["hand_sizes"] + seat] = size / HAND_SCALE

    def _trick(self, winner: int) -> None:
        numbers, buffer = self.numbers, self.buffer
        numbers[OFFSET["trick"] : OFFSET["trick"] + MAX_PLAYERS * 52] = 0.0
        numbers[OFFSET["led"] : OFFSET["led"] + 4] = 0.0
        self.in_trick = 0
        taken = self.tricks[winner] = self.tricks[winner] + 1
        buffer[OFFSET["tricks_taken"] + winner] = taken / HAND_SCALE
        self._one_seat("last_winner", self.last_winner, winner)
        self.last_winner = winner
        self._one_seat("leader", self.leader, winner)
        self.leader = winner

    def _one_seat(self, block: str, before: int, after: int) -> None:
        if before >= 0:
            self.buffer[OFFSET[block] + before] = 0.0
        self.buffer[OFFSET[block] + after] = 1.0

    def _hand(self, seat: int, cards: Sequence[str]) -> None:
        start = HANDS + seat * 52
        self.numbers[start : start + 52] = 0.0
        for name in cards:
            self.buffer[start + CARD[name]] += 1.0

    def _manche(self, event: Event) -> None:
        numbers, buffer = self.numbers, self.buffer
        players = self.players
        for block, width in (("played", 52), ("trick", MAX_PLAYERS * 52), ("led", 4)):
            numbers[OFFSET[block] : OFFSET[block] + width] = 0.0
        for block, width in (("manche", 6), ("rules", 4), ("target_suit", 4)):
            numbers[OFFSET[block] : OFFSET[block] + width] = 0.0
        for block, width in (("target_figure", 3), ("target_card", 52), ("dealer", MAX_PLAYERS)):
            numbers[OFFSET[block] : OFFSET[block] + width] = 0.0
        numbers[OFFSET["last_winner"] : OFFSET["last_winner"] + MAX_PLAYERS] = 0.0
        numbers[OFFSET["tricks_taken"] : OFFSET["tricks_taken"] + MAX_PLAYERS] = 0.0
        self.in_trick = 0
        self.last_winner = -1
        self.tricks = [0] * players
        buffer[OFFSET["manche"] + event["manche"] - 1] = 1.0
        for rule in event["rules"]:
            buffer[OFFSET["rules"] + RULE[rule]] = 1.0
        buffer[OFFSET["sign"]] = float(event["sign"])
        targets = event["targets"]
        if targets["suit"] is not None:
            buffer[OFFSET["target_suit"] + SUIT[targets["suit"]]] = 1.0
        if targets["figure"] is not None:
            buffer[OFFSET["target_figure"] + FIGURE[targets["figure"]]] = 1.0
        if targets["card"] is not None:
            buffer[OFFSET["target_card"] + CARD[targets["card"]]] = 1.0
        buffer[OFFSET["dealer"] + event["dealer"]] = 1.0
        self._one_seat("leader", self.leader, event["leader"])
        self.leader = event["leader"]
        self.hand_sizes = [event["hand_size"]] * players
        for seat in range(players):
            buffer[OFFSET["hand_sizes"] + seat] = event["hand_size"] / HAND_SCALE
