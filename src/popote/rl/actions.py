"""Fixed action indices: every action a game can ever offer has one number, in every version.

A game's :class:`ActionTable` lists its action types in a fixed order, each with the fields
that tell two of its actions apart and every value each field may take. The number of an
action is its type's offset plus the mixed-radix position of its field values, so the table
never depends on the player count, the options or the deal. Fields left out of a kind (the
points of a Stir-Fry dish) follow from the others.

>>> table = ActionTable("demo", (Kind("pass"), Kind("play", (("card", (1, 2, 3)),))))
>>> table.size, table.index({"type": "play", "card": 3}), table.describe(0)
(4, 3, {'type': 'pass'})
>>> table.index({"type": "play", "card": 9}) is None
True
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from popote.core.actions import Action

Value = str | int | tuple[str, ...] | None


SHARED_LIMIT = 100_000
"""Actions remembered by identity, at most (a game that built fresh ones would not fill memory)."""


def _key(value: Any) -> Any:
    """Lists arrive from JSON where the table holds tuples."""
    return tuple(value) if type(value) is list else value


@dataclass(frozen=True)
class Kind:
    """One action type and the fields (with every value they may take) that number it."""

    type: str
    fields: tuple[tuple[str, tuple[Value, ...]], ...] = ()
    seat_fields: tuple[str, ...] = ()
    """Fields naming a seat, numbered relative to the acting seat (1: the next in turn)."""

    @property
    def size(self) -> int:
        size = 1
        for _, values in self.fields:
            size *= len(values)
        return size


class ActionTable:
    """The numbered actions of one game."""

    def __init__(self, game: str, kinds: Sequence[Kind]) -> None:
        self.game = game
        self.kinds = tuple(kinds)
        self._offsets: dict[str, tuple[int, Kind, tuple[dict[Any, int], ...]]] = {}
        offset = 0
        for kind in self.kinds:
            if kind.type in self._offsets:
                raise ValueError(f"{game}: action type {kind.type!r} listed twice")
            positions = tuple(
                {(type(value), value): place for place, value in enumerate(values)}
                for _, values in kind.fields
            )
            self._offsets[kind.type] = (offset, kind, positions)
            offset += kind.size
        self.size = offset
        self._shared: dict[int, tuple[Action, int | None]] = {}

    def index(self, action: Mapping[str, Any], seat: int = 0, players: int = 1) -> int | None:
        """The number of ``action`` taken by ``seat`` at a table of ``players``, or ``None``
        when no action of the table looks like it.

        Games hand out the same immutable :class:`Action` objects again and again: each one
        is numbered once and then found by identity (it is kept, so its id stays its own),
        unless it names a seat, whose number depends on who acts.
        """
        known = self._shared.get(id(action))
        if known is not None and known[0] is action:
            return known[1]
        index, relative = self._number(action, seat, players)
        if type(action) is Action and not relative:
            if len(self._shared) >= SHARED_LIMIT:
                self._shared.clear()
            self._shared[id(action)] = (action, index)
        return index

    def numbered(self, legal: Sequence[Action], seat: int, players: int) -> dict[int, Action]:
        """The legal actions of ``seat`` by number (the hot path: shared actions by identity)."""
        shared = self._shared
        found: dict[int, Action] = {}
        for action in legal:
            known = shared.get(id(action))
            index = known[1] if known is not None and known[0] is action else None
            if index is None:
                index = self.index(action, seat, players)
                if index is None:
                    raise AssertionError(
                        f"{self.game}: an action the table cannot number: {action}"
                    )
            found[index] = action
        if len(found) != len(legal):
            raise AssertionError(f"{self.game}: two legal actions share a number: {legal}")
        return found

    def _number(
        self, action: Mapping[str, Any], seat: int, players: int
    ) -> tuple[int | None, bool]:
        found = self._offsets.get(action.get("type"))  # type: ignore[arg-type]
        if found is None:
            return None, False
        offset, kind, positions = found
        index = 0
        for (name, values), places in zip(kind.fields, positions, strict=True):
            value = _key(action.get(name))
            if name in kind.seat_fields and type(value) is int and 0 <= value < players:
                value = (value - seat) % players
            place = places.get((type(value), value))
            if place is None:
                return None, bool(kind.seat_fields)
            index = index * len(values) + place
        return offset + index, bool(kind.seat_fields)

    def describe(self, index: int) -> dict[str, Any]:
        """The type and the numbering fields of action ``index``."""
        if not 0 <= index < self.size:
            raise IndexError(index)
        for kind in self.kinds:
            offset = self._offsets[kind.type][0]
            if index < offset + kind.size:
                rest = index - offset
                picked: list[Value] = []
                for _, values in reversed(kind.fields):
                    rest, place = divmod(rest, len(values))
                    picked.append(values[place])
                fields = zip(kind.fields, reversed(picked), strict=True)
                return {"type": kind.type, **{name: value for (name, _), value in fields}}
        raise AssertionError("unreachable: the offsets cover the table")

    def all_described(self) -> list[dict[str, Any]]:
        return [
            {"type": kind.type, **dict(zip([n for n, _ in kind.fields], values, strict=True))}
            for kind in self.kinds
            for values in product(*(values for _, values in kind.fields))
        ]

    def digest(self) -> str:
        """A fingerprint of the whole numbering (a test pins it: indices never move)."""
        text = json.dumps(self.all_described(), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]
