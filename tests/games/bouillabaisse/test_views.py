"""What each seat sees, the leak test, determinization, and the text for people."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import popote
from popote.core.chance import Chance
from popote.core.wording import decimal
from popote.games.bouillabaisse import GAME
from popote.games.bouillabaisse.scenario import scenario_match

from .helpers import play


def voids_shown(match: popote.Match) -> dict[int, set[str]]:
    """The suits each seat showed it lacks in the current manche, from public events."""
    voids: dict[int, set[str]] = {}
    led = None
    for event in match.events(None):
        if event["type"] == "manche_start":
            voids, led = {}, None
        elif event["type"] == "play":
            suit = event["card"][-1]
            if led is None:
                led = suit
            elif suit != led:
                voids.setdefault(event["seat"], set()).add(led)
        elif event["type"] == "trick":
            led = None
    return voids


@pytest.mark.parametrize("players", [2, 4, 7, 12])
@settings(max_examples=3, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 400))
def test_leak_views_of_a_determinized_world_are_unchanged(
    players: int, seed: int, steps: int
) -> None:
    match = popote.new_match("bouillabaisse", players=players, seed=seed)
    chance = Chance(seed)
    for _ in range(steps):
        if match.over:
            break
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        match.act(seat, legal[chance.below(len(legal))])
    voids = voids_shown(match)
    for seat in range(players):
        world = match.determinize(seat, chance.below(1 << 30))
        assert world.view(seat) == match.view(seat)
        assert world.view(None) == match.view(None)
        assert world.legal_actions(seat) == match.legal_actions(seat)
        for other in range(players):
            held = {card[-1] for card in world.view(other)["hand"]}
            assert not held & voids.get(other, set()), "a void shown was refilled"
        for actor in world.to_act:  # a sampled world must be playable by every seat to act
            for action in world.legal_actions(actor):
                world.clone().act(actor, action)


def test_determinize_deals_other_hands_again() -> None:
    match = popote.new_match("bouillabaisse", players=4, seed=5)
    worlds = [match.determinize(0, seed) for seed in range(5)]
    assert any(world.view(1)["hand"] != match.view(1)["hand"] for world in worlds)
    assert all(world.view(0)["hand"] == match.view(0)["hand"] for world in worlds)


def test_a_seat_sees_its_hand_only_and_tricks_lie_face_down() -> None:
    m = scenario_match([["AH", "2C"], ["KH", "3C"], ["QH", "4C"]])
    play(m, "KH", "QH", "AH")
    view = m.view(1)
    assert view["hand"] == ["3C"]
    assert "hand" not in m.view(None)
    assert view["hand_sizes"] == [1, 1, 1]
    assert view["tricks_taken"] == [1, 0, 0]
    assert view["last_trick"] == {
        "cards": [{"seat": 1, "card": "KH"}, {"seat": 2, "card": "QH"}, {"seat": 0, "card": "AH"}],
        "winner": 0,
    }
    play(m, "2C")
    assert m.view(2)["trick"] == [{"seat": 0, "card": "2C"}]
    assert m.view(2)["led"] == "C"
    assert "taken" not in view and "won" not in view  # no list of every card taken


def test_hands_are_private_in_events() -> None:
    m = popote.new_match("bouillabaisse", players=3, seed=1)
    for seat in range(3):
        hands = [e for e in m.events(seat) if e["type"] == "hand"]
        assert [e["seat"] for e in hands] == [seat]
        assert sorted(hands[0]["cards"]) == sorted(m.view(seat)["hand"])
    assert not [e for e in m.events(None) if e["type"] == "hand"]


def lines(match: popote.Match, lang: Any) -> list[str]:
    names = [f"P{seat}" for seat in range(match.players)]
    found = [GAME.presenter.event(e, lang, names) for e in match.events(0)]
    return [line for line in found if line]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_presenter_tells_every_event_and_scores_after_each_manche(lang: Any) -> None:
    match = popote.new_match("bouillabaisse", players=4, seed=2, options={"tout_ou_rien": True})
    chance = Chance(2)
    while not match.over:
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        view = match.view(seat)
        names = ["P0", "P1", "P2", "P3"]
        assert all(GAME.presenter.action(a, view, lang, names) for a in legal)
        assert GAME.presenter.table(view, lang, names) and GAME.presenter.prompt(view, lang, names)
        match.act(seat, legal[chance.below(len(legal))])
    said = lines(match, lang)
    kinds = [e["type"] for e in match.events(0)]
    assert len(said) == len(kinds)  # every event seat 0 sees gets a line
    word = "Totaux" if lang == "fr" else "Totals"
    ends = [line for line in said if word in line]
    assert len(ends) == 6  # six manche ends; the game's end does not say them again
    totals = match.result()["scores"]
    colon = " : " if lang == "fr" else ": "
    assert f"P0{colon}{decimal(totals[0], lang)}" in ends[-1]


def test_action_labels_name_the_card_and_its_points() -> None:
    m = scenario_match([["KH", "2C"], ["QH", "3C"]], manche=5)
    view = m.view(1)
    labels = [GAME.presenter.action(a, view, "fr", ["A", "B"]) for a in m.legal_actions(1)]
    assert labels == ["Jouer le 3 de trèfle", "Jouer la dame de cœur (60 points)"]
    english = GAME.presenter.action(m.legal_actions(1)[1], view, "en", ["A", "B"])
    assert english == "Play the queen of hearts (60 points)"


def test_a_view_an_event_or_the_result_cannot_be_changed_and_the_match_stays() -> None:
    m = scenario_match([["AH", "2C"], ["QH", "KH"]], manche=6)
    events = play(m, "AH", "QH", "2C", "KH")
    before = m.result()
    changes: list[Callable[[], object]] = []
    for event in events:
        for value in event.values():
            if isinstance(value, list):
                changes.append(partial(value.append, 999))
            elif isinstance(value, dict):
                changes.append(value.clear)
    result = m.result()
    changes += [
        partial(result["scores"].append, 1),
        result["manches"][-1]["detail"].clear,
        partial(result["manches"][-1]["scores"].append, 1),
        partial(m.view(0)["scores"][-1].append, 1),
    ]
    for change in changes:
        with pytest.raises(TypeError, match="cannot be changed"):
            change()
    assert m.result() == before
