"""Random-play speed of every registered game through the public contract, on one core.

Each game is driven exactly as an outside program would drive it: pick a seat in
``to_act``, pick a random legal action, ``act``; repeat until the match is over, then start
a new seeded match. Only player decisions are counted, per second of the process's CPU
time (so others' work on a shared machine does not tilt the ratios). The peer, OpenSpiel's C++ ``hearts``
(optional ``bench`` extra), is driven the same way in the same run, chance nodes sampled
but not counted, so the ratio compares like with like on this machine.

    python -m benchmarks.random_play [--seconds 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import popote

PEER = "open_spiel hearts"


@dataclass(frozen=True)
class Rate:
    name: str
    players: int
    decisions_per_second: float
    games_per_second: float
    decisions: int
    games: int


def pin_to_one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def measure(
    play_one_game: Callable[[random.Random], int], seconds: float
) -> tuple[int, int, float]:
    rng = random.Random(12345)
    decisions = games = 0
    start = time.process_time()  # CPU time: on a shared machine every row is slowed alike
    while (elapsed := time.process_time() - start) < seconds or games == 0:
        decisions += play_one_game(rng)
        games += 1
    return decisions, games, elapsed


def popote_game(name: str, players: int) -> Callable[[random.Random], int]:
    def play_one_game(rng: random.Random) -> int:
        match = popote.new_match(name, players=players, seed=rng.randrange(1 << 30))
        decisions = 0
        while not match.over:
            to_act = match.to_act
            seat = to_act[rng.randrange(len(to_act))] if len(to_act) > 1 else to_act[0]
            legal = match.legal_actions(seat)
            match.act(seat, legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    return play_one_game


def open_spiel_hearts(tensors: bool = False) -> Callable[[random.Random], int] | None:
    """OpenSpiel's hearts played at random; with ``tensors``, every decision also builds the
    information-state tensor and the legal-action mask (hearts has no other observation)."""
    try:
        import numpy as np  # noqa: PLC0415 - OpenSpiel's own dependency
        import pyspiel  # noqa: PLC0415 - optional peer, only with the bench extra
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")

    def play_one_game(rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if tensors:  # as a learner gets them: NumPy arrays
                player = state.current_player()
                np.asarray(state.information_state_tensor(player), dtype=np.float32)
                mask = np.asarray(state.legal_actions_mask(player), dtype=np.int8)
                legal = np.flatnonzero(mask).tolist()
            else:
                legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    return play_one_game


def rate(name: str, players: int, play: Callable[[random.Random], int], seconds: float) -> Rate:
    decisions, games, elapsed = measure(play, seconds)
    return Rate(name, players, decisions / elapsed, games / elapsed, decisions, games)


def run(seconds: float, games: list[str] | None = None) -> dict[str, Any]:
    pin_to_one_core()
    peer_play = open_spiel_hearts()
    peer = rate(PEER, 4, peer_play, seconds) if peer_play else None
    rates = []
    for name in games or popote.game_names():
        players = popote.game_info(name)["default_players"]
        rates.append(rate(name, players, popote_game(name, players), seconds))
    return {
        "machine": f"{platform.processor() or platform.machine()}, Python {platform.python_version()}",
        "seconds_per_game": seconds,
        "peer": asdict(peer) if peer else None,
        "games": [
            {
                **asdict(r),
                "ratio_to_peer": r.decisions_per_second / peer.decisions_per_second
                if peer
                else None,
            }
            for r in rates
        ],
    }


def print_table(report: dict[str, Any]) -> None:
    print(f"Random play through the contract, one core ({report['machine']})")
    print(f"{'game':<24}{'players':>8}{'decisions/s':>14}{'games/s':>10}{'ratio':>8}")
    rows = report["games"] + ([{**report["peer"], "ratio_to_peer": 1.0}] if report["peer"] else [])
    for row in rows:
        ratio = "-" if row["ratio_to_peer"] is None else f"{row['ratio_to_peer']:.2f}"
        print(
            f"{row['name']:<24}{row['players']:>8}{row['decisions_per_second']:>14,.0f}"
            f"{row['games_per_second']:>10,.1f}{ratio:>8}"
        )
    if report["peer"] is None:
        print("(peer not installed: pip install -e '.[bench]' to measure OpenSpiel hearts)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=3.0, help="time spent on each game")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--game", action="append", choices=popote.game_names(), help="only this game (repeatable)"
    )
    args = parser.parse_args()
    report = run(args.seconds, args.game)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_table(report)


if __name__ == "__main__":
    main()
