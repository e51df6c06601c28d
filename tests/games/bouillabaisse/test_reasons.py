"""Why one card beats another, in the heuristic's words: ducking, shedding, collecting."""

from __future__ import annotations

import pytest

from popote.core.actions import Action
from popote.games.bouillabaisse import GAME
from popote.games.bouillabaisse.scenario import scenario_match

from ..reasons import NAMES, check_reasons
from .helpers import play

PRESENTER = GAME.presenter


def card(name: str) -> Action:
    return Action(type="play", card=name)


def test_ducking_under_the_best_card_of_the_trick() -> None:
    m = scenario_match(
        [["2C", "9H", "AH"], ["JH", "3C", "4C"], ["5C", "6C", "QH"]], manche=2, dealer=0
    )
    play(m, "JH", "QH")
    view = m.view(0)
    assert PRESENTER.reason(view, card("9H"), card("AH"), "en", NAMES) == (
        "The 9 of hearts ducks under Chloé's queen of hearts; the ace of hearts would take "
        "the trick and its 30 points."
    )
    assert PRESENTER.reason(view, card("9H"), card("AH"), "fr", NAMES) == (
        "Le 9 de cœur passe sous la dame de cœur de Chloé\u00a0; l'as de cœur prendrait "
        "le pli et ses 30 points."
    )
    assert PRESENTER.reason(view, card("9H"), None, "en", NAMES) == (
        "The 9 of hearts ducks under Chloé's queen of hearts."
    )


def test_ducking_before_others_have_played_says_only_that_the_other_card_leads() -> None:
    m = scenario_match(
        [["2C", "9H", "AH"], ["5C", "6C", "QH"], ["JH", "3C", "4C"]], manche=2, dealer=1
    )
    play(m, "JH")
    assert PRESENTER.reason(m.view(0), card("9H"), card("AH"), "en", NAMES) == (
        "The 9 of hearts ducks under Chloé's jack of hearts; the ace of hearts would beat it "
        "and lead the trick."
    )


def test_shedding_a_point_card_when_void() -> None:
    m = scenario_match(
        [["KH", "QS", "2D"], ["3C", "4C", "5C"], ["6C", "7C", "8C"]], manche=5, dealer=0
    )
    play(m, "3C", "6C")
    view = m.view(0)
    assert PRESENTER.reason(view, card("KH"), card("QS"), "en", NAMES) == (
        "Void in clubs, you get rid of the king of hearts and its 210 points in a trick you "
        "will not take; the queen of spades is worth only 50 points."
    )
    assert PRESENTER.reason(view, card("KH"), card("2D"), "fr", NAMES) == (
        "Sans trèfle, vous glissez le roi de cœur et ses 210 points dans un pli que vous ne "
        "prendrez pas\u00a0; le 2 de carreau ne vaut rien."
    )


def test_collecting_a_trick_worth_points_in_manche_6() -> None:
    m = scenario_match(
        [["AH", "2H", "3D"], ["QH", "4C", "5D"], ["6C", "7C", "8C"]], manche=6, dealer=0
    )
    play(m, "QH", "6C")
    view = m.view(0)
    assert PRESENTER.reason(view, card("AH"), card("2H"), "en", NAMES) == (
        "The ace of hearts takes the trick and its 75 points, which count in your favour this "
        "deal; the 2 of hearts would leave them to Bao."
    )
    assert PRESENTER.reason(view, card("AH"), None, "fr", NAMES) == (
        "L'as de cœur prend le pli et ses 75 points, qui comptent en votre faveur cette manche."
    )


def test_a_trick_taken_anyway_takes_the_cheaper_card() -> None:
    m = scenario_match(
        [["AS", "QH", "3D"], ["2S", "4C", "5D"], ["3S", "7C", "8C"]], manche=5, dealer=0
    )
    play(m, "2S", "3S")
    assert PRESENTER.reason(m.view(0), card("AS"), card("QH"), "en", NAMES) is None
    m = scenario_match(
        [["AH", "QH", "3D"], ["2H", "4C", "5D"], ["3H", "7C", "8C"]], manche=3, dealer=0
    )
    play(m, "2H", "3H")
    assert PRESENTER.reason(m.view(0), card("AH"), card("QH"), "en", NAMES) == (
        "This trick is yours anyway: the ace of hearts adds no points to it, the queen of "
        "hearts would add 50 points."
    )


def test_leading_no_point_card() -> None:
    m = scenario_match([["QH", "3C"], ["2D", "4C"]], manche=2, dealer=1)
    assert PRESENTER.reason(m.view(0), card("3C"), card("QH"), "en", NAMES) == (
        "Leading the 3 of clubs puts no point card at risk; the queen of hearts would come "
        "back to you with its 10 points if nobody plays higher."
    )


def test_nothing_to_say() -> None:
    m = scenario_match([["QH", "3C"], ["2D", "4C"]], manche=2, dealer=1)
    view = m.view(0)
    assert PRESENTER.reason(view, card("QH"), card("3C"), "en", NAMES) is None
    assert PRESENTER.reason(view, card("3C"), None, "fr", NAMES) is None
    assert PRESENTER.reason(m.view(None), card("3C"), card("QH"), "en", NAMES) is None


@pytest.mark.parametrize(
    ("players", "options"), [(3, {}), (4, {"tout_ou_rien": True}), (7, {"decks": "two"})]
)
def test_reasons_read_only_the_view(players: int, options: dict[str, object]) -> None:
    assert check_reasons("bouillabaisse", players, range(2), options, steps=200) > 0
