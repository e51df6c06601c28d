"""Piles of cards: the top of a pile is the end of its list.

>>> pile = build_deck({"a": 2, "b": 1})
>>> pile
['a', 'a', 'b']
>>> draw(pile, 2), pile
(['b', 'a'], ['a'])
>>> draw(pile, 5), draw(pile, 1)
(['a'], [])
>>> one, other = [3, 1, 2], [2, 3, 1]
>>> shuffle_canonically(one, Chance(5)); shuffle_canonically(other, Chance(5)); one == other
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from popote.core.chance import Chance

T = TypeVar("T")
Card = TypeVar("Card", int, str)


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


def shuffle_canonically(cards: list[Card], chance: Chance) -> None:
    """Shuffle ``cards`` starting from their sorted order: the outcome depends on which cards
    they are and on ``chance``, never on the order they came in.

    A world sampled for a seat shuffles so the cards hidden from it: gathered in the order
    the true state holds them, a plain shuffle would tell where they really lie, and two
    matches the seat cannot tell apart would give different worlds for one seed.
    """
    cards.sort()
    chance.shuffle(cards)
