"""The heuristic bot: tests unlikely claims, learns who bluffs, bluffs itself now and then."""

from __future__ import annotations

import popote
from popote.bots.base import RandomBot
from popote.bots.runner import play_out
from popote.core.registry import get_game
from popote.games.stir_fry_eighteen.bot import StirFryHeuristicBot
from popote.games.stir_fry_eighteen.scenario import scenario_match

from .helpers import NAME, PASS, TEST, protein

GAME = get_game(NAME)


def test_the_bot_tests_a_claim_it_knows_is_false() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], ["crevette", "nouilles", "gingembre"]])
    m.act(0, protein("nouilles", "crevette"))
    assert StirFryHeuristicBot(1, 3).choose(m) == TEST


def test_the_bot_lets_a_likely_pair_pass_rather_than_risk_its_hand() -> None:
    hand = ["nouilles", "nouilles", "porc", "sauce_soja", "poulet", "champignons", "gingembre"]
    m = scenario_match(hands=[hand, ["crevette", "gingembre", "oignon_vert"]])
    m.act(0, {"type": "discard_pair", "first": "nouilles", "second": "nouilles"})
    assert StirFryHeuristicBot(1, 3).choose(m) == PASS


def _borderline() -> popote.Match:
    hand = ["nouilles", "nouilles", "sauce_soja", "champignons", "champignons"]
    m = scenario_match(hands=[hand, ["crevette", "gingembre", "oignon_vert"]])
    m.act(0, protein("nouilles", "porc"))
    return m


def test_the_bot_tests_a_chef_it_saw_bluff_again_and_again() -> None:
    trusting = StirFryHeuristicBot(1, 3)
    assert trusting.choose(_borderline()) == PASS
    wary = StirFryHeuristicBot(1, 3)
    caught = {"type": "taste_test", "seat": 0, "accuser": 1, "truthful": False}
    wary.observe([caught] * 5)
    assert wary.choose(_borderline()) == TEST


def test_rule_a_stuck_bullseye_bot_loses_five_points_on_purpose() -> None:
    m = scenario_match(hands=[["nouilles", "porc"], []], scores=[0, 48], options={"bullseye": True})
    m.act(0, protein("porc", "porc"))
    assert StirFryHeuristicBot(1, 3).choose(m) == TEST


def test_the_bot_bluffs_at_a_sensible_rate() -> None:
    bluffs = discards = 0
    for seed in range(30):
        m = popote.new_match(NAME, players=3, seed=seed)
        play_out(m, [GAME.heuristic_bot(seat, seed) for seat in range(3)])
        for seat in range(3):
            for e in m.events(seat):
                if e["type"] == "discarded" and e["seat"] == seat:
                    cards = e["cards"]
                    honest = cards[0] == (cards[1] if e["kind"] == "pair" else e["claim"])
                    discards += 1
                    bluffs += not honest
    assert discards > 100
    assert 0.1 < bluffs / discards < 0.45


def test_the_bot_beats_random_players() -> None:
    wins = 0
    for seed in range(30):
        m = popote.new_match(NAME, players=3, seed=seed)
        play_out(m, [GAME.heuristic_bot(0, seed), RandomBot(1, seed), RandomBot(2, seed)])
        wins += 0 in m.result()["winners"]
    assert wins >= 24
