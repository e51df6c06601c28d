"""One scenario per card: what a player sees happen when it is played."""

from __future__ import annotations

import popote
from popote.games.boom_badaboom.scenario import scenario_match

from .helpers import ROLES3, act, decline_all, first, kinds, play

FILLER = ["cool3", "heat2"]


def three(hand0: list[str], size: int = 10, **kw: object) -> popote.Match:
    return scenario_match(
        hands=[hand0, ["cool2", *FILLER], ["heat1", *FILLER]],
        roles=ROLES3,
        size=size,
        **kw,  # type: ignore[arg-type]
    )


def test_heat_card_raises_the_cake_after_everyone_may_react() -> None:
    m = three(["heat3", "cool1"])
    act(m, 0, type="play", card="heat3")
    assert list(m.to_act) == [1, 2, 0]
    assert m.view(None)["size"] == 10
    decline_all(m)
    assert m.view(None)["size"] == 13
    assert list(m.to_act) == [1]


def test_cooling_card_lowers_the_cake() -> None:
    m = three(["cool2", "heat1"])
    play(m, 0, "cool2")
    assert m.view(None)["size"] == 8


def test_cooling_never_takes_the_cake_below_zero() -> None:
    m = three(["cool4", "heat1"], size=2)
    play(m, 0, "cool4")
    assert m.view(None)["size"] == 0


def test_mystery_heat_draws_a_value_from_one_to_five() -> None:
    for seed in range(10):
        m = three(["heat_x", "heat1"], seed=seed)
        events = play(m, 0, "heat_x")
        value = first(events, "mystery_value")["value"]
        assert 1 <= value <= 5
        assert m.view(None)["size"] == 10 + value


def test_mystery_cooling_draws_a_value_from_one_to_five() -> None:
    m = three(["cool_x", "heat1"], seed=3)
    events = play(m, 0, "cool_x")
    assert m.view(None)["size"] == 10 - first(events, "mystery_value")["value"]


def test_coup_d_oeil_shows_the_hand_to_the_player_only_then_steals() -> None:
    m = three(["peek", "heat1"])
    events = play(m, 0, "peek", target=1)
    seen = first(events, "hand_seen")
    assert seen["visible_to"] == [0] and seen["cards"] == ["cool2", "cool3", "heat2"]
    assert all(
        "cards" not in e for e in popote.visible_events(events, 2) if e["type"] == "hand_seen"
    )
    assert m.view(0)["known"][1] == ["cool2", "cool3", "heat2"]
    assert m.view(2)["known"][1] == []
    assert [a["card"] for a in m.legal_actions(0)] == ["cool2", "cool3", "heat2"]
    stolen = act(m, 0, type="steal", card="cool2")
    assert "cool2" in m.view(0)["hand"] and "cool2" not in m.view(1)["hand"]
    hidden = [e for e in popote.visible_events(stolen, 2) if e["type"] == "card_stolen"]
    assert hidden and "card" not in hidden[0]


def test_accident_de_cuisine_makes_the_target_skip_its_next_turn() -> None:
    m = three(["accident", "heat1"])
    events = play(m, 0, "accident", target=1)
    assert "turn_lost" in kinds(events)
    assert "turn_skipped" in kinds(events)
    assert list(m.to_act) == [2]


def test_maladresse_makes_the_target_play_a_random_card() -> None:
    m = scenario_match(hands=[["fumble", "heat1"], ["heat4"], ["heat1", *FILLER]], roles=ROLES3)
    events = act(m, 0, type="play", card="fumble", target=1)
    events += decline_all(m)
    assert first(events, "fumbled") == {"type": "fumbled", "seat": 1, "card": "heat4"}
    assert m.view(None)["size"] == 14
    assert m.view(None)["hand_sizes"][1] == 0


