"""Agent steps per second of the reinforcement-learning environments, beside their peers.

Every environment is driven by the same loop a researcher writes: take the observation and
its action mask, pick a random legal action, step. Popote's ``aec_env`` runs for every game
at its default player count (Bouillabaisse at 4, the game with a target), its batch of many
matches for Bouillabaisse (the engine's ``BatchEnv`` and the array ``BouillabaisseBatch``), and in the same run the peers: PettingZoo's classic card games
and OpenSpiel's C++ ``hearts`` with its information-state tensor (hearts has no other observation tensor) and legal-action mask built at
every decision (``bench`` extra). Rates are per second of CPU time of this process, pinned
to one core, so that a busy machine slows every row alike instead of skewing them.

    python -m benchmarks.rl_env [--seconds 3] [--batch 64] [--arrays 256] [--json]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

import popote
from benchmarks.random_play import describe_machine, open_spiel_hearts, pin_to_one_core, show
from popote.rl import aec_env
from popote.rl.batch import BatchEnv
from popote.rl.games.bouillabaisse_batch import BouillabaisseBatch

Stepper = Callable[[random.Random], int]
"""Plays one match (or one batch step) and says how many agent steps it took."""

ARRAY_ROWS = 256
"""Matches in Bouillabaisse's array batch: past a few hundred they no longer fit in cache."""

PEER_GAMES = ("leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6")


def aec_loop(make: Callable[[], Any]) -> Stepper:
    """The PettingZoo loop: ``last()``, a random legal index from the mask, ``step``."""
    env = make()

    def play(rng: random.Random) -> int:
        env.reset(seed=rng.randrange(1 << 30))
        steps = 0
        for _ in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return play


def batch_loop(batch: BatchEnv | BouillabaisseBatch, count: int) -> Stepper:
    """One step of ``count`` matches at once: a random legal index per row, from the masks."""
    numbers = np.random.default_rng(1)

    def play(rng: random.Random) -> int:
        scores = numbers.random(batch.masks.shape, dtype=np.float32) * batch.masks
        batch.step(scores.argmax(axis=1))
        return count

    return play


def pettingzoo_peer(name: str) -> Stepper | None:
    try:
        module = __import__(f"pettingzoo.classic.{name}", fromlist=["env"])
    except ImportError:
        return None
    return aec_loop(module.env)


def rate(name: str, players: int, play: Stepper, seconds: float) -> dict[str, Any]:
    rng = random.Random(12345)
    steps = 0
    start = time.process_time()
    while (elapsed := time.process_time() - start) < seconds or steps == 0:
        steps += play(rng)
    return {"name": name, "players": players, "steps_per_second": steps / elapsed, "steps": steps}


def run(seconds: float, batch: int, arrays: int = ARRAY_ROWS) -> dict[str, Any]:
    pin_to_one_core()
    rows = []
    for name in popote.game_names():
        players = 4 if name == "bouillabaisse" else popote.game_info(name)["default_players"]
        rows.append(
            rate(
                f"popote {name}",
                players,
                aec_loop(partial(aec_env, name, players)),
                seconds,
            )
        )
    rows.append(
        rate(
            f"popote bouillabaisse, batch of {batch}",
            4,
            batch_loop(BatchEnv("bouillabaisse", batch, players=4, seed=1), batch),
            seconds,
        )
    )
    rows.append(
        rate(
            f"popote bouillabaisse, arrays of {arrays}",
            4,
            batch_loop(BouillabaisseBatch(arrays, players=4, seed=1), arrays),
            seconds,
        )
    )
    peers = []
    hearts = open_spiel_hearts(tensors=True)
    if hearts is not None:
        peers.append(rate("open_spiel hearts + tensors", 4, hearts, seconds))
    for name in PEER_GAMES:
        peer = pettingzoo_peer(name)
        if peer is not None:
            peers.append(rate(f"pettingzoo {name}", 2, peer, seconds))
    hearts_rate = peers[0]["steps_per_second"] if hearts is not None else None
    for row in rows + peers:
        row["ratio_to_hearts"] = (
            None if hearts_rate is None else row["steps_per_second"] / hearts_rate
        )
    return {
        "machine": describe_machine(),
        "seconds_per_row": seconds,
        "popote": rows,
        "peers": peers,
    }


def print_table(report: dict[str, Any]) -> None:
    print(f"Agent steps per CPU second, observations and masks, one core ({report['machine']})")
    print(f"{'environment':<44}{'players':>8}{'steps/s':>12}{'vs hearts':>11}")
    for row in report["popote"] + report["peers"]:
        ratio = "-" if row["ratio_to_hearts"] is None else f"{row['ratio_to_hearts']:.2f}"
        print(f"{row['name']:<44}{row['players']:>8}{row['steps_per_second']:>12,.0f}{ratio:>11}")
    if not report["peers"]:
        print(
            "(peers not installed: pip install -e '.[bench]' for OpenSpiel and PettingZoo's classic games)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU time spent on each row")
    parser.add_argument("--batch", type=int, default=64, help="matches stepped together")
    parser.add_argument(
        "--arrays", type=int, default=ARRAY_ROWS, help="matches in Bouillabaisse's array batch"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    show(run(args.seconds, args.batch, args.arrays), args.json, print_table)


if __name__ == "__main__":
    main()
