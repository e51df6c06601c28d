"""One conformance suite every registered game passes unchanged.

Random play through the public contract, for every player count and every option value:
JSON-ready actions, events and views; legal actions only for seats in ``to_act``; illegal,
misplaced, malformed and hostile actions (huge numbers, deep nesting, ``true`` or ``1.0``
for ``1``) rejected with the match left exactly as it was; replay equality; clones
independent; nothing the match hands out lets a caller change it (frozen values refuse
changes, the rest is the caller's own); the leak test (a seat's view of a match equals its
view of ``determinize(seat, ...)``); and every legal action of a determinized world plays.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import popote
from popote.core.actions import FrozenDict, FrozenList
from popote.core.chance import Chance
from popote.core.errors import shown

from .configs import MAX_STEPS, match_configs

NOT_A_SEAT = -1
WORLD_CHECK_STEP = 12
HUGE = 10**5000  # too long for Python to write out in decimal
WORLD_STEPS = frozenset({7, 30, 100, 300, 1000, 3000})
"""Where sampled worlds play every legal action: early, middle and late positions."""
VANDAL_STEPS = frozenset({30})
"""Where everything handed out is changed by the caller (it compares every event: sparse)."""


def is_checkpoint(step: int) -> bool:
    """Every 5th step early on, then more sparsely, so long games stay linear in cost."""
    return step % 5 == 0 if step < 200 else step % 97 == 0


def snapshot(match: popote.Match, whole_history: bool = False) -> str:
    """Everything any seat (or a spectator) can observe, as one comparable string."""
    seats: list[int | None] = [None, *range(match.players)]
    history = match.history
    observed: dict[str, Any] = {
        "to_act": match.to_act,
        "over": match.over,
        "views": [match.view(seat) for seat in seats],
        "legal": [match.legal_actions(seat) for seat in range(match.players)],
        "history": history if whole_history else (len(history), history[-1:]),
    }
    return json.dumps(observed, sort_keys=True, default=str)


def assert_json(value: Any) -> None:
    assert json.loads(json.dumps(value)) is not None


ATOMS = (str, int, float, bool, type(None))


def deeply_frozen(value: Any) -> bool:
    """Whether nothing in ``value`` can be changed: frozen dicts and lists, tuples, atoms."""
    if isinstance(value, FrozenDict):
        return all(map(deeply_frozen, value.values()))
    if isinstance(value, FrozenList | tuple):
        return all(map(deeply_frozen, value))
    return isinstance(value, ATOMS)


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


DEEP = nested(2000)  # no match may change what it is sent, so one is enough


def look_alikes(action: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The action with one field hostile: huge, deep, or a number in the wrong JSON type."""
    for key, value in action.items():
        if key == "type":
            continue
        yield {**action, key: HUGE}
        yield {**action, key: DEEP}
        if type(value) is int:
            yield {**action, key: float(value)}
            if value in (0, 1):
                yield {**action, key: bool(value)}


def check_illegal_inputs_change_nothing(match: popote.Match, chance: Chance) -> None:
    before = snapshot(match)
    seat = match.to_act[0]
    waiting = [s for s in range(match.players) if s not in match.to_act]
    attempts: list[tuple[Any, Any]] = [
        (seat, {"type": "no-such-action"}),
        (seat, {}),
        (seat, "play"),
        (seat, None),
        (seat, {"type": ["not", "hashable"], "card": {"x": 1}}),
        (NOT_A_SEAT, match.legal_actions(seat)[0]),
        ("0", match.legal_actions(seat)[0]),
        (seat, {**match.legal_actions(seat)[0], "extra": 1}),
        (HUGE, match.legal_actions(seat)[0]),
        (seat, DEEP),
    ]
    attempts += [(seat, fake) for fake in look_alikes(chance.choice(match.legal_actions(seat)))]
    if waiting:
        attempts.append((chance.choice(waiting), match.legal_actions(seat)[0]))
    for bad_seat, bad_action in attempts:
        with pytest.raises(popote.IllegalAction) as caught:
            match.act(bad_seat, bad_action)
        assert str(caught.value) and caught.value.message("en")
    # One comparison for them all: a refused action that changed anything leaves a trace.
    assert snapshot(match) == before, f"state changed after one of {list(map(shown, attempts))}"


