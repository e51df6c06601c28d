"""Search speed per game: ISMCTS iterations per second, median decision time per level and
the longest ``difficile`` and ``expert`` decisions.

Positions are sampled from seeded random play; at each one, a fresh bot of each level is
told everything its seat saw, then timed on one decision, in CPU seconds of the process
pinned to one core (on an idle core, the wall time; on a shared machine, what others' work
does not inflate). The bots are the ones a person waits for: timed, their search cut short
at :data:`popote.bots.registry.THINKING_SECONDS` where the budget does not fit; the report
says how many decisions were cut. ``--untimed`` times the whole budget instead (the lab's
bots, the same for a seed).

    python -m benchmarks.search [--positions 12] [--untimed] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any, NamedTuple

import popote
from benchmarks.random_play import describe_machine, pin_to_one_core
from popote.bots.learned import shipped_games
from popote.bots.registry import LEARNED, LEVELS, THINKING_SECONDS
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


class Decision(NamedTuple):
    seconds: float
    """CPU seconds."""
    iterations: int
    """Iterations searched (0 for a level without search)."""
    cut_short: bool
    """Its time limit ended the search before its budget did."""


def time_decision(name: str, level: str, match: Match, seed: int, timed: bool = True) -> Decision:
    """One decision of a fresh bot of ``level`` told everything its seat saw at ``match``."""
    seat = match.to_act[0]
    bot = make_bot(level, get_game(name), seat, seed, timed=timed)
    bot.observe(match.events(seat))
    start = time.process_time()
    bot.choose(match.clone())
    elapsed = time.process_time() - start
    if not isinstance(bot, SearchBot):
        return Decision(elapsed, 0, False)
    done = bot.last_iterations
    return Decision(elapsed, done, 0 < done < bot.iterations)


def levels_of(game: str) -> tuple[str, ...]:
    """Every level this game offers (``appris`` only where its network ships)."""
    return tuple(level for level in LEVELS if level != LEARNED or game in shipped_games())


def measure_game(name: str, positions: int, timed: bool = True) -> dict[str, Any]:
    matches = sample_positions(name, positions, seed=7)
    row: dict[str, Any] = {
        "game": name,
        "median_seconds": {},
        "longest_seconds": {},
        "cut_short": {},
        "timed": timed,
    }
    searched = searched_time = 0.0
    for level in levels_of(name):
        timings, cut = [], 0
        for index, match in enumerate(matches):
            decision = time_decision(name, level, match, index, timed)
            timings.append(decision.seconds)
            cut += decision.cut_short
            if level == "difficile":
                searched += decision.iterations
                searched_time += decision.seconds
        row["median_seconds"][level] = statistics.median(timings)
        row["longest_seconds"][level] = max(timings)
        if level in THINKING_SECONDS:
            row["cut_short"][level] = cut
    row["iterations_per_second"] = searched / searched_time if searched_time else 0.0
    row["difficile_iterations"] = get_game(name).spec.search_iterations
    row["positions"] = len(matches)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--untimed", action="store_true", help="time the whole budget (the lab's bots)"
    )
    parser.add_argument(
        "--game", action="append", choices=popote.game_names(), help="only this game (repeatable)"
    )
    args = parser.parse_args()
    pin_to_one_core()
    rows = [
        measure_game(name, args.positions, timed=not args.untimed)
        for name in args.game or popote.game_names()
    ]
    if args.json:
        print(json.dumps(rows, indent=1))
        return
    print(f"Search speed, one core ({describe_machine()})")
    header = "".join(f"{level:>12}" for level in LEVELS)
    print(
        f"{'game':<24}{'iter/s':>9}{'budget':>8}{header}"
        f"{'longest difficile':>19}{'longest expert':>16}{'cut short (d/e)':>17}"
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
        cut_short = row["cut_short"]
        cut = f"{cut_short['difficile']}/{cut_short['expert']} of {row['positions']}"
        print(
            f"{row['game']:<24}{row['iterations_per_second']:>9,.0f}{row['difficile_iterations']:>8}{medians}"
            f"{longest:>17.1f}ms{longest_expert:>14.1f}ms{cut:>17}"
        )


if __name__ == "__main__":
    main()
