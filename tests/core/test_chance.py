"""The seeded generator: same seed, same draws, on every machine."""

from __future__ import annotations

from collections import Counter

import popote
from popote.core.chance import Chance


def test_known_answers_pin_the_generator_across_machines_and_versions() -> None:
    # SplitMix64 from state 0 starts 0xE220A8397B1DCDAF, its published first output.
    chance = Chance(0)
    assert [chance.next64() for _ in range(3)] == [
        16294208416658607535,
        7960286522194355700,
        487617019471545679,
    ]
    deck = list(range(10))
    Chance(42).shuffle(deck)
    assert deck == [4, 3, 8, 5, 2, 1, 7, 6, 9, 0]


def test_known_answer_for_a_dealt_match() -> None:
    view = popote.new_match("pieds-dans-le-plat", players=3, seed=7).view(0)
    assert (view["hand"], view["islands"], view["top_card"]) == ([2, 7, 8], [13, 15], 3)


def test_draws_are_spread_evenly() -> None:
    chance = Chance(3)
    counts = Counter(chance.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < count < 10_600 for count in counts.values())


def test_copies_and_forks() -> None:
    chance = Chance(5)
    twin = chance.copy()
    assert [chance.below(100) for _ in range(5)] == [twin.below(100) for _ in range(5)]
    assert chance.fork(1).next64() != chance.fork(2).next64()
