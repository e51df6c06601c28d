"""``appris`` against ``difficile`` at equal time per decision.

``difficile`` thinks for up to a second, ``appris`` (the learned network) for well under a
millisecond. At equal time, ``difficile`` gets only the time ``appris`` takes: its
iteration budget scaled down to ``appris``'s median decision time, from the search's
iterations per second, both measured in this run on the same positions (CPU seconds, one
core). Then a duplicate test on the same deals: at the seat under test (it turns with the
deals) ``appris`` in one game and that ``difficile`` in the other, ``moyen`` at every other
seat; the effect is the paired difference of win shares at that seat.

    python -m benchmarks.equal_time [--game pieds-dans-le-plat] [--deals 300] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

import popote
from benchmarks.random_play import pin_to_one_core
from benchmarks.search import sample_positions, time_decision
from popote.bots.learned import shipped_games
from popote.bots.registry import search_bot
from popote.bots.runner import play_out
from popote.core.bot import Bot
from popote.core.game import Game
from popote.core.registry import get_game
from popote.lab.duplicate import candidate_seat
from popote.lab.stats import paired_difference
from popote.rl.learned import make_bot

POSITIONS = 12


def median_seconds(name: str, level: str) -> tuple[float, float]:
    """The level's median decision time over sampled positions, and its search iterations
    per second (0 for a level that does not search)."""
    timings, iterations = [], 0
    for index, match in enumerate(sample_positions(name, POSITIONS, seed=7)):
        # Untimed, as the lab plays it: the whole budget, whatever this machine's speed.
        decision = time_decision(name, level, match, index, timed=False)
        timings.append(decision.seconds)
        iterations += decision.iterations
    return statistics.median(timings), iterations / sum(timings)


def win_share(name: str, players: int, deal: int, seat: int, candidate: Bot) -> float:
    game = get_game(name)
    match = popote.new_match(name, players=players, seed=deal)
    agents = [candidate if s == seat else game.heuristic_bot(s, deal) for s in range(players)]
    result = play_out(match, agents).result()
    return 1 / len(result["winners"]) if seat in result["winners"] else 0.0


def hurried_difficile(game: Game, seat: int, seed: int, iterations: int) -> Bot:
    """``difficile`` as the game builds it, with only ``iterations`` to spend."""
    bot = search_bot(game, seat, seed)
    bot.iterations = iterations
    return bot


def measure(name: str, deals: int) -> dict[str, Any]:
    game = get_game(name)
    players = game.spec.default_players
    learned_time, _ = median_seconds(name, "appris")
    difficile_time, per_second = median_seconds(name, "difficile")
    budget = max(1, round(learned_time * per_second))
    differences = []
    for deal in range(deals):
        seat = candidate_seat(deal, players)
        learned = win_share(name, players, deal, seat, make_bot("appris", game, seat, deal))
        hurried = hurried_difficile(game, seat, deal, budget)
        differences.append(learned - win_share(name, players, deal, seat, hurried))
    return {
        "game": name,
        "players": players,
        "deals": deals,
        "appris_median_seconds": learned_time,
        "difficile_median_seconds": difficile_time,
        "difficile_iterations_per_second": per_second,
        "difficile_full_budget": game.spec.search_iterations,
        "equal_time_budget": budget,
        "appris_minus_difficile": paired_difference(differences),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", choices=shipped_games(), default="pieds-dans-le-plat")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pin_to_one_core()
    row = measure(args.game, args.deals)
    if args.json:
        print(json.dumps(row, indent=1))
        return
    effect = row["appris_minus_difficile"]
    print(
        f"{row['game']} ({row['players']} players), {row['deals']} deals\n"
        f"appris: {row['appris_median_seconds'] * 1000:.2f} ms a decision (median); "
        f"difficile: {row['difficile_median_seconds'] * 1000:.1f} ms, "
        f"{row['difficile_iterations_per_second']:,.0f} iterations/s\n"
        f"difficile at appris's time: {row['equal_time_budget']} iterations "
        f"(instead of {row['difficile_full_budget']})\n"
        f"appris - difficile at equal time: {effect['mean'] * 100:+.1f} points of win share "
        f"[{effect['ci95_low'] * 100:+.1f}, {effect['ci95_high'] * 100:+.1f}], "
        f"p = {effect['p_value']:.3g}"
    )


if __name__ == "__main__":
    main()
