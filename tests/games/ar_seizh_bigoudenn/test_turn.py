"""The turn at the stove: utensils, the araignée and the couvercle, the card, cooking, the end."""

from __future__ import annotations

from typing import Any

import pytest

import popote
from popote.games.ar_seizh_bigoudenn.scenario import scenario_match

from .helpers import PASS, STOP, TOSS, acting, cook, first, kinds, steal, take, utensil

TWO = ["rozenn", "soazig"]


@pytest.mark.parametrize(
    ("card", "tool"),
    [
        ("fromage", "couteau"),
        ("jambon", "fourchette"),
        ("sucre", "cuillere"),
        ("poireau", "spatule"),
    ],
)
def test_each_taking_utensil_takes_its_ingredient_and_falls(card: str, tool: str) -> None:
    m = scenario_match(TWO, hands=[[tool], []], centre=[card], reveal=False)
    assert take(card, drop=tool) in m.legal_actions(0)
    events = m.act(0, take(card, drop=tool))
    assert kinds(events)[:3] == ["took", "dropped", "grab_open"]
    assert m.view(None)["surfaces"][0] == [card]
    assert tool in m.view(None)["centre_utensils"]
    assert acting(m) == (1,)


def test_without_the_utensil_the_ingredient_cannot_be_taken() -> None:
    m = scenario_match(TWO, hands=[["cuillere"], []], centre=["fromage"], reveal=False)
    assert not [a for a in m.legal_actions(0) if a["type"] == "take"]
    with pytest.raises(popote.IllegalAction):
        m.act(0, take("fromage", drop="couteau"))


def test_a_free_hand_takes_a_bare_handed_ingredient_without_dropping() -> None:
    m = scenario_match(TWO, hands=[["cuillere"], []], centre=["oeuf"], reveal=False)
    assert [a for a in m.legal_actions(0) if a["type"] == "take"] == [take("oeuf")]
    events = m.act(0, take("oeuf"))
    assert "dropped" not in kinds(events)
    assert m.view(None)["hands"][0] == ["cuillere"]


def test_both_hands_full_drop_one_even_for_a_bare_handed_ingredient() -> None:
    m = scenario_match(TWO, hands=[["cuillere", "couvercle"], []], centre=["oeuf"], reveal=False)
    takes = [a for a in m.legal_actions(0) if a["type"] == "take"]
    assert takes == [take("oeuf", drop="cuillere"), take("oeuf", drop="couvercle")]
    events = m.act(0, take("oeuf", drop="couvercle"))
    assert first(events, "dropped")["why"] == "full_hands"
    assert m.view(None)["hands"][0] == ["cuillere"]


def test_a_sixth_ingredient_sends_one_back_to_the_centre() -> None:
    full = ["oeuf", "oignon", "tomate", "caramel", "pommes"]
    m = scenario_match(TWO, hands=[[], []], surfaces=[full, []], centre=["fraises"], reveal=False)
    takes = [a for a in m.legal_actions(0) if a["type"] == "take"]
    assert {a["give_back"] for a in takes} == set(full)
    m.act(0, take("fraises", give_back="oeuf"))
    view = m.view(None)
    assert len(view["surfaces"][0]) == 5
    assert view["centre"] == ["oeuf"]


def test_the_araignee_steals_an_ingredient_and_falls() -> None:
    m = scenario_match(
        ["rozenn", "soazig", "tyfenn"],
        hands=[["araignee"], ["couteau"], []],
        surfaces=[[], ["saucisse", "oeuf"], []],
        reveal=False,
    )
    events = m.act(0, steal(1, "saucisse"))
    assert first(events, "stole")["card"] == "saucisse"
    assert m.view(None)["surfaces"] == [["saucisse"], ["oeuf"], []]
    assert first(events, "grab_open")["utensil"] == "araignee"


