"""The seeded generator: same seed, same draws, on every machine."""

from __future__ import annotations

import array
import hashlib
import itertools
import pickle
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import popote
from popote.core.chance import (
    SECRET_BITS,
    SECRET_SEEDS,
    Chance,
    FastChance,
    SecretChance,
    secret_seed,
)

MASK = (1 << 64) - 1
KEYED_KNOWN_ANSWER = [13120275502390107273, 14138339732538961087]


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


def _unmix(output: int) -> int:
    """The SplitMix64 state behind one output: its mixing steps are each invertible."""
    z = output ^ (output >> 31) ^ (output >> 62)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK
    z = z ^ (z >> 27) ^ (z >> 54)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK
    return z ^ (z >> 30) ^ (z >> 60)


def _splitmix_after(output: int) -> int:
    """The output after ``output``, as an attacker of a SplitMix64 stream computes it."""
    twin = FastChance(0)
    twin._state = _unmix(output)
    return twin.next64()


def test_one_splitmix_output_predicts_the_rest_but_the_keyed_stream_does_not() -> None:
    fast = Chance(123_456)
    seen = [fast.next64() for _ in range(3)]
    assert _splitmix_after(seen[-1]) == fast.next64()  # the old attack: one output is enough
    keyed = Chance(secret_seed())
    outputs = [keyed.next64() for _ in range(2_000)]
    assert all(_splitmix_after(a) != b for a, b in itertools.pairwise(outputs))
    assert len(set(outputs)) == len(outputs)


def test_the_seed_alone_chooses_the_generator() -> None:
    assert type(Chance(SECRET_SEEDS - 1)) is FastChance
    assert type(Chance(-5)) is FastChance
    assert type(Chance(SECRET_SEEDS)) is SecretChance
    seeds = {secret_seed() for _ in range(100)}
    assert len(seeds) == 100
    assert all(1 << SECRET_BITS <= seed < 1 << (SECRET_BITS + 1) for seed in seeds)
    assert SECRET_BITS >= 128


def test_the_keyed_stream_is_blake2b_over_a_counter_and_pinned() -> None:
    seed = (1 << 128) | 0x0123456789ABCDEF
    key = hashlib.blake2b(seed.to_bytes(17, "big"), digest_size=32, person=b"popote.seed").digest()
    blocks = [hashlib.blake2b(n.to_bytes(8, "little"), key=key).digest() for n in range(2)]
    expected = [int.from_bytes(b[i : i + 8], "little") for b in blocks for i in range(0, 64, 8)]
    chance = Chance(seed)
    assert [chance.next64() for _ in range(16)] == expected
    # Pinned: a save file of an online game must replay the same on every later version.
    assert expected[:2] == KEYED_KNOWN_ANSWER
    deck = list(range(10))
    Chance(seed).shuffle(deck)
    assert sorted(deck) == list(range(10)) and deck != list(range(10))


def test_keyed_copies_forks_pickles_and_spread() -> None:
    chance = Chance(secret_seed())
    for _ in range(5):  # part-way through a block
        chance.next64()
    twin = chance.copy()
    assert [chance.below(100) for _ in range(20)] == [twin.below(100) for _ in range(20)]
    again = pickle.loads(pickle.dumps(chance))
    assert [chance.next64() for _ in range(9)] == [again.next64() for _ in range(9)]
    assert chance.fork(1).next64() != chance.fork(2).next64()
    assert chance.fork(1).next64() == chance.copy().fork(1).next64()
    assert type(chance.fork(1)) is SecretChance
    spread = Chance(SECRET_SEEDS + 3)
    counts = Counter(spread.below(6) for _ in range(60_000))
    assert all(9_400 < count < 10_600 for count in counts.values())


def test_a_match_dealt_from_a_secret_seed_replays_and_determinizes() -> None:
    seed = secret_seed()
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=seed)
    for _ in range(6):
        seat = match.to_act[0]
        match.act(seat, match.legal_actions(seat)[0])
    again = popote.replay("pieds-dans-le-plat", 3, seed, match.options, match.history)
    assert again.view(1) == match.view(1) and again.view(None) == match.view(None)
    worlds = [match.determinize(0, seed + n) for n in (0, 0, 1)]
    assert worlds[0].view(0) == match.view(0) and worlds[2].view(0) == match.view(0)
    assert worlds[0].view(1) == worlds[1].view(1)
    clone = match.clone()
    seat = match.to_act[0]
    move = match.legal_actions(seat)[-1]
    assert match.act(seat, move) == clone.act(seat, move)


@given(st.integers(min_value=0, max_value=2**62), st.integers(min_value=0, max_value=120))
def test_the_fast_shuffle_swaps_as_the_generic_one(seed: int, size: int) -> None:
    fast, generic = Chance(seed), Chance(seed)
    assert isinstance(fast, FastChance)
    cards, same_cards = list(range(size)), list(range(size))
    fast.shuffle(cards)
    Chance.shuffle(generic, same_cards)
    assert cards == same_cards and fast.next64() == generic.next64()


@given(st.integers(min_value=0, max_value=2**62), st.integers(min_value=0, max_value=120))
def test_any_mutable_sequence_is_shuffled_as_a_list_would_be(seed: int, size: int) -> None:
    """The compiled build's shuffle takes lists; any other sequence goes the plain way,
    with the same swaps from the same draws."""
    as_list, as_array = Chance(seed), Chance(seed)
    cards, same_cards = list(range(size)), array.array("i", range(size))
    as_list.shuffle(cards)
    as_array.shuffle(same_cards)
    assert cards == same_cards.tolist() and as_list.next64() == as_array.next64()


@given(st.integers(min_value=0, max_value=2**62), st.integers(min_value=1, max_value=2**70))
def test_the_fast_below_draws_as_the_generic_one(seed: int, bound: int) -> None:
    fast, generic = Chance(seed), Chance(seed)
    assert [fast.below(bound) for _ in range(3)] == [Chance.below(generic, bound) for _ in range(3)]
    assert fast.next64() == generic.next64()


@given(
    st.sampled_from([0, 7, 2**62, SECRET_SEEDS + 5]),
    st.integers(min_value=1, max_value=2**70),
    st.integers(min_value=0, max_value=40),
)
def test_draws_at_once_are_the_draws_one_by_one(seed: int, bound: int, count: int) -> None:
    at_once, one_by_one = Chance(seed), Chance(seed)
    assert at_once.draws(bound, count) == [one_by_one.below(bound) for _ in range(count)]
    assert at_once.next64() == one_by_one.next64()


@pytest.mark.parametrize("seed", [7, SECRET_SEEDS + 5])
def test_draws_below_nothing_are_refused_as_below_refuses_them(seed: int) -> None:
    assert Chance(seed).draws(0, 0) == []
    with pytest.raises(ValueError, match="n > 0"):
        Chance(seed).draws(0, 1)
