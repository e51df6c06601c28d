"""The batch plays the very matches of the AEC environment, row by row."""

from __future__ import annotations

import random

import numpy as np
import pytest

import popote
from popote.rl import aec_env
from popote.rl.batch import BatchEnv


@pytest.mark.parametrize(("game", "players"), [("bouillabaisse", 4), ("stir-fry-eighteen", 3)])
def test_each_row_is_the_aec_environment_of_its_seed(game: str, players: int) -> None:
    batch = BatchEnv(game, count=3, players=players, seed=20)
    envs = [aec_env(game, players=players, seed=20 + row) for row in range(3)]
    rng = random.Random(1)
    for _ in range(200):
        chosen = []
        for row, env in enumerate(envs):
            shown = env.observe(env.agent_selection)
            assert env.agent_selection == f"seat_{batch.seats[row]}"
            assert np.array_equal(batch.observations[row], shown["observation"])
            assert np.array_equal(batch.masks[row], shown["action_mask"])
            chosen.append(rng.choice(env.legal_indices()))
        rewards, done = batch.step(chosen)
        for row, env in enumerate(envs):
            env.step(chosen[row])
            if done[row]:
                assert rewards[row].tolist() == [env.rewards[f"seat_{s}"] for s in range(players)]
                return
    assert all(env.match.history == batch.match(row).history for row, env in enumerate(envs))


def test_a_refused_index_in_one_row_moves_no_match() -> None:
    batch = BatchEnv("bouillabaisse", count=2, players=4, seed=1)
    legal = batch.masks[0].argmax()
    forbidden = int(np.flatnonzero(batch.masks[1] == 0)[0])
    with pytest.raises(popote.IllegalAction):
        batch.step([legal, forbidden])
    assert batch.match(0).history == [] and batch.match(1).history == []
    with pytest.raises(popote.IllegalAction):
        batch.step(np.array([float(legal), float(legal)]))  # 3.7 is not rounded to an index
    with pytest.raises(popote.IllegalAction):
        batch.step([legal])
    assert batch.match(0).history == []


def test_a_finished_match_gives_its_rewards_and_starts_the_next_seed() -> None:
    batch = BatchEnv("pieds-dans-le-plat", count=2, players=2, seed=5)
    finished = 0
    while not finished:
        rewards, done = batch.step(batch.masks.argmax(axis=1))
        finished = int(done.sum())
    row = int(np.flatnonzero(done)[0])
    assert sorted(rewards[row].tolist()) in ([-1.0, 1.0], [1.0, 1.0])
    assert batch.match(row).seed == 7 and batch.match(row).history == []
