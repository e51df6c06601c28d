"""Setup, the ends of a match, the winners, the variants, and the rules decisions."""

from __future__ import annotations

from collections import Counter

import pytest

import popote
from popote.core.chance import Chance
from popote.games.boom_badaboom.scenario import scenario_match

from .helpers import OBJECTIVES, ROLES3, decline_all, first, play

OBJ = ["cherries", "caramel"]


@pytest.mark.parametrize(("players", "counts"), [(3, (1, 1, 1)), (4, (1, 2, 1)), (5, (2, 2, 1))])
def test_roles_by_player_count_and_the_glouton_starts_with_seven_cards(
    players: int, counts: tuple[int, int, int]
) -> None:
    m = popote.new_match("boom-badaboom", players=players, seed=players)
    roles = [m.view(s)["role"] for s in range(players)]
    assert tuple(roles.count(r) for r in ("patissier", "farceur", "glouton")) == counts
    glouton = roles.index("glouton")
    assert m.view(None)["roles"] == [None] * players
    assert m.view(glouton)["hand_sizes"] == [7 if s == glouton else 5 for s in range(players)]
    held = [k for k in m.view(glouton)["hand"] if k in OBJECTIVES]
    assert len(held) == 2
    assert m.view(None)["size"] == 10


@pytest.mark.parametrize(
    ("difficulty", "rounds", "capacity"),
    [
        ("cupcake", 7, 19),
        ("genoise", 8, 17),
        ("eclair", 11, 15),
        ("tarte_tatin", 13, 12),
        ("piece_montee", 15, 10),
    ],
)
def test_difficulty_sets_capacity_and_number_of_rounds(
    difficulty: str, rounds: int, capacity: int
) -> None:
    m = popote.new_match("boom-badaboom", players=4, seed=1, options={"difficulty": difficulty})
    view = m.view(None)
    assert view["capacity"] == capacity
    assert view["events_left"] + 1 == rounds


def timer_rounds(options: dict[str, object], seeds: range) -> set[int]:
    found: set[int] = set()
    for seed in seeds:
        m = popote.new_match(
            "boom-badaboom", players=3, seed=seed, options={"difficulty": "cupcake", **options}
        )
        chance = Chance(seed)
        while not m.over and m.view(None)["event"] != "final_timer":
            m.act(
                m.to_act[0],
                chance.choice(m.legal_actions(m.to_act[0]))
                if m.view(None)["phase"] != "play"
                else _coolest(m),
            )
        if not m.over:
            found.add(m.view(None)["round"])
    return found


def _coolest(m: popote.Match) -> dict[str, object]:
    """Keep the cake alive so the timer can come out."""
    legal = m.legal_actions(m.to_act[0])
    cools = [a for a in legal if str(a.get("card", "")).startswith("cool")]
    return cools[0] if cools else legal[0]


def test_minuteur_final_comes_out_in_the_last_three_rounds_of_the_level() -> None:
    assert timer_rounds({}, range(40)) == {5, 6, 7}
    assert timer_rounds({"timer": "rulebook"}, range(40)) == {8, 9, 10}


def test_explosion_as_soon_as_the_size_reaches_capacity_farceurs_win() -> None:
    m = scenario_match(hands=[["heat3"], ["cool1"], ["cool1"]], roles=ROLES3, size=14)
    events = play(m, 0, "heat3")
    result = m.result()
    assert result["end"] == "explosion" and result["winning_side"] == "farceurs"
    assert result["winners"] == [0] and result["sides"]["farceurs"] == [0]
    assert first(events, "game_over")["roles"] == ROLES3
    assert m.view(1)["roles"] == ROLES3


def test_glouton_wins_on_its_own_turn_after_its_card() -> None:
    m = scenario_match(
        hands=[["heat2"], ["cool1"], ["heat3", *OBJ]], roles=ROLES3, size=12, current=2, capacity=25
    )
    play(m, 2, "heat3")
    assert m.over and m.result()["winning_side"] == "glouton" and m.result()["winners"] == [2]


