"""Why one card beats another, in the heuristic's words: step around others' islands."""

from __future__ import annotations

import pytest

from popote.core.actions import Action
from popote.games.pieds_dans_le_plat import GAME
from popote.games.pieds_dans_le_plat.scenario import scenario_match

from ..reasons import NAMES, check_reasons

PRESENTER = GAME.presenter
HANDS = [[3, 5, 9], [9, 3, 3], [2, 5, 6]]
ISLANDS = [[17], [19], [25]]


def card(value: int) -> Action:
    return Action(type="play", card=value)


def test_an_own_island_is_safe_where_another_total_may_not_be() -> None:
    view = scenario_match(HANDS, ISLANDS, top_card=14).view(0)
    assert PRESENTER.reason(view, card(3), card(5), "en", NAMES) == (
        "The 3 makes 17, one of your islands: no penalty possible; the 5 would make 19, which "
        "may be another player's island."
    )
    assert PRESENTER.reason(view, card(3), None, "fr", NAMES) == (
        "Le 3 fait 17, une de vos îles\u00a0: aucune pénalité possible."
    )


def test_past_thirty_no_island_lies() -> None:
    view = scenario_match(HANDS, ISLANDS, top_card=24).view(0)
    assert PRESENTER.reason(view, card(9), card(3), "fr", NAMES) == (
        "Le 9 fait 33, hors de 10 à 30, où aucune île ne se trouve\u00a0: aucune pénalité "
        "possible\u00a0; le 3 ferait 27, qui peut être l'île d'un autre joueur."
    )


def test_the_assisted_view_names_whose_island_costs_a_penalty() -> None:
    view = scenario_match(HANDS, ISLANDS, top_card=14, options={"assisted": True}).view(0)
    assert PRESENTER.reason(view, card(9), card(5), "en", NAMES) == (
        "The 5 would make 19, Bao's island, and cost a penalty; the 9 makes 23, which nobody "
        "else holds."
    )
    assert PRESENTER.reason(view, card(9), card(5), "fr", NAMES) == (
        "Le 5 ferait 19, l'île de Bao, et coûterait une pénalité\u00a0; le 9 fait 23, que "
        "personne d'autre ne détient."
    )
    assert PRESENTER.reason(view, card(9), card(3), "en", NAMES) is None  # both safe


def test_nothing_sure_to_say() -> None:
    view = scenario_match(HANDS, ISLANDS, top_card=24).view(0)
    assert PRESENTER.reason(view, card(5), card(3), "en", NAMES) is None
    assert PRESENTER.reason(view, card(5), None, "en", NAMES) is None


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"assisted": True})])
def test_reasons_read_only_the_view(players: int, options: dict[str, object]) -> None:
    assert check_reasons("pieds-dans-le-plat", players, range(3), options) > 0
