"""Search speed per game: ISMCTS iterations per second, median decision time per level and
the longest ``difficile`` decision.

Positions are sampled from seeded random play; at each one, a fresh bot of each level is
told everything its seat saw, then timed on one decision, in CPU seconds of the process
pinned to one core (on an idle core, the wall time; on a shared machine, what others' work
does not inflate).

    python -m benchmarks.search [--positions 12] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

import popote
from benchmarks.random_play import pin_to_one_core
from popote.bots.learned import shipped_games
from popote.bots.registry import LEARNED, LEVELS
from popote.bots.search import SearchBot
from popote.core.chance import Chance
from popote.core.match import Match
from popote.core.registry import get_game
from popote.rl.learned import make_bot


def sample_positions(name: str, count: int, seed: int) -> list[Match]:
    """Positions where a seat has a real choice, from seeded random play."""
    chance = Chance(seed)
    positions: list[Match] = []
    game_seed = seed
    while len(positions) < count:
        match = popote.new_match(name, seed=game_seed)
        game_seed += 1
        stop = chance.below(60)
        for _ in range(stop):
            if match.over:
                break
            seat = match.to_act[0]
            match.act(seat, chance.choice(match.legal_actions(seat)))
        if not match.over and len(match.legal_actions(match.to_act[0])) > 1:
            positions.append(match)
    return positions


def decision_seconds(name: str, level: str, match: Match, seed: int) -> tuple[float, int]:
    seat = match.to_act[0]
    bot = make_bot(level, get_game(name), seat, seed)
    bot.observe(match.events(seat))
    start = time.process_time()
    bot.choose(match.clone())
    elapsed = time.process_time() - start
    iterations = bot.last_iterations if isinstance(bot, SearchBot) else 0
    return elapsed, iterations


def levels_of(game: str) -> tuple[str, ...]:
    """Every level this game offers (``appris`` only where its network ships)."""
    return tuple(level for level in LEVELS if level != LEARNED or game in shipped_games())


def measure_game(name: str, positions: int) -> dict[str, Any]:
    matches = sample_positions(name, positions, seed=7)
    row: dict[str, Any] = {"game": name, "median_seconds": {}, "longest_seconds": {}}
    searched = searched_time = 0.0
    for level in levels_of(name):
        timings = []
        for index, match in enumerate(matches):
            seconds, iterations = decision_seconds(name, level, match, index)
            timings.append(seconds)
            if level == "difficile":
                searched += iterations
                searched_time += seconds
        row["median_seconds"][level] = statistics.median(timings)
        row["longest_seconds"][level] = max(timings)
    row["iterations_per_second"] = searched / searched_time if searched_time else 0.0
    row["difficile_iterations"] = get_game(name).spec.search_iterations
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--game", action="append", choices=popote.game_names(), help="only this game (repeatable)"
    )
    args = parser.parse_args()
    pin_to_one_core()
    rows = [measure_game(name, args.positions) for name in args.game or popote.game_names()]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    header = "".join(f"{level:>12}" for level in LEVELS)
    print(
        f"{'game':<24}{'iter/s':>9}{'budget':>8}{header}"
        f"{'longest difficile':>19}{'longest expert':>16}"
    )
    for row in rows:
        medians = "".join(
            f"{row['median_seconds'][level] * 1000:>10.1f}ms"
            if level in row["median_seconds"]
            else f"{'-':>12}"
            for level in LEVELS
        )
        longest = row["longest_seconds"]["difficile"] * 1000
        longest_expert = row["longest_seconds"]["expert"] * 1000
        print(
            f"{row['game']:<24}{row['iterations_per_second']:>9,.0f}{row['difficile_iterations']:>8}{medians}"
            f"{longest:>17.1f}ms{longest_expert:>14.1f}ms"
        )


if __name__ == "__main__":
    main()
