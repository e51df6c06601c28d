"""``popote train``: a network learns a game by self-play, Deep Monte-Carlo style (DouZero).

Every seat of many matches (:class:`popote.rl.batch.BatchEnv`, or a game's array batch
where it has one, :data:`ARRAY_BATCHES`) plays the legal action the
current network values most (any legal action now and then, to explore). When a match ends,
each decision it took is paired with what it brought, and the network learns to predict
that number for the action chosen (mean squared error, Adam). What it brought: in the games
of :data:`SHAPING`, the change of the seat's score margin (its score against the others'
mean) until its next decision, discounted decision after decision, then the match's reward
(+1 won, -1 lost); elsewhere the reward plus a share of the final margin. An optional
teacher phase first plays ``teacher_games`` matches of a fixed level at every seat. A small multilayer perceptron in plain NumPy, forward and
backward written out (:mod:`popote.lab.learner`), in NumPy on the CPU, or in PyTorch on a
GPU when one is present (``device``): the matches take about half of a run's time, so a GPU
can at most halve it.

Everything needed to go on lives in one checkpoint file (weights, Adam's moments, the
random state, the next seeds, the learning curve); a run with a larger ``games`` budget and
the same file goes on from there. Every ``eval_every`` games, the network plays
``eval_games`` matches against the fixed bots (always the same seeds, its seat turning):
the learning curve.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import popote
from popote.bots.learned import Network, read_network
from popote.bots.runner import play_out
from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.match import Match
from popote.lab.learner import Learner, make_learner
from popote.lab.tally import MancheTally
from popote.rl.batch import BatchEnv
from popote.rl.decisions import final_rewards
from popote.rl.games import TABLES
from popote.rl.games.bouillabaisse_batch import BouillabaisseBatch
from popote.rl.learned import LearnedBot, make_bot
from popote.rl.learned_inputs import input_size, network_input
from popote.rl.observers import reference_observation

EVAL_SEED = 1_000_000_000
"""Seeds of the evaluation matches: far from the training matches' seeds."""
EVAL_OPPONENTS = ("random", "moyen")
Shaping = tuple[str, float, float, float]
SHAPING: dict[str, Shaping] = {
    "pieds-dans-le-plat": ("penalties", 4.0, 1.0, 0.9),
    "bouillabaisse": ("totals", 1000.0, 20.0, 0.8),
}
"""Per game, the observation block of scores per relative seat, its scale, the unit a
step's change of margin is counted in (a penalty; twenty points, about a trick's worth) and
the discount per own decision (in Bouillabaisse a trick's points count when the trick ends,
see :data:`TALLIES`; 0.8 keeps the next manches' luck out of a card's worth): the targets
follow the score as it moves, which teaches faster than the match's end alone."""
TALLIES: dict[str, type[MancheTally]] = {"bouillabaisse": MancheTally}
"""Games whose scores, as the shaping reads them, count the points taken in the round
under way (:mod:`popote.lab.tally`) rather than the totals of the observation."""
ARRAY_BATCHES: dict[str, type[BouillabaisseBatch]] = {"bouillabaisse": BouillabaisseBatch}
"""Games whose self-play runs on an array batch (the same matches as :class:`BatchEnv`,
several times faster), its running scores standing in for :data:`TALLIES`."""
SelfPlay = BatchEnv | BouillabaisseBatch
Decision = tuple[np.ndarray, int, int, float | None]
"""What the network read, the action index chosen, the seat that chose it, and its score
margin then where :data:`TALLIES` counts it."""