def test_the_couvercle_must_stop_the_araignee_and_both_fall() -> None:
    m = scenario_match(
        ["rozenn", "soazig", "tyfenn"],
        hands=[["araignee"], ["couvercle"], []],
        surfaces=[[], ["saucisse"], []],
        reveal=False,
    )
    steals = [a for a in m.legal_actions(0) if a["type"] == "steal"]
    assert steals == [steal(1, None)]  # the lid cannot be left aside
    events = m.act(0, steal(1, None))
    assert kinds(events)[:3] == ["steal_blocked", "dropped", "dropped"]
    view = m.view(None)
    assert view["surfaces"][1] == ["saucisse"]
    assert view["hands"][:2] == [[], []]
    # The araignée is offered first, then the couvercle (the order they fell).
    assert first(events, "grab_open")["utensil"] == "araignee"
    for seat in m.to_act:
        events = m.act(seat, PASS)
    assert first(events, "grab_open")["utensil"] == "couvercle"
    assert first(events, "grab_open")["seats"] == [
        2
    ]  # not the player at the stove nor the lid's owner


def test_taking_a_utensil_from_the_centre_swaps_only_with_full_hands() -> None:
    m = scenario_match(TWO, hands=[["couteau"], []], reveal=False)
    assert utensil("spatule") in m.legal_actions(0)
    m.act(0, utensil("spatule"))
    assert m.view(None)["hands"][0] == ["couteau", "spatule"]
    assert utensil("cuillere", drop="couteau") in m.legal_actions(0)
    assert utensil("cuillere") not in m.legal_actions(0)


def test_amen_bigoudenn_lands_on_either_face_and_keeps_the_utensils() -> None:
    faces = set()
    for seed in range(12):
        m = scenario_match(TWO, hands=[["couteau"], []], reveal=False, seed=seed)
        events = m.act(0, TOSS)
        faces.add(first(events, "tossed")["face"])
        assert m.view(None)["faces"][0] == first(events, "tossed")["face"]
        assert m.view(None)["hands"][0] == ["couteau"]
    assert faces == {"galette", "crepe"}


def test_both_hand_actions_are_optional() -> None:
    m = scenario_match(TWO, hands=[[], []], draw=["oeuf", "sucre", "tomate", "miel"])
    events = m.act(0, STOP)
    assert acting(m) == (1,)
    assert first(events, "revealed")["seat"] == 1


def test_at_most_two_hand_actions() -> None:
    m = scenario_match(TWO, hands=[[], []], centre=["oeuf", "oignon", "tomate"], reveal=False)
    m.act(0, take("oeuf"))
    m.act(0, take("oignon"))
    assert m.view(None)["current"] == 1


def cooked_points(bigouden: str, face: str, cards: list[str]) -> dict[str, Any]:
    m = scenario_match(
        [bigouden, "katell"],
        hands=[[], []],
        surfaces=[cards, []],
        faces=[face, "galette"],
        reveal=False,
    )
    m.act(0, STOP)
    assert m.view(None)["stage"] == "cook"
    events = m.act(0, cook(*cards))
    assert m.view(None)["faces"][0] != face  # the card turns over
    return first(events, "cooked")


@pytest.mark.parametrize(
    ("face", "cards", "points", "recipe"),
    [
        ("galette", ["oeuf", "champignons", "fromage"], 7, None),
        ("galette", ["oignon", "poireau", "fromage"], 12, "penmarch"),
        ("galette", ["oeuf", "jambon", "fromage"], 17, "complete"),
        ("crepe", ["sucre", "caramel"], 3, None),
        ("crepe", ["beurre", "caramel"], 6, "caramel"),
        ("crepe", ["sucre", "fraises"], 9, "fraises_sucre"),
    ],
)
def test_scoring_with_menu_and_specialty_bonuses(
    face: str, cards: list[str], points: int, recipe: str | None
) -> None:
    cooked = cooked_points("rozenn", face, cards)
    assert (cooked["points"], cooked["recipe"]) == (points, recipe)
    assert cooked["specialty"] == (points in (17, 9))


def test_a_dish_must_match_the_face_and_the_exact_value() -> None:
    # A galette face cannot cook a crêpe; oeuf + oignon + fromage is worth 6, not 7.
    m = scenario_match(
        TWO,
        hands=[[], []],
        surfaces=[["sucre", "caramel", "oeuf", "oignon", "fromage"], []],
        reveal=False,
    )
    m.act(0, STOP)
    assert m.view(None)["current"] == 1  # nothing to cook: the turn passes at once


