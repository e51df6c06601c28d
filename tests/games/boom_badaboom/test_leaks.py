"""Secrets kept: hands, roles, looks at a hand, reveals and draws reach exactly the right seats."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import popote
from popote.core.chance import Chance


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 5), steps=st.integers(0, 120))
def test_a_seat_sees_the_same_in_every_world_it_cannot_tell_apart(
    seed: int, players: int, steps: int
) -> None:
    match = popote.new_match("boom-badaboom", players=players, seed=seed)
    chance = Chance(seed)
    for _ in range(steps):
        if match.over:
            break
        seat = chance.choice(match.to_act)
        match.act(seat, chance.choice(match.legal_actions(seat)))
    for seat in range(players):
        for salt in range(2):
            world = match.determinize(seat, seed + salt)
            assert world.view(seat) == match.view(seat)
            assert world.view(None) == match.view(None)
            assert world.to_act == match.to_act
            assert world.legal_actions(seat) == match.legal_actions(seat)


def test_roles_are_hidden_and_resampled_for_the_others() -> None:
    match = popote.new_match("boom-badaboom", players=5, seed=11)
    seat = next(s for s in range(5) if match.view(s)["role"] != "glouton")
    mine = match.view(seat)["role"]
    assert match.view(seat)["roles"].count(None) == 4
    farceur_seats = set()
    for salt in range(30):
        world = match.determinize(seat, salt)
        assert world.view(seat)["role"] == mine
        farceur_seats |= {s for s in range(5) if s != seat and world.view(s)["role"] == "farceur"}
    assert len(farceur_seats) > 2 and seat not in farceur_seats


def test_setup_events_show_each_seat_its_own_role_and_hand_only() -> None:
    match = popote.new_match("boom-badaboom", players=4, seed=3)
    for seat in range(4):
        for event in match.events(seat):
            if event["type"] == "role_dealt":
                assert event["seat"] == seat
            if event["type"] == "hand_dealt" and "cards" in event:
                assert event["seat"] == seat
    assert all("role" not in e and "cards" not in e for e in match.events(None))


def test_at_the_start_no_one_knows_any_card_of_another_hand() -> None:
    match = popote.new_match("boom-badaboom", players=3, seed=8)
    for seat in range(3):
        assert match.view(seat)["known"] == [[], [], []]
        assert "hand" in match.view(seat) and "hand" not in match.view(None)