def test_glouton_does_not_win_during_someone_elses_turn() -> None:
    m = scenario_match(
        hands=[["heat5", "cool1"], ["cool1"], ["heat4", *OBJ]], roles=ROLES3, size=11, capacity=25
    )
    play(m, 0, "heat5")
    assert not m.over and m.view(None)["size"] == 16


def test_glouton_needs_two_objective_cards() -> None:
    m = scenario_match(
        hands=[["heat2"], ["cool1"], ["heat3", "cherries", "cool1"]],
        roles=ROLES3,
        size=12,
        current=2,
        capacity=25,
    )
    play(m, 2, "heat3")
    assert not m.over


def test_final_count_glouton_with_two_objectives_else_patissiers() -> None:
    for hand, side in (([*OBJ, "cool1"], "glouton"), (["cherries", "cool1"], "patissiers")):
        m = scenario_match(
            hands=[["cool1"], ["cool2"], ["cool3", *hand]],
            roles=ROLES3,
            current=2,
            event="final_timer",
        )
        play(m, 2, "cool3")
        assert m.over and m.result()["end"] == "timer"
        assert m.result()["winning_side"] == side


@pytest.mark.parametrize(
    ("count", "size", "side"),
    [("objectives", 12, "glouton"), ("perfect", 12, "patissiers"), ("perfect", 16, "glouton")],
)
def test_perfect_count_the_glouton_also_needs_the_cake_in_its_zone_at_the_end(
    count: str, size: int, side: str
) -> None:
    # The Farceur plays the last turn, so only the final count can crown the Glouton.
    m = scenario_match(
        hands=[["cool1"], ["cool2"], [*OBJ, "cool3"]],
        roles=ROLES3,
        first=1,
        current=0,
        size=size + 1,
        capacity=25,
        event="final_timer",
        options={"glouton_count": count},
    )
    play(m, 0, "cool1")
    assert m.over and m.result()["end"] == "timer" and m.result()["size"] == size
    assert m.result()["winning_side"] == side


def test_empty_deck_ends_the_game_after_that_turn_with_the_final_count() -> None:
    m = scenario_match(hands=[["cool1", "cool2"], ["cool3"], ["heat1"]], roles=ROLES3, deck=[])
    events = play(m, 0, "cool1")
    assert "deck_empty" in [e["type"] for e in events]
    assert (
        m.over and m.result()["end"] == "empty_deck" and m.result()["winning_side"] == "patissiers"
    )


def test_piece_montee_starts_at_the_brink_without_exploding() -> None:
    m = popote.new_match("boom-badaboom", players=3, seed=2, options={"difficulty": "piece_montee"})
    assert not m.over and m.view(None)["size"] == m.view(None)["capacity"] == 10


def test_coop_variant_no_roles_no_objectives_all_win_or_all_lose() -> None:
    m = popote.new_match("boom-badaboom", players=2, seed=4)
    assert m.view(0)["mode"] == "coop" and m.view(0)["role"] is None
    cards = Counter(m.view(0)["hand"] + m.view(1)["hand"])
    assert not set(cards) & OBJECTIVES
    assert m.view(None)["total_cards"] == 78
    m = scenario_match(hands=[["heat5"], ["cool1"]], size=14)
    play(m, 0, "heat5")
    assert m.result()["winning_side"] == "four" and not m.result()["cake_survived"]
    assert m.result()["winners"] == []
    m = scenario_match(hands=[["cool1"], ["cool1"]], event="final_timer", current=1)
    play(m, 1, "cool1")
    assert m.result()["winning_side"] == "equipe" and m.result()["winners"] == [0, 1]


def test_coop_option_at_four_players_removes_roles() -> None:
    m = popote.new_match("boom-badaboom", players=4, seed=4, options={"mode": "coop"})
    assert m.view(0)["mode"] == "coop" and m.view(2)["role"] is None


def test_solo_hand_of_seven_and_score_by_rounds_survived() -> None:
    m = popote.new_match("boom-badaboom", players=1, seed=5)
    assert m.view(0)["mode"] == "solo" and len(m.view(0)["hand"]) == 7
    m = scenario_match(hands=[["cool1", "heat5"]], event_pile=["oven_broken"], size=14)
    play(m, 0, "cool1")
    assert m.view(None)["rounds_survived"] == 1
    play(m, 0, "heat5")
    assert m.result()["scores"] == [1] and m.result()["rounds_survived"] == 1


