"""Piles of cards: the top of a pile is the end of its list.

>>> pile = build_deck({"a": 2, "b": 1})
>>> pile
['a', 'a', 'b']
>>> draw(pile, 2), pile
(['b', 'a'], ['a'])
>>> draw(pile, 5), draw(pile, 1)
(['a'], [])
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")


def build_deck(counts: Mapping[T, int]) -> list[T]:
    """A list holding ``count`` copies of each card, in the mapping's order."""
    return [card for card, count in counts.items() for _ in range(count)]


def draw(pile: list[T], count: int) -> list[T]:
    """Take up to ``count`` cards from the top of ``pile``."""
    start = max(0, len(pile) - count)
    taken = pile[start:]
    del pile[start:]
    taken.reverse()
    return taken
