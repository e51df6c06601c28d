"""Many matches of one game stepped together, observations and masks as NumPy arrays.

For training loops that batch their agents' decisions: ``step(actions)`` plays one
decision in every match (the action index chosen for the seat asked there) and fills one
row per match. A finished match gives its rewards and starts again with the next seed.
It follows the rules of the AEC environment (windows, masks, refused indices, rewards);
without PettingZoo's bookkeeping it is the fast way to play many matches.

>>> batch = BatchEnv("pieds-dans-le-plat", count=8, players=3, seed=100)
>>> batch.observations.shape, batch.masks.shape, batch.seats.tolist()
((8, 156), (8, 10), [0, 0, 0, 0, 0, 0, 0, 0])
>>> first_legal = batch.masks.argmax(axis=1)
>>> rewards, done = batch.step(first_legal)
>>> batch.seats.tolist(), bool(done.any())
([1, 1, 1, 1, 1, 1, 1, 1], False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

import popote
from popote.core.options import OptionValue
from popote.rl.decisions import Decisions, final_rewards, new_observer
from popote.rl.games import TABLES


class BatchEnv:
    """``count`` matches of ``game``; match ``i`` starts with seed ``seed + i``."""

    def __init__(
        self,
        game: str,
        count: int,
        players: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
    ) -> None:
        first = popote.new_match(game, players, seed, options)  # checks every argument
        self.game = game
        self.tables = TABLES[game]
        self.players = first.players
        self.options = first.options
        self.count = count
        self.next_seed = seed
        self.observations = np.zeros((count, self.tables.observation.size), dtype=np.float32)
        """Row ``i``: what the seat asked in match ``i`` is shown."""
        self.masks = np.zeros((count, self.tables.actions.size), dtype=np.int8)
        """Row ``i``: 1 for each action index that seat may play."""
        self.seats = np.zeros(count, dtype=np.int64)
        """The seat asked in each match."""
        self.rewards = np.zeros((count, self.players), dtype=np.float32)
        self.done = np.zeros(count, dtype=bool)
        self._rows = list(zip(self.observations, self.masks, strict=True))  # views, made once
        self.matches: list[Decisions] = [self._start(row) for row in range(count)]

    def _start(self, row: int) -> Decisions:
        match = popote.new_match(self.game, self.players, self.next_seed, self.options)
        self.next_seed += 1
        decisions = Decisions(self.tables, match, new_observer(self.tables, match))
        self._show(row, decisions)
        return decisions

    def _show(self, row: int, decisions: Decisions) -> None:
        seat = decisions.seat
        assert seat is not None  # a match just started or still going has a decision
        self.seats[row] = seat
        observation, mask = self._rows[row]
        decisions.observe_into(seat, observation)
        mask.fill(0)
        for index in decisions.legal_indices():  # a few scalar writes beat fancy indexing
            mask[index] = 1

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Play ``actions[i]`` in match ``i``; the rewards (one row of seats per match, zeros
        but where a match just ended) and which matches ended. An index a mask forbids raises
        :class:`popote.IllegalAction` before any match moves."""
        if len(actions) != self.count:
            raise popote.IllegalAction(
                popote.Text(
                    "une action par partie est attendue : {count}, reçu {given}",
                    "one action per match is expected: {count}, got {given}",
                ).format(count=self.count, given=len(actions))
            )
        if isinstance(actions, np.ndarray) and actions.dtype.kind in "iu":
            chosen: list[Any] = actions.tolist()
        else:
            chosen = list(actions)  # check() refuses anything but integers
        picked = [
            decisions.check(index) for decisions, index in zip(self.matches, chosen, strict=True)
        ]
        rewards, done = self.rewards, self.done
        rewards.fill(0.0)
        done.fill(False)
        for row, decisions in enumerate(self.matches):
            decisions.play(picked[row])
            if decisions.seat is None:
                rewards[row] = final_rewards(decisions.match.result(), self.players)
                done[row] = True
                self.matches[row] = self._start(row)
            else:
                self._show(row, decisions)
        return rewards, done

    def match(self, row: int) -> popote.Match:
        """The match being played in row ``row``."""
        return self.matches[row].match

    def info(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "options": dict(self.options)}