def test_a_round_the_deck_runs_out_in_counts_as_survived_once_fully_played() -> None:
    m = popote.new_match("boom-badaboom", players=1, seed=14)
    while not m.over:
        seat = m.to_act[0]
        m.act(seat, m.legal_actions(seat)[0])
    rounds = [e["round"] for e in m.events(0) if e["type"] == "round_started"]
    assert m.result()["end"] == "empty_deck" and rounds[-1] == 75
    assert m.result()["rounds_survived"] == 75 and m.result()["scores"] == [75]
    # Two players: the deck running out on the first turn of a round leaves it unplayed.
    for current, survived in ((0, 0), (1, 1)):
        m = scenario_match(hands=[["cool1", "heat1"], ["cool1", "heat1"]], deck=[], current=current)
        play(m, current, "cool1")
        assert m.result()["end"] == "empty_deck"
        assert m.result()["rounds_survived"] == survived


def test_a_player_with_nothing_playable_passes_and_still_draws() -> None:
    m = scenario_match(
        hands=[["caramel", "apron"], ["cool1"], ["heat1"]], roles=ROLES3, deck=["heat2", "cool2"]
    )
    assert m.legal_actions(0) == [{"type": "pass"}]
    m.act(0, {"type": "pass"})
    assert "heat2" in m.view(0)["hand"]


def test_targeted_actions_aim_at_other_players_only() -> None:
    m = scenario_match(hands=[["accident"], ["cool1"], ["heat1"]], roles=ROLES3)
    assert sorted(a["target"] for a in m.legal_actions(0)) == [1, 2]


def test_renvoi_may_send_a_cancel_back_only_once_a_reactive_card_is_on_top() -> None:
    m = scenario_match(hands=[["heat2", "cool1"], ["spatula"], ["heat1"]], roles=ROLES3)
    m.act(0, {"type": "play", "card": "heat2"})
    modes = {a.get("mode") for a in m.legal_actions(1)}
    assert modes == {None, "invert"}
    decline_all(m)


def test_deck_has_24_cooling_cards_with_a_row_of_five_minus_five() -> None:
    m = popote.new_match("boom-badaboom", players=3, seed=6)
    view = m.view(None)
    assert view["total_cards"] == 24 + 24 + 19 + 11 + 5
    assert view["deck_size"] == 83 - 5 * 3 - 2
    assert view["events_left"] == 7
    m = popote.new_match("boom-badaboom", players=3, seed=6, options={"cooling": "rows"})
    assert m.view(None)["total_cards"] == 24 + 19 + 19 + 11 + 5


def test_a_minus_five_cooling_card_lowers_the_cake_by_five() -> None:
    m = scenario_match(hands=[["cool5"], ["cool1"], ["cool1"]], roles=ROLES3, size=12)
    play(m, 0, "cool5")
    assert m.view(None)["size"] == 7


def test_one_card_drawn_per_turn_even_below_five() -> None:
    m = scenario_match(
        hands=[["cool1", "heat2"], ["cool2"], ["heat1"]], roles=ROLES3, deck=["heat3", "heat4"]
    )
    play(m, 0, "cool1")
    assert m.view(0)["hand"] == ["heat2", "heat3"]


def test_solo_player_aims_at_itself_and_answers_its_own_cards() -> None:
    m = scenario_match(hands=[["heat4", "accident", "apron"]], size=14)
    assert {"type": "play", "card": "accident", "target": 0} in m.legal_actions(0)
    m.act(0, {"type": "play", "card": "heat4"})
    assert list(m.to_act) == [0]
    assert {"type": "react", "card": "apron", "mode": "cancel"} in m.legal_actions(0)
    m.act(0, {"type": "react", "card": "apron", "mode": "cancel"})
    m.act(0, {"type": "decline"})
    assert not m.over and m.view(None)["size"] == 14
