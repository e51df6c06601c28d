"""Sampled worlds are canonical: for a seed, ``determinize(seat, seed)`` depends only on what
``seat`` knows, never on how the information hidden from it really lies.

A world ``b`` sampled for a seat differs from the match only in what that seat cannot see,
so a second sample of either, with the same seed, must be the same world: the same view for
every seat and, under the same actions, the same events to the end and the same result. A
post-game review relies on it: its figures for a seat must not move when the other seats'
hidden cards are replaced.
"""

from __future__ import annotations

from typing import Any

import pytest

import popote
from popote.core.chance import Chance

from .configs import MAX_STEPS, match_configs

POINTS = 2
"""Positions checked per match, spread evenly over its length."""


def play_random(match: popote.Match, chance: Chance, steps: int) -> None:
    for _ in range(steps):
        actor = chance.choice(match.to_act)
        match.act(actor, chance.choice(match.legal_actions(actor)))


def length_of(name: str, players: int, seed: int, options: dict[str, Any]) -> int:
    match = popote.new_match(name, players=players, seed=seed, options=options)
    chance = Chance(seed)
    steps = 0
    while not match.over and steps < MAX_STEPS:
        play_random(match, chance, 1)
        steps += 1
    return steps


def assert_same_world(first: popote.Match, second: popote.Match, seed: int) -> None:
    """The same views now, then the same events and result under the same random actions."""
    for seat in [*range(first.players), None]:
        assert first.view(seat) == second.view(seat), f"view({seat}) differs"
    chance = Chance(seed)
    for _ in range(MAX_STEPS):
        if first.over:
            break
        assert first.to_act == second.to_act
        actor = chance.choice(first.to_act)
        legal = first.legal_actions(actor)
        assert legal == second.legal_actions(actor)
        action = chance.choice(legal)
        assert first.act(actor, action) == second.act(actor, action)
    assert second.over
    assert first.result() == second.result()


def check_canonical(match: popote.Match, chance: Chance) -> None:
    seats = {*match.to_act, chance.below(match.players)}
    for seat in sorted(seats):
        resampled = match.determinize(seat, chance.below(1 << 30))
        seed = chance.below(1 << 30)
        assert_same_world(match.determinize(seat, seed), resampled.determinize(seat, seed), seed)


@pytest.mark.parametrize(("name", "players", "options"), list(match_configs()))
def test_a_world_depends_only_on_what_its_seat_knows(
    name: str, players: int, options: dict[str, Any]
) -> None:
    seed = players * 7919 + len(repr(options))
    length = length_of(name, players, seed, options)
    match = popote.new_match(name, players=players, seed=seed, options=options)
    chance, checks = Chance(seed), Chance(seed + 1)
    done = 0
    for point in range(1, POINTS + 1):
        step = length * point // (POINTS + 1)
        play_random(match, chance, step - done)
        done = step
        check_canonical(match, checks)
