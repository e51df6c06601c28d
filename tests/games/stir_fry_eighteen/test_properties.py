"""Random play for every player count and option: the 18 cards, the hand limit, replays,
illegal actions, and what each seat may see (the leak test)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import popote
from popote.core.chance import Chance

from .helpers import NAME

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"finish_round": True},
    {"star_chef": True, "round_limit": 10},
    {"empty_pantry": True},
    {"bullseye": True},
    {"bullseye": True, "overshoot": "forbidden"},
    {"bullseye": True, "finish_round": True, "empty_pantry": True},
    {"round_limit": 10},
    {"first_player": "seat1", "finish_round": True, "round_end": "held"},
]
SECRET_EVENTS = ("discarded", "cards_drawn", "hand_lost", "trimmed", "hand_dealt")


def observed(match: popote.Match) -> str:
    seats: list[int | None] = [None, *range(match.players)]
    return json.dumps(
        [
            match.to_act,
            [match.view(s) for s in seats],
            [match.legal_actions(s) for s in range(match.players)],
        ],
        sort_keys=True,
    )


def check_cards(view: dict[str, Any]) -> None:
    on_table = len(view["face_up"]) + sum(view["face_down_counts"])
    assert sum(view["hand_sizes"]) + view["deck_size"] + on_table == 18


def check_illegal(match: popote.Match, chance: Chance) -> None:
    before = observed(match)
    seat = match.to_act[0]
    bad: list[tuple[Any, Any]] = [
        (seat, {"type": "cook", "dish": "crevette+porc+nouilles", "points": 1}),
        (seat, {"type": "trim", "card": "truffe"}),
        (seat, {"type": "discard_pair", "first": "nouilles", "second": "crevette"}),
        (seat, {"type": "discard_protein", "card": "nouilles", "claim": "tofu"}),
        (seat, {"type": "end_turn", "now": True}),
    ]
    if match.view(None)["phase"] != "test_window":
        bad.append((seat, {"type": "taste_test"}))
    others = [s for s in range(match.players) if s not in match.to_act]
    if others:
        bad.append((chance.choice(others), match.legal_actions(seat)[0]))
    for bad_seat, action in bad:
        try:
            match.act(bad_seat, action)
        except popote.IllegalAction:
            pass
        else:
            raise AssertionError(f"{action!r} was accepted")
        assert observed(match) == before


def check_secrets(events: list[dict[str, Any]], match: popote.Match) -> None:
    for viewer in [None, *range(match.players)]:
        for event in popote.visible_events(events, viewer):
            if event["type"] in SECRET_EVENTS and "cards" in event:
                assert event["seat"] == viewer, f"{event} leaked to {viewer}"


def check_leaks(match: popote.Match, chance: Chance) -> None:
    for seat in range(match.players):
        world = match.determinize(seat, chance.below(1 << 30))
        assert world.view(seat) == match.view(seat)
        assert world.view(None) == match.view(None)
        assert world.to_act == match.to_act
        assert world.legal_actions(seat) == match.legal_actions(seat)
        check_cards(world.view(None))
        for actor in world.to_act:  # a sampled world must be playable by every seat to act
            for action in world.legal_actions(actor):
                world.clone().act(actor, action)


def check_hand_limit(match: popote.Match, ended: int, won: Counter[int]) -> None:
    """Between turns a hand holds at most 3 cards, plus those won by taste tests since."""
    view = match.view(None)
    assert view["hand_sizes"][ended] <= 3
    for other, size in enumerate(view["hand_sizes"]):
        opening = 1 if not match.over and other == view["current"] else 0
        assert size <= 3 + won[other] + opening


def play(players: int, seed: int, options: dict[str, Any]) -> popote.Match:
    match = popote.new_match(NAME, players=players, seed=seed, options=options)
    chance = Chance(seed ^ 0x5EED)
    won: Counter[int] = Counter()
    check_secrets(match.events(None), match)
    step = 0
    while not match.over:
        assert step < 20_000
        view = match.view(None)
        check_cards(view)
        if step % 9 == 0:
            check_illegal(match, chance)
            check_leaks(match, chance)
        seat = chance.choice(match.to_act)
        events = match.act(seat, chance.choice(match.legal_actions(seat)))
        check_secrets(events, match)
        for event in events:
            if event["type"] == "taste_test" and not event["truthful"]:
                won[event["accuser"]] += 1
            if event["type"] == "turn_ended":
                ended = event["seat"]
                won[ended] = 0
                check_hand_limit(match, ended, won)
        step += 1
    return match


@settings(max_examples=24, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=10_000),
    options=st.sampled_from(OPTION_SETS),
)
def test_random_play_keeps_every_card_and_rule(
    players: int, seed: int, options: dict[str, Any]
) -> None:
    match = play(players, seed, options)
    result = match.result()
    assert result["winners"] and len(result["scores"]) == players
    again = popote.replay(NAME, players, seed, options, json.loads(json.dumps(match.history)))
    assert observed(again) == observed(match) and again.result() == result


def test_determinize_really_resamples_what_a_seat_cannot_know() -> None:
    match = popote.new_match(NAME, players=4, seed=11)
    hands = {json.dumps(match.determinize(0, seed).view(2)["hand"]) for seed in range(20)}
    assert len(hands) > 1
    assert {json.dumps(match.determinize(0, seed).view(0)["hand"]) for seed in range(20)} == {
        json.dumps(match.view(0)["hand"])
    }