@dataclass(frozen=True)
class TrainConfig:
    game: str
    players: int | None = None
    games: int = 2000
    """Self-play matches to have played in all (across resumed runs)."""
    envs: int = 32
    hidden: tuple[int, ...] = (256, 128)
    learning_rate: float = 5e-4
    batch_size: int = 256
    refresh: int = 4096
    """Decisions gathered before each round of learning over them."""
    epochs: int = 4
    """Passes over each round's decisions: the network is small, the matches cost more."""
    epsilon: float = 0.08
    teacher: str = "moyen"
    teacher_games: int = 0
    """The first matches are the teacher's (a level), every seat, to learn from."""
    teacher_slip: float = 0.2
    margin_weight: float = 0.5
    """Games without shaping: the end's score margin, beside the reward."""
    win_weight: float = 1.0
    eval_every: int = 500
    eval_games: int = 60
    seed: int = 0
    start_from: str | None = None
    """A network file (``popote.bots.learned``'s format) whose weights a new run starts
    from instead of random ones: a shipped network taken further by self-play."""
    device: str = "auto"
    """Where the network learns (:data:`popote.lab.learner.DEVICES`): by default the GPU
    when PyTorch sees one, NumPy on the CPU otherwise."""


@dataclass
class CurvePoint:
    games: int
    decisions: int
    seconds: float
    loss: float
    win_share: dict[str, float] = field(default_factory=dict)


def init_params(sizes: list[int], rng: np.random.Generator) -> list[np.ndarray]:
    """He-initialised weights and zero biases: ``w0, b0, w1, b1...``."""
    params: list[np.ndarray] = []
    for fan_in, fan_out in itertools.pairwise(sizes):
        params.append(
            (rng.standard_normal((fan_in, fan_out)) * np.sqrt(2 / fan_in)).astype(np.float32)
        )
        params.append(np.zeros(fan_out, dtype=np.float32))
    return params


def score_difference(scores: Sequence[float], seat: int) -> float:
    """The seat's score less the others' mean."""
    others = (sum(scores) - scores[seat]) / (len(scores) - 1)
    return float(scores[seat] - others)


def score_margin(result: dict[str, Any], seat: int) -> float:
    """The seat's score against the others' mean, over the spread of the scores: -1..1."""
    scores = np.asarray(result["scores"], dtype=np.float64)
    spread = float(scores.max() - scores.min())
    if spread == 0 or len(scores) < 2:
        return 0.0
    others = (scores.sum() - scores[seat]) / (len(scores) - 1)
    margin = (scores[seat] - others) / spread
    return float(-margin if result.get("lower_is_better") else margin)


def tally_margin(tally: MancheTally | None, match: Match, seat: int) -> float | None:
    """The seat's score margin as ``tally`` counts it, better when higher; None without."""
    if tally is None:
        return None
    margin = score_difference(tally.scores(match), seat)
    return -margin if tally.lower_is_better else margin


def running_margins(scores: np.ndarray, seats: np.ndarray) -> np.ndarray:
    """Per row, the asked seat's margin as :func:`tally_margin` counts it, lower scores
    being better: the others' mean less the seat's score."""
    rows = np.arange(len(scores))
    own = scores[rows, seats]
    others = (scores.sum(axis=1) - own) / (scores.shape[1] - 1)
    margins: np.ndarray = (others - own).astype(np.float64)
    return margins


class RecordingBot(Bot):
    """The teacher at one seat (now and then any legal action), noting each decision."""

    kind = "recording"

    def __init__(
        self, inner: Bot, trainer: Trainer, log: list[Decision], tally: MancheTally | None
    ) -> None:
        super().__init__(inner.seat, int(trainer.rng.integers(1 << 30)))
        self.inner = inner
        self.trainer = trainer
        self.log = log
        self.tally = tally
        self.encoding = trainer.tables.observation
        self.memory = self.encoding.new_memory()

    def observe(self, events: Sequence[Event]) -> None:
        self.inner.observe(events)
        for event in events:
            self.encoding.remember(self.memory, event)

    def choose(self, match: Match) -> Action:
        trainer = self.trainer
        legal = trainer.tables.actions.numbered(
            match.legal_actions(self.seat), self.seat, match.players
        )
        observation = reference_observation(self.encoding, match, self.seat, self.memory)
        if trainer.rng.random() < trainer.config.teacher_slip:
            index = int(trainer.rng.choice(list(legal)))
        else:
            chosen = self.inner.choose(match)
            index = next(i for i, action in legal.items() if action == chosen)
        row = network_input(trainer.config.game, observation[None, :])[0]
        self.log.append((row, index, self.seat, tally_margin(self.tally, match, self.seat)))
        return legal[index]


