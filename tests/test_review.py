"""The review of a finished game: what each decision of a seat cost, from what it knew."""

from __future__ import annotations

import json

import pytest

import popote
from popote.bots.registry import heuristic
from popote.bots.runner import play_out
from popote.core.actions import Action
from popote.core.chance import Chance
from popote.core.errors import InvalidSeat, InvalidSetup
from popote.core.match import Match, create_match
from popote.core.registry import get_game
from popote.games.bouillabaisse.scenario import scenario_match as bouillabaisse_scenario
from popote.games.pieds_dans_le_plat.scenario import scenario_match as pieds_scenario
from popote.lab.review import Budget, Label, assess_at, decision_tasks, hint, review

from .conformance.configs import match_configs
from .games.bouillabaisse.helpers import play

SMALL = Budget(worlds=6, seed=3)
GAMES = [
    ("pieds-dans-le-plat", 4),
    ("bouillabaisse", 4),
    ("stir-fry-eighteen", 4),
    ("boom-badaboom", 4),
    ("ar-seizh-bigoudenn", 4),
]


def finished(name: str, players: int, seed: int) -> Match:
    game = get_game(name)
    match = create_match(game, players, seed, {})
    return play_out(match, [heuristic(game, seat, seed) for seat in range(players)])


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_review_sees_only_what_the_seat_knew(name: str, players: int) -> None:
    """Whatever the other seats really held, the figures of a decision do not move: the
    match as it stood and any world that seat could not tell from it give the same."""
    record = finished(name, players, seed=5).to_record()
    tasks = decision_tasks(record, seat=1, budget=SMALL)
    assert tasks, "the seat had choices to review"
    for task in tasks[:: max(1, len(tasks) // 3)][:3]:
        match = task.match()
        chosen = match.legal_action(1, json.loads(task.moves[-1][1]))
        assert chosen is not None
        index = len(task.moves) - 1
        truth = assess_at(match, 1, chosen, index, SMALL)
        for other in (11, 12):
            imagined = match.determinize(1, other)
            assert assess_at(imagined, 1, chosen, index, SMALL) == truth


def test_the_same_seed_gives_the_same_review_whatever_the_processes() -> None:
    match = finished("pieds-dans-le-plat", 3, seed=2)
    once = review(match, 0, SMALL)
    assert review(match.to_record(), 0, SMALL) == once
    assert review(match, 0, SMALL, jobs=2) == once
    assert review(match, 0, Budget(worlds=6, seed=4)) != once


def test_a_summary_adds_up_its_decisions() -> None:
    report = review(finished("stir-fry-eighteen", 3, seed=8), 2, SMALL)
    summary = report.summary()
    assert summary["decisions"] == len(report.decisions) > 0
    assert summary["lost"] == pytest.approx(sum(d.lost for d in report.decisions))
    assert sum(summary["labels"].values()) == summary["decisions"]
    low, high = summary["interval"]
    assert low <= summary["lost"] <= high
    costly = {d.index: d.lost for d in report.decisions if d.label is not Label.GOOD}
    assert len(summary["costliest"]) == min(3, len(costly))
    others = [loss for index, loss in costly.items() if index not in summary["costliest"]]
    assert all(costly[index] >= max(others, default=0) for index in summary["costliest"])
    for decision in report.decisions:
        assert decision.alternatives[0].action == decision.best or (
            decision.alternatives[0].points
            == next(a.points for a in decision.alternatives if a.action == decision.best)
        )
        assert decision.chosen in [alternative.action for alternative in decision.alternatives]


def test_stepping_on_another_s_island_is_a_blunder() -> None:
    match = pieds_scenario(
        [[3, 5, 9], [9, 3, 3], [2, 5, 6]], [[17], [19], [25]], 4, 14, options={"assisted": True}
    )
    budget = Budget(worlds=64)
    penalised = assess_at(match, 0, Action(type="play", card=5), 0, budget)
    assert penalised.label is Label.BLUNDER
    assert penalised.lost == pytest.approx(1.0, abs=0.5)
    assert penalised.best != penalised.chosen
    assert penalised.alternatives[-1].action == penalised.chosen
    assert penalised.reason is not None and "19" in penalised.reason["en"]
    safe = assess_at(match, 0, Action(type="play", card=9), 0, budget)
    assert safe.label is Label.GOOD
    # Penalties as the game counts them: more of them after the 5, none below zero.
    points = {alternative.action["card"]: alternative.points for alternative in safe.alternatives}
    assert 0 <= points[3] < points[5]


def test_taking_the_hearts_when_one_could_duck_costs_their_points() -> None:
    match = bouillabaisse_scenario(
        [["2C", "9H", "AH"], ["JH", "3C", "4C"], ["5C", "6C", "QH"]], manche=2, dealer=0
    )
    play(match, "JH", "QH")
    taken = assess_at(match, 0, Action(type="play", card="AH"), 2, Budget(worlds=8))
    assert taken.best == Action(type="play", card="9H")
    assert taken.label is not Label.GOOD
    assert taken.lost >= 20
    assert taken.reason is not None and "ducks under" in taken.reason["en"]
    ducked = assess_at(match, 0, Action(type="play", card="9H"), 2, Budget(worlds=8))
    assert (ducked.label, ducked.reason) == (Label.GOOD, None)


def test_bad_requests_are_refused_with_a_message() -> None:
    record = finished("boom-badaboom", 3, seed=1).to_record()
    with pytest.raises(InvalidSeat, match="siège 5"):
        review(record, 5, SMALL)
    with pytest.raises(InvalidSetup, match="2 à 4096"):
        Budget(worlds=1)
    forged = {**record, "history": [{**record["history"][0], "action": {"type": "cheat"}}]}
    with pytest.raises(InvalidSetup, match="coup 1 illégal"):
        review(forged, 0, SMALL)


def test_a_hint_is_what_difficile_would_play() -> None:
    match = popote.new_match("bouillabaisse", players=4, seed=9)
    seat = match.to_act[0]
    advice = hint(match, seat, seed=1, timed=False)
    assert advice.action in match.legal_actions(seat)
    assert advice.text["fr"] and advice.text["en"]
    assert advice.shares and advice.shares[0][2] >= advice.shares[-1][2]
    assert hint(match, seat, seed=1, timed=False) == advice
    with pytest.raises(InvalidSeat):
        hint(match, (seat + 1) % 4, seed=1)


@pytest.mark.parametrize(("name", "players", "options"), list(match_configs()))
def test_every_setup_reviews_from_the_seat_s_knowledge(
    name: str, players: int, options: dict[str, object]
) -> None:
    """One decision of every player count and option: the figures of the real match and of
    a world the seat cannot tell from it are the same."""
    match = popote.new_match(name, players=players, seed=3, options=options)
    chance = Chance(3)
    while not match.over and len(match.history) < 40:
        seat = match.to_act[0]
        match.play(seat, chance.choice(match.legal_actions(seat)))
    if match.over:
        return
    seat = match.to_act[-1]
    chosen = match.legal_actions(seat)[0]
    budget = Budget(worlds=2, seed=1)
    truth = assess_at(match, seat, chosen, 40, budget)
    assert assess_at(match.determinize(seat, 5), seat, chosen, 40, budget) == truth


def test_decisions_say_their_round_in_a_game_of_several() -> None:
    manches = review(finished("bouillabaisse", 4, seed=2), 0, Budget(worlds=2))
    rounds = [decision.round or 0 for decision in manches.decisions]
    assert rounds[0] == 1 and rounds == sorted(rounds) and rounds[-1] > 1
    one_round = review(finished("pieds-dans-le-plat", 3, seed=2), 0, Budget(worlds=2))
    assert {decision.round for decision in one_round.decisions} == {None}
