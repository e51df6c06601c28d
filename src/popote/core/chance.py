"""Seeded chance owned by a match: the same seed gives the same draws on any machine.

The seed alone chooses the generator. Below 2**64 it is SplitMix64: a single 64-bit number
is the whole state, so cloning a match copies one number, and simulations run fast; but one
output gives its state away. From 2**64 on it is a keyed BLAKE2b stream (the hash of the seed
is the key, a counter the message): its outputs reveal nothing of its key or of the draws to
come, which online tables need (their seeds come from :func:`secret_seed`).

>>> a, b = Chance(7), Chance(7)
>>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
True
>>> deck = list(range(10)); Chance(1).shuffle(deck); sorted(deck) == list(range(10))
True
>>> type(Chance(7)).__name__, type(Chance(secret_seed())).__name__
('FastChance', 'SecretChance')
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from popote.core import splitmix

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
COMPILED_DRAWS = splitmix.compiled()
"""The compiled build draws through :mod:`popote.core.splitmix` (the same draws, on machine
words); interpreted, the big integers below are the faster way."""
SECRET_SEEDS = 1 << 64
"""Seeds from this one on use the keyed generator; smaller ones (negative too) SplitMix64."""
SECRET_BITS = 128
"""Random bits in a seed from :func:`secret_seed`."""
_KEY_BYTES = 32
_WORDS = struct.Struct("<8Q")
"""A BLAKE2b block of 64 bytes read as eight 64-bit outputs."""


def secret_seed() -> int:
    """A seed of :data:`SECRET_BITS` bits from the operating system's cryptographic source,
    always above :data:`SECRET_SEEDS`: nobody can enumerate the seeds it may be."""
    return (1 << SECRET_BITS) | secrets.randbits(SECRET_BITS)


def _check(seed: object) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError("seed must be an int")
    return seed


class Chance:
    """A portable pseudo-random generator: ``Chance(seed)`` is a :class:`FastChance` or,
    from :data:`SECRET_SEEDS` on, a :class:`SecretChance`."""

    __slots__ = ()

    def __new__(cls, seed: int = 0) -> Chance:
        kind: type[Chance] = cls
        if cls is Chance:
            kind = SecretChance if _check(seed) >= SECRET_SEEDS else FastChance
        return object.__new__(kind)

    def next64(self) -> int:
        raise NotImplementedError

    def fork(self, salt: int) -> Chance:
        """An independent generator derived from this one's state and ``salt``."""
        raise NotImplementedError

    def copy(self) -> Chance:
        raise NotImplementedError

    def below(self, n: int) -> int:
        """A number in ``range(n)``; the bias is under n / 2**64."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        return (self.next64() * n) >> 64

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def draws(self, n: int, count: int) -> list[int]:
        """``count`` numbers in ``range(n)``: the same as ``count`` calls of :meth:`below`."""
        return [self.below(n) for _ in range(count)]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


class FastChance(Chance):
    """SplitMix64: small, fast, and predictable by anyone who sees one output."""

    __slots__ = ("_state",)

    def __init__(self, seed: int = 0) -> None:
        self._state = (_check(seed) * _GOLDEN) & _MASK

    def next64(self) -> int:
        if COMPILED_DRAWS:
            self._state, drawn = splitmix.next64(self._state)
            return drawn
        state = (self._state + _GOLDEN) & _MASK
        self._state = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        # Chance.below with next64 written out: searches and deals draw tens of thousands.
        if n <= 0:
            raise ValueError("below() needs n > 0")
        if COMPILED_DRAWS:
            self._state, drawn = splitmix.below(self._state, n)
            return drawn
        state = self._state = (self._state + _GOLDEN) & _MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def draws(self, n: int, count: int) -> list[int]:
        # A bad ``n`` goes the generic way too, so that both builds answer it alike.
        if not COMPILED_DRAWS or n <= 0:
            return super().draws(n, count)
        self._state, drawn = splitmix.draws(self._state, n, count)
        return drawn

    def shuffle(self, items: MutableSequence[T]) -> None:
        # Chance.shuffle with next64 written out: the same swaps, without two calls per card.
        if COMPILED_DRAWS and type(items) is list:
            self._state = splitmix.shuffle(items, self._state)
            return
        state = self._state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._state = state

    def fork(self, salt: int) -> Chance:
        return FastChance(self._state ^ ((salt + 1) * 0xD1B54A32D192ED03 & _MASK))

    def copy(self) -> Chance:
        twin = object.__new__(FastChance)
        twin._state = self._state
        return twin


class SecretChance(Chance):
    """BLAKE2b keyed with the hash of the seed, over a counter: block ``n`` is
    ``BLAKE2b-512(key, n as 8 little-endian bytes)``, read as eight 64-bit outputs."""

    __slots__ = ("_block", "_key", "_used", "_words")

    def __init__(self, seed: int = SECRET_SEEDS) -> None:
        value = _check(seed)
        raw = value.to_bytes((value.bit_length() + 8) // 8, "big", signed=True)
        self._start(hashlib.blake2b(raw, digest_size=_KEY_BYTES, person=b"popote.seed").digest())

    def _start(self, key: bytes) -> None:
        self._key = key
        self._block = 0
        self._words: tuple[int, ...] = ()
        self._used = 0

    def next64(self) -> int:
        if self._used == len(self._words):
            counter = self._block.to_bytes(8, "little")
            self._words = _WORDS.unpack(hashlib.blake2b(counter, key=self._key).digest())
            self._block += 1
            self._used = 0
        word: int = self._words[self._used]
        self._used += 1
        return word

    def fork(self, salt: int) -> Chance:
        where = struct.pack("<QQ", self._block, self._used)
        tag = salt.to_bytes((salt.bit_length() + 8) // 8, "little", signed=True)
        key = hashlib.blake2b(
            where + tag, key=self._key, digest_size=_KEY_BYTES, person=b"popote.fork"
        ).digest()
        twin = object.__new__(SecretChance)
        twin._start(key)
        return twin

    def copy(self) -> Chance:
        twin = object.__new__(SecretChance)
        twin._key = self._key
        twin._block = self._block
        twin._words = self._words
        twin._used = self._used
        return twin
