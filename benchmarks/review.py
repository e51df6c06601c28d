"""Game review (issue 47): how long reviewing a seat's whole game takes, and how steady its
labels are.

For each game, seeded games played by ``moyen`` at every seat (the game's default number of
players); seat 0's whole game is reviewed at ``--worlds`` sampled worlds a decision (the
default budget) over ``--jobs`` processes, timed by the clock, then again with four times the
worlds drawn from another seed: the share of decisions given the same label by both is the
agreement. Targets: at most 60 s a game on 2 cores, at least 90 % agreement in every game.

    python -m benchmarks.review [--games 3] [--worlds 32] [--jobs 2] [--game SLUG] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import popote
from benchmarks.random_play import describe_machine
from popote.core.registry import get_game
from popote.lab.review import DEFAULT_WORLDS, Budget, GameReview, Label, review
from popote.lab.simulate import GameTask, play_match

REFERENCE_FACTOR = 4
SEAT = 0
TARGET_SECONDS = 60.0
TARGET_AGREEMENT = 0.9


def reviewed_game(
    name: str, seed: int, worlds: int, jobs: int
) -> tuple[float, GameReview, GameReview]:
    """Seconds to review seat 0 of the seeded all-``moyen`` game at ``worlds``, that review
    and the one with four times the worlds from another budget seed."""
    players = get_game(name).spec.default_players
    match = play_match(GameTask(name, players, seed, ("moyen",) * players))
    start = time.perf_counter()
    quick = review(match, SEAT, Budget(worlds, seed=seed), jobs=jobs)
    seconds = time.perf_counter() - start
    reference = review(match, SEAT, Budget(worlds * REFERENCE_FACTOR, seed=seed + 1), jobs=jobs)
    return seconds, quick, reference


def measure_game(
    name: str, games: int, worlds: int = DEFAULT_WORLDS, jobs: int = 2
) -> dict[str, Any]:
    """Decisions, seconds per game, label agreement with the bigger budget and each budget's
    labels, over ``games`` seeded games (seeds 1, 2...)."""
    seconds: list[float] = []
    pairs: list[tuple[Label, Label]] = []
    for seed in range(1, games + 1):
        took, quick, reference = reviewed_game(name, seed, worlds, jobs)
        seconds.append(took)
        pairs += [
            (mine.label, theirs.label)
            for mine, theirs in zip(quick.decisions, reference.decisions, strict=True)
        ]
    same = sum(mine == theirs for mine, theirs in pairs)
    order = list(Label)
    return {
        "game": name,
        "players": get_game(name).spec.default_players,
        "games": games,
        "worlds": worlds,
        "reference_worlds": worlds * REFERENCE_FACTOR,
        "jobs": jobs,
        "decisions": len(pairs),
        "seconds": seconds,
        "median_seconds": statistics.median(seconds),
        "max_seconds": max(seconds),
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
        "| game | players | games | decisions | worlds | median s (max) | agreement with "
        "×4 | one label apart | labels good/inacc./mistake/blunder (×4) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        labels = "/".join(str(count) for count in row["labels"].values())
        reference = "/".join(str(count) for count in row["reference_labels"].values())
        print(
            f"| {row['game']} | {row['players']} | {row['games']} | {row['decisions']} "
            f"| {row['worlds']} | {row['median_seconds']:.1f} ({row['max_seconds']:.1f}) "
            f"| {row['agreement']:.1%} | {row['one_label_apart']} | {labels} ({reference}) |"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", choices=popote.game_names())
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = []
    for name in args.game or popote.game_names():
        rows.append(measure_game(name, args.games, args.worlds, args.jobs))
        rows[-1]["load_average"] = os.getloadavg()[0]
    if args.json:
        print(json.dumps({"machine": describe_machine(), "games": rows}, indent=1))
    else:
        print_table(rows)


if __name__ == "__main__":
    main()
