"""Each manche's scoring and the "tout ou rien" option, on small hand-made deals.

Targets in every scenario: hearts (10 points), queens (50), king of hearts (200). With two
players seat 1 leads manches 1, 3, 5 and seat 0 leads manches 2, 4, 6.
"""

from __future__ import annotations

from typing import Any

import pytest

from popote.games.bouillabaisse.scenario import scenario_match

from .helpers import event_of, last_manche_scores, play

TOR = {"tout_ou_rien": True}


def test_manche_1_scores_5_points_per_trick() -> None:
    m = scenario_match([["AH", "AC"], ["KH", "3C"]], manche=1)
    end = event_of(play(m, "KH", "AH", "AC", "3C"), "manche_end")
    assert end["scores"] == [10, 0]
    assert end["totals"] == [10, 0]
    assert m.view(None)["manche"] == 2  # the next manche is dealt at once


def test_manche_2_scores_10_points_per_card_of_the_drawn_suit() -> None:
    m = scenario_match([["AH", "2C"], ["KH", "3C"]], manche=2)
    play(m, "AH", "KH", "2C", "3C")
    assert last_manche_scores(m) == [20, 0]


def test_manche_3_scores_50_points_per_card_of_the_drawn_figure() -> None:
    m = scenario_match([["QH", "QS"], ["KH", "2S"]], manche=3)
    play(m, "KH", "QH", "2S", "QS")
    assert last_manche_scores(m) == [50, 50]


def test_manche_4_scores_200_points_for_the_drawn_card() -> None:
    m = scenario_match([["AH", "2C"], ["KH", "3C"]], manche=4)
    play(m, "AH", "KH", "2C", "3C")
    assert last_manche_scores(m) == [200, 0]


def test_manche_5_adds_up_the_four_rules() -> None:
    m = scenario_match([["AH", "2C"], ["QH", "KH"]], manche=5)
    end = event_of(play(m, "QH", "AH", "2C", "KH"), "manche_end")
    assert end["scores"] == [290, 0]
    assert end["detail"] == {
        "tricks": [10, 0],
        "suit": [30, 0],
        "figure": [50, 0],
        "card": [200, 0],
    }


def test_manche_6_adds_up_the_four_rules_with_the_sign_reversed_and_ends_the_game() -> None:
    past = [[10, 0], [20, 0], [50, 50], [200, 0], [290, 0]]
    m = scenario_match([["AH", "2C"], ["QH", "KH"]], manche=6, scores=past)
    play(m, "AH", "QH", "2C", "KH")
    assert m.over
    result = m.result()
    assert [entry["scores"] for entry in result["manches"]] == [*past, [-290, 0]]
    assert result["scores"] == [280, 50]
    assert result["winners"] == [1]


def test_tout_ou_rien_in_manche_1_reverses_the_points_of_whoever_takes_every_trick() -> None:
    m = scenario_match([["AH", "AC"], ["KH", "3C"]], manche=1, options=TOR)
    end = event_of(play(m, "KH", "AH", "AC", "3C"), "manche_end")
    assert end["scores"] == [-10, 0]
    assert end["reversed"] == [0]


def test_tout_ou_rien_four_queens_lose_200_points() -> None:
    m = scenario_match([["QH", "QS", "QD", "QC"], ["2H", "2S", "2D", "2C"]], manche=3, options=TOR)
    play(m, "2H", "QH", "QS", "2S", "QD", "2D", "QC", "2C")
    assert last_manche_scores(m) == [-200, 0]


def test_tout_ou_rien_only_applies_to_whoever_takes_all() -> None:
    m = scenario_match([["AH", "2H"], ["KH", "3H"]], manche=2, options=TOR)
    play(m, "AH", "KH", "2H", "3H")
    assert last_manche_scores(m) == [20, 20]


def test_tout_ou_rien_never_applies_to_the_drawn_card_of_manche_4() -> None:
    m = scenario_match([["AH", "2C"], ["KH", "3C"]], manche=4, options=TOR)
    play(m, "AH", "KH", "2C", "3C")
    assert last_manche_scores(m) == [200, 0]


def test_tout_ou_rien_in_manche_5_reverses_each_rule_taken_whole_but_the_card() -> None:
    m = scenario_match([["AH", "2C"], ["QH", "KH"]], manche=5, options=TOR)
    end = event_of(play(m, "QH", "AH", "2C", "KH"), "manche_end")
    assert end["detail"] == {
        "tricks": [-10, 0],
        "suit": [-30, 0],
        "figure": [-50, 0],
        "card": [200, 0],
    }
    assert end["scores"] == [110, 0]


def test_tout_ou_rien_in_manche_6_taking_everything_gains_instead_of_losing() -> None:
    m = scenario_match([["AH", "2C"], ["QH", "KH"]], manche=6, options=TOR)
    play(m, "AH", "QH", "2C", "KH")
    detail: dict[str, Any] = m.result()["manches"][-1]["detail"]
    assert detail == {"tricks": [10, 0], "suit": [30, 0], "figure": [50, 0], "card": [-200, 0]}
    assert m.result()["scores"] == [-110, 0]


WHOLE = {"tout_ou_rien": True, "tout_ou_rien_scope": "manche"}


def test_rule_tout_ou_rien_whole_manche_reverses_all_of_manche_5_for_whoever_takes_every_point_card() -> (
    None
):
    m = scenario_match([["AH", "2C"], ["QH", "KH"]], manche=5, options=WHOLE)
    end = event_of(play(m, "QH", "AH", "2C", "KH"), "manche_end")
    assert end["detail"] == {
        "tricks": [-10, 0],
        "suit": [-30, 0],
        "figure": [-50, 0],
        "card": [-200, 0],
    }
    assert end["scores"] == [-290, 0] and end["reversed"] == [0]


def test_rule_tout_ou_rien_whole_manche_in_manche_6_taking_every_point_card_gains_nothing() -> None:
    m = scenario_match([["AH", "2C"], ["QH", "KH"]], manche=6, options=WHOLE)
    play(m, "AH", "QH", "2C", "KH")
    assert m.result()["manches"][-1]["scores"] == [290, 0]


def test_rule_tout_ou_rien_whole_manche_needs_every_point_card_not_every_rule() -> None:
    # Seat 0 takes the only queen, seat 1 every heart and the king of hearts: each took all
    # of one rule, no one took every point card.
    reversed_by_scope = {}
    for scope in ("rule", "manche"):
        options = {"tout_ou_rien": True, "tout_ou_rien_scope": scope}
        m = scenario_match([["QS", "3H"], ["2S", "KH"]], manche=5, options=options)
        reversed_by_scope[scope] = event_of(play(m, "2S", "QS", "3H", "KH"), "manche_end")[
            "reversed"
        ]
    assert reversed_by_scope == {"rule": [0, 1], "manche": []}


@pytest.mark.parametrize("tout_ou_rien", [False, True])
def test_with_two_decks_each_copy_of_the_drawn_card_is_worth_200(tout_ou_rien: bool) -> None:
    options = {"decks": "two", "tout_ou_rien": tout_ou_rien}
    m = scenario_match([["KH", "AH"], ["KH", "2C"]], manche=4, options=options)
    play(m, "KH", "KH", "AH", "2C")
    assert last_manche_scores(m) == [400, 0]


def test_with_two_decks_both_copies_of_the_suit_count() -> None:
    m = scenario_match([["5H", "5H"], ["3H", "2C"]], manche=2, options={"decks": "two"})
    play(m, "5H", "3H", "5H", "2C")
    assert last_manche_scores(m) == [30, 0]
