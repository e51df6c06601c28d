"""Invariants over random play, for every player count and option."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import popote
from popote.games.pieds_dans_le_plat.cards import (
    HAND_SIZE,
    ISLAND_VALUES,
    NUMBER_CARD_COUNTS,
    PENALTY_CARDS,
    PENALTY_LIMIT,
)

NUMBER_CARDS = sum(NUMBER_CARD_COUNTS.values())

setups = st.tuples(
    st.integers(min_value=2, max_value=5),
    st.fixed_dictionaries(
        {"assisted": st.booleans(), "empty_pile": st.sampled_from(["reshuffle", "end"])}
    ),
    st.integers(min_value=0, max_value=2**32),
)


class IslandLedger:
    """Who holds which island, learnt only from public events."""

    def __init__(self, events: list[dict[str, Any]]) -> None:
        self.holder: dict[int, int] = {}
        self.learn(events)

    def learn(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            if event["type"] == "islands_shown":
                for seat, own in enumerate(event["islands"]):
                    self.holder.update(dict.fromkeys(own, seat))
            elif event["type"] == "island_drawn":
                self.holder[event["island"]] = event["seat"]


def check_table(match: popote.Match) -> None:
    public = match.view(None)
    hands = [match.view(seat)["hand"] for seat in range(match.players)]
    assert all(card in NUMBER_CARD_COUNTS for hand in hands for card in hand)
    in_play = sum(len(hand) for hand in hands) + public["draw_pile_size"] + public["discard_size"]
    assert in_play == NUMBER_CARDS
    assert sum(public["island_counts"]) + public["islands_left"] == len(ISLAND_VALUES)
    assert sum(public["penalties"]) <= PENALTY_CARDS
    assert 0 <= public["total"] <= 39
    if public["direction"] == "up":
        assert public["total"] <= 30
    else:
        assert public["total"] >= 10


@settings(max_examples=40, deadline=None)
@given(
    setup=setups, picks=st.lists(st.integers(min_value=0, max_value=2), min_size=400, max_size=400)
)
def test_random_play_keeps_every_card_and_counts_penalties_right(
    setup: tuple[int, dict[str, Any], int], picks: list[int]
) -> None:
    players, options, seed = setup
    match = popote.new_match("pieds-dans-le-plat", players=players, seed=seed, options=options)
    ledger = IslandLedger(match.events(None))
    penalties = [0] * players
    for pick in picks:
        if match.over:
            break
        check_table(match)
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        events = match.act(seat, legal[pick % len(legal)])
        played = events[0]
        holder = ledger.holder.get(played["total"])
        penalised = [e for e in events if e["type"] == "penalty"]
        assert bool(penalised) == (holder is not None and holder != seat)
        penalties[seat] += len(penalised)
        ledger.learn(events)
        if not match.over:
            assert len(match.view(seat)["hand"]) == HAND_SIZE
    check_table(match)
    assert match.view(None)["penalties"] == penalties
    if match.over:
        result = match.result()
        assert result["end"] != "fourth_penalty" or max(penalties) == PENALTY_LIMIT
        assert result["winners"] == [s for s in range(players) if penalties[s] == min(penalties)]
        assert (
            popote.replay("pieds-dans-le-plat", players, seed, options, match.history).result()
            == result
        )


@settings(max_examples=25, deadline=None)
@given(setup=setups, steps=st.integers(min_value=0, max_value=60), viewer=st.integers(0, 4))
def test_a_determinized_world_looks_the_same_to_its_seat(
    setup: tuple[int, dict[str, Any], int], steps: int, viewer: int
) -> None:
    players, options, seed = setup
    seat = viewer % players
    match = popote.new_match("pieds-dans-le-plat", players=players, seed=seed, options=options)
    for _ in range(steps):
        if match.over:
            break
        actor = match.to_act[0]
        match.act(actor, match.legal_actions(actor)[0])
    world = match.determinize(seat, seed + 1)
    assert world.view(seat) == match.view(seat)
    assert world.view(None) == match.view(None)
