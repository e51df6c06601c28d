"""Observations as fixed-length vectors: a game's encoding is a list of named blocks.

Each :class:`Block` turns what one seat knows (:class:`Seen`: its view and what it remembers
of the events it saw) into a fixed number of floats. Seats are told relative to the
observing seat (0: itself, 1: the next seat in turn order...) and padded to the game's
largest table, so one encoding, of one length, serves every player count.

>>> seen = Seen({"hand": ["b", "a", "b"], "leader": 2}, {}, seat=1, players=3, max_players=4, options={})
>>> counts(seen.view["hand"], ("a", "b", "c")), seat_one_hot(seen, 2)
([1.0, 2.0, 0.0], [0.0, 1.0, 0.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from popote.core.game import View

Memory = dict[str, Any]


@dataclass(frozen=True)
class Seen:
    """What one seat knows: its view, its memory of the events it saw, the table's size and
    options (public: everyone at a table knows the rules it plays by)."""

    view: View
    memory: Memory
    seat: int
    players: int
    max_players: int
    options: Mapping[str, Any]

    def relative(self, seat: int) -> int:
        """Where ``seat`` sits seen from this seat: 0 itself, 1 the next in turn order..."""
        return (seat - self.seat) % self.players

    def rotated(self, per_seat: Sequence[Any]) -> list[Any]:
        """A per-seat list reordered from this seat on, padded with ``None``."""
        players = self.players
        ordered = [per_seat[(self.seat + step) % players] for step in range(players)]
        return ordered + [None] * (self.max_players - players)


Fill = Callable[[Seen], Sequence[float]]


@dataclass(frozen=True)
class Block:
    """``width`` numbers of the observation, described for people in ``doc``."""

    name: str
    width: int
    doc: str
    fill: Fill


def one_hot(value: Any, values: Sequence[Any]) -> list[float]:
    """1 at the place of ``value`` among ``values``; all zeros for a value not listed (None)."""
    out = [0.0] * len(values)
    if value is not None and value in values:
        out[values.index(value)] = 1.0
    return out


def counts(items: Iterable[Any] | None, values: Sequence[Any]) -> list[float]:
    """How many times each of ``values`` appears in ``items``."""
    out = [0.0] * len(values)
    place = {value: index for index, value in enumerate(values)}
    for item in items or ():
        out[place[item]] += 1.0
    return out


def seat_one_hot(seen: Seen, seat: int | None) -> list[float]:
    """A seat (or none: -1, None) as a one-hot over relative places."""
    out = [0.0] * seen.max_players
    if seat is not None and seat >= 0:
        out[seen.relative(seat)] = 1.0
    return out


def seats_many_hot(seen: Seen, seats: Iterable[int] | None) -> list[float]:
    out = [0.0] * seen.max_players
    for seat in seats or ():
        out[seen.relative(seat)] = 1.0
    return out


def per_seat_numbers(seen: Seen, values: Sequence[float], scale: float) -> list[float]:
    """One number per seat, relative to this seat, divided by ``scale``; 0 for empty places."""
    return [0.0 if value is None else value / scale for value in seen.rotated(values)]


def per_seat_counts(
    seen: Seen, lists: Sequence[Iterable[Any] | None], values: Sequence[Any]
) -> list[float]:
    """Per relative seat, how many of each of ``values`` its list holds."""
    out: list[float] = []
    for items in seen.rotated(lists):
        out += counts(items, values)
    return out


def per_seat_one_hot(seen: Seen, per_seat: Sequence[Any], values: Sequence[Any]) -> list[float]:
    out: list[float] = []
    for value in seen.rotated(per_seat):
        out += one_hot(value, values)
    return out


def number(value: float | None, scale: float) -> list[float]:
    return [0.0 if value is None else value / scale]


def flag(value: object) -> list[float]:
    return [1.0 if value else 0.0]


def table_size(seen: Seen) -> list[float]:
    """1 for each place a player sits at (relative places beyond the table stay 0)."""
    return [1.0] * seen.players + [0.0] * (seen.max_players - seen.players)


Remember = Callable[[Memory, Mapping[str, Any]], None]


def forget_nothing(memory: Memory, event: Mapping[str, Any]) -> None:
    """For games whose views already hold all a seat knows."""


@dataclass(frozen=True)
class Encoding:
    """A game's observation: its blocks, the memory the seat keeps of events, its length."""

    game: str
    max_players: int
    blocks: tuple[Block, ...]
    remember: Remember = forget_nothing
    new_memory: Callable[[], Memory] = dict

    @property
    def size(self) -> int:
        return sum(block.width for block in self.blocks)

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each block's first index and width."""
        found: dict[str, tuple[int, int]] = {}
        start = 0
        for block in self.blocks:
            found[block.name] = (start, block.width)
            start += block.width
        return found

    def encode(self, seen: Seen) -> np.ndarray:
        values: list[float] = []
        for block in self.blocks:
            part = block.fill(seen)
            if len(part) != block.width:
                raise AssertionError(
                    f"{self.game}: block {block.name} gave {len(part)} numbers, not {block.width}"
                )
            values += part
        return np.asarray(values, dtype=np.float32)
