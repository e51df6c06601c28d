"""Taste tests: who may call, each outcome, two callers at once, and what the cards become."""

from __future__ import annotations

import popote
from popote.games.stir_fry_eighteen.scenario import scenario_match

from .helpers import END, PASS, TEST, cook, everyone_passes, of_type, pair, protein


def test_every_opponent_with_cards_or_five_points_may_answer_at_once() -> None:
    hands = [["nouilles", "porc"], ["poulet"], [], []]
    m = scenario_match(hands=hands, scores=[0, 0, 4, 5])
    m.act(0, protein("nouilles", "porc"))
    assert m.to_act == (1, 3)
    assert m.legal_actions(1) == [TEST, PASS] == m.legal_actions(3)
    assert m.legal_actions(2) == []
    assert m.view(2)["pending"] == {"seat": 0, "kind": "protein", "claim": "porc", "count": 1}


def test_no_one_able_to_call_means_the_draw_happens_at_once() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], []], scores=[0, 4])
    m.act(0, protein("porc", "porc"))
    assert m.to_act == (0,) and m.view(0)["hand_sizes"] == [4, 0]


def test_truthful_pair_costs_the_accuser_their_whole_hand() -> None:
    m = scenario_match(
        hands=[["nouilles", "nouilles", "porc"], ["gingembre", "oignon_vert"], ["poulet"]]
    )
    m.act(0, pair("nouilles", "nouilles"))
    events = m.act(1, TEST)
    assert m.to_act == (0,)  # seat 1 comes first clockwise: seat 2 is not asked any more
    test = of_type(events, "taste_test")[0]
    assert test["truthful"] and test["accuser"] == 1 and test["cards"] == ["nouilles", "nouilles"]
    assert m.view(1)["hand"] == [] and m.view(1)["my_face_down"] == ["gingembre", "oignon_vert"]
    assert m.view(2)["face_down_counts"] == [0, 2, 0]
    assert all("cards" not in e for e in of_type(popote.visible_events(events, 2), "hand_lost"))
    assert m.view(0)["hand_sizes"] == [4, 0, 1]  # porc + the 3 cards of the pair
    assert sorted(e["card"] for e in m.view(2)["face_up"]) == ["nouilles", "nouilles"]


def test_truthful_protein_costs_an_accuser_without_cards_five_points() -> None:
    m = scenario_match(hands=[["porc", "nouilles"], []], scores=[0, 12])
    m.act(0, protein("porc", "porc"))
    events = m.act(1, TEST)
    assert of_type(events, "points_lost")[0]["score"] == 7
    assert m.view(0)["scores"] == [0, 7]
    assert m.view(0)["hand_sizes"][0] == 1 + 3


def test_a_caught_bluff_stops_the_bluffer_drawing_and_gives_the_accuser_a_card() -> None:
    hand = ["nouilles", "sauce_soja", "champignons", "gingembre", "gingembre"]
    m = scenario_match(hands=[hand, ["poulet"]])
    m.act(0, protein("sauce_soja", "crevette"))
    events = m.act(1, TEST)
    test = of_type(events, "taste_test")[0]
    assert not test["truthful"] and test["cards"] == ["sauce_soja"]
    assert m.view(1)["hand_sizes"] == [4, 2]
    assert m.view(None)["caught"]
    cook(m, 0, "nouilles", "champignons", "gingembre")
    assert m.view(0)["hand_sizes"][0] == 1


def test_rule_a_caught_bluffer_may_still_discard_but_draws_nothing() -> None:
    hand = ["nouilles", "sauce_soja", "gingembre", "gingembre"]
    m = scenario_match(hands=[hand, ["poulet", "porc"]])
    m.act(0, protein("sauce_soja", "crevette"))
    m.act(1, TEST)
    assert pair("gingembre", "gingembre") in m.legal_actions(0)
    m.act(0, pair("gingembre", "gingembre"))
    events = m.act(1, TEST)  # an honest pair: the accuser still loses their hand
    assert of_type(events, "taste_test")[0]["truthful"] and m.view(1)["hand"] == []
    assert not of_type(events, "cards_drawn")
    assert m.view(0)["hand"] == ["nouilles"]