def test_maladresse_on_an_action_card_makes_the_target_play_it() -> None:
    m = scenario_match(hands=[["fumble", "heat1"], ["accident"], ["heat1", *FILLER]], roles=ROLES3)
    events = play(m, 0, "fumble", target=1)
    assert first(events, "fumbled") == {"type": "fumbled", "seat": 1, "card": "accident"}
    assert list(m.to_act) == [1]
    assert m.legal_actions(1) == [
        {"type": "play", "card": "accident", "target": 0},
        {"type": "play", "card": "accident", "target": 2},
    ]
    events = play(m, 1, "accident", target=2)
    assert first(events, "turn_lost")["seat"] == 2
    assert "card_drawn" not in kinds(events[: kinds(events).index("turn_lost")])
    assert list(m.to_act) == [1] and m.view(None)["skipping"] == [2]
    assert m.view(None)["discard"] == ["fumble", "accident"]


def test_maladresse_on_a_reactive_card_just_drops_it() -> None:
    m = scenario_match(hands=[["fumble", "heat1"], ["apron"], ["heat1", *FILLER]], roles=ROLES3)
    play(m, 0, "fumble", target=1)
    assert m.view(None)["discard"][-2:] == ["apron", "fumble"]
    assert m.view(None)["size"] == 10 and list(m.to_act) == [1]


def test_four_elargi_and_four_retreci_move_the_capacity_by_a_mystery_value() -> None:
    m = three(["oven_up", "heat1"])
    events = play(m, 0, "oven_up")
    assert m.view(None)["capacity"] == 17 + first(events, "mystery_value")["value"]
    m = three(["oven_down", "heat1"], capacity=30)
    events = play(m, 0, "oven_down")
    assert m.view(None)["capacity"] == 30 - first(events, "mystery_value")["value"]


def test_capacity_never_drops_below_one() -> None:
    m = three(["oven_down", "heat1"], size=0, capacity=2, seed=1)
    events = play(m, 0, "oven_down")
    assert first(events, "mystery_value")["value"] >= 1
    assert m.view(None)["capacity"] == 1
    assert not m.over


def test_recuperation_takes_back_a_chosen_card_from_the_discard() -> None:
    m = three(["recover", "heat1"], discard=["heat5", "cool3"])
    play(m, 0, "recover")
    assert [a["card"] for a in m.legal_actions(0)] == ["cool3", "heat5"]
    act(m, 0, type="recover", card="heat5")
    assert "heat5" in m.view(0)["hand"]
    assert m.view(None)["discard"] == ["cool3", "recover"]
    assert m.view(2)["known"][0] == ["heat5"]


def test_echange_de_tablier_swaps_hands_and_both_know_it() -> None:
    m = three(["swap", "heat5"])
    before = m.view(1)["hand"]
    act(m, 0, type="play", card="swap", target=1)
    decline_all(m)
    after = m.view(0)["hand"]
    assert len(after) == len(before) + 1 and all(after.count(k) >= before.count(k) for k in before)
    assert m.view(1)["hand"][:1] == ["heat5"]
    assert m.view(1)["known"][0] == before
    assert m.view(0)["known"][1] == ["heat5"]
    assert m.view(2)["known"][0] == []


def test_only_the_glouton_may_play_an_objective_card_and_it_does_nothing() -> None:
    m = scenario_match(
        hands=[["cherries", "heat1"], ["caramel", "cool1"], ["heat1", *FILLER]],
        roles=["glouton", "patissier", "farceur"],
    )
    assert {"type": "play", "card": "cherries"} in m.legal_actions(0)
    act(m, 0, type="play", card="cherries")
    assert m.view(None)["size"] == 10 and list(m.to_act) == [1]
    assert m.view(None)["roles"][0] == "glouton"
    assert m.legal_actions(1) == [{"type": "play", "card": "cool1"}]
    assert {"type": "play", "card": "caramel"} not in m.legal_actions(1)


def test_reactive_cards_are_never_the_turns_card() -> None:
    m = three(["apron", "spatula", "boost"])
    assert m.legal_actions(0) == [{"type": "pass"}]
    act(m, 0, type="pass")
    assert list(m.to_act) == [1]
