"""Popote's house level table (``difficulty_table=calibrated``) and the oven options
``capacity``, ``rounds`` and ``start_size`` that ``popote calibrate`` moves."""

from __future__ import annotations

from typing import Any

import pytest

import popote
from popote.core.errors import InvalidSetup
from popote.games.boom_badaboom import GAME
from popote.games.boom_badaboom.cards import CALIBRATED, DIFFICULTIES, START_SIZE

from .helpers import NAMES, dealt_counts

VARIANTS = {"3p": 3, "4p": 4, "5p": 5, "coop": 2, "solo": 1}


def setup(players: int, **options: Any) -> dict[str, Any]:
    m = popote.new_match("boom-badaboom", players=players, seed=3, options=options)
    return next(event for event in m.events(None) if event["type"] == "setup")


def rounds_of(players: int, **options: Any) -> int:
    """The most rounds the match can last: the events in its pile (the timer included)."""
    m = popote.new_match("boom-badaboom", players=players, seed=3, options=options)
    return int(m.view(None)["events_left"]) + 1


def test_the_calibrated_table_has_every_level_at_every_player_count() -> None:
    assert set(CALIBRATED) == {(level, variant) for level in DIFFICULTIES for variant in VARIANTS}


@pytest.mark.parametrize(("level", "variant"), sorted(CALIBRATED))
def test_a_calibrated_level_sets_the_oven_the_cake_and_the_rounds(level: str, variant: str) -> None:
    oven = CALIBRATED[level, variant]
    players = VARIANTS[variant]
    options = {"difficulty": level, "difficulty_table": "calibrated"}
    opened = setup(players, **options)
    assert (opened["capacity"], opened["size"]) == (oven.capacity, oven.start_size)
    if variant != "solo":  # solo has no timer: its pile holds every ordinary event
        assert rounds_of(players, **options) == oven.rounds
    line = GAME.presenter.event(opened, "en", NAMES[:players]) or ""
    assert f"cake at {oven.start_size}, oven capacity {oven.capacity}" in line


def test_the_rulebook_table_stays_the_default() -> None:
    for level in DIFFICULTIES.values():
        opened = setup(4, difficulty=level.key)
        assert (opened["capacity"], opened["size"]) == (level.capacity, START_SIZE)
        assert setup(4, difficulty=level.key, difficulty_table="rulebook") == opened


def test_the_calibrated_table_plays_with_the_balanced_preset() -> None:
    m = popote.new_match(
        "boom-badaboom", players=4, seed=1, options={"difficulty_table": "calibrated"}
    )
    assert dealt_counts(m) == [5, 5, 5, 5]  # objective cards in the deck
    roles = [m.view(s)["role"] for s in range(4)]
    assert roles.count("patissier") == 2


def test_oven_options_replace_the_tables_values() -> None:
    opened = setup(3, difficulty="eclair", capacity=23, start_size=4, rounds=5)
    assert (opened["capacity"], opened["size"]) == (23, 4)
    assert rounds_of(3, difficulty="eclair", rounds=5) == 5
    assert rounds_of(3, difficulty="eclair") == DIFFICULTIES["eclair"].rounds


@pytest.mark.parametrize("rounds", [1, 2])
def test_fewer_than_three_rounds_is_refused_with_the_reason(rounds: int) -> None:
    with pytest.raises(InvalidSetup) as refused:
        popote.new_match("boom-badaboom", players=3, seed=1, options={"rounds": rounds})
    assert "au moins 3" in refused.value.message("fr")
    assert "final timer" in refused.value.message("en")


def test_a_cake_that_starts_above_the_capacity_explodes_at_its_first_change() -> None:
    m = popote.new_match(
        "boom-badaboom",
        players=2,
        seed=1,
        options={"capacity": 10, "start_size": 12, "mode": "coop"},
    )
    while not m.over and m.view(None)["size"] == 12:
        seat = m.to_act[0]
        m.act(seat, m.legal_actions(seat)[0])
    assert m.over and m.result()["end"] == "explosion"


def bigger_ovens_seen(seeds: range, **options: Any) -> int:
    """How many Four élargi cards the two coop players hold at the deal, over these seeds."""
    seen = 0
    for seed in seeds:
        m = popote.new_match("boom-badaboom", players=2, seed=seed, options=options)
        seen += sum(m.view(seat)["hand"].count("oven_up") for seat in range(2))
    return seen


@pytest.mark.parametrize("fewer", [1, 2, 3])
def test_fewer_oven_up_leaves_bigger_oven_cards_in_the_box(fewer: int) -> None:
    full = popote.new_match("boom-badaboom", players=2, seed=3, options={})
    m = popote.new_match("boom-badaboom", players=2, seed=3, options={"fewer_oven_up": fewer})
    assert m.view(None)["total_cards"] == full.view(None)["total_cards"] - fewer


def test_without_the_three_bigger_ovens_none_is_ever_dealt() -> None:
    assert bigger_ovens_seen(range(40)) > 0
    assert bigger_ovens_seen(range(40), fewer_oven_up=3) == 0


def test_the_house_table_plays_piece_montee_in_coop_without_two_bigger_ovens() -> None:
    options = {"difficulty": "piece_montee", "difficulty_table": "calibrated"}
    full = popote.new_match("boom-badaboom", players=2, seed=3, options={})
    m = popote.new_match("boom-badaboom", players=2, seed=3, options=options)
    assert CALIBRATED["piece_montee", "coop"].fewer_oven_up == 2
    assert m.view(None)["total_cards"] == full.view(None)["total_cards"] - 2
    solo = popote.new_match("boom-badaboom", players=1, seed=3, options=options)
    assert solo.view(None)["total_cards"] == 78  # the other cells keep every card