def test_rule_a_revealed_bluff_stays_face_up_until_the_end_of_the_turn() -> None:
    m = scenario_match(hands=[["nouilles", "sauce_soja", "champignons"], ["poulet"]])
    m.act(0, pair("sauce_soja", "champignons"))
    m.act(1, TEST)
    assert sorted(e["card"] for e in m.view(1)["face_up"]) == ["sauce_soja", "champignons"][::-1]
    assert m.view(0)["hand"] == ["nouilles"]  # the bluffer does not get them back
    events = m.act(0, END)
    assert of_type(events, "turn_ended")[0]["returned"] == 2
    assert m.view(None)["face_up"] == []


def test_rule_two_callers_the_first_clockwise_from_the_discarder_makes_the_test() -> None:
    hands = [["nouilles", "porc"], ["poulet"], ["gingembre"], ["crevette"]]
    m = scenario_match(hands=hands, current=0)
    m.act(0, protein("nouilles", "porc"))
    m.act(3, TEST)
    assert list(m.to_act) == [1, 2]  # seat 3 called, but seats 1 and 2 come first
    m.act(2, TEST)
    assert m.to_act == (1,)
    events = m.act(1, PASS)
    test = of_type(events, "taste_test")[0]
    assert test["accuser"] == 2 and test["callers"] == [2, 3]
    assert m.view(0)["hand_sizes"] == [1, 1, 2, 1]  # only seat 2 draws a card


def test_rule_the_nearest_caller_settles_the_window_at_once() -> None:
    hands = [["nouilles", "porc"], ["poulet"], ["gingembre"]]
    m = scenario_match(hands=hands, current=1)
    m.act(1, protein("poulet", "poulet"))
    assert list(m.to_act) == [2, 0]
    events = m.act(2, TEST)
    assert of_type(events, "taste_test")[0]["truthful"]
    assert m.to_act == (1,) and m.view(0)["hand_sizes"] == [2, 2, 0]


def test_only_the_discarder_sees_face_down_cards_until_a_test() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], ["poulet"], ["gingembre"]])
    events = m.act(0, protein("nouilles", "crevette"))
    for seat in (1, 2, None):
        assert all(
            "cards" not in e for e in of_type(popote.visible_events(events, seat), "discarded")
        )
        assert "cards" not in m.view(seat)["pending"]
        assert m.view(seat)["face_up"] == []
    assert of_type(popote.visible_events(events, 0), "discarded")[0]["cards"] == ["nouilles"]
    assert m.view(0)["pending"]["cards"] == ["nouilles"]


def test_rule_cards_won_by_tests_are_kept_until_the_end_of_ones_own_turn() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], ["poulet", "gingembre", "gingembre"]])
    m.act(0, protein("nouilles", "crevette"))
    m.act(1, TEST)
    assert m.view(1)["hand_sizes"] == [1, 4]
    m.act(0, END)
    assert m.view(1)["hand_sizes"] == [1, 5] and m.to_act == (1,)
    m.act(1, END)
    while m.view(None)["phase"] == "trim":
        m.act(1, m.legal_actions(1)[0])
    assert m.view(0)["hand_sizes"][1] == 3


def test_rule_an_empty_deck_draws_what_is_left_and_then_nothing() -> None:
    hands = [["nouilles", "porc", "poulet"], ["crevette", "gingembre"]]
    m = scenario_match(hands=hands, deck=["sauce_soja"])
    m.act(0, protein("porc", "porc"))
    everyone_passes(m)
    assert m.view(0)["hand_sizes"] == [3, 2] and m.view(0)["deck_size"] == 0
    m.act(0, pair("poulet", "nouilles"))
    events = m.act(1, TEST)
    assert not of_type(events, "taste_test")[0]["truthful"]
    accuser_draw = of_type(events, "cards_drawn")[0]
    assert accuser_draw["count"] == 0 and accuser_draw["wanted"] == 1
