"""Hostile input through the public API: always Popote's own error, and nothing changes."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

import popote

HUGE = 10**5000  # Python refuses to write it out in decimal


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


def snapshot(match: popote.Match) -> tuple[Any, ...]:
    seats = range(match.players)
    return (
        match.to_act,
        match.history,
        [match.view(seat) for seat in [None, *seats]],
        [match.legal_actions(seat) for seat in seats],
    )


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "card": HUGE},
        {"type": "play", "card": nested(2000)},
        {"type": nested(2000)},
        nested(2000),
        {"type": "play", "card": -HUGE, HUGE: 1},
    ],
    ids=["huge-card", "deep-card", "deep-type", "deep-action", "huge-key"],
)
def test_a_hostile_action_is_refused_and_changes_nothing(action: Any) -> None:
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=2)
    before = snapshot(match)
    with pytest.raises(popote.IllegalAction) as caught:
        match.act(0, action)
    assert len(str(caught.value)) < 2000 and caught.value.message("en")
    assert snapshot(match) == before


@pytest.mark.parametrize("seat", [HUGE, -HUGE, nested(2000)], ids=["huge", "negative", "deep"])
def test_a_hostile_seat_is_refused(seat: Any) -> None:
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=2)
    before = snapshot(match)
    with pytest.raises(popote.IllegalAction):
        match.act(seat, match.legal_actions(0)[0])
    with pytest.raises(popote.InvalidSeat):
        match.view(seat)
    with pytest.raises(popote.InvalidSeat):
        match.determinize(seat, 1)
    assert match.legal_actions(seat) == []
    assert snapshot(match) == before


@pytest.mark.parametrize(
    "setup",
    [
        {"players": HUGE},
        {"seed": nested(2000)},
        {"options": {"assisted": HUGE}},
        {"options": {HUGE: True}},
        {"options": {"empty_pile": nested(2000)}},
    ],
    ids=["players", "seed", "option-value", "option-key", "deep-option"],
)
def test_a_hostile_setup_is_refused(setup: dict[str, Any]) -> None:
    with pytest.raises(popote.InvalidSetup):
        popote.new_match("pieds-dans-le-plat", **setup)


def test_a_hostile_game_name_is_refused() -> None:
    for name in (HUGE, nested(2000)):
        with pytest.raises(popote.InvalidSetup):
            popote.new_match(name)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "history",
    [None, 7, "abc", [HUGE], [{"seat": 0, "action": {"type": "play", "card": HUGE}}]],
    ids=["none", "int", "text", "huge-entry", "huge-card"],
)
def test_replay_of_a_hostile_history_is_refused(history: Any) -> None:
    with pytest.raises(popote.IllegalAction):
        popote.replay("pieds-dans-le-plat", 2, 1, {}, history)


def test_booleans_and_floats_do_not_stand_for_numbers() -> None:
    match = popote.new_match("boom-badaboom", players=3, seed=1)
    numbered: list[tuple[int, popote.Action]] = []
    while not numbered and not match.over:  # play on until someone may target a seat
        numbered = [
            (seat, action)
            for seat in match.to_act
            for action in match.legal_actions(seat)
            if any(type(value) is int for value in action.values())
        ]
        seat = match.to_act[0]
        if not numbered:
            match.act(seat, match.legal_actions(seat)[0])
    assert numbered, "this match offered an action with a number in it"
    seat, action = numbered[0]
    before = snapshot(match)
    for field, value in action.items():
        if type(value) is int:
            for twin in (float(value), bool(value) if value in (0, 1) else float(value)):
                with pytest.raises(popote.IllegalAction):
                    match.act(seat, {**action, field: twin})
    assert snapshot(match) == before


def test_a_shared_action_cannot_be_rewritten() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=2, seed=3)
    action = match.legal_actions(0)[0]
    kept = dict(action)
    action.__init__(card=99)  # type: ignore[misc]
    with pytest.raises(TypeError):
        action["card"] = 99
    assert action == kept
    assert popote.new_match("pieds-dans-le-plat", players=2, seed=3).legal_actions(0)[0] == kept


@pytest.mark.parametrize(
    "error", [popote.IllegalAction, popote.InvalidSetup, popote.InvalidSeat, popote.MatchNotOver]
)
def test_errors_survive_pickling_between_processes(error: type[popote.PopoteError]) -> None:
    original = error(popote.Text("refusé", "refused"))
    copy = pickle.loads(pickle.dumps(original))
    assert type(copy) is error
    assert str(copy) == "refusé" and copy.message("en") == "refused"
