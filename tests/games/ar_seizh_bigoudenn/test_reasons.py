"""Why one dish beats another, in the heuristic's words: menu recipes and specialties."""

from __future__ import annotations

import pytest

import popote
from popote.games.ar_seizh_bigoudenn import GAME
from popote.games.ar_seizh_bigoudenn.scenario import scenario_match

from ..reasons import NAMES, check_reasons
from .helpers import STOP

PRESENTER = GAME.presenter


def at_cooking() -> popote.Match:
    m = scenario_match(
        bigoudens=["rozenn", "soazig"],
        hands=[[], []],
        surfaces=[["oeuf", "jambon", "fromage", "oignon", "champignons"], []],
        reveal=False,
    )
    m.act(0, STOP)
    return m


def test_the_specialty_against_an_off_menu_galette() -> None:
    m = at_cooking()
    off_menu, specialty, *_, cook_nothing = m.legal_actions(0)
    view = m.view(0)
    assert PRESENTER.reason(view, specialty, off_menu, "en", NAMES) == (
        "Cooking the complète, her specialty (egg (vi, 1), ham (jambon, 2), cheese (fourmaj, "
        "4)) scores 17 points; an off-menu galette (egg (vi, 1), mushrooms (madarch, 2), "
        "cheese (fourmaj, 4)) would score only 7 points."
    )
    assert PRESENTER.reason(view, off_menu, cook_nothing, "fr", NAMES) == (
        "Cuisiner une galette hors menu (œuf (vi, 1), champignons (madarch, 2), fromage "
        "(fourmaj, 4)) rapporte 7 points\u00a0; ne rien cuisiner ne rapporte rien."
    )
    assert PRESENTER.reason(view, off_menu, specialty, "en", NAMES) is None
    assert PRESENTER.reason(view, cook_nothing, specialty, "en", NAMES) is None


@pytest.mark.parametrize("players", [2, 5])
def test_reasons_read_only_the_view(players: int) -> None:
    # Random play seldom gathers a dish: the heuristic Bigoudens do.
    said = check_reasons("ar-seizh-bigoudenn", players, range(2), steps=300, heuristic=True)
    assert said > 0
