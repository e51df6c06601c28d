"""The heuristic bot: its habits in small positions, and that it beats random play."""

from __future__ import annotations

import pytest

import popote
from popote.bots.base import RandomBot
from popote.bots.runner import play_out
from popote.games.bouillabaisse import GAME
from popote.games.bouillabaisse.bot import BouillabaisseBot
from popote.games.bouillabaisse.scenario import scenario_match

from .helpers import play


def choice_of(match: popote.Match, seat: int) -> str:
    bot = BouillabaisseBot(seat, 0)
    bot.observe(match.events(seat))
    card: str = bot.choose(match)["card"]
    return card


def test_ducks_under_the_card_leading_the_trick() -> None:
    m = scenario_match(
        [["2C", "9H", "AH"], ["JH", "3C", "4C"], ["5C", "6C", "7C"]], manche=2, dealer=0
    )
    play(m, "JH", "5C")
    assert choice_of(m, 0) == "9H"  # under the jack, and rids itself of a heart


def test_dumps_its_most_dangerous_card_when_void() -> None:
    m = scenario_match(
        [["KH", "QS", "2D"], ["3C", "4C", "5C"], ["6C", "7C", "8C"]], manche=5, dealer=0
    )
    play(m, "3C", "6C")
    assert choice_of(m, 0) == "KH"  # the 200-point king of hearts goes to someone else


def test_collects_in_manche_6_by_winning_a_trick_with_points() -> None:
    hands = [["AH", "2H", "3D"], ["QH", "4C", "5D"], ["6C", "7C", "8C"]]
    m = scenario_match(hands, manche=6, dealer=0)
    play(m, "QH", "6C")
    assert choice_of(m, 0) == "AH"  # takes the queen of hearts: points that now count less


@pytest.mark.parametrize(("tout_ou_rien", "expected"), [(False, "KC"), (True, "2C")])
def test_in_manche_6_with_tout_ou_rien_it_will_not_take_every_queen(
    tout_ou_rien: bool, expected: str
) -> None:
    hands = [["AD", "QH", "QS", "3C", "KC", "2C"], ["QD", "2H", "2S", "4C", "QC", "5D"]]
    m = scenario_match(hands, manche=6, dealer=0, options={"tout_ou_rien": tout_ou_rien})
    play(m, "QD", "AD", "QH", "2H", "QS", "2S", "3C", "4C", "QC")
    assert choice_of(m, 0) == expected  # the king would bring the fourth queen home


def test_heuristic_bot_beats_random_players() -> None:
    heuristic, random_ = 0, 0
    for seed in range(8):
        match = popote.new_match("bouillabaisse", players=4, seed=seed)
        bots = [
            GAME.heuristic_bot(0, seed),
            RandomBot(1, seed),
            RandomBot(2, seed),
            RandomBot(3, seed),
        ]
        scores = play_out(match, bots).result()["scores"]
        heuristic += scores[0]
        random_ += sum(scores[1:]) / 3
    assert heuristic < random_


@pytest.mark.parametrize(("scope", "expected"), [("rule", "2C"), ("manche", "KC")])
def test_in_manche_6_whole_manche_tout_ou_rien_only_fears_taking_every_point_card(
    scope: str, expected: str
) -> None:
    hands = [["AD", "QH", "QS", "3H", "KC", "2C"], ["QD", "2H", "2S", "4H", "QC", "5D"]]
    options = {"tout_ou_rien": True, "tout_ou_rien_scope": scope}
    m = scenario_match(hands, manche=6, dealer=0, options=options)
    play(m, "QD", "AD", "QH", "2H", "QS", "2S", "3H", "4H", "QC")
    assert choice_of(m, 0) == expected  # seat 1 took two hearts: no sweep of the manche