class Trainer:
    """One training run, loaded from its checkpoint when the file exists."""

    def __init__(self, config: TrainConfig, checkpoint: Path) -> None:
        self.players = popote.new_match(config.game, config.players, 0, None).players  # checks
        self.config = config
        self.checkpoint = checkpoint
        self.tables = TABLES[config.game]
        self.rng = np.random.default_rng(config.seed)
        sizes = [input_size(config.game), *config.hidden, self.tables.actions.size]
        params = init_params(sizes, self.rng)
        self.games = 0
        self.decisions = 0
        self.seconds = 0.0
        self.next_seed = config.seed * 10_000_000
        self.curve: list[CurvePoint] = []
        self.gathered: list[tuple[np.ndarray, int, float]] = []
        self.losses: list[float] = []
        if checkpoint.exists():
            self.learner = self._load(len(params))
            return
        if config.start_from is not None:
            params = self._start_from(Path(config.start_from), params)
        self.learner = make_learner(config.device, params, config.learning_rate)

    # -- the network ---------------------------------------------------------------------

    def network(self) -> Network:
        params = self.learner.state()[0]
        return Network(
            tuple(params[0::2]),
            tuple(params[1::2]),
            self.config.game,
            self.tables.actions.digest(),
        )

    def learn(self, observations: np.ndarray, actions: np.ndarray, targets: np.ndarray) -> float:
        """``epochs`` passes over the decisions in minibatches; the mean squared error seen."""
        order = np.concatenate(
            [self.rng.permutation(len(targets)) for _ in range(self.config.epochs)]
        )
        size = self.config.batch_size
        losses = [
            self.learner.step(
                observations[chosen := order[start : start + size]],
                actions[chosen],
                targets[chosen],
            )
            for start in range(0, len(order), size)
        ]
        return float(np.mean(losses))

    # -- self-play -----------------------------------------------------------------------

    def choose(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        values = self.learner.values(observations)
        legal = masks.astype(bool)
        best = np.where(legal, values, -np.inf).argmax(axis=1)
        noise = np.where(legal, self.rng.random(masks.shape), -1.0).argmax(axis=1)
        explore = self.rng.random(len(best)) < self.config.epsilon
        chosen: np.ndarray = np.where(explore, noise, best)
        return chosen

    def run(self, report: Callable[[CurvePoint], None]) -> list[CurvePoint]:
        """Play and learn until ``config.games`` matches, checkpointing at each evaluation."""
        config = self.config
        if not self.curve:
            report(self._evaluate(float("nan")))
        batch = self._self_play_batch()
        pending: list[list[Decision]] = [[] for _ in range(config.envs)]
        self.tallies = [self._new_tally() for _ in range(config.envs)]
        started = time.perf_counter()
        next_eval = (self.games // config.eval_every + 1) * config.eval_every
        while self.games < config.games:
            if self.games < config.teacher_games:
                self._teacher_game()
            else:
                self._self_play_step(batch, pending)
            if len(self.gathered) >= config.refresh:
                self.losses.append(self._learn_gathered())
            if self.games >= next_eval or self.games >= config.games:
                self.seconds += time.perf_counter() - started
                self.next_seed = max(self.next_seed, batch.next_seed)
                report(self._evaluate(float(np.mean(self.losses)) if self.losses else np.nan))
                self.losses = []
                next_eval = (self.games // config.eval_every + 1) * config.eval_every
                started = time.perf_counter()
        return self.curve

    def _self_play_batch(self) -> SelfPlay:
        config = self.config
        arrays = ARRAY_BATCHES.get(config.game)
        if arrays is None:
            return BatchEnv(config.game, config.envs, config.players, seed=self.next_seed)
        return arrays(config.envs, config.players, seed=self.next_seed)

    def _self_play_step(self, batch: SelfPlay, pending: list[list[Decision]]) -> None:
        """One decision in every match of ``batch``, the network playing every seat."""
        observations = network_input(self.config.game, batch.observations.copy())
        actions = self.choose(observations, batch.masks)
        seats = batch.seats.tolist()
        margins, result_of = self._scoring(batch, seats)
        for row, seat in enumerate(seats):
            pending[row].append((observations[row], int(actions[row]), seat, margins[row]))
        rewards, done = batch.step(actions)
        self.decisions += len(actions)
        for row in np.flatnonzero(done).tolist():
            self._absorb(pending[row], result_of(row), rewards[row])
            pending[row] = []

    def _scoring(
        self, batch: SelfPlay, seats: list[int]
    ) -> tuple[list[float | None], Callable[[int], dict[str, Any]]]:
        """Each row's score margin before the step, and how to read a row's result once the
        step has ended its match: the array batch's own running scores and totals, or the
        engine's matches and a tally per row."""
        if isinstance(batch, BouillabaisseBatch):
            finals = batch.final_totals  # filled in place when a match ends
            margins = running_margins(batch.running_scores(), batch.seats).tolist()
            return margins, lambda row: {"scores": finals[row].tolist(), "lower_is_better": True}
        ending = [entry.match for entry in batch.matches]

        def result_of(row: int) -> dict[str, Any]:
            self.tallies[row] = self._new_tally()
            return ending[row].result()

        tallied = [
            tally_margin(self.tallies[row], ending[row], seat) for row, seat in enumerate(seats)
        ]
        return tallied, result_of

    def _teacher_game(self) -> None:
        """One match of the teacher level at every seat, slipping to any legal action now
        and then: what it brings tells the network the worth of the teacher's moves and of
        the others, and choosing the best of them is already an improvement on the teacher."""
        match = popote.new_match(self.config.game, self.config.players, self.next_seed, None)
        self.next_seed += 1
        log: list[Decision] = []
        tally = self._new_tally()
        agents = [
            RecordingBot(
                make_bot(self.config.teacher, match.game, seat, match.seed), self, log, tally
            )
            for seat in range(match.players)
        ]
        play_out(match, agents)
        self.decisions += len(log)
        result = match.result()
        rewards = np.asarray(final_rewards(result, match.players), dtype=np.float32)
        self._absorb(log, result, rewards)

    def _new_tally(self) -> MancheTally | None:
        kind = TALLIES.get(self.config.game)
        return None if kind is None else kind(self.players)

    def _absorb(
        self, decisions: list[Decision], result: dict[str, Any], rewards: np.ndarray
    ) -> None:
        shaping = SHAPING.get(self.config.game)
        by_seat: dict[int, list[Decision]] = {}
        for decision in decisions:
            by_seat.setdefault(decision[2], []).append(decision)
        for seat, own in by_seat.items():
            if shaping is None:
                target = float(rewards[seat]) + self.config.margin_weight * score_margin(
                    result, seat
                )
                targets = [target] * len(own)
            else:
                targets = self._shaped_returns(shaping, own, result, float(rewards[seat]))
            self.gathered += [
                (observation, action, target)
                for (observation, action, _, _), target in zip(own, targets, strict=True)
            ]
        self.games += 1

    def _shaped_returns(
        self, shaping: Shaping, own: list[Decision], result: dict[str, Any], reward: float
    ) -> list[float]:
        """Discounted returns over the seat's decisions: each step's change in its score
        margin (in the game's units: a penalty, a hundred points), then the match's reward."""
        block, scale, unit, gamma = shaping
        start, _ = self.tables.observation.offsets()[block]
        players = len(result["scores"])
        sign = -1.0 if result.get("lower_is_better") else 1.0
        margins = [
            sign * scale * (row[start] - row[start + 1 : start + players].mean()) / unit
            if margin is None
            else margin / unit
            for row, _, _, margin in own
        ]
        margins.append(sign * score_difference(result["scores"], own[0][2]) / unit)
        returns, ahead = [], self.config.win_weight * reward
        for step in reversed(range(len(own))):
            ahead = (margins[step + 1] - margins[step]) + gamma * ahead
            returns.append(ahead)
        return returns[::-1]

    def _learn_gathered(self) -> float:
        observations, actions, targets = zip(*self.gathered, strict=True)
        self.gathered = []
        return self.learn(
            np.stack(observations), np.asarray(actions), np.asarray(targets, dtype=np.float32)
        )

    # -- the learning curve --------------------------------------------------------------

    def _evaluate(self, loss: float) -> CurvePoint:
        point = CurvePoint(self.games, self.decisions, round(self.seconds, 1), loss)
        network = self.network()
        for opponent in EVAL_OPPONENTS:
            point.win_share[opponent] = evaluate(
                network, opponent, self.config.players, self.config.eval_games
            )
        self.curve.append(point)
        self.save()
        return point

    # -- the checkpoint ------------------------------------------------------------------

    def save(self) -> None:
        params, moments, squares, updates = self.learner.state()
        state = {
            "config": asdict(self.config),
            "updates": updates,
            "games": self.games,
            "decisions": self.decisions,
            "seconds": self.seconds,
            "next_seed": self.next_seed,
            "curve": [asdict(point) for point in self.curve],
            "rng": self.rng.bit_generator.state,
        }
        arrays = {f"p{i}": p for i, p in enumerate(params)}
        arrays |= {f"m{i}": p for i, p in enumerate(moments)}
        arrays |= {f"v{i}": p for i, p in enumerate(squares)}
        partial = self.checkpoint.with_name(self.checkpoint.name + ".part.npz")
        np.savez(partial, state=np.array(json.dumps(state)), **arrays)  # type: ignore[arg-type]
        partial.replace(self.checkpoint)

    def _start_from(self, path: Path, params: list[np.ndarray]) -> list[np.ndarray]:
        try:
            network: Network | None = read_network(path)
        except (OSError, ValueError, KeyError):  # missing, not an archive, not a network
            network = None
        shapes = [w.shape for w in params[0::2]]
        if (
            network is None
            or network.game != self.config.game
            or [w.shape for w in network.weights] != shapes
        ):
            raise popote.InvalidSetup(
                popote.Text(
                    "{path} n'est pas un réseau de {game} de cette forme",
                    "{path} is not a network of {game} of this shape",
                ).format(path=path, game=self.config.game)
            )
        layers = zip(network.weights, network.biases, strict=True)
        return [np.array(p, dtype=np.float32) for layer in layers for p in layer]

    def _load(self, count: int) -> Learner:
        """Everything the checkpoint holds; the learner, on this run's device, goes on from
        its weights and Adam's moments."""
        with np.load(self.checkpoint) as data:
            state = json.loads(str(data["state"]))
            params, moments, squares = ([data[f"{key}{i}"] for i in range(count)] for key in "pmv")
        if state["config"]["game"] != self.config.game:
            raise popote.InvalidSetup(
                popote.Text(
                    "ce point de reprise est celui de {game}",
                    "this checkpoint belongs to {game}",
                ).format(game=state["config"]["game"])
            )
        self.games = state["games"]
        self.decisions = state["decisions"]
        self.seconds = state["seconds"]
        self.next_seed = state["next_seed"]
        self.curve = [CurvePoint(**point) for point in state["curve"]]
        self.rng.bit_generator.state = state["rng"]
        config = self.config
        return make_learner(
            config.device, params, config.learning_rate, moments, squares, state["updates"]
        )


def evaluate(network: Network, opponent: str, players: int | None, games: int) -> float:
    """The network's mean win share over ``games`` matches among ``opponent`` bots."""
    total = 0.0
    for number in range(games):
        match = popote.new_match(network.game, players, EVAL_SEED + number, None)
        seat = number % match.players
        agents = [
            LearnedBot(s, EVAL_SEED + number, network)
            if s == seat
            else make_bot(opponent, match.game, s, EVAL_SEED + number)
            for s in range(match.players)
        ]
        play_out(match, agents)
        winners = match.result()["winners"]
        total += 1 / len(winners) if seat in winners else 0.0
    return total / games
