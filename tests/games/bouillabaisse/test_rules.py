"""Scenario tests: the deal, following suit, trick winners, two decks, draws."""

from __future__ import annotations

import pytest

import popote
from popote.core.chance import Chance
from popote.games.bouillabaisse.scenario import scenario_match

from .helpers import event_of, play, play_to_next_manche


def test_a_seat_holding_the_led_suit_must_follow_it() -> None:
    m = scenario_match([["2H", "AS"], ["5H", "3C"], ["KC", "4D"]])
    assert m.to_act == (1,)  # seat 0 deals manche 1, the next seat leads
    assert [a["card"] for a in m.legal_actions(1)] == ["3C", "5H"]
    play(m, "5H")
    assert [a["card"] for a in m.legal_actions(2)] == ["KC", "4D"]  # void in hearts: anything
    play(m, "KC")
    assert [a["card"] for a in m.legal_actions(0)] == ["2H"]
    before = m.view(0)
    with pytest.raises(popote.IllegalAction):
        m.act(0, {"type": "play", "card": "AS"})
    with pytest.raises(popote.IllegalAction):
        m.act(0, {"type": "play", "card": "5H"})  # not in hand any more
    assert m.view(0) == before


def test_the_highest_card_of_the_led_suit_takes_the_trick_and_leads_next() -> None:
    m = scenario_match([["2H", "AS"], ["5H", "3C"], ["KC", "4D"]])
    events = play(m, "5H", "KC", "2H")
    assert event_of(events, "trick")["winner"] == 1  # the king is off-suit: it cannot win
    assert m.to_act == (1,)
    assert m.view(None)["tricks_taken"] == [0, 1, 0]


def test_ace_is_high_and_two_is_low() -> None:
    m = scenario_match([["AH", "2S"], ["10H", "3S"], ["KH", "AS"]])
    assert event_of(play(m, "10H", "KH", "AH"), "trick")["winner"] == 0
    assert event_of(play(m, "2S", "3S", "AS"), "trick")["winner"] == 2


@pytest.mark.parametrize(("rule", "winner"), [("first", 1), ("last", 0)])
def test_identical_cards_in_one_trick_follow_the_duplicate_option(rule: str, winner: int) -> None:
    hands = [["QH", "2C"], ["QH", "3C"], ["4H", "4C"]]
    m = scenario_match(hands, options={"decks": "two", "duplicate": rule})
    events = play(m, "QH", "4H", "QH")
    assert event_of(events, "trick")["winner"] == winner


def test_two_copies_of_a_card_are_one_action() -> None:
    m = scenario_match([["QH", "QH"], ["3C", "4C"]], options={"decks": "two"})
    play(m, "3C")
    assert m.legal_actions(0) == [{"type": "play", "card": "QH"}]
    play(m, "QH")
    assert m.view(0)["hand"] == ["QH"]


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (6, 1), (7, 2), (12, 2)])
def test_auto_deck_count_switches_to_two_decks_at_seven_players(players: int, decks: int) -> None:
    view = popote.new_match("bouillabaisse", players=players, seed=1).view(0)
    assert view["decks"] == decks


@pytest.mark.parametrize(
    ("players", "decks", "removed"),
    [
        (3, "one", ["2C"]),
        (5, "one", ["2C", "2D"]),
        (6, "one", ["2C", "2D", "2H", "2S"]),
        (11, "one", ["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S"]),
        (7, "auto", ["2C", "2D", "2H", "2S", "2C", "2D"]),
        (12, "auto", ["2C", "2D", "2H", "2S"] * 2),
        (4, "two", []),
        (5, "two", ["2C", "2D", "2H", "2S"]),
    ],
)
def test_removed_cards_follow_the_documented_order(
    players: int, decks: str, removed: list[str]
) -> None:
    m = popote.new_match("bouillabaisse", players=players, seed=2, options={"decks": decks})
    view = m.view(None)
    assert view["removed"] == removed
    sizes = view["hand_sizes"]
    assert len(set(sizes)) == 1
    assert sum(sizes) + len(removed) == 52 * view["decks"]


def test_dealer_rotates_each_manche_and_the_next_seat_leads() -> None:
    m = popote.new_match("bouillabaisse", players=3, seed=4)
    dealers, leaders = [], []
    for event in m.events(None):
        if event["type"] == "manche_start":
            dealers.append(event["dealer"])
            leaders.append(event["leader"])
    chance = Chance(4)
    while not m.over:
        seat = m.to_act[0]
        legal = m.legal_actions(seat)
        for event in m.act(seat, legal[chance.below(len(legal))]):
            if event["type"] == "manche_start":
                dealers.append(event["dealer"])
                leaders.append(event["leader"])
    assert dealers == [0, 1, 2, 0, 1, 2]
    assert leaders == [1, 2, 0, 1, 2, 0]


def test_random_draws_are_announced_at_the_start_of_the_game_by_default() -> None:
    m = popote.new_match("bouillabaisse", players=4, seed=9)
    drawn = [e["target"] for e in m.events(None) if e["type"] == "drawn"]
    assert drawn == ["suit", "figure", "card"]
    targets = m.view(None)["targets"]
    assert targets["figure"] in ("J", "Q", "K")
    assert targets["card"] not in m.view(None)["removed"]


def test_with_draw_manche_each_target_is_drawn_where_it_first_scores() -> None:
    m = scenario_match(
        [["2C"], ["3C"]], manche=1, suit=None, figure=None, card=None, options={"draw": "manche"}
    )
    assert m.view(None)["targets"] == {"suit": None, "figure": None, "card": None}
    known = []
    for manche in (2, 3, 4):
        events = play_to_next_manche(m)
        known.append([e["target"] for e in events if e["type"] == "drawn"])
        assert m.view(None)["manche"] == manche
    assert known == [["suit"], ["figure"], ["card"]]
    assert None not in m.view(None)["targets"].values()


def test_traditional_choices_fix_the_targets_from_the_start() -> None:
    options = {"suit": "hearts", "figure": "queens", "card": "KS", "draw": "manche"}
    m = popote.new_match("bouillabaisse", players=4, seed=3, options=options)
    assert m.view(None)["targets"] == {"suit": "H", "figure": "Q", "card": "KS"}
    assert not [e for e in m.events(None) if e["type"] == "drawn"]


@pytest.mark.parametrize(
    ("suit", "figure", "shown"),
    [
        ("clubs", "jacks", ("C", "J")),
        ("diamonds", "kings", ("D", "K")),
        ("spades", "queens", ("S", "Q")),
    ],
)
def test_rule_a_table_may_choose_any_suit_and_any_figure(
    suit: str, figure: str, shown: tuple[str, str]
) -> None:
    options = {"suit": suit, "figure": figure}
    targets = popote.new_match("bouillabaisse", players=3, seed=1, options=options).view(None)[
        "targets"
    ]
    assert (targets["suit"], targets["figure"]) == shown
