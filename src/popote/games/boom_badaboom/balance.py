"""The designer's table, measured: heuristic bots over many seeded games per level and count.

Run ``python -m popote.games.boom_badaboom.balance --games 2000`` to print the markdown
table kept in ``docs/rules/boom-badaboom.md``.
"""

from __future__ import annotations

import argparse
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import popote
from popote.bots.runner import play_out
from popote.games.boom_badaboom import GAME
from popote.games.boom_badaboom.cards import DIFFICULTIES, NAME

SIDES = ("patissiers", "farceurs", "glouton")


def play_batch(job: tuple[str, int, int, int]) -> Counter[str]:
    """Win counts by side for ``count`` games from ``first_seed``."""
    difficulty, players, first_seed, count = job
    won: Counter[str] = Counter()
    for seed in range(first_seed, first_seed + count):
        match = popote.new_match(
            NAME, players=players, seed=seed, options={"difficulty": difficulty}
        )
        bots = [GAME.heuristic_bot(seat, seed) for seat in range(players)]
        result = play_out(match, bots).result()
        won[result["winning_side"]] += 1
        won["rounds"] += result["rounds_survived"]
    return won


def measure(
    games: int, workers: int, counts: tuple[int, ...] = (3, 4, 5)
) -> dict[tuple[str, int], Counter[str]]:
    chunk = 250
    jobs = [
        (difficulty, players, start, min(chunk, games - start))
        for difficulty in DIFFICULTIES
        for players in counts
        for start in range(0, games, chunk)
    ]
    totals: dict[tuple[str, int], Counter[str]] = {}
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for job, won in zip(jobs, pool.map(play_batch, jobs), strict=True):
            totals.setdefault((job[0], job[1]), Counter()).update(won)
    return totals


def table(totals: dict[tuple[str, int], Counter[str]], games: int) -> str:
    lines = [
        "| Level | Rounds | Capacity | Claimed success | Players | Pâtissiers | Farceurs | Glouton |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for (difficulty, players), won in totals.items():
        level = DIFFICULTIES[difficulty]
        rates = " | ".join(f"{100 * won[side] / games:.1f} %" for side in SIDES)
        lines.append(
            f"| {difficulty} | {level.rounds} | {level.capacity} | ~{level.claimed_success:.0%} "
            f"| {players} | {rates} |"
        )
    return "\n".join(lines)


def team_table(totals: dict[tuple[str, int], Counter[str]], games: int) -> str:
    lines = [
        "| Level | Claimed success | Players | Variant | Team wins | Mean rounds survived |",
        "|---|---|---|---|---|---|",
    ]
    for (difficulty, players), won in totals.items():
        level = DIFFICULTIES[difficulty]
        variant = "solo" if players == 1 else "coop"
        lines.append(
            f"| {difficulty} | ~{level.claimed_success:.0%} | {players} | {variant} "
            f"| {100 * won['equipe'] / games:.1f} % | {won['rounds'] / games:.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(table(measure(args.games, args.workers), args.games))
    print()
    print(team_table(measure(args.games, args.workers, (1, 2)), args.games))


if __name__ == "__main__":
    main()
