"""A PettingZoo AEC environment for every Popote game, player count and option.

One agent per seat (``seat_0``, ``seat_1``...). Each step belongs to the seat whose
decision it is; a reaction window or a sealed bid asks its seats one after another, each
shown the table as the window opened (see :mod:`popote.rl.decisions`). Every observation is
``{"observation": float32 vector, "action_mask": int8 vector}``; an action is an index of the
game's fixed table (``docs/rl.md``), and an index the mask forbids raises
:class:`popote.IllegalAction`, leaving the environment as it was. Rewards come only at the
end: +1 for each seat in the result's winners (a whole team in team games), -1 for the
others.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import popote
from popote.core.errors import InvalidSetup, shown
from popote.core.i18n import Text
from popote.core.match import Match
from popote.core.options import OptionValue
from popote.rl.decisions import Decisions, final_rewards, new_observer
from popote.rl.games import TABLES

Observation = dict[str, np.ndarray]
RENDER_MODES = ("ansi", "human")


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


class PopoteEnv(AECEnv[str, Observation, int]):  # type: ignore[misc]
    """One Popote game as a PettingZoo AEC environment."""

    metadata = {  # noqa: RUF012 - PettingZoo reads it as a class attribute
        "render_modes": list(RENDER_MODES),
        "name": "popote_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, *RENDER_MODES):
            raise InvalidSetup(
                Text("mode d'affichage inconnu : {mode}", "unknown render mode: {mode}").format(
                    mode=shown(render_mode)
                )
            )
        first = popote.new_match(game, players, seed, options)  # checks every argument
        self.game = game
        self.tables = TABLES[game]
        self.players = first.players
        self.game_options = dict(first.options)
        self.render_mode = render_mode
        self.next_seed = seed
        self.possible_agents = [agent_name(seat) for seat in range(self.players)]
        self.metadata = {**self.metadata, "name": f"popote_{game.replace('-', '_')}_v0"}
        size = self.tables.observation.size
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.tables.actions.size,), np.int8),
            }
        )
        action_space = spaces.Discrete(self.tables.actions.size)
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, action_space)
        self.decisions: Decisions | None = None

    # --- the PettingZoo contract ---------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new match: seed ``seed``, else one more than the last match's seed (the first
        match takes the environment's own seed). ``options={"game_options": {...}}`` changes
        the game's options for this match and the next ones; other keys are PettingZoo's."""
        match_seed = self.next_seed if seed is None else int(seed)
        if options is not None and "game_options" in options:
            chosen = options["game_options"]
            self.game_options = dict(popote.new_match(self.game, self.players, 0, chosen).options)
        match = popote.new_match(self.game, self.players, match_seed, self.game_options)
        self.next_seed = match_seed + 1
        self.decisions = Decisions(self.tables, match, new_observer(self.tables, match))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> Observation:
        decisions = self._started()
        seat = self.possible_agents.index(agent)
        return {"observation": decisions.observe(seat), "action_mask": decisions.mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        decisions = self._started()
        decisions.act(action)  # raises IllegalAction before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        match = decisions.match
        if match.over:
            result = match.result()
            for seat, reward in enumerate(final_rewards(result, self.players)):
                name = agent_name(seat)
                self.rewards[name] = reward
                self.terminations[name] = True
                self.infos[name] = {"result": result}
        self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as the spectator sees it, in the presenter's words."""
        if self.render_mode is None or self.decisions is None:
            return None
        match = self.decisions.match
        names = [f"seat_{seat}" for seat in range(self.players)]
        text = match.game.presenter.table(match.view(None), "en", names)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.decisions = None

    # --- beyond PettingZoo ---------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The match being played (its history replays it exactly)."""
        return self._started().match

    def legal_indices(self) -> list[int]:
        """The action indices the agent to play may choose."""
        return self._started().legal_indices()

    def _started(self) -> Decisions:
        if self.decisions is None:
            raise InvalidSetup(
                Text(
                    "l'environnement n'a pas commencé : appelez reset() d'abord",
                    "the environment has not started: call reset() first",
                )
            )
        return self.decisions

    def _select(self) -> None:
        seat = self._started().seat
        if seat is not None:
            self.agent_selection = agent_name(seat)
        elif self.agents:
            self.agent_selection = self.agents[0]


def aec_env(
    game: str,
    players: int | None = None,
    options: Mapping[str, OptionValue] | None = None,
    seed: int = 0,
    render_mode: str | None = None,
) -> PopoteEnv:
    """A PettingZoo AEC environment for ``game``, reset and ready to step.

    Bad names, counts or options raise :class:`popote.InvalidSetup` as ``new_match`` does.
    """
    env = PopoteEnv(game, players, options, seed, render_mode)
    env.reset()
    return env
