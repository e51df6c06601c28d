"""SplitMix64 on 32-bit halves draws exactly what the big-integer formula draws.

The compiled build draws through :mod:`popote.core.splitmix`; the Makefile's compiled test
run includes this file, so the compiled module is checked against the formula too.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from popote.core import splitmix

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
STATES = st.integers(min_value=0, max_value=MASK)


def reference_draw(state: int) -> tuple[int, int]:
    """SplitMix64's published step: the next state and its output, on big integers."""
    state = (state + GOLDEN) & MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


@given(STATES, st.integers(min_value=1, max_value=2**70))
@example(0, 1)
@example(MASK, 2**30)
@example((1 << 64) - GOLDEN, 104)
def test_a_draw_below_n_is_the_formulas(state: int, n: int) -> None:
    after, output = reference_draw(state)
    assert splitmix.below(state, n) == (after, (output * n) >> 64)
    assert splitmix.next64(state) == (after, output)
    second_state, second = reference_draw(after)
    assert splitmix.draws(state, n, 2) == (
        second_state,
        [(output * n) >> 64, (second * n) >> 64],
    )


@given(STATES, st.integers(min_value=0, max_value=130))
def test_a_shuffle_swaps_as_one_draw_per_card(state: int, size: int) -> None:
    cards, expected = list(range(size)), list(range(size))
    reference = state
    for i in range(size - 1, 0, -1):
        reference, output = reference_draw(reference)
        j = (output * (i + 1)) >> 64
        expected[i], expected[j] = expected[j], expected[i]
    assert splitmix.shuffle(cards, state) == reference
    assert cards == expected


def test_the_first_outputs_from_state_zero_are_the_published_ones() -> None:
    state, first = splitmix.next64(0)
    assert first == 0xE220A8397B1DCDAF
    assert splitmix.next64(state)[1] == 7960286522194355700
