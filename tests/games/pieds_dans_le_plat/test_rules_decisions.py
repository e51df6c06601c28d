"""One test per decision recorded in docs/rules/pieds-dans-le-plat.md."""

from __future__ import annotations

from typing import Any

import popote
from popote.games.pieds_dans_le_plat.scenario import scenario_match
from popote.lab.simulate import Batch, simulate


def play(match: popote.Match, seat: int, card: int) -> list[dict[str, Any]]:
    return match.act(seat, {"type": "play", "card": card})


def test_exactly_30_keeps_going_up_and_exactly_10_keeps_going_down() -> None:
    up = scenario_match(hands=[[3, 1, 1], [1, 1, 1]], islands=[[11], [12]], top_card=2, total=27)
    assert play(up, 0, 3)[0]["total"] == 30
    assert up.view(None)["direction"] == "up"
    down = scenario_match(
        hands=[[3, 1, 1], [1, 1, 1]], islands=[[11], [12]], top_card=2, total=13, direction="down"
    )
    assert play(down, 0, 3)[0]["total"] == 10
    assert down.view(None)["direction"] == "down"


def test_the_right_hand_neighbour_of_the_first_seat_is_the_last_seat() -> None:
    match = scenario_match(
        hands=[[9, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1]],
        islands=[[11], [12], [13], [14]],
        top_card=2,
        total=25,
        island_pile=[22, 23],
    )
    drawn = next(e for e in play(match, 0, 9) if e["type"] == "island_drawn")
    assert drawn["seat"] == 3


def test_an_empty_number_pile_is_rebuilt_from_the_discard_pile_by_default() -> None:
    match = scenario_match(
        hands=[[1, 1, 1], [2, 2, 2]], islands=[[11], [12]], top_card=3, total=20, draw_pile=[]
    )
    events = play(match, 0, 1)
    reshuffled = next(e for e in events if e["type"] == "pile_reshuffled")
    hands = sum(match.view(seat)["hand_sizes"][seat] for seat in range(2))
    cards_in_hands_when_reshuffled = 5
    assert reshuffled["size"] == 58 - cards_in_hands_when_reshuffled - 1
    assert hands == 6 and match.view(None)["draw_pile_size"] == reshuffled["size"] - 1
    assert match.view(None)["top_card"] == 1 and not match.over


def test_with_empty_pile_end_the_game_stops_when_a_card_cannot_be_drawn() -> None:
    match = scenario_match(
        hands=[[1, 1, 1], [2, 2, 2]],
        islands=[[11], [12]],
        top_card=3,
        total=20,
        draw_pile=[],
        penalties=[1, 2],
        options={"empty_pile": "end"},
    )
    play(match, 0, 1)
    assert match.over
    assert match.result()["end"] == "empty_pile"
    assert match.result()["winners"] == [0]


def test_ties_share_the_victory() -> None:
    match = scenario_match(
        hands=[[2, 1, 1], [1, 1, 1], [1, 1, 1]],
        islands=[[11], [22], [13]],
        top_card=2,
        total=20,
        penalties=[3, 1, 1],
    )
    play(match, 0, 2)
    result = match.result()
    assert result["end"] == "fourth_penalty"
    assert result["winners"] == [1, 2]
    assert result["scores"] == [4, 1, 1]


def test_drawing_the_last_island_ends_the_game_at_once() -> None:
    match = scenario_match(
        hands=[[9, 1, 1], [1, 1, 1]], islands=[[11], [12]], top_card=2, total=25, island_pile=[30]
    )
    events = play(match, 0, 9)
    assert [e["type"] for e in events if "visible_to" not in e and "hidden_from" not in e] == [
        "card_played",
        "island_drawn",
        "game_over",
    ]
    assert match.over and match.result()["end"] == "last_island"
    assert match.view(0)["hand_sizes"] == [2, 3]


def test_a_zero_on_another_players_island_still_costs_a_penalty() -> None:
    match = scenario_match(hands=[[0, 1, 1], [1, 1, 1]], islands=[[11], [18]], top_card=4, total=18)
    events = play(match, 0, 0)
    assert any(e["type"] == "island_caught" and e["holder"] == 1 for e in events)
    assert any(e["type"] == "penalty" and e["seat"] == 0 for e in events)


def test_by_default_a_seat_sees_only_its_own_islands_and_assisted_shows_all() -> None:
    islands = [[11, 15], [12, 16]]
    plain = scenario_match(hands=[[1, 1, 1], [2, 2, 2]], islands=islands, top_card=3)
    assert plain.view(0)["islands"] == [11, 15]
    assert "all_islands" not in plain.view(0) and "all_islands" not in plain.view(None)
    assisted = scenario_match(
        hands=[[1, 1, 1], [2, 2, 2]], islands=islands, top_card=3, options={"assisted": True}
    )
    assert assisted.view(0)["all_islands"] == islands
    assert assisted.view(None)["all_islands"] == islands


def test_islands_are_shown_to_everyone_at_the_start_and_kept_by_determinize() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=11)
    shown = next(e for e in match.events(1) if e["type"] == "islands_shown")
    assert [len(own) for own in shown["islands"]] == [2, 2, 2]
    world = match.determinize(1, seed=5)
    for seat in range(3):
        assert world.view(seat)["islands"] == match.view(seat)["islands"]


def test_the_first_seat_starts_going_up_from_the_starting_card() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=4, seed=2)
    view = match.view(None)
    start = next(e for e in match.events(None) if e["type"] == "start_card")
    assert match.to_act == (0,)
    assert view["direction"] == "up" and view["total"] == start["card"] == view["top_card"]
    assert view["island_counts"] == [1, 1, 1, 1]


def test_the_heuristic_bot_avoids_islands_it_was_shown_and_beats_random_bots() -> None:
    batch = Batch("pieds-dans-le-plat", players=2, games=60, seed=1)
    report = simulate(batch, ["heuristic", "random"])
    heuristic, random = report["seats"]
    assert heuristic["mean_score"] < random["mean_score"]
    assert heuristic["win_rate"] > random["win_rate"]
