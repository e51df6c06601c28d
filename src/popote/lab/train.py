"""``popote train``: a network learns a game by self-play, Deep Monte-Carlo style (DouZero).

Every seat of many matches (:class:`popote.rl.batch.BatchEnv`) plays the legal action the
current network values most (any legal action now and then, to explore). When a match ends,
each decision it took is paired with what it brought: the seat's reward (+1 won, -1 lost)
plus a share of its score margin (its score against the others' mean, scaled by the match's
spread of scores), and the network learns to predict that number for the action chosen
(mean squared error, Adam). A small multilayer perceptron in plain NumPy, forward and
backward written out: the matches, not the network, take the time, so neither a training
library nor a GPU would speed it up.

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
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import popote
from popote.bots.learned import Network
from popote.bots.runner import play_out
from popote.rl.batch import BatchEnv
from popote.rl.games import TABLES
from popote.rl.learned import LearnedBot, make_bot
from popote.rl.learned_inputs import input_size, network_input

EVAL_SEED = 1_000_000_000
"""Seeds of the evaluation matches: far from the training matches' seeds."""
EVAL_OPPONENTS = ("random", "moyen")
ADAM_BETAS = (0.9, 0.999)
ADAM_EPS = 1e-8


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
    """Decisions gathered before each pass of learning over them."""
    epsilon: float = 0.08
    margin_weight: float = 0.5
    eval_every: int = 500
    eval_games: int = 60
    seed: int = 0


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


