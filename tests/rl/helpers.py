"""Random play through the environment, and the setups every test goes through."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np

import popote
from popote.rl import PopoteEnv


def counts() -> list[tuple[str, int]]:
    """Every game at every player count."""
    return [
        (name, players)
        for name in popote.game_names()
        for players in range(
            popote.game_info(name)["min_players"], popote.game_info(name)["max_players"] + 1
        )
    ]


def option_values() -> list[tuple[str, dict[str, Any]]]:
    """Every game with each option value that is not the default, one at a time."""
    found: list[tuple[str, dict[str, Any]]] = []
    for name in popote.game_names():
        for key, option in popote.game_info(name)["options"].items():
            values = option.get("choices") or ([True, False] if option["type"] == "bool" else [])
            if option["type"] == "int":
                values = [option["min"]]
            found += [(name, {key: value}) for value in values if value != option["default"]]
    return found


def random_steps(env: PopoteEnv, seed: int) -> Iterator[tuple[str, dict[str, np.ndarray]]]:
    """Plays random legal indices to the end, giving each agent and what it was shown."""
    rng = random.Random(seed)
    for agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        yield agent, observation
        if termination or truncation:
            env.step(None)
        else:
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
