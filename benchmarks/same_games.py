"""Plays games of a ladder's log again in this build and checks that each ends as logged.

The compiled build (``make compiled``) must play exactly the games the plain build plays:
its known-answer tests pin the rules and small searches; this replays whole logged games,
search levels included, and compares their scores, winners and lengths.

    .venv-compiled/bin/python -m benchmarks.same_games docs/bots/games-GAME.jsonl [--games 6]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from benchmarks.random_play import describe_machine
from popote.lab.gamelog import record_from_json
from popote.lab.simulate import GameRecord, play_task


def logged_games(path: Path, count: int) -> list[GameRecord]:
    """``count`` games of the log, spread over its lines and shifted by one each, so that
    a log whose lines cycle through lineups (a ladder's) gives each lineup in turn."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    chosen = lines
    if count < len(lines):
        step = len(lines) // count
        chosen = [lines[(i * step + i) % len(lines)] for i in range(count)]
    return [record_from_json(json.loads(line)) for line in chosen]


def differences(logged: GameRecord) -> list[str]:
    """What differs between the logged game and the same task played here (empty: none)."""
    played = play_task(logged.task)
    fields = ("scores", "winners", "length")
    return [
        f"{name}: logged {getattr(logged, name)}, played {getattr(played, name)}"
        for name in fields
        if getattr(logged, name) != getattr(played, name)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("log", type=Path)
    parser.add_argument("--games", type=int, default=6)
    args = parser.parse_args()
    print(f"Replaying {args.log} ({describe_machine()})")
    failed = 0
    for record in logged_games(args.log, args.games):
        found = differences(record)
        failed += bool(found)
        task = record.task
        print(f"seed {task.seed} {','.join(task.bots)}: {'; '.join(found) or 'the same'}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