def forward(params: list[np.ndarray], x: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """The output and every layer's input (kept for the backward pass)."""
    inputs = []
    last = len(params) // 2 - 1
    for layer in range(last + 1):
        inputs.append(x)
        x = x @ params[2 * layer] + params[2 * layer + 1]
        if layer < last:
            x = np.maximum(x, 0.0)
    return x, inputs


def backward(
    params: list[np.ndarray], inputs: list[np.ndarray], grad: np.ndarray
) -> list[np.ndarray]:
    """Gradients of every parameter, given the gradient of the output."""
    grads: list[np.ndarray] = [np.empty(0)] * len(params)
    for layer in reversed(range(len(inputs))):
        grads[2 * layer] = inputs[layer].T @ grad
        grads[2 * layer + 1] = grad.sum(axis=0)
        if layer:
            grad = (grad @ params[2 * layer].T) * (inputs[layer] > 0)
    return grads


def score_margin(result: dict[str, Any], seat: int) -> float:
    """The seat's score against the others' mean, over the spread of the scores: -1..1."""
    scores = np.asarray(result["scores"], dtype=np.float64)
    spread = float(scores.max() - scores.min())
    if spread == 0 or len(scores) < 2:
        return 0.0
    others = (scores.sum() - scores[seat]) / (len(scores) - 1)
    margin = (scores[seat] - others) / spread
    return float(-margin if result.get("lower_is_better") else margin)


class Trainer:
    """One training run, loaded from its checkpoint when the file exists."""

    def __init__(self, config: TrainConfig, checkpoint: Path) -> None:
        self.players = popote.new_match(config.game, config.players, 0, None).players  # checks
        self.config = config
        self.checkpoint = checkpoint
        self.tables = TABLES[config.game]
        self.rng = np.random.default_rng(config.seed)
        sizes = [input_size(config.game), *config.hidden, self.tables.actions.size]
        self.params = init_params(sizes, self.rng)
        self.moments = [np.zeros_like(p) for p in self.params]
        self.squares = [np.zeros_like(p) for p in self.params]
        self.updates = 0
        self.games = 0
        self.decisions = 0
        self.seconds = 0.0
        self.next_seed = config.seed * 10_000_000
        self.curve: list[CurvePoint] = []
        if checkpoint.exists():
            self._load()

    # -- the network ---------------------------------------------------------------------

    def network(self) -> Network:
        return Network(
            tuple(self.params[0::2]),
            tuple(self.params[1::2]),
            self.config.game,
            self.tables.actions.digest(),
        )

    def learn(self, observations: np.ndarray, actions: np.ndarray, targets: np.ndarray) -> float:
        """One pass over the decisions in minibatches; the mean squared error seen."""
        order = self.rng.permutation(len(targets))
        losses = []
        size = self.config.batch_size
        for start in range(0, len(order), size):
            chosen = order[start : start + size]
            output, inputs = forward(self.params, observations[chosen])
            rows = np.arange(len(chosen))
            error = output[rows, actions[chosen]] - targets[chosen]
            grad = np.zeros_like(output)
            grad[rows, actions[chosen]] = 2 * error / len(chosen)
            self._adam(backward(self.params, inputs, grad))
            losses.append(float(np.mean(error**2)))
        return float(np.mean(losses))

    def _adam(self, grads: list[np.ndarray]) -> None:
        self.updates += 1
        beta1, beta2 = ADAM_BETAS
        scale = np.sqrt(1 - beta2**self.updates) / (1 - beta1**self.updates)
        step = self.config.learning_rate * scale
        for param, grad, moment, square in zip(
            self.params, grads, self.moments, self.squares, strict=True
        ):
            np.multiply(moment, beta1, out=moment)
            np.add(moment, (1 - beta1) * grad, out=moment)
            np.multiply(square, beta2, out=square)
            np.add(square, (1 - beta2) * grad * grad, out=square)
            np.subtract(param, step * moment / (np.sqrt(square) + ADAM_EPS), out=param)

    # -- self-play -----------------------------------------------------------------------

    def choose(self, observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        values, _ = forward(self.params, observations)
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
        batch = BatchEnv(config.game, config.envs, config.players, seed=self.next_seed)
        pending: list[list[tuple[np.ndarray, int, int]]] = [[] for _ in range(config.envs)]
        gathered: tuple[list[np.ndarray], list[int], list[float]] = ([], [], [])
        losses: list[float] = []
        started = time.perf_counter()
        next_eval = (self.games // config.eval_every + 1) * config.eval_every
        while self.games < config.games:
            observations = network_input(config.game, batch.observations.copy())
            actions = self.choose(observations, batch.masks)
            seats = batch.seats.tolist()
            ending = list(batch.matches)
            for row, seat in enumerate(seats):
                pending[row].append((observations[row], int(actions[row]), seat))
            rewards, done = batch.step(actions)
            self.decisions += config.envs
            for row in np.flatnonzero(done).tolist():
                result = ending[row].match.result()
                for observation, action, seat in pending[row]:
                    target = rewards[row][seat] + config.margin_weight * score_margin(result, seat)
                    gathered[0].append(observation)
                    gathered[1].append(action)
                    gathered[2].append(float(target))
                pending[row] = []
                self.games += 1
            if len(gathered[2]) >= config.refresh:
                losses.append(
                    self.learn(
                        np.stack(gathered[0]),
                        np.asarray(gathered[1]),
                        np.asarray(gathered[2], dtype=np.float32),
                    )
                )
                gathered = ([], [], [])
            if self.games >= next_eval or self.games >= config.games:
                self.seconds += time.perf_counter() - started
                started = time.perf_counter()
                self.next_seed = batch.next_seed
                report(self._evaluate(float(np.mean(losses)) if losses else float("nan")))
                losses = []
                next_eval = (self.games // config.eval_every + 1) * config.eval_every
                started = time.perf_counter()
        return self.curve

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
        state = {
            "config": asdict(self.config),
            "updates": self.updates,
            "games": self.games,
            "decisions": self.decisions,
            "seconds": self.seconds,
            "next_seed": self.next_seed,
            "curve": [asdict(point) for point in self.curve],
            "rng": self.rng.bit_generator.state,
        }
        arrays = {f"p{i}": p for i, p in enumerate(self.params)}
        arrays |= {f"m{i}": p for i, p in enumerate(self.moments)}
        arrays |= {f"v{i}": p for i, p in enumerate(self.squares)}
        partial = self.checkpoint.with_name(self.checkpoint.name + ".part.npz")
        np.savez(partial, state=np.array(json.dumps(state)), **arrays)  # type: ignore[arg-type]
        partial.replace(self.checkpoint)

    def _load(self) -> None:
        with np.load(self.checkpoint) as data:
            state = json.loads(str(data["state"]))
            count = len(self.params)
            self.params = [data[f"p{i}"] for i in range(count)]
            self.moments = [data[f"m{i}"] for i in range(count)]
            self.squares = [data[f"v{i}"] for i in range(count)]
        if state["config"]["game"] != self.config.game:
            raise popote.InvalidSetup(
                popote.Text(
                    "ce point de reprise est celui de {game}",
                    "this checkpoint belongs to {game}",
                ).format(game=state["config"]["game"])
            )
        self.updates = state["updates"]
        self.games = state["games"]
        self.decisions = state["decisions"]
        self.seconds = state["seconds"]
        self.next_seed = state["next_seed"]
        self.curve = [CurvePoint(**point) for point in state["curve"]]
        self.rng.bit_generator.state = state["rng"]


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
