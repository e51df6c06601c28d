"""Information-set Monte Carlo tree search, written once against the engine contract.

Each iteration samples a world the searching seat cannot tell apart from the real one
(``match.determinize``), walks one shared tree through it (single-observer ISMCTS: a child
competes only in the worlds where its action is legal, counted by its availability), plays
the rest of the game out with a rollout policy, and credits each seat's result to the
decisions it made. The statistics of all the sampled worlds are thereby pooled in one tree.

With a ``prior`` (the game's heuristic bot, fed the same events), the search keeps the
prior's choice unless another action scores clearly better (by ``confidence``): a policy
improvement that cannot stray far below its prior on noisy estimates. "Clearly" is judged
against the widest spread a utility can have, or with ``measured_noise`` against the spread
the rollouts actually showed: rollouts that mostly agree then let a smaller gain through at
the same budget.

Budget by iterations (deterministic for a given seed) or by seconds; with a ``time_limit``
as well, an iteration budget stops early once that many seconds of the clock have passed
since the decision began, so that a person never waits longer whatever the machine (the
decision is then no longer the same for a given seed). With a ``horizon``,
rollouts stop after that many of the game's scoring steps (manches, turns) and judge the
standings then: shorter, less noisy rollouts in games of many scored rounds. ``max_depth``
limits the tree: 1 gives flat Monte Carlo over the root actions, each followed by a whole
rollout, which suits long games whose rollout policy (the heuristic bot) is worth more than a
shallow tree of random replies.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.chance import Chance
from popote.core.game import Opponent
from popote.core.match import Match

Rollout = Callable[[Match, Chance, int | None], None]
"""Plays a sampled world to its end, or until its progress reaches the given count."""


def _going_on(world: Match, stop: int | None) -> bool:
    return not world.over and (stop is None or world.progress < stop)


def random_rollout(world: Match, chance: Chance, stop: int | None = None) -> None:
    while _going_on(world, stop):
        seat = world.to_act[0]
        world.play(seat, chance.choice(world.legal_actions(seat)))


def bot_rollout(make: Callable[[int, int], Opponent]) -> Rollout:
    """Rollouts played by fresh bots (the game's heuristic bot, say) at every seat.

    The bots start with no memory: a sampled world carries no past events, so they play
    from what each seat's view shows.
    """

    def rollout(world: Match, chance: Chance, stop: int | None = None) -> None:
        seed = chance.below(1 << 30)
        bots = [make(seat, seed) for seat in range(world.players)]
        while _going_on(world, stop):
            seat = world.to_act[0]
            world.play(seat, bots[seat].choose(world))

    return rollout


def utility(result: Mapping[str, Any], seat: int) -> float:
    """Half for winning (shared on a tie), half for the share of other seats outscored.

    The second half gives the search a signal in games that are rarely won outright.

    >>> utility({"scores": [3, 9, 5], "winners": [1]}, 1), utility({"scores": [3, 9, 5], "winners": [1]}, 2)
    (1.0, 0.25)
    """
    winners: Sequence[int] = result["winners"]
    won = 1.0 / len(winners) if seat in winners else 0.0
    scores: Sequence[float] = result["scores"]
    if len(scores) < 2:
        return won
    sign = -1 if result.get("lower_is_better") else 1
    mine = sign * scores[seat]
    beaten = sum(1.0 if mine > sign * s else 0.5 if mine == sign * s else 0.0 for s in scores)
    return 0.5 * won + 0.5 * (beaten - 0.5) / (len(scores) - 1)


MEASURED_AFTER = 10
"""Visits below which a node's measured spread is not trusted (the bound serves instead)."""
MIN_SPREAD = 0.01
"""The least spread a measured node is credited with, so that a few equal rewards never
pass for certainty."""


class Node:
    """Statistics of one action taken by ``seat`` after the path that leads here."""

    __slots__ = ("available", "children", "seat", "squares", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.squares = 0.0

    def variance_of_mean(self, measured: bool) -> float:
        """How uncertain the mean utility is: at most 1/4 per visit (utilities lie in [0, 1]),
        or, ``measured`` and with enough visits to trust it, the rewards' own spread.

        >>> node = Node(0)
        >>> for reward in (0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.75, 0.25):
        ...     node.add(reward)
        >>> node.variance_of_mean(False), round(node.variance_of_mean(True), 5)
        (0.025, 0.00139)
        """
        if not measured or self.visits < MEASURED_AFTER:
            return 0.25 / self.visits
        mean = self.total / self.visits
        spread = (self.squares - self.visits * mean * mean) / (self.visits - 1)
        return max(spread, MIN_SPREAD) / self.visits

    def add(self, reward: float) -> None:
        self.visits += 1
        self.total += reward
        self.squares += reward * reward

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
        rollout: Rollout = random_rollout,
        max_depth: int | None = None,
        prior: Bot | None = None,
        confidence: float = 0.05,
        horizon: int | None = None,
        measured_noise: bool = False,
        time_limit: float | None = None,
    ) -> None:
        super().__init__(seat, seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.max_depth = max_depth
        self.prior = prior
        self.confidence = confidence
        self.horizon = horizon
        self.measured_noise = measured_noise
        self.time_limit = time_limit
        self.last_iterations = 0
        self.last_root: Node | None = None
        """The root of the last search: this seat's actions and their statistics."""

    def observe(self, events: Sequence[Event]) -> None:
        if self.prior is not None:
            self.prior.observe(events)

    def choose(self, match: Match) -> Action:
        start = time.perf_counter()
        legal = match.legal_actions(self.seat)
        # The prior is asked every time, so a bot that keeps a plan sees every decision.
        advised = self.prior.choose(match) if self.prior is not None else None
        if len(legal) == 1:
            return legal[0]
        root = Node(self.seat)
        deadline = None if self.seconds is None else start + self.seconds
        limit = None if self.time_limit is None else start + self.time_limit
        done = 0
        while done < self.iterations if deadline is None else time.perf_counter() < deadline:
            world = match.determinize(self.seat, self.chance.below(1 << 62)).hush()
            self._iterate(root, world)
            done += 1
            if limit is not None and time.perf_counter() >= limit:
                break
        self.last_iterations = done
        self.last_root = root
        best = max(legal, key=lambda action: _visits(root, action))
        if advised is None:
            return best
        return self._unless_clearly_better(root, advised, best)

    def _unless_clearly_better(self, root: Node, advised: Action, best: Action) -> Action:
        """Keep the prior's advice unless the search found an action clearly better.

        Clearly: by more than ``confidence`` and by more than two standard errors of the
        difference (:meth:`Node.variance_of_mean`).
        """
        chosen, kept = root.children.get(best), root.children.get(advised)
        if chosen is None or kept is None or chosen.visits == 0 or kept.visits == 0:
            return advised
        gain = chosen.total / chosen.visits - kept.total / kept.visits
        measured = self.measured_noise
        noise = 2 * math.sqrt(chosen.variance_of_mean(measured) + kept.variance_of_mean(measured))
        return best if gain > max(self.confidence, noise) else advised

    def _iterate(self, root: Node, world: Match) -> None:
        path: list[Node] = []
        node = root
        stop = None if self.horizon is None else world.progress + self.horizon
        while _going_on(world, stop) and (self.max_depth is None or len(path) < self.max_depth):
            # The root is this seat's own decision, even when others decide at the same time.
            seat = self.seat if not path else world.to_act[0]
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
                world.play(seat, action)
                path.append(child)
                break
            action = max(legal, key=lambda a: node.children[a].score(self.exploration))
            node = node.children[action]
            world.play(seat, action)
            path.append(node)
        self.rollout(world, self.chance, stop)
        result = world.standings()
        rewards = {seat: utility(result, seat) for seat in range(world.players)}
        for visited in path:
            visited.add(rewards[visited.seat])


def _visits(root: Node, action: Action) -> int:
    child = root.children.get(action)
    return child.visits if child is not None else -1
