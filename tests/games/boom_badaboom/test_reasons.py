"""Why one card beats another, in the heuristic's words: the oven's capacity, the Glouton's
zone."""

from __future__ import annotations

import popote
from popote.core.actions import Action
from popote.games.boom_badaboom import GAME
from popote.games.boom_badaboom.scenario import scenario_match

from ..reasons import NAMES, check_reasons

PRESENTER = GAME.presenter
HANDS = [["heat4", "cool2", "heat1", "heat_x"], ["cool2"], ["apron"]]


def seat_0(role: str, size: int, capacity: int) -> popote.Match:
    roles = [role, *(other for other in ("patissier", "farceur", "glouton") if other != role)]
    return scenario_match(hands=HANDS, roles=roles[:3], size=size, capacity=capacity)


def card(key: str) -> Action:
    return Action(type="play", card=key)


def test_a_card_that_would_burst_the_cake() -> None:
    view = seat_0("patissier", 7, 10).view(0)
    assert PRESENTER.reason(view, card("cool2"), card("heat4"), "en", NAMES) == (
        "Heat +4 would bring the cake to 11, with the oven at 10: it would explode; "
        "Cooling \u22122 leaves it at 5."
    )
    assert PRESENTER.reason(view, card("cool2"), card("heat4"), "fr", NAMES) == (
        "Chaleur +4 porterait le gâteau à 11, pour un four de 10\u00a0: il exploserait"
        "\u00a0; Refroidissement \u22122 le laisse à 5."
    )


def test_a_prankster_finishes_the_cake() -> None:
    view = seat_0("farceur", 7, 10).view(0)
    assert PRESENTER.reason(view, card("heat4"), None, "en", NAMES) == (
        "Heat +4 brings the cake to 11, with the oven at 10: it explodes, as a Prankster wants."
    )
    assert PRESENTER.reason(view, card("heat4"), card("cool2"), "fr", NAMES) == (
        "Chaleur +4 porte le gâteau à 11, pour un four de 10\u00a0: il explose, ce que veut "
        "un Farceur."
    )


def test_a_baker_keeps_the_cake_out_of_the_gluttons_zone() -> None:
    view = seat_0("patissier", 12, 25).view(0)
    assert PRESENTER.reason(view, card("heat1"), card("heat4"), "en", NAMES) == (
        "Heat +4 would leave the cake at 16, in the Glutton's 15–18 zone; Heat +1 leaves it at 13."
    )
    assert PRESENTER.reason(view, card("heat1"), card("heat4"), "fr", NAMES) == (
        "Chaleur +4 laisserait le gâteau à 16, dans la zone 15–18 du Glouton\u00a0; "
        "Chaleur +1 le laisse à 13."
    )


def test_nothing_sure_to_say() -> None:
    view = seat_0("patissier", 7, 10).view(0)
    assert PRESENTER.reason(view, card("cool2"), card("heat1"), "en", NAMES) is None
    assert PRESENTER.reason(view, card("cool2"), card("heat_x"), "en", NAMES) is None
    assert PRESENTER.reason(view, card("cool2"), None, "en", NAMES) is None


def test_reasons_read_only_the_view() -> None:
    # Sure reasons are rare at random (a known card at the brink): counted over all sizes.
    assert sum(check_reasons("boom-badaboom", players, range(3)) for players in (1, 3, 5)) > 0
