"""Random-play speed of every registered game through the public contract, on one core.

Each game is driven exactly as an outside program would drive it: pick a seat in
``to_act``, pick a random legal action, ``act``; repeat until the match is over, then start
a new seeded match. Only player decisions are counted, per second of the process's CPU
time (so others' work on a shared machine does not tilt the ratios). The peer, OpenSpiel's C++ ``hearts``
(optional ``bench`` extra), is driven the same way in the same run, chance nodes sampled
but not counted, so the ratio compares like with like on this machine.

The machine's speed drifts by a fifth within a minute on a shared host, so the run is cut
in ``--rounds``: each round times the peer, then every game, then the peer again, and a
game's ratio in that round is its rate over the mean of the peer's two rates around it. The
report gives each game's median rate and median ratio over the rounds, and the lowest and
highest ratio seen.

    python -m benchmarks.random_play [--seconds 1] [--rounds 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
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


def describe_machine() -> str:
    """The processor (model name and number, as Linux reports them) and the Python: ratios to
    the peer differ from one host to another, so every report says which host it came from."""
    fields: dict[str, str] = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    processor = fields.get("model name") or platform.processor() or platform.machine()
    if "model" in fields:
        processor += f" (family {fields.get('cpu family', '?')}, model {fields['model']})"
    return (
        f"{processor}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{describe_build()}"
    )


def describe_build() -> str:
    """Whether the popote imported here is the compiled build (``make compiled``) or plain
    Python: the two differ by about two in speed, so every report says which one it timed."""
    package = Path(popote.__file__).parent
    compiled = [
        path for path in package.rglob("*") if path.name.endswith(tuple(EXTENSION_SUFFIXES))
    ]
    if not compiled:
        return "plain Python build"
    return f"compiled build ({len(compiled)} modules by mypyc)"


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


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    middle = len(ordered) // 2
    return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _summary(name: str, players: int, rates: list[Rate], ratios: list[float]) -> dict[str, Any]:
    return {
        "name": name,
        "players": players,
        "decisions_per_second": _median([r.decisions_per_second for r in rates]),
        "games_per_second": _median([r.games_per_second for r in rates]),
        "decisions": sum(r.decisions for r in rates),
        "games": sum(r.games for r in rates),
        "ratio_to_peer": _median(ratios) if ratios else None,
        "lowest_ratio": min(ratios) if ratios else None,
        "highest_ratio": max(ratios) if ratios else None,
    }


def run(seconds: float, games: list[str] | None = None, rounds: int = 1) -> dict[str, Any]:
    pin_to_one_core()
    peer_play = open_spiel_hearts()
    names = games or popote.game_names()
    players = {name: popote.game_info(name)["default_players"] for name in names}
    plays = {name: popote_game(name, players[name]) for name in names}
    peer_rates: list[Rate] = []
    rates: dict[str, list[Rate]] = {name: [] for name in names}
    ratios: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(rounds):
        before = rate(PEER, 4, peer_play, seconds) if peer_play else None
        for name in names:
            rates[name].append(rate(name, players[name], plays[name], seconds))
        after = rate(PEER, 4, peer_play, seconds) if peer_play else None
        if before is None or after is None:
            continue
        peer_rates += [before, after]
        peer_speed = (before.decisions_per_second + after.decisions_per_second) / 2
        for name in names:
            ratios[name].append(rates[name][-1].decisions_per_second / peer_speed)
    return {
        "machine": describe_machine(),
        "seconds_per_game": seconds,
        "rounds": rounds,
        "peer": _summary(PEER, 4, peer_rates, [1.0] * len(peer_rates)) if peer_rates else None,
        "games": [_summary(name, players[name], rates[name], ratios[name]) for name in names],
    }


def print_table(report: dict[str, Any]) -> None:
    print(f"Random play through the contract, one core ({report['machine']})")
    print(f"{report['rounds']} rounds of {report['seconds_per_game']} CPU seconds a row; medians")
    print(f"{'game':<24}{'players':>8}{'decisions/s':>14}{'games/s':>10}{'ratio':>8}{'range':>13}")
    rows = report["games"] + ([report["peer"]] if report["peer"] else [])
    for row in rows:
        ratio = "-" if row["ratio_to_peer"] is None else f"{row['ratio_to_peer']:.2f}"
        spread = (
            ""
            if row["lowest_ratio"] is None or row["name"] == PEER
            else f"{row['lowest_ratio']:.2f}-{row['highest_ratio']:.2f}"
        )
        print(
            f"{row['name']:<24}{row['players']:>8}{row['decisions_per_second']:>14,.0f}"
            f"{row['games_per_second']:>10,.1f}{ratio:>8}{spread:>13}"
        )
    if report["peer"] is None:
        print("(peer not installed: pip install -e '.[bench]' to measure OpenSpiel hearts)")


def show(report: dict[str, Any], as_json: bool, table: Callable[[dict[str, Any]], None]) -> None:
    """Print ``report`` as JSON, or as the benchmark's ``table`` for people."""
    if as_json:
        print(json.dumps(report, indent=1))
    else:
        table(report)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU seconds on each game in each round"
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds of every game and the peer")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--game", action="append", choices=popote.game_names(), help="only this game (repeatable)"
    )
    args = parser.parse_args()
    show(run(args.seconds, args.game, args.rounds), args.json, print_table)


if __name__ == "__main__":
    main()
