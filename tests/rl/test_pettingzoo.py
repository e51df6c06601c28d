"""PettingZoo's own checks pass for every game at every player count, and every option."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pettingzoo.test import api_test, seed_test

import popote
from popote.rl import aec_env
from popote.rl.games import TABLES
from tests.rl.helpers import counts, option_values, random_steps

# PettingZoo warns about every dict observation with a mask, as for its own card games.
EXPECTED = ("Observation is not a NumPy array", "Observation space for each agent probably")


@pytest.mark.parametrize(("game", "players"), counts())
def test_pettingzoo_api_and_seed_tests_pass(game: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(aec_env(game, players=players, seed=players), num_cycles=300)
        seed_test(lambda: aec_env(game, players=players), num_cycles=300)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED)}
    assert not unexpected


@pytest.mark.parametrize(("game", "options"), option_values(), ids=str)
def test_every_option_value_plays_to_the_end_with_masks_the_match_accepts(
    game: str, options: dict[str, Any]
) -> None:
    info = popote.game_info(game)
    for players in sorted({info["min_players"], info["max_players"]}):
        try:
            env = aec_env(game, players=players, options=options, seed=3)
        except popote.InvalidSetup:
            continue  # an option value that does not fit this player count
        steps = 0
        for agent, observation in random_steps(env, seed=players):
            assert observation["observation"].shape == (TABLES[game].observation.size,)
            assert agent in env.possible_agents
            steps += 1
        assert env.match.over and not env.agents and steps > players
