"""Random play counted in machine instructions: the same figure on every run.

Seconds drift by a fifth within a minute on a shared host, which hides a change of a few
per cent. Valgrind's ``callgrind`` counts the instructions a process executes instead: the
same program on the same input gives the same count whatever else the machine does. Each
game (and the peer, OpenSpiel's C++ ``hearts``, when the ``bench`` extra is installed) is
played at random exactly as :mod:`benchmarks.random_play` plays it, once for one warm-up game
and once for that game and as many more as make ``--decisions``; the difference, over the
decisions it adds, is what one decision costs, start-up and imports excluded (their count
still moves by a few million from run to run, hence many decisions). The ratio to the peer is an
instruction ratio: a guide to the time ratio, not the same thing (the interpreter and
compiled C++ do not run the same number of instructions a cycle).

    python -m benchmarks.instructions [--decisions 10000] [--game G] [--json]
    python -m benchmarks.instructions --search 3 [--game G] [--json]

``--search K`` counts a search instead: the untimed ``difficile`` decisions at the first K
positions :mod:`benchmarks.search` times, less a run with none, over the iterations they
searched (no peer: hearts has no such bot).

Needs ``valgrind`` (Debian's package); one to three minutes a row.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from typing import Any

import popote
from benchmarks.random_play import PEER, open_spiel_hearts, popote_game, show
from benchmarks.search import sample_positions, time_decision

COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def play(name: str, decisions: int) -> int:
    """Play seeded random games of ``name`` (the peer's name: hearts), one and then as many
    as make ``decisions`` in all; the decisions played."""
    players = 4 if name == PEER else popote.game_info(name)["default_players"]
    play_one = open_spiel_hearts() if name == PEER else popote_game(name, players)
    if play_one is None:
        raise SystemExit(f"{PEER} is not installed (the bench extra)")
    rng = random.Random(12345)
    played = play_one(rng)
    while played < decisions:
        played += play_one(rng)
    return played


def search(name: str, positions: int) -> int:
    """Untimed ``difficile`` decisions at the first ``positions`` of the search benchmark's
    positions; the iterations they searched."""
    matches = sample_positions(name, positions, seed=7) if positions else []
    return sum(
        time_decision(name, "difficile", match, index, timed=False).iterations
        for index, match in enumerate(matches)
    )


def counted(name: str, decisions: int, mode: str = "--decisions") -> tuple[int, int]:
    """(instructions, what the child counted) of a process playing ``decisions`` (or, with
    ``mode="--searched"``, searching at that many positions) under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={os.path.join(folder, 'out')}",
            sys.executable,
            "-m",
            "benchmarks.instructions",
            "--play",
            name,
            mode,
            str(decisions),
        ]
        # The same hashes on every run: set iteration order must not move the count.
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"},
        )
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"callgrind printed no count:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(done.stdout.split()[-1])


def per_decision(name: str, decisions: int) -> dict[str, Any]:
    warm_instructions, warm_decisions = counted(name, 0)
    instructions, played = counted(name, decisions)
    added = played - warm_decisions
    return {
        "name": name,
        "decisions": added,
        "instructions_per_decision": (instructions - warm_instructions) / added,
    }


def per_iteration(name: str, positions: int) -> dict[str, Any]:
    start_instructions, _ = counted(name, 0, "--searched")
    instructions, iterations = counted(name, positions, "--searched")
    return {
        "name": name,
        "positions": positions,
        "iterations": iterations,
        "instructions_per_iteration": (instructions - start_instructions) / iterations,
    }


def print_search_table(report: dict[str, Any]) -> None:
    print("Instructions an iteration, untimed difficile searches")
    print(f"{'game':<24}{'positions':>10}{'iterations':>11}{'instructions':>14}")
    for row in report["rows"]:
        print(
            f"{row['name']:<24}{row['positions']:>10}{row['iterations']:>11,}"
            f"{row['instructions_per_iteration']:>14,.0f}"
        )


def run(decisions: int, names: list[str], with_peer: bool) -> dict[str, Any]:
    rows = [per_decision(name, decisions) for name in names]
    peer = per_decision(PEER, decisions) if with_peer else None
    for row in rows:
        row["ratio_to_peer"] = (
            peer["instructions_per_decision"] / row["instructions_per_decision"] if peer else None
        )
    return {"decisions": decisions, "rows": rows, "peer": peer}


def print_table(report: dict[str, Any]) -> None:
    print(f"Instructions a decision, random play (about {report['decisions']:,} decisions a row)")
    print(f"{'game':<24}{'decisions':>10}{'instructions':>14}{'ratio':>8}")
    peer = report["peer"]
    for row in [*report["rows"], *([{**peer, "ratio_to_peer": 1.0}] if peer else [])]:
        ratio = "-" if row["ratio_to_peer"] is None else f"{row['ratio_to_peer']:.2f}"
        print(
            f"{row['name']:<24}{row['decisions']:>10,}"
            f"{row['instructions_per_decision']:>14,.0f}{ratio:>8}"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--decisions", type=int, default=10_000, help="decisions counted after the warm-up game"
    )
    parser.add_argument(
        "--game", action="append", choices=popote.game_names(), help="only this game (repeatable)"
    )
    parser.add_argument(
        "--search", type=int, metavar="K", help="count difficile searches at K positions instead"
    )
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--play", help=argparse.SUPPRESS)  # the measured child process
    parser.add_argument("--searched", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.play:
        done = search(args.play, args.searched) if args.searched is not None else None
        print(play(args.play, args.decisions) if done is None else done)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is needed: apt-get install valgrind")
    names = args.game or popote.game_names()
    if args.search:
        rows = [per_iteration(name, args.search) for name in names]
        show({"positions": args.search, "rows": rows}, args.json, print_search_table)
        return
    show(run(args.decisions, names, open_spiel_hearts() is not None), args.json, print_table)


if __name__ == "__main__":
    main()
