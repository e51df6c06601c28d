"""Messages count seats as people do, from 1, while the API numbers them from 0."""

from __future__ import annotations

import pytest

import popote
from popote.cli.main import main


def test_not_your_turn_and_illegal_actions_name_seats_from_1() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=7)
    assert match.to_act == (0,)
    with pytest.raises(popote.IllegalAction) as late:
        match.act(1, match.legal_actions(0)[0])
    assert str(late.value) == "ce n'est pas au siège 2 de jouer (à jouer : siège 1)"
    assert late.value.message("en") == "it is not seat 2's turn (to act: seat 1)"
    with pytest.raises(popote.IllegalAction) as wrong:
        match.act(0, {"type": "play", "card": 99})
    assert str(wrong.value).startswith("action interdite pour le siège 1 : ")
    assert wrong.value.message("en").startswith("illegal action for seat 1: ")


def test_an_unknown_seat_is_said_with_the_seats_people_can_use() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=7)
    with pytest.raises(popote.InvalidSeat) as unknown:
        match.view(3)
    assert str(unknown.value) == "siège inconnu : 4 (sièges 1 à 3)"
    assert unknown.value.message("en") == "unknown seat: 4 (seats 1 to 3)"


def test_play_refuses_a_seat_off_the_table_counting_from_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "pieds-dans-le-plat", "--players", "3", "--seat", "4"]) == 2
    assert "siège inconnu : 4 (sièges 1 à 3)" in capsys.readouterr().err
