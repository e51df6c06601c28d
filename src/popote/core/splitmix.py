"""SplitMix64's draws worked on 32-bit halves, for the compiled build.

:class:`~popote.core.chance.FastChance` is SplitMix64 on Python's big integers: every
product of two 64-bit numbers allocates one. Worked on halves (and the products on 16-bit
pieces), every number here stays below 2**50, which the compiled build keeps in machine
words: a draw costs a tenth as much there. Interpreted, the halves cost more than the big
integers, so the plain build keeps its own arithmetic, and the tests check that both give
the same draws.

>>> state, draw = below(12345, 10)
>>> state, draw
(11400714819323210830, 1)
"""

from __future__ import annotations

from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_HALF: Final = 0xFFFFFFFF
_PIECE: Final = 0xFFFF
_GOLDEN_HIGH: Final = 0x9E3779B9
_GOLDEN_LOW: Final = 0x7F4A7C15
_FIRST_HIGH: Final = 0xBF58476D
_FIRST_LOW: Final = 0x1CE4E5B9
_SECOND_HIGH: Final = 0x94D049BB
_SECOND_LOW: Final = 0x133111EB
_SMALL: Final = 1 << 30
"""Below it, a draw's products stay under 2**62, in machine words."""


def _times_mod32(a: i64, b: i64) -> i64:
    """``a * b`` modulo 2**32, for ``a`` and ``b`` below 2**32."""
    return ((a & _PIECE) * b + ((((a >> 16) * b) & _PIECE) << 16)) & _HALF


def _times(high: i64, low: i64, by_high: i64, by_low: i64) -> tuple[i64, i64]:
    """``(high, low) * (by_high, by_low)`` modulo 2**64, as halves."""
    first = (low & _PIECE) * by_low
    second = (low >> 16) * by_low
    sum_low = first + ((second & _PIECE) << 16)
    carry = (sum_low >> 32) + (second >> 16)
    return (
        (carry + _times_mod32(low, by_high) + _times_mod32(high, by_low)) & _HALF,
        sum_low & _HALF,
    )


def _output(high: i64, low: i64) -> tuple[i64, i64]:
    """SplitMix64's output for the state ``(high, low)``, as halves."""
    high, low = high ^ (high >> 30), low ^ (((low >> 30) | (high << 2)) & _HALF)
    high, low = _times(high, low, _FIRST_HIGH, _FIRST_LOW)
    high, low = high ^ (high >> 27), low ^ (((low >> 27) | (high << 5)) & _HALF)
    high, low = _times(high, low, _SECOND_HIGH, _SECOND_LOW)
    return high ^ (high >> 31), low ^ (((low >> 31) | (high << 1)) & _HALF)


def _advance(high: i64, low: i64) -> tuple[i64, i64]:
    low += _GOLDEN_LOW
    return (high + _GOLDEN_HIGH + (low >> 32)) & _HALF, low & _HALF


def _halves(state: int) -> tuple[i64, i64]:
    return i64(state >> 32), i64(state & _HALF)


def _whole(high: i64, low: i64) -> int:
    return (int(high) << 32) | int(low)


def _scaled(high: i64, low: i64, n: int) -> int:
    """``(output * n) >> 64``: a draw in ``range(n)``."""
    if n < _SMALL:
        return int((high * n + ((low * n) >> 32)) >> 32)
    return (int(high) * n + ((int(low) * n) >> 32)) >> 32


def below(state: int, n: int) -> tuple[int, int]:
    """The state after one draw from ``state``, and that draw in ``range(n)`` (n > 0)."""
    high, low = _advance(*_halves(state))
    out_high, out_low = _output(high, low)
    return _whole(high, low), _scaled(out_high, out_low, n)


def draws(state: int, n: int, count: int) -> tuple[int, list[int]]:
    """The state after ``count`` draws from ``state``, and those draws in ``range(n)``."""
    high, low = _halves(state)
    drawn: list[int] = []
    for _ in range(count):
        high, low = _advance(high, low)
        out_high, out_low = _output(high, low)
        drawn.append(_scaled(out_high, out_low, n))
    return _whole(high, low), drawn


def next64(state: int) -> tuple[int, int]:
    """The state after one draw from ``state``, and that draw's 64 bits."""
    high, low = _advance(*_halves(state))
    return _whole(high, low), _whole(*_output(high, low))


def shuffle(items: list[T], state: int) -> int:
    """Fisher-Yates over ``items``, one draw a swap from ``state``; the state after (a list:
    the compiled build then reads and writes it natively)."""
    high, low = _halves(state)
    for i in range(len(items) - 1, 0, -1):
        high, low = _advance(high, low)
        out_high, out_low = _output(high, low)
        j = _scaled(out_high, out_low, i + 1)
        items[i], items[j] = items[j], items[i]
    return _whole(high, low)


def compiled() -> bool:
    """Whether this module runs compiled (its functions are then built-in functions)."""
    return type(below).__name__ == "builtin_function_or_method"
