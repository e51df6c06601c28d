"""Bouillabaisse's array batch plays the very matches of the engine's batch, step by step."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import popote
from popote.lab.tally import MancheTally
from popote.rl.batch import BatchEnv
from popote.rl.games.bouillabaisse_batch import BouillabaisseBatch
from tests.rl.helpers import counts, option_values

SETUPS: list[tuple[int, dict[str, Any]]] = (
    [(players, {}) for name, players in counts() if name == "bouillabaisse"]
    + [(4, options) for name, options in option_values() if name == "bouillabaisse"]
    + [(3, {"duplicate": "last", "decks": "two"}), (8, {"duplicate": "last"})]
)


def side_by_side(players: int, options: dict[str, Any], seed: int) -> tuple[BatchEnv, Any]:
    return (
        BatchEnv("bouillabaisse", count=2, players=players, options=options, seed=seed),
        BouillabaisseBatch(count=2, players=players, options=options, seed=seed),
    )


def assert_same_table(engine: BatchEnv, arrays: BouillabaisseBatch) -> None:
    assert engine.seats.tolist() == arrays.seats.tolist()
    assert np.array_equal(engine.masks, arrays.masks)
    assert np.array_equal(engine.observations, arrays.observations)


@pytest.mark.parametrize(("players", "options"), SETUPS, ids=str)
def test_every_step_shows_what_the_engine_shows(players: int, options: dict[str, Any]) -> None:
    """Same seats asked, masks, observations, running scores (the trainer's tally) and
    rewards until both rows have finished a match and begun the next one (dealt from the
    next seed), and the same final scores."""
    engine, arrays = side_by_side(players, options, seed=players * 7)
    rng = np.random.default_rng(players)
    tallies = [MancheTally(players) for _ in range(2)]
    finished = np.zeros(2, dtype=int)
    steps_after = 0
    while finished.min() < 1 or steps_after < 3:
        assert_same_table(engine, arrays)
        ending = [entry.match for entry in engine.matches]
        tallied = [tally.scores(match) for tally, match in zip(tallies, ending, strict=True)]
        assert arrays.running_scores().tolist() == tallied
        chosen = (rng.random(engine.masks.shape) * engine.masks).argmax(axis=1)
        engine_rewards, engine_done = engine.step(chosen)
        rewards, done = arrays.step(chosen)
        assert done.tolist() == engine_done.tolist()
        assert rewards.tolist() == engine_rewards.tolist()
        for row in np.flatnonzero(done).tolist():
            assert arrays.final_totals[row].tolist() == ending[row].result()["scores"]
            tallies[row] = MancheTally(players)
        finished += done
        steps_after = 0 if done.any() else (steps_after + 1 if finished.min() else 0)
    assert_same_table(engine, arrays)


def test_a_refused_card_in_one_row_moves_no_match() -> None:
    engine, arrays = side_by_side(4, {}, seed=1)
    before = arrays.observations.copy(), arrays.masks.copy(), arrays.seats.copy()
    legal = int(arrays.masks[0].argmax())
    forbidden = int(np.flatnonzero(arrays.masks[1] == 0)[0])
    wrongs: list[Any] = [
        [legal, forbidden],
        np.array([legal, forbidden]),
        [legal, 3.0],
        [legal, True],
    ]
    for wrong in wrongs:
        with pytest.raises(popote.IllegalAction) as refused:
            arrays.step(wrong)
        with pytest.raises(popote.IllegalAction) as told:
            engine.step(wrong)
        assert str(refused.value) == str(told.value)
    with pytest.raises(popote.IllegalAction, match="une action par partie"):
        arrays.step([legal])
    assert np.array_equal(before[0], arrays.observations)
    assert np.array_equal(before[1], arrays.masks)
    assert np.array_equal(before[2], arrays.seats)
    assert_same_table(engine, arrays)  # the engine's rows did not move either


def test_the_refusal_is_told_in_english_on_request() -> None:
    arrays = BouillabaisseBatch(count=1, players=4, seed=2)
    forbidden = int(np.flatnonzero(arrays.masks[0] == 0)[0])
    with pytest.raises(popote.IllegalAction) as refused:
        arrays.step([forbidden])
    assert "is not legal for seat" in refused.value.message("en")


def test_a_bad_setup_is_refused_as_for_a_match() -> None:
    with pytest.raises(popote.InvalidSetup):
        BouillabaisseBatch(count=2, players=13)
    with pytest.raises(popote.InvalidSetup):
        BouillabaisseBatch(count=2, players=4, options={"duplicate": "middle"})
