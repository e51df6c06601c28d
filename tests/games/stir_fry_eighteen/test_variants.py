"""The end of the game and the four variants: finish the round, Chef étoilé, Garde-manger
vide, En plein dans le mille; and the round limit that settles endless games."""

from __future__ import annotations

from collections import Counter

import popote
from popote.games.stir_fry_eighteen.scenario import scenario_match

from .helpers import END, PASS, TEST, cook, of_type, protein

PORK_DISH = ("porc", "champignons", "nouilles")  # 8 + 2 + 1 = 11 points


def test_the_first_chef_to_fifty_wins_at_once() -> None:
    m = scenario_match(hands=[[*PORK_DISH], ["poulet"], ["crevette"]], scores=[40, 48, 0])
    events = cook(m, 0, *PORK_DISH)
    assert m.over and m.to_act == ()
    assert m.result()["winners"] == [0] and m.result()["scores"] == [51, 48, 0]
    assert of_type(events, "game_over")[0]["end"] == "target"


def test_finish_round_lets_every_chef_play_as_often_and_shares_ties() -> None:
    hands = [[*PORK_DISH], ["poulet"], ["crevette", "gingembre", "sauce_soja", "nouilles"]]
    m = scenario_match(hands=hands, scores=[40, 10, 33], options={"finish_round": True})
    cook(m, 0, *PORK_DISH)
    assert not m.over
    events = m.act(0, END)
    events += m.act(1, END)
    assert m.to_act == (2,)
    events += cook(m, 2, "crevette", "gingembre", "sauce_soja", "nouilles")
    assert not m.over and m.view(None)["scores"] == [51, 10, 50]
    events += m.act(2, END)
    assert m.over and m.result()["winners"] == [0] and m.result()["end"] == "round_finished"
    started = Counter(e["seat"] for e in of_type(events, "turn_started"))
    assert started == Counter({1: 1, 2: 1})  # seat 0 was already playing: one turn each


def test_rule_finish_round_ties_are_shared() -> None:
    hands = [[*PORK_DISH], ["poulet"]]
    m = scenario_match(hands=hands, scores=[40, 51], current=0, options={"finish_round": True})
    cook(m, 0, *PORK_DISH)
    m.act(0, END)
    assert not m.over
    m.act(1, END)
    assert m.over and m.result()["winners"] == [0, 1]


def fall_back_under_the_target(round_end: str | None) -> popote.Match:
    """Seat 0 reaches 51, then loses 5 points on a failed test before the round ends."""
    options: dict[str, object] = {"finish_round": True}
    if round_end is not None:
        options["round_end"] = round_end
    hands = [[*PORK_DISH], ["poulet"], ["crevette"]]
    m = scenario_match(hands=hands, scores=[40, 0, 44], options=options)
    cook(m, 0, *PORK_DISH)
    m.act(0, END)
    m.act(1, protein("poulet", "poulet"))
    m.act(0, TEST)
    m.act(2, PASS)  # seat 0's test stands: with no cards, it falls back to 46
    m.act(1, END)
    m.act(2, END)
    return m


def test_rule_finish_round_ends_the_game_even_if_the_chef_fell_back_under_the_target() -> None:
    m = fall_back_under_the_target(None)
    assert m.over and m.result()["end"] == "round_finished"
    assert m.result()["scores"] == [46, 0, 44] and m.result()["winners"] == [0]


def test_rule_finish_round_held_goes_on_if_no_one_is_at_the_target_when_it_ends() -> None:
    m = fall_back_under_the_target("held")
    assert not m.over and m.view(None)["scores"] == [46, 0, 44] and m.to_act == (0,)


def test_star_chef_plays_to_three_hundred() -> None:
    m = scenario_match(
        hands=[[*PORK_DISH], ["poulet"]], scores=[60, 0], options={"star_chef": True}
    )
    cook(m, 0, *PORK_DISH)
    assert not m.over and m.view(None)["target"] == 300
    m = scenario_match(
        hands=[[*PORK_DISH], ["poulet"]], scores=[290, 0], options={"star_chef": True}
    )
    cook(m, 0, *PORK_DISH)
    assert m.over and m.result()["winners"] == [0]


def test_a_chosen_target_replaces_fifty_and_star_chefs_three_hundred() -> None:
    m = scenario_match(hands=[[*PORK_DISH], ["poulet"]], scores=[20, 0], options={"target": 30})
    cook(m, 0, *PORK_DISH)
    assert m.over and m.result()["winners"] == [0] and m.result()["target"] == 30
    m = scenario_match(
        hands=[[*PORK_DISH], ["poulet"]],
        scores=[290, 0],
        options={"target": 400, "star_chef": True},
    )
    cook(m, 0, *PORK_DISH)
    assert not m.over and m.view(None)["target"] == 400


def test_empty_pantry_skips_the_opening_draw() -> None:
    m = scenario_match(hands=[["nouilles"], ["poulet"]], options={"empty_pantry": True})
    events = m.act(0, END)
    assert not of_type(events, "cards_drawn")
    assert m.to_act == (1,) and m.view(1)["hand"] == ["poulet"]


def test_bullseye_wins_on_exactly_fifty() -> None:
    m = scenario_match(hands=[[*PORK_DISH], ["poulet"]], scores=[39, 0], options={"bullseye": True})
    cook(m, 0, *PORK_DISH)
    assert m.over and m.result()["winners"] == [0] and m.result()["scores"] == [50, 0]


def test_rule_bullseye_an_overshooting_dish_is_cooked_for_nothing() -> None:
    m = scenario_match(hands=[[*PORK_DISH], ["poulet"]], scores=[45, 0], options={"bullseye": True})
    events = cook(m, 0, *PORK_DISH)
    assert of_type(events, "dish_cooked")[0]["bust"]
    assert not m.over and m.view(0)["scores"] == [45, 0] and m.view(0)["hand"] == []


def test_rule_bullseye_forbidden_overshoot_offers_only_dishes_that_fit() -> None:
    hand = ["porc", "champignons", "nouilles", "sauce_soja"]
    options = {"bullseye": True, "overshoot": "forbidden"}
    m = scenario_match(hands=[hand, ["poulet"]], scores=[45, 0], options=options)
    dishes = [a["dish"] for a in m.legal_actions(0) if a["type"] == "cook"]
    assert dishes == ["sauce_soja+champignons+nouilles"]


def test_bust_and_forbidden_overshoot_each_keep_their_own_dishes_side_by_side() -> None:
    hand = ["porc", "champignons", "nouilles", "sauce_soja"]
    dishes: dict[str, list[str]] = {}
    for overshoot in ("bust", "forbidden", "bust"):
        options = {"bullseye": True, "overshoot": overshoot}
        m = scenario_match(hands=[hand, ["poulet"]], scores=[45, 0], options=options)
        cooks = [a["dish"] for a in m.legal_actions(0) if a["type"] == "cook"]
        assert dishes.setdefault(overshoot, cooks) == cooks
    assert len(dishes["bust"]) == 4 and dishes["forbidden"] == ["sauce_soja+champignons+nouilles"]


def test_rule_the_round_limit_ends_the_game_with_the_best_score() -> None:
    hands = [["nouilles"], ["poulet"], ["porc"]]
    options = {"round_limit": 10}
    m = scenario_match(
        hands=hands, scores=[20, 31, 31], current=1, round_number=10, options=options
    )
    m.act(1, END)
    assert not m.over
    m.act(2, END)
    assert m.over and m.result()["winners"] == [1, 2] and m.result()["end"] == "round_limit"
    assert m.result()["rounds"] == 10
