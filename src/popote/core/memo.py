"""Tables of values worked out once and shared between matches, with bounded memory.

A game may keep what it builds again and again (a hand's legal actions, a hand in canonical
order, an event) in a table keyed by what it was built from. Keys made of hands have no small
bound, so a table that only grew would take more memory every week a server runs: a
:class:`Memo` starts again, empty, once it holds ``kept`` entries. Reading stays a plain
``dict.get``.

>>> squares = Memo(kept=2)
>>> squares.remember(2, 4), squares.remember(3, 9), len(squares)
(4, 9, 2)
>>> squares.remember(4, 16), squares.get(2), len(squares)
(16, None, 1)
"""

from __future__ import annotations

from typing import TypeVar

Key = TypeVar("Key")
Value = TypeVar("Value")

KEPT = 50_000
"""Entries a table holds before it starts again: tens of megabytes at the most, and many
thousands of games between two starts in the games that use it."""


class Memo(dict[Key, Value]):
    """A ``dict`` that forgets everything once it holds ``kept`` entries."""

    __slots__ = ("kept",)

    def __init__(self, kept: int = KEPT) -> None:
        super().__init__()
        self.kept = kept

    def remember(self, key: Key, value: Value) -> Value:
        """Keep ``value`` under ``key`` (after forgetting everything if full); ``value``."""
        if len(self) >= self.kept:
            self.clear()
        self[key] = value
        return value
