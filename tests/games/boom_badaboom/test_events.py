"""One scenario per event card: revealed at the start of a round, lasting the whole round."""

from __future__ import annotations

import popote
from popote.games.boom_badaboom.scenario import scenario_match

from .helpers import ROLES3, decline_all, first, kinds, play

HANDS = [["heat1", "heat2", "cool2"], ["cool1", "heat3", "cool3"], ["heat4", "cool4", "heat1"]]


def last_player(event: str, **kw: object) -> popote.Match:
    """Seat 2 is about to end round 1; ``event`` is next in the pile."""
    return scenario_match(
        hands=[list(h) for h in HANDS],
        roles=ROLES3,
        current=2,
        event_pile=[event],
        **kw,  # type: ignore[arg-type]
    )


def during(event: str, **kw: object) -> popote.Match:
    return scenario_match(hands=[list(h) for h in HANDS], roles=ROLES3, event=event, **kw)  # type: ignore[arg-type]


def test_echange_d_ingredients_passes_every_hand_to_the_left() -> None:
    m = last_player("ingredient_swap", deck=["cool1", "heat5"])
    hands = [m.view(s)["hand"] for s in range(3)]
    events = play(m, 2, "heat1")
    assert first(events, "round_started")["event"] == "ingredient_swap"
    assert m.view(1)["hand"] == hands[0]
    assert m.view(0)["known"][1] == hands[0]
    assert m.view(2)["known"][1] == []


def test_four_en_panne_no_one_draws() -> None:
    m = during("oven_broken")
    play(m, 0, "heat1")
    assert m.view(None)["hand_sizes"][0] == 2


def test_inventaire_surprise_shows_one_random_card_of_each_hand_to_all() -> None:
    m = last_player("surprise_inventory")
    events = play(m, 2, "heat1")
    assert kinds(events).count("card_revealed") == 3
    assert all(len(known) == 1 for known in m.view(None)["known"])


def test_cuisine_ouverte_draws_are_shown_to_everyone() -> None:
    m = during("open_kitchen", deck=["heat5"])
    events = play(m, 0, "heat1")
    drawn = first(events, "card_drawn")
    assert drawn["card"] == "heat5" and "visible_to" not in drawn
    assert m.view(2)["known"][0] == ["heat5"]


def test_four_deregle_inverts_heat_and_cooling() -> None:
    m = during("oven_haywire")
    play(m, 0, "heat2")
    assert m.view(None)["size"] == 8


def test_eclaboussures_a_cooling_card_applies_the_top_card_of_the_deck() -> None:
    m = during("splashes", deck=["heat4", "cool1"])
    events = play(m, 0, "cool2")
    assert first(events, "splash")["card"] == "heat4"
    assert m.view(None)["size"] == 12


def test_double_intensite_doubles_and_forbids_the_boost() -> None:
    m = scenario_match(
        hands=[["heat2"], ["boost"], ["heat1"]], roles=ROLES3, event="double_intensity"
    )
    m.act(0, {"type": "play", "card": "heat2"})
    assert m.legal_actions(1) == [{"type": "decline"}]
    decline_all(m)
    assert m.view(None)["size"] == 14


def test_maladresse_event_discards_another_random_card_right_after_yours() -> None:
    m = scenario_match(
        hands=[["recover", "heat2"], ["cool1"], ["heat1"]],
        roles=ROLES3,
        event="clumsiness",
        discard=["heat5"],
        deck=["cool3"],
    )
    events = m.act(0, {"type": "play", "card": "recover"})
    assert first(events, "card_dropped") == {"type": "card_dropped", "seat": 0, "card": "heat2"}
    assert m.view(None)["hand_sizes"][0] == 0 and m.view(None)["phase"] == "react"
    decline_all(m)
    m.act(0, {"type": "recover", "card": "heat5"})
    assert m.view(0)["hand"] == ["cool3", "heat5"]


def test_panne_d_electricite_forbids_action_cards() -> None:
    m = scenario_match(
        hands=[["peek", "oven_up"], ["cool1"], ["heat1"]], roles=ROLES3, event="power_cut"
    )
    assert m.legal_actions(0) == [{"type": "pass"}]


def test_service_express_each_player_draws_and_plays_that_card() -> None:
    m = last_player("express_service", deck=["cool3", "heat5"])
    events = play(m, 2, "heat1")
    assert first(events, "express_draw") == {"type": "express_draw", "seat": 0, "card": "heat5"}
    assert m.legal_actions(0) == [{"type": "play", "card": "heat5"}]
    assert m.view(1)["express_card"] == "heat5"


def test_service_express_the_express_card_is_the_turns_draw() -> None:
    m = last_player("express_service", deck=["cool3", "heat5", "heat4"])
    play(m, 2, "heat1")
    assert m.view(None)["hand_sizes"] == [3, 3, 3]
    play(m, 0, "heat5")
    assert m.view(None)["hand_sizes"] == [3, 3, 3]
    assert m.view(1)["express_card"] == "heat4" and m.view(None)["deck_size"] == 0


def test_cuisine_en_desordre_reverses_the_order_for_the_round() -> None:
    m = last_player("kitchen_mess")
    play(m, 2, "heat1")
    assert list(m.to_act) == [0]
    play(m, 0, "heat1")
    assert list(m.to_act) == [2]


def test_gonflement_progressif_adds_one_after_each_turn() -> None:
    m = during("progressive_rise")
    play(m, 0, "cool2")
    assert m.view(None)["size"] == 9


def test_ventilation_d_urgence_cools_a_big_cake_at_the_end_of_the_round() -> None:
    m = scenario_match(
        hands=[list(h) for h in HANDS],
        roles=ROLES3,
        current=2,
        size=16,
        capacity=25,
        event="emergency_vent",
    )
    play(m, 2, "heat1")
    assert m.view(None)["size"] == 14


def test_rechauffage_automatique_warms_a_small_cake_at_the_end_of_the_round() -> None:
    m = scenario_match(
        hands=[list(h) for h in HANDS], roles=ROLES3, current=2, size=7, event="auto_reheat"
    )
    play(m, 2, "heat1")
    assert m.view(None)["size"] == 10


def test_minuteur_final_ends_the_game_after_the_round() -> None:
    m = last_player("final_timer")
    play(m, 2, "cool4")
    assert m.view(None)["last_round"] and not m.over
    play(m, 0, "cool2")
    play(m, 1, "cool1")
    assert not m.over
    events = play(m, 2, "heat1")
    assert m.over and m.result()["end"] == "timer"
    assert first(events, "game_over")["winning_side"] == "patissiers"
