"""The rulebook's worked examples, with Emilie (seat 0), Marie (seat 1) and Jean-Yves (seat 2)."""

from __future__ import annotations

from typing import Any

from popote.games.pieds_dans_le_plat.scenario import scenario_match

EMILIE, MARIE, JEAN_YVES = 0, 1, 2


def play(match: Any, seat: int, card: int) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = match.act(seat, {"type": "play", "card": card})
    return events


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events if "visible_to" not in event]


def test_totals_add_up_from_the_starting_card() -> None:
    match = scenario_match(
        hands=[[7, 1, 1], [9, 1, 1], [2, 1, 1]], islands=[[13], [14], [15]], top_card=4
    )
    assert play(match, EMILIE, 7)[0]["total"] == 11
    assert play(match, MARIE, 9)[0]["total"] == 20
    assert play(match, JEAN_YVES, 2)[0]["total"] == 22
    assert match.to_act == (EMILIE,)
    assert all(len(match.view(seat)["hand"]) == 3 for seat in range(3))


def test_dropping_below_ten_turns_up_and_the_right_hand_neighbour_draws_an_island() -> None:
    match = scenario_match(
        hands=[[6, 1, 1], [5, 1, 1], [8, 1, 1]],
        islands=[[13], [14], [15]],
        top_card=2,
        total=16,
        direction="down",
        current=MARIE,
        island_pile=[24, 25, 26],
    )
    assert play(match, MARIE, 5)[0]["total"] == 11
    events = play(match, JEAN_YVES, 8)
    assert events[0]["total"] == 3
    drawn = next(event for event in events if event["type"] == "island_drawn")
    assert (drawn["seat"], drawn["island"], drawn["direction"]) == (MARIE, 24, "up")
    assert match.view(MARIE)["islands"] == [14, 24]
    assert play(match, EMILIE, 6)[0]["total"] == 9


def test_landing_on_another_players_island_costs_a_penalty_but_ones_own_is_safe() -> None:
    match = scenario_match(
        hands=[[1, 1, 1], [3, 1, 1], [2, 1, 1]],
        islands=[[18], [12], [20]],
        top_card=5,
        total=15,
        current=MARIE,
    )
    events = play(match, MARIE, 3)
    penalty = next(event for event in events if event["type"] == "penalty")
    assert (penalty["seat"], penalty["penalties"]) == (MARIE, 1)
    caught = next(event for event in events if event["type"] == "island_caught")
    assert (caught["seat"], caught["holder"], caught["island"]) == (MARIE, EMILIE, 18)
    events = play(match, JEAN_YVES, 2)
    assert events[0]["total"] == 20
    assert "penalty" not in kinds(events)
    assert match.view(None)["penalties"] == [0, 1, 0]


def test_the_idea_of_the_game_sequences_turn_past_30_and_below_10_only() -> None:
    match = scenario_match(
        hands=[[1, 4, 9], [5, 1, 9], [3, 8, 9]],
        islands=[[10], [11], [12]],
        top_card=8,
        total=28,
    )
    totals = [
        play(match, seat % 3, card)[0]["total"] for seat, card in enumerate([1, 5, 3, 4, 1, 8])
    ]
    assert totals == [29, 34, 31, 27, 26, 18]
    up_again = scenario_match(
        hands=[[2, 1, 1], [6, 1, 1], [3, 1, 1]],
        islands=[[13], [14], [15]],
        top_card=2,
        total=12,
        direction="down",
    )
    assert [play(up_again, seat, card)[0]["total"] for seat, card in enumerate([2, 6, 3])] == [
        10,
        4,
        7,
    ]
    assert up_again.view(None)["direction"] == "up"