def check_leaks(match: popote.Match, chance: Chance) -> None:
    for seat in range(match.players):
        world = match.determinize(seat, chance.below(1 << 30))
        assert world.view(seat) == match.view(seat)
        assert world.to_act == match.to_act
        assert world.legal_actions(seat) == match.legal_actions(seat)
        assert world.view(None) == match.view(None)


def check_sampled_worlds_leave_the_match_alone(match: popote.Match, chance: Chance) -> None:
    """Playing out determinized worlds changes nothing in the real match, hidden state included.

    An untouched clone and the match then play the same actions: any difference in what
    they show afterwards (a shared list, the generator advanced...) fails here.
    """
    witness = match.clone()
    for seat in range(match.players):
        world = match.determinize(seat, chance.below(1 << 30))
        for _ in range(200):
            if world.over:
                break
            actor = world.to_act[0]
            world.act(actor, chance.choice(world.legal_actions(actor)))
    for _ in range(30):
        if match.over:
            break
        actor = match.to_act[0]
        action = chance.choice(match.legal_actions(actor))
        assert match.act(actor, action) == witness.act(actor, action)
    assert snapshot(match) == snapshot(witness)


def refused(change: Callable[..., object], *args: Any, **fields: Any) -> None:
    """Try a change; the engine may refuse it (a frozen value), never take it half-way."""
    with contextlib.suppress(TypeError):
        change(*args, **fields)


def vandalise(value: Any) -> None:
    """Change everything reachable in ``value`` that Python lets a caller change."""
    if isinstance(value, dict):
        refused(type(value).__init__, value, vandalised=True)
        for item in list(value.values()):
            vandalise(item)
        for key in list(value):
            refused(value.__setitem__, key, "vandalised")
        refused(value.__setitem__, "vandalised", True)
    elif isinstance(value, list | tuple):
        for item in value:
            vandalise(item)
        if isinstance(value, list):
            refused(type(value).__init__, value, ["vandalised"])
            refused(value.append, "vandalised")


def everything_seen(match: popote.Match) -> str:
    events = [match.events(seat) for seat in [None, *range(match.players)]]
    return snapshot(match, whole_history=True) + json.dumps(events, sort_keys=True, default=str)


def check_handed_out_values_are_the_callers_own(match: popote.Match, chance: Chance) -> None:
    """Changing views, events, history or legal actions leaves the match as it was."""
    before = everything_seen(match)
    for seat in [None, *range(match.players)]:
        vandalise(match.view(seat))
        vandalise(match.events(seat))
    vandalise([match.legal_actions(seat) for seat in range(match.players)])
    vandalise(match.history)
    assert everything_seen(match) == before
    witness = match.clone()
    actor = chance.choice(match.to_act)
    action = chance.choice(match.legal_actions(actor))
    witness.act(actor, action)
    expected = everything_seen(witness)
    vandalise(match.act(actor, action))
    assert everything_seen(match) == expected


def check_determinized_worlds_accept_their_legal_actions(
    match: popote.Match, chance: Chance, step: int
) -> None:
    """Every legal action of every seat to act in a sampled world plays without error."""
    seat = chance.below(match.players)
    world_seed = chance.below(1 << 30)
    world = match.determinize(seat, world_seed)
    for actor in world.to_act:
        for action in world.legal_actions(actor):
            try:
                world.clone().act(actor, action)
            except Exception as error:  # any failure at all: report it with its repro
                repro = (
                    f"{match.name} players={match.players} seed={match.seed} "
                    f"options={match.options} step={step}: determinize({seat}, {world_seed}) "
                    f"then act({actor}, {dict(action)}) raised {error!r}"
                )
                raise AssertionError(repro) from error


