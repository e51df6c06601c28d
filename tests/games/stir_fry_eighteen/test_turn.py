"""A turn: the opening draw, the two face-down discards, cooking, the hand limit, the reshuffle."""

from __future__ import annotations

from collections import Counter

import pytest

import popote
from popote.games.stir_fry_eighteen.scenario import scenario_match

from .helpers import END, NAME, PASS, cook, everyone_passes, of_type, pair, protein

DECK = ["gingembre", "oignon_vert", "sauce_soja", "champignons", "champignons", "nouilles"]


def test_each_chef_gets_three_cards_and_the_first_draws_one_more() -> None:
    m = popote.new_match(NAME, players=4, seed=5, options={"first_player": "seat1"})
    view = m.view(0)
    assert view["hand_sizes"] == [4, 3, 3, 3]
    assert view["deck_size"] == 18 - 12 - 1
    assert m.to_act == (0,) and view["current"] == 0 == view["first"]


def test_rule_the_first_player_is_drawn_from_the_seed() -> None:
    firsts = [
        popote.new_match(NAME, players=4, seed=seed).view(None)["first"] for seed in range(40)
    ]
    assert set(firsts) == {0, 1, 2, 3}
    again = [popote.new_match(NAME, players=4, seed=seed).view(None)["first"] for seed in range(40)]
    assert again == firsts
    for seed in range(40):
        m = popote.new_match(NAME, players=4, seed=seed)
        first = m.view(None)["first"]
        assert m.to_act == (first,) and m.view(None)["hand_sizes"][first] == 4
        started = of_type(m.events(None), "first_player")
        assert [event["seat"] for event in started] == [first]


def test_rule_a_round_ends_with_the_seat_before_the_first_player() -> None:
    hands = [["nouilles"], ["poulet"], ["porc"]]
    m = scenario_match(
        hands=hands, current=0, round_number=10, first=1, options={"round_limit": 10}
    )
    m.act(0, END)
    assert m.over and m.result()["end"] == "round_limit" and m.result()["rounds"] == 10


def test_a_pair_draws_three_cards_once_the_others_pass() -> None:
    m = scenario_match(
        hands=[["nouilles", "nouilles", "porc"], ["poulet"], ["crevette"]], deck=DECK
    )
    m.act(0, pair("nouilles", "nouilles"))
    assert set(m.to_act) == {1, 2}
    everyone_passes(m)
    assert m.to_act == (0,)
    assert m.view(0)["hand"] == ["porc", "gingembre", "oignon_vert", "sauce_soja"]


@pytest.mark.parametrize(("claim", "draws"), [("poulet", 2), ("porc", 3), ("crevette", 4)])
def test_a_protein_draws_two_three_or_four_cards_even_when_bluffed(claim: str, draws: int) -> None:
    m = scenario_match(hands=[["nouilles", "sauce_soja"], ["gingembre"]], deck=DECK)
    m.act(0, protein("nouilles", claim))
    everyone_passes(m)
    assert Counter(m.view(0)["hand"]) == Counter(["sauce_soja", *DECK[:draws]])
    assert m.view(1)["hand_sizes"][0] == 1 + draws


def test_each_discard_at_most_once_per_turn_in_either_order() -> None:
    m = scenario_match(
        hands=[["nouilles", "porc", "sauce_soja", "champignons"], ["gingembre"]], deck=DECK
    )
    m.act(0, protein("porc", "porc"))
    everyone_passes(m)
    kinds = {a["type"] for a in m.legal_actions(0)}
    assert "discard_protein" not in kinds and "discard_pair" in kinds
    m.act(0, pair("sauce_soja", "champignons"))
    everyone_passes(m)
    kinds = {a["type"] for a in m.legal_actions(0)}
    assert "discard_protein" not in kinds and "discard_pair" not in kinds


def test_rule_cooking_once_closes_the_discards() -> None:
    hand = ["nouilles", "nouilles", "porc", "champignons", "gingembre", "sauce_soja", "sauce_soja"]
    m = scenario_match(hands=[hand, ["poulet"]])
    cook(m, 0, "nouilles", "porc", "champignons")
    assert m.legal_actions(0) == [END]


def test_rule_extra_cards_are_discarded_face_down_one_by_one_at_the_end() -> None:
    hand = ["nouilles", "porc", "champignons", "gingembre", "sauce_soja"]
    m = scenario_match(hands=[hand, ["poulet"]])
    events = m.act(0, END)
    assert of_type(events, "trim_needed")[0]["count"] == 2
    assert m.to_act == (0,) and {a["type"] for a in m.legal_actions(0)} == {"trim"}
    m.act(0, {"type": "trim", "card": "sauce_soja"})
    assert m.to_act == (0,)
    events = m.act(0, {"type": "trim", "card": "gingembre"})
    seen_by_other = popote.visible_events(events, 1)
    assert all("cards" not in e for e in of_type(seen_by_other, "trimmed"))
    assert m.view(1)["hand_sizes"][0] == 3
    assert m.view(1)["current"] == 1


def test_everything_set_aside_in_a_turn_is_shuffled_back_into_the_deck() -> None:
    hand = ["nouilles", "porc", "champignons", "gingembre", "sauce_soja"]
    m = scenario_match(hands=[hand, ["poulet"]])
    m.act(0, protein("gingembre", "poulet"))
    everyone_passes(m)
    cook(m, 0, "nouilles", "porc", "champignons")
    assert len(m.view(None)["face_up"]) == 3
    events = m.act(0, END)
    ended = of_type(events, "turn_ended")[0]
    assert ended["returned"] == 4
    view = m.view(None)
    assert view["face_up"] == [] and view["face_down_counts"] == [0, 0]
    # The next chef drew the opening card of their turn from the refilled deck.
    assert view["hand_sizes"] == [3, 2] and view["deck_size"] == 18 - 5


def test_a_short_hand_ends_the_turn_at_once_and_the_next_chef_draws() -> None:
    m = scenario_match(hands=[["nouilles"], ["poulet", "porc"], ["gingembre"]], deck=DECK)
    events = m.act(0, END)
    assert of_type(events, "turn_started")[0]["seat"] == 1
    assert m.to_act == (1,) and m.view(1)["hand_sizes"] == [1, 3, 1]
    assert PASS not in m.legal_actions(1)
