"""Game review (issue 47): how long reviewing a seat's whole game takes, and how steady its
labels are.

For each game, seeded games played by ``moyen`` at every seat (the game's default number of
players); seat 0's whole game is reviewed at ``--worlds`` sampled worlds a decision (default:
the game's ``review_worlds``, the budget a review gets unless told) over ``--jobs`` processes, timed by the clock, then again with four times the
worlds drawn from another seed: the share of decisions given the same label by both is the
agreement. Targets: at most 60 s a game on 2 cores, at least 90 % agreement in every game.

    python -m benchmarks.review [--games 3] [--worlds W] [--jobs 2] [--game SLUG] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

import popote
from benchmarks.random_play import describe_machine
from popote.core.match import Match
from popote.core.registry import get_game
from popote.lab.review import Budget, GameReview, Label, review
from popote.lab.simulate import GameTask, play_match

REFERENCE_FACTOR = 4
SEAT = 0
TARGET_SECONDS = 60.0
TARGET_AGREEMENT = 0.9


class Timed(NamedTuple):
    """A review with its wall-clock seconds and the CPU seconds of every process it used."""

    review: GameReview
    wall: float
    cpu: float


def timed_review(match: Match, budget: Budget, jobs: int) -> Timed:
    # The workers' CPU time is counted once the pool has ended them (run_parallel joins
    # them): on a machine shared with others, the wall clock says more of the others.
    wall, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
    done = review(match, SEAT, budget, jobs=jobs)
    spent = time.process_time() - cpu + _children_cpu() - children
    return Timed(done, time.perf_counter() - wall, spent)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure_game(name: str, games: int, worlds: int | None = None, jobs: int = 2) -> dict[str, Any]:
    """Decisions, seconds per game (wall clock and CPU), label agreement with four times the
    worlds drawn from another seed and each budget's labels, over ``games`` seeded games of
    ``moyen`` bots (seeds 1, 2...); ``worlds``: the game's default."""
    spec = get_game(name).spec
    worlds = worlds or spec.review_worlds
    wall: list[float] = []
    cpu: list[float] = []
    pairs: list[tuple[Label, Label]] = []
    for seed in range(1, games + 1):
        match = play_match(
            GameTask(name, spec.default_players, seed, ("moyen",) * spec.default_players)
        )
        quick = timed_review(match, Budget(worlds, seed=seed), jobs)
        reference = review(match, SEAT, Budget(worlds * REFERENCE_FACTOR, seed=seed + 1), jobs=jobs)
        wall.append(quick.wall)
        cpu.append(quick.cpu)
        pairs += [
            (mine.label, theirs.label)
            for mine, theirs in zip(quick.review.decisions, reference.decisions, strict=True)
        ]
    same = sum(mine == theirs for mine, theirs in pairs)
    order = list(Label)
    return {
        "game": name,
        "players": spec.default_players,
        "games": games,
        "worlds": worlds,
        "reference_worlds": worlds * REFERENCE_FACTOR,
        "jobs": jobs,
        "decisions": len(pairs),
        "seconds": wall,
        "cpu_seconds": cpu,
        "median_seconds": statistics.median(wall),
        "max_seconds": max(wall),
        "max_cpu_seconds_per_job": max(cpu) / jobs,
        "agreement": same / len(pairs) if pairs else 1.0,
        "one_label_apart": sum(
            abs(order.index(mine) - order.index(theirs)) == 1 for mine, theirs in pairs
        ),
        "labels": _counts(mine for mine, _ in pairs),
        "reference_labels": _counts(theirs for _, theirs in pairs),
    }


def _counts(labels: Any) -> dict[str, int]:
    counted = Counter(labels)
    return {label.value: counted[label] for label in Label}


def print_table(rows: Sequence[dict[str, Any]]) -> None:
    print(f"Game review, seat 0 of games by moyen ({describe_machine()})")
    print(
        "| game | players | games | decisions | worlds | wall s: median (max) | CPU s a job "
        "(max) | agreement with "
        "×4 | one label apart | labels good/inacc./mistake/blunder (×4) |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        labels = "/".join(str(count) for count in row["labels"].values())
        reference = "/".join(str(count) for count in row["reference_labels"].values())
        print(
            f"| {row['game']} | {row['players']} | {row['games']} | {row['decisions']} "
            f"| {row['worlds']} | {row['median_seconds']:.1f} ({row['max_seconds']:.1f}) "
            f"| {row['max_cpu_seconds_per_job']:.1f} "
            f"| {row['agreement']:.1%} | {row['one_label_apart']} | {labels} ({reference}) |"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--worlds", type=int, help="default: each game's review_worlds")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", choices=popote.game_names())
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for name in args.game or popote.game_names():
        rows.append(measure_game(name, args.games, args.worlds, args.jobs))
        rows[-1]["load_average"] = os.getloadavg()[0]
        # A long run shows each game as it ends.
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps({"machine": describe_machine(), "games": rows}, indent=1))
    else:
        print_table(rows)


if __name__ == "__main__":
    main()
