"""Why one action beats another, in the heuristic's words: dishes, honest discards, tests."""

from __future__ import annotations

import pytest

from popote.core.actions import Action
from popote.games.stir_fry_eighteen import GAME
from popote.games.stir_fry_eighteen.scenario import scenario_match

from ..reasons import NAMES, check_reasons
from .helpers import NAME, cook_action, pair, protein

PRESENTER = GAME.presenter
END_TURN = Action(type="end_turn")
PASS = Action(type="pass")
TEST = Action(type="taste_test")


def test_the_dish_worth_most() -> None:
    m = scenario_match(hands=[["crevette", "gingembre", "sauce_soja", "nouilles"], []])
    view = m.view(0)
    best = Action(cook_action(m, 0, "crevette", "gingembre", "sauce_soja", "nouilles"))
    worse = Action(cook_action(m, 0, "gingembre", "sauce_soja", "nouilles"))
    assert PRESENTER.reason(view, best, worse, "en", NAMES) == (
        "Cooking shrimp, ginger, soy sauce, noodles scores 17 points; the dish of ginger, soy "
        "sauce, noodles would score 6 points."
    )
    assert PRESENTER.reason(view, best, END_TURN, "fr", NAMES) == (
        "Cuisiner crevette, gingembre, sauce soja, nouilles rapporte 17 points\u00a0; "
        "finir le tour ne rapporte rien."
    )
    assert PRESENTER.reason(view, worse, best, "en", NAMES) is None


def test_a_dish_that_passes_an_exact_target_scores_nothing() -> None:
    m = scenario_match(
        hands=[["crevette", "gingembre", "sauce_soja", "nouilles"], []],
        scores=[40, 0],
        options={"bullseye": True},
    )
    best = Action(cook_action(m, 0, "gingembre", "sauce_soja", "nouilles"))
    worse = Action(cook_action(m, 0, "crevette", "gingembre", "sauce_soja", "nouilles"))
    assert PRESENTER.reason(m.view(0), best, worse, "en", NAMES) == (
        "Cooking ginger, soy sauce, noodles scores 6 points; the dish of shrimp, ginger, soy "
        "sauce, noodles would pass the target and score nothing."
    )


def test_an_honest_pair_against_a_bluff() -> None:
    view = scenario_match(
        hands=[["champignons", "champignons", "nouilles", "sauce_soja"], []]
    ).view(0)
    honest = Action(pair("champignons", "champignons"))
    bluff = Action(pair("sauce_soja", "nouilles"))
    assert PRESENTER.reason(view, honest, bluff, "en", NAMES) == (
        "Discarding the pair of mushrooms is honest: a taste test would cost whoever calls "
        "it; discarding soy sauce and noodles as a pair would be a bluff a taste test could "
        "catch."
    )
    assert PRESENTER.reason(view, honest, None, "fr", NAMES) == (
        "Défausser la paire de champignons est honnête\u00a0: un test de goût coûterait à qui "
        "le demande."
    )
    assert PRESENTER.reason(view, Action(protein("nouilles", "porc")), None, "en", NAMES) is None


def test_a_claim_the_cards_in_sight_rule_out() -> None:
    m = scenario_match(hands=[["nouilles", "sauce_soja"], ["porc", "poulet"]])
    m.act(0, protein("nouilles", "porc"))
    view = m.view(1)
    assert PRESENTER.reason(view, TEST, PASS, "en", NAMES) == (
        "Anne claims pork, but you can see every copy of it: it is a bluff."
    )
    assert PRESENTER.reason(view, TEST, None, "fr", NAMES) == (
        "Anne annonce du porc, mais vous en voyez tous les exemplaires\u00a0: c'est un bluff."
    )
    assert PRESENTER.reason(view, PASS, TEST, "en", NAMES) is None


def test_a_claim_that_may_be_true_says_nothing() -> None:
    m = scenario_match(hands=[["nouilles", "sauce_soja"], ["poulet"]])
    m.act(0, protein("nouilles", "porc"))
    assert PRESENTER.reason(m.view(1), TEST, PASS, "en", NAMES) is None


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"bullseye": True})])
def test_reasons_read_only_the_view(players: int, options: dict[str, object]) -> None:
    assert check_reasons(NAME, players, range(3), options) > 0
