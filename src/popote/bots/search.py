"""Information-set Monte Carlo tree search, written once against the engine contract.

Each iteration samples a world the searching seat cannot tell apart from the real one
(``match.determinize``), walks one shared tree through it (single-observer ISMCTS: a child
competes only in the worlds where its action is legal, counted by its availability), plays
the rest of the game out with a rollout policy, and credits each seat's result to the
decisions it made. The statistics of all the sampled worlds are thereby pooled in one tree.

Budget by iterations (deterministic for a given seed) or by seconds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from popote.bots.base import Bot
from popote.core.actions import Action
from popote.core.chance import Chance
from popote.core.match import Match

RolloutPolicy = Callable[[Match, int, Chance], Action]


def random_rollout(match: Match, seat: int, chance: Chance) -> Action:
    return chance.choice(match.legal_actions(seat))


def utility(result: Mapping[str, Any], seat: int) -> float:
    """1 for a sole win, a share of it for a tie, 0 for a loss."""
    winners: Sequence[int] = result["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


class Node:
    """Statistics of one action taken by ``seat`` after the path that leads here."""

    __slots__ = ("available", "children", "seat", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0

    def score(self, exploration: float) -> float:
        if self.visits == 0:
            return math.inf
        mean = self.total / self.visits
        return mean + exploration * math.sqrt(math.log(max(self.available, 1)) / self.visits)


class SearchBot(Bot):
    """ISMCTS with a pluggable rollout policy."""

    kind = "search"

    def __init__(
        self,
        seat: int,
        seed: int,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: RolloutPolicy = random_rollout,
    ) -> None:
        super().__init__(seat, seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.last_iterations = 0

    def choose(self, match: Match) -> Action:
        legal = match.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        root = Node(self.seat)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while done < self.iterations if deadline is None else time.perf_counter() < deadline:
            world = match.determinize(self.seat, self.chance.below(1 << 62))
            self._iterate(root, world)
            done += 1
        self.last_iterations = done
        return max(legal, key=lambda action: _visits(root, action))

    def _iterate(self, root: Node, world: Match) -> None:
        path: list[Node] = []
        node = root
        while not world.over:
            seat = world.to_act[0]
            legal = world.legal_actions(seat)
            untried = [action for action in legal if action not in node.children]
            for action in legal:
                child = node.children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                action = self.chance.choice(untried)
                child = Node(seat)
                child.available = 1
                node.children[action] = child
                world.act(seat, action)
                path.append(child)
                break
            action = max(legal, key=lambda a: node.children[a].score(self.exploration))
            node = node.children[action]
            world.act(seat, action)
            path.append(node)
        while not world.over:
            seat = world.to_act[0]
            world.act(seat, self.rollout(world, seat, self.chance))
        result = world.result()
        rewards = {seat: utility(result, seat) for seat in range(world.players)}
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.seat]


def _visits(root: Node, action: Action) -> int:
    child = root.children.get(action)
    return child.visits if child is not None else -1