def test_cooking_is_optional() -> None:
    m = scenario_match(
        TWO,
        hands=[[], []],
        surfaces=[["sucre", "caramel"], []],
        faces=["crepe", "galette"],
        reveal=False,
    )
    m.act(0, STOP)
    events = m.act(0, PASS)
    assert "no_dish" in kinds(events)
    assert m.view(None)["surfaces"][0] == ["sucre", "caramel"]


def play_empty_turns(match: popote.Match) -> int:
    turns = 0
    while not match.over:
        match.act(match.to_act[0], STOP if match.view(None)["stage"] == "action" else PASS)
        turns += 1
    return turns


@pytest.mark.parametrize(("players", "rounds"), [(2, 18), (4, 9), (5, 14), (7, 10)])
def test_the_game_ends_after_the_round_that_empties_the_draw_pile(
    players: int, rounds: int
) -> None:
    # 71 cards, two copies of each from five players on; 2 x (players - 1) in the centre at
    # the start, then two cards turned per turn.
    m = popote.new_match("ar-seizh-bigoudenn", players=players, seed=1, options={"rounds": 20})
    assert play_empty_turns(m) == players * rounds  # every seat had the same number of turns
    assert m.view(None)["draw_size"] == 0
    assert m.view(None)["round"] == rounds


def test_the_rounds_option_caps_the_game() -> None:
    m = popote.new_match("ar-seizh-bigoudenn", players=3, seed=1, options={"rounds": 2})
    assert play_empty_turns(m) == 6
    assert m.result()["bigoudens"] == m.view(None)["bigoudens"]


def test_setup_deals_one_utensil_each_and_leaves_the_rest_in_the_centre() -> None:
    for players in range(2, 8):
        view = popote.new_match("ar-seizh-bigoudenn", players=players, seed=players).view(None)
        assert [len(h) for h in view["hands"]] == [1] * players
        assert len(view["centre_utensils"]) == 7 - players
        assert len(set(view["bigoudens"])) == players
        assert view["faces"] == ["galette"] * players
        # 2 x (players - 1) opening cards, and the first player already turned two more.
        assert len(view["centre"]) == 2 * players


def after_taking_jambon_with_the_fourchette(other_hand: list[str]) -> popote.Match:
    """Seat 0 used the hand holding the fourchette; nobody grabbed it back."""
    m = scenario_match(
        TWO, hands=[["fourchette", *other_hand], []], centre=["jambon", "oeuf"], reveal=False
    )
    m.act(0, take("jambon", drop="fourchette"))
    m.act(1, PASS)
    assert acting(m) == (0,)
    return m


def test_the_second_action_uses_the_other_hand_and_drops_what_it_holds() -> None:
    m = after_taking_jambon_with_the_fourchette(["couteau"])
    offered = [a for a in m.legal_actions(0) if a["type"] in ("utensil", "take")]
    assert utensil("fourchette", drop="couteau") in offered
    assert utensil("fourchette") not in offered  # the emptied hand has already acted
    assert take("oeuf", drop="couteau") in offered
    assert take("oeuf") not in offered
    m.act(0, utensil("fourchette", drop="couteau"))
    assert m.view(None)["hands"][0] == ["fourchette"]


def test_a_free_other_hand_takes_the_utensil_back_without_dropping() -> None:
    m = after_taking_jambon_with_the_fourchette([])
    assert utensil("fourchette") in m.legal_actions(0)
    m.act(0, utensil("fourchette"))
    assert m.view(None)["hands"][0] == ["fourchette"]


def test_a_utensil_taken_from_the_centre_cannot_act_in_the_same_turn() -> None:
    m = scenario_match(
        TWO, hands=[["araignee"], []], surfaces=[[], ["oeuf"]], centre=["fromage"], reveal=False
    )
    m.act(0, utensil("couteau"))  # the free hand acts: it now holds the couteau
    assert take("fromage", drop="couteau") not in m.legal_actions(0)
    assert steal(1, "oeuf") in m.legal_actions(0)  # the other hand still holds the araignée


def test_tossing_the_card_keeps_both_hands_free_to_act() -> None:
    m = scenario_match(TWO, hands=[["couteau", "fourchette"], []], reveal=False)
    m.act(0, TOSS)
    swaps = [a for a in m.legal_actions(0) if a["type"] == "utensil" and a["utensil"] == "spatule"]
    assert swaps == [utensil("spatule", drop="couteau"), utensil("spatule", drop="fourchette")]
