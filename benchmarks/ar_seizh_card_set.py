"""Evidence for the card set: every menu recipe can be made, and no Bigouden is favoured.

    python -m benchmarks.ar_seizh_card_set [--games N] [--seed S]

plays N seeded games of heuristic bots for each player count (2 to 7; the Bigoudens are
dealt at random by the game itself) and prints two markdown tables.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter, defaultdict
from collections.abc import Sequence

from popote.bots.runner import play_out
from popote.core.match import Match, create_match
from popote.core.registry import get_game
from popote.games.ar_seizh_bigoudenn.bot import BigoudenBot
from popote.games.ar_seizh_bigoudenn.cards import (
    BIGOUDEN_ORDER,
    BIGOUDENS,
    INGREDIENTS,
    MENU,
    deck_counts,
)
from popote.games.ar_seizh_bigoudenn.state import NAME


def menu_table() -> list[str]:
    """How many copies of each recipe the deck holds (fewest copies of one of its cards)."""
    small, large = deck_counts(2), deck_counts(7)
    owner = {s: b.name for b in BIGOUDENS.values() for s in b.specialties}
    lines = [
        "| recipe | dish | ingredients (value, utensil) | specialty of | copies 2–4 p. | copies 5–7 p. |",
        "|---|---|---|---|---|---|",
    ]
    for recipe in MENU:
        need = Counter(recipe.cards)
        parts = [
            f"{c} ({INGREDIENTS[c].value}, {INGREDIENTS[c].utensil or '-'})" for c in recipe.cards
        ]
        copies = [min(deck[c] // n for c, n in need.items()) for deck in (small, large)]
        lines.append(
            f"| {recipe.name.fr} | {recipe.dish.value} | {', '.join(parts)} | "
            f"{owner[recipe.key]} | {copies[0]} | {copies[1]} |"
        )
    return lines


def play_games(players: int, games: int, seed: int) -> list[Match]:
    game = get_game(NAME)
    matches = []
    for index in range(games):
        match_seed = seed + 1000 * players + index
        match = create_match(game, players, match_seed, {})
        play_out(match, [BigoudenBot(s, match_seed) for s in range(players)])
        matches.append(match)
    return matches


def win_table(matches: Sequence[Match]) -> list[str]:
    played: Counter[str] = Counter()
    wins: defaultdict[str, float] = defaultdict(float)
    expected: defaultdict[str, float] = defaultdict(float)
    points: Counter[str] = Counter()
    variance: defaultdict[str, float] = defaultdict(float)  # win count if all were equal
    for match in matches:
        result = match.result()
        share = 1 / len(result["winners"])
        for seat, bigouden in enumerate(result["bigoudens"]):
            played[bigouden] += 1
            expected[bigouden] += 1 / match.players
            variance[bigouden] += (1 / match.players) * (1 - 1 / match.players)
            points[bigouden] += result["scores"][seat]
            if seat in result["winners"]:
                wins[bigouden] += share
    lines = [
        "| Bigouden | games | wins | win rate | fair share | wins / fair share | 95 % band | mean score |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for key in BIGOUDEN_ORDER:
        n = played[key]
        fair = expected[key]
        spread = 1.96 * math.sqrt(variance[key])
        lines.append(
            f"| {BIGOUDENS[key].name} | {n} | {wins[key]:.1f} | {wins[key] / n:.3f} | "
            f"{fair / n:.3f} | {wins[key] / fair:.2f} | ±{spread / fair:.2f} | "
            f"{points[key] / n:.1f} |"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=300, help="games per player count")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print("\n".join(menu_table()))
    print()
    matches: list[Match] = []
    for players in range(2, 8):
        matches += play_games(players, args.games, args.seed)
    print(f"{len(matches)} games, {args.games} for each count of 2 to 7 players, heuristic bots:")
    print()
    print("\n".join(win_table(matches)))


if __name__ == "__main__":
    main()
