"""The review checked against duplicate (issue 47): on fresh seeded deals, the points the
review says ``moyen`` lost at a seat against what ``difficile`` gains there on the same
deals (:mod:`popote.lab.review_check`; figures and reading in docs/bots.md).

Each finished deal is appended to ``--log`` as it comes, and a rerun with the same log plays
only the deals still missing: a run stopped (Ctrl-C) keeps its work, deal by deal across the
games.

    python -m benchmarks.review_validation [--deals 200] [--worlds 8] [--jobs 2]
        [--game SLUG ...] [--deviations] [--log docs/bots/review-check.jsonl]
        [--json docs/bots/review-check.json]

``--deviations`` tests the review's claims in the real deals too: each decision it faults
is played again with its best action, the true cards and ``moyen`` bots after
(:func:`popote.lab.review_check.deviation_gain`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import popote
from benchmarks.random_play import describe_machine
from popote.core.registry import get_game
from popote.lab.review_check import (
    FIRST_SEED,
    CheckTask,
    DealCheck,
    run_check,
    summarise_check,
)
from popote.lab.simulate import Interrupted


class CheckLog:
    """The deals already checked, one JSON line each, and those checked now appended."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.done: dict[tuple[str, int, int, int, int], DealCheck] = {}
        if path is not None and path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                row["review_interval"] = tuple(row["review_interval"])
                check = DealCheck(**row)
                self.done[check.key] = check

    def get(self, task: CheckTask) -> DealCheck | None:
        return self.done.get((task.game, task.players, task.deal, task.seed, task.worlds))

    def add(self, check: DealCheck) -> None:
        self.done[check.key] = check
        if self.path is not None:
            with self.path.open("a", encoding="utf-8") as log:
                log.write(json.dumps(check.as_json()) + "\n")


def report(checks: Sequence[DealCheck], games: Sequence[tuple[str, int]]) -> dict[str, Any]:
    """Each game's summary over the deals it has, and the machine that played them."""
    return {
        "machine": describe_machine(),
        "candidate": "difficile",
        "baseline": "moyen",
        "games": [
            summarise_check(row for row in checks if row.game == game)
            for game, _ in games
            if any(row.game == game for row in checks)
        ],
    }


def _interval(figure: dict[str, float], digits: int) -> str:
    return (
        f"{figure['mean']:+.{digits}f} [{figure['ci95_low']:+.{digits}f} – "
        f"{figure['ci95_high']:+.{digits}f}]"
    )


def print_table(figures: dict[str, Any]) -> None:
    print(f"Review against duplicate ({figures['machine']})")
    print(
        "| game | players | deals | worlds | review: points lost [95 %] | duplicate: points "
        "gained [95 %] | overlap | ratio | review: share lost | duplicate: share gained "
        "| overlap | ratio | each faulted decision played again: points gained |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in figures["games"]:
        deviated = row["deviation_gain"]
        ratios = [
            "-" if row[key] is None else f"{row[key]:.2f}"
            for key in ("points_ratio", "share_ratio")
        ]
        print(
            f"| {row['game']} | {row['players']} | {row['deals']} | {row['worlds']} "
            f"| {_interval(row['review_points_lost'], 2)} "
            f"| {_interval(row['duplicate_points_gain'], 2)} "
            f"| {'yes' if row['points_overlap'] else 'no'} | {ratios[0]} "
            f"| {_interval(row['review_share_lost'], 3)} "
            f"| {_interval(row['duplicate_share_gain'], 3)} "
            f"| {'yes' if row['share_overlap'] else 'no'} | {ratios[1]} "
            f"| {'-' if deviated is None else _interval(deviated, 2)} |"
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--worlds", type=int, default=8)
    parser.add_argument("--seed", type=int, default=FIRST_SEED)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", choices=popote.game_names())
    parser.add_argument(
        "--deviations",
        action="store_true",
        help="also play each faulted decision again with the review's best action",
    )
    parser.add_argument("--log", type=Path, help="JSON lines of the deals done (resumed)")
    parser.add_argument("--json", type=Path, help="write the summaries and every deal here")
    args = parser.parse_args(argv)
    games = [
        (name, get_game(name).spec.default_players) for name in args.game or popote.game_names()
    ]
    log = CheckLog(args.log)
    total = args.deals * len(games)

    def progress(done: int) -> None:
        print(f"\r{done}/{total} deals", end="", file=sys.stderr, flush=True)

    try:
        checks = run_check(
            games, args.deals, args.seed, args.worlds, args.jobs, progress, log, args.deviations
        )
    except Interrupted as stopped:
        print("\nstopped: the deals done so far are reported", file=sys.stderr)
        checks = stopped.done
    print(file=sys.stderr)
    figures = report(checks, games)
    if args.json is not None:
        # Every deal's own figures are the log's lines.
        kept = {**figures, "log": None if args.log is None else str(args.log)}
        args.json.write_text(json.dumps(kept, indent=1) + "\n", encoding="utf-8")
    print_table(figures)


if __name__ == "__main__":
    main()