def random_playthrough(name: str, players: int, seed: int, options: dict[str, Any]) -> popote.Match:
    match = popote.new_match(name, players=players, seed=seed, options=options)
    chance = Chance(seed + 1000)
    assert_json(match.events(None))
    for step in range(MAX_STEPS):
        if match.over:
            break
        assert match.to_act, "a match that is not over has someone to act"
        for seat in range(match.players):
            legal = match.legal_actions(seat)
            assert bool(legal) == (seat in match.to_act)
            assert all("type" in action for action in legal)
            assert_json(legal)
        if step == WORLD_CHECK_STEP:
            check_sampled_worlds_leave_the_match_alone(match, chance)
            continue
        if step in WORLD_STEPS:
            check_determinized_worlds_accept_their_legal_actions(match, chance, step)
        if step in VANDAL_STEPS:
            check_handed_out_values_are_the_callers_own(match, chance)
            continue
        if is_checkpoint(step):
            check_illegal_inputs_change_nothing(match, chance)
            check_leaks(match, chance)
            for seat in [None, *range(players)]:
                assert_json(match.view(seat))
        seat = chance.choice(match.to_act)
        action = chance.choice(match.legal_actions(seat))
        sent = json.loads(json.dumps(action)) if step % 2 else action
        events = match.act(seat, sent)
        assert_json(events)
        assert all(isinstance(event, dict) and "type" in event for event in events)
        assert all(map(deeply_frozen, events)), "an event handed out can be changed"
    assert match.over, f"no end after {MAX_STEPS} steps"
    return match


def config_ids() -> Iterator[Any]:
    for name, players, options in match_configs():
        label = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        yield pytest.param(name, players, options, id=f"{name}-{players}p-{label}")


@pytest.mark.parametrize(("name", "players", "options"), list(config_ids()))
def test_random_play_keeps_the_contract(name: str, players: int, options: dict[str, Any]) -> None:
    match = random_playthrough(name, players, seed=players * 31 + len(options), options=options)
    result = match.result()
    assert_json(result)
    assert len(result["scores"]) == players
    assert set(result["winners"]) <= set(range(players))
    assert match.to_act == ()
    vandalise(match.result())
    assert match.result() == result
    with pytest.raises(popote.IllegalAction):
        match.act(0, {"type": "anything"})
    again = popote.replay(name, players, match.seed, options, json.loads(json.dumps(match.history)))
    assert snapshot(again, whole_history=True) == snapshot(match, whole_history=True)
    assert again.result() == result


@pytest.mark.parametrize("name", popote.game_names())
def test_same_seed_same_match_and_clones_are_independent(name: str) -> None:
    players = popote.game_info(name)["default_players"]
    first = popote.new_match(name, players=players, seed=99)
    second = popote.new_match(name, players=players, seed=99)
    assert snapshot(first) == snapshot(second)
    twin = first.clone()
    before = snapshot(first)
    seat = twin.to_act[0]
    twin.act(seat, twin.legal_actions(seat)[-1])
    assert snapshot(first) == before
    assert popote.new_match(name, players=players, seed=100).view(None) is not None


@pytest.mark.parametrize("name", popote.game_names())
def test_bad_setups_are_refused_with_a_clear_message(name: str) -> None:
    info = popote.game_info(name)
    bad_setups: list[dict[str, Any]] = [
        {"players": info["max_players"] + 1},
        {"players": info["min_players"] - 1},
        {"players": "3"},
        {"options": {"no_such_option": True}},
        {"seed": "seven"},
    ]
    for key, spec in info["options"].items():
        bad_setups.append({"options": {key: "???" if spec["type"] != "choice" else 12345}})
    for setup in bad_setups:
        with pytest.raises(ValueError) as caught:
            popote.new_match(name, **setup)
        assert isinstance(caught.value, popote.PopoteError)
        assert str(caught.value) != caught.value.message("en")


@pytest.mark.parametrize("name", popote.game_names())
def test_unknown_seats_are_refused(name: str) -> None:
    match = popote.new_match(name, seed=3)
    for seat in (-1, match.players, "1", 1.5):
        with pytest.raises(popote.InvalidSeat):
            match.view(seat)  # type: ignore[arg-type]
        assert match.legal_actions(seat) == []  # type: ignore[arg-type]
    with pytest.raises(popote.MatchNotOver):
        match.result()


@pytest.mark.parametrize("name", popote.game_names())
def test_every_choice_is_named_for_people_in_both_languages(name: str) -> None:
    """Forms and menus show each choice by its name, never the value typed on a command line
    ("two_bakers", "reshuffle"): every game names every value of its choice options."""
    for key, spec in popote.game_info(name)["options"].items():
        if spec["type"] != "choice":
            continue
        assert list(spec["labels"]) == spec["choices"], key
        for value, label in spec["labels"].items():
            assert label["fr"].strip() and label["en"].strip(), (key, value)
            assert label["fr"] != value, (key, value)
