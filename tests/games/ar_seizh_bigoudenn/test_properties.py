"""Random play for every player count and option: conservation, limits, replay, leaks."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import popote
from popote.core.chance import Chance
from popote.games.ar_seizh_bigoudenn.cards import UTENSIL_ORDER, deck_counts

NAME = "ar-seizh-bigoudenn"


def visible_cards(view: dict[str, Any]) -> Counter[str]:
    """Every ingredient a spectator can see, wherever it lies (not the draw pile)."""
    seen: Counter[str] = Counter(view["centre"]) + Counter(view["marmite"])
    for surface in view["surfaces"]:
        seen.update(surface)
    for own in view["dishes"]:
        for dish in own:
            seen.update(dish["cards"])
    window = view["window"] or {}
    seen.update(window.get("spent", []))
    if view["stage"] == "passoire":
        seen.update(window["cards"])
    return seen


def check_invariants(match: popote.Match) -> None:
    view = match.view(None)
    seen = visible_cards(view)
    deck = deck_counts(match.players)
    assert sum(seen.values()) + view["draw_size"] == sum(deck.values())
    assert not seen - Counter(deck)
    held = [u for hand in view["hands"] for u in hand]
    assert sorted(held + view["centre_utensils"]) == sorted(UTENSIL_ORDER)
    assert all(len(hand) <= 2 for hand in view["hands"])
    assert all(len(surface) <= 5 for surface in view["surfaces"])


def snapshot(match: popote.Match) -> str:
    seats: list[int | None] = [None, *range(match.players)]
    return json.dumps(
        {
            "views": [match.view(s) for s in seats],
            "legal": [match.legal_actions(s) for s in range(match.players)],
            "to_act": match.to_act,
        },
        sort_keys=True,
    )


def bad_actions(match: popote.Match, seat: int) -> list[tuple[int, dict[str, Any]]]:
    idle = [s for s in range(match.players) if s not in match.to_act]
    legal = match.legal_actions(seat)
    attempts: list[tuple[int, dict[str, Any]]] = [
        (seat, {"type": "take", "card": "truffe", "drop": None, "give_back": None}),
        (seat, {"type": "bid", "card": "saucisse", "extra": True}),
        (seat, {"type": "grab", "drop": "louche"}),
        (seat, {"type": "cook", "cards": ["oeuf", "oeuf", "oeuf"]}),
    ]
    if idle:
        attempts.append((idle[0], legal[0]))
    return [(s, a) for s, a in attempts if a not in match.legal_actions(s)]


def play_randomly(players: int, seed: int, options: dict[str, Any], checks: bool) -> popote.Match:
    match = popote.new_match(NAME, players=players, seed=seed, options=options)
    chance = Chance(seed ^ 0x5EED)
    step = 0
    while not match.over:
        if checks:
            check_invariants(match)
        if checks and step % 7 == 0:
            before = snapshot(match)
            for bad_seat, bad in bad_actions(match, match.to_act[0]):
                with pytest.raises(popote.IllegalAction):
                    match.act(bad_seat, bad)
            assert snapshot(match) == before
            for seat in range(players):
                world = match.determinize(seat, chance.below(1 << 30))
                assert world.view(seat) == match.view(seat)
                assert world.legal_actions(seat) == match.legal_actions(seat)
        seat = chance.choice(match.to_act)
        legal = match.legal_actions(seat)
        assert len({hash(action) for action in legal}) == len(legal)  # distinct, hashable
        action = chance.choice(legal)
        match.act(seat, json.loads(json.dumps(action)) if step % 2 else action)
        step += 1
    check_invariants(match)
    return match


@settings(max_examples=24, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=7),
    seed=st.integers(min_value=0, max_value=10_000),
    real_time=st.booleans(),
    rounds=st.integers(min_value=1, max_value=3),
)
def test_random_play_keeps_every_invariant(
    players: int, seed: int, real_time: bool, rounds: int
) -> None:
    options = {"real_time": real_time, "rounds": rounds}
    match = play_randomly(players, seed, options, checks=True)
    again = popote.replay(NAME, players, seed, options, json.loads(json.dumps(match.history)))
    assert snapshot(again) == snapshot(match)
    assert again.result() == match.result()


@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("real_time", [False, True])
def test_whole_random_games_end_with_a_result(players: int, real_time: bool) -> None:
    match = play_randomly(players, players * 13, {"real_time": real_time}, checks=False)
    result = match.result()
    assert len(result["scores"]) == len(result["bigoudens"]) == players
    assert result["winners"] == [
        s for s, p in enumerate(result["scores"]) if p == max(result["scores"])
    ]
    assert len(match.history) < 20_000
