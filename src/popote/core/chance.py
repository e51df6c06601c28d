"""Seeded chance owned by a match: the same seed gives the same draws on any machine.

A single 64-bit integer is the whole state (SplitMix64), so cloning a match copies one
number instead of a Mersenne Twister table.

>>> a, b = Chance(7), Chance(7)
>>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
True
>>> deck = list(range(10)); Chance(1).shuffle(deck); sorted(deck) == list(range(10))
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Chance:
    """A small, fast, portable pseudo-random generator."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError("seed must be an int")
        self._state = (seed * _GOLDEN) & _MASK

    def next64(self) -> int:
        state = (self._state + _GOLDEN) & _MASK
        self._state = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``; the bias is under n / 2**64."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return (self.next64() * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, salt: int) -> Chance:
        """An independent generator derived from this one's state and ``salt``."""
        return Chance(self._state ^ ((salt + 1) * 0xD1B54A32D192ED03 & _MASK))

    def copy(self) -> Chance:
        twin = Chance.__new__(Chance)
        twin._state = self._state
        return twin
