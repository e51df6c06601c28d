"""Every card's value and bonus, whole dishes, the cook actions and the best-dish choice."""

from __future__ import annotations

from itertools import combinations

import pytest

from popote.games.stir_fry_eighteen.bot import StirFryHeuristicBot
from popote.games.stir_fry_eighteen.cards import card_value, dish_points
from popote.games.stir_fry_eighteen.scenario import scenario_match

from .helpers import cook

CARD_VALUES = [
    ("crevette", {"nouilles", "champignons"}, 6),
    ("crevette", {"gingembre"}, 9),
    ("crevette", {"sauce_soja"}, 6),
    ("crevette", {"gingembre", "sauce_soja"}, 11),
    ("porc", {"nouilles"}, 5),
    ("porc", {"champignons"}, 8),
    ("poulet", {"nouilles"}, 3),
    ("poulet", {"oignon_vert"}, 5),
    ("poulet", {"gingembre"}, 3),
    ("poulet", {"gingembre", "oignon_vert"}, 7),
    ("gingembre", {"nouilles"}, 2),
    ("gingembre", {"porc"}, 4),
    ("oignon_vert", {"nouilles"}, 3),
    ("oignon_vert", {"crevette"}, 5),
    ("sauce_soja", {"nouilles"}, 1),
    ("sauce_soja", {"oignon_vert"}, 2),
    ("sauce_soja", {"gingembre"}, 3),
    ("sauce_soja", {"gingembre", "oignon_vert"}, 3),
    ("champignons", {"nouilles"}, 2),
    ("champignons", {"poulet"}, 3),
    ("nouilles", {"crevette", "gingembre", "sauce_soja"}, 1),
]


@pytest.mark.parametrize(("card", "others", "value"), CARD_VALUES)
def test_each_card_scores_its_best_value_in_the_dish(
    card: str, others: set[str], value: int
) -> None:
    assert card_value(card, {card, *others}) == value


DISHES = [
    (("crevette", "gingembre", "sauce_soja", "nouilles"), 11 + 2 + 3 + 1),
    (("porc", "champignons", "gingembre", "nouilles"), 8 + 2 + 4 + 1),
    (("poulet", "oignon_vert", "gingembre", "champignons", "nouilles"), 7 + 3 + 2 + 3 + 1),
    (("crevette", "oignon_vert", "sauce_soja", "nouilles"), 6 + 5 + 2 + 1),
    (("sauce_soja", "champignons", "nouilles"), 4),
]


@pytest.mark.parametrize(("cards", "points"), DISHES)
def test_cooking_a_dish_adds_its_points_to_the_score(cards: tuple[str, ...], points: int) -> None:
    m = scenario_match(hands=[[*cards, "nouilles"], []], scores=[10, 0])
    events = cook(m, 0, *cards)
    assert events[0]["points"] == points
    assert m.view(1)["scores"] == [10 + points, 0]
    assert sorted(e["card"] for e in m.view(1)["face_up"]) == sorted(cards)
    assert m.view(0)["hand"] == ["nouilles"]
    assert dish_points(cards) == points


def test_cook_actions_list_each_dish_once_with_noodles_and_three_to_five_kinds() -> None:
    hand = ["crevette", "gingembre", "gingembre", "sauce_soja", "nouilles", "nouilles"]
    m = scenario_match(hands=[hand, []])
    dishes = [a["dish"].split("+") for a in m.legal_actions(0) if a["type"] == "cook"]
    assert len(dishes) == len({tuple(d) for d in dishes}) == 4  # 3 + 1 subsets with nouilles
    assert all(len(set(d)) == len(d) and 3 <= len(d) <= 5 and "nouilles" in d for d in dishes)


def test_no_dish_without_noodles_or_with_fewer_than_three_kinds() -> None:
    no_noodles = scenario_match(hands=[["crevette", "gingembre", "sauce_soja", "porc"], []])
    assert not [a for a in no_noodles.legal_actions(0) if a["type"] == "cook"]
    two_kinds = scenario_match(hands=[["nouilles", "nouilles", "porc"], []])
    assert not [a for a in two_kinds.legal_actions(0) if a["type"] == "cook"]


def _best(hand: list[str]) -> int:
    kinds = sorted(set(hand) - {"nouilles"})
    return max(
        dish_points({*combo, "nouilles"})
        for size in (2, 3, 4)
        for combo in combinations(kinds, size)
    )


@pytest.mark.parametrize(
    "hand",
    [
        ["crevette", "porc", "gingembre", "sauce_soja", "champignons", "nouilles"],
        ["crevette", "gingembre", "sauce_soja", "oignon_vert", "poulet", "champignons", "nouilles"],
        ["poulet", "oignon_vert", "gingembre", "sauce_soja", "porc", "nouilles"],
    ],
)
def test_the_bot_cooks_the_best_dish_its_hand_allows(hand: list[str]) -> None:
    # An empty deck: the bot does not try to draw more, it cooks at once.
    m = scenario_match(hands=[hand, ["nouilles"]], deck=[])
    action = StirFryHeuristicBot(0, 1).choose(m)
    assert action["type"] == "cook"
    assert (
        action["points"]
        == _best(hand)
        == max(a["points"] for a in m.legal_actions(0) if a["type"] == "cook")
    )
