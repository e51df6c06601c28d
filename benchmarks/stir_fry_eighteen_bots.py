"""Measure the Stir-Fry Eighteen heuristic bot: bluffs, taste tests, game length, strength, speed.

Run: ``python benchmarks/stir_fry_eighteen_bots.py --games 100`` (seeds 0 to games-1).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from typing import Any

import popote
from popote.bots.base import RandomBot
from popote.bots.runner import play_out
from popote.core.game import Opponent
from popote.core.registry import get_game

NAME = "stir-fry-eighteen"


def heuristic_table(players: int, games: int, options: dict[str, Any]) -> dict[str, float]:
    game = get_game(NAME)
    bluffs = discards = tests = caught = rounds = 0
    started = time.perf_counter()
    for seed in range(games):
        match = popote.new_match(NAME, players=players, seed=seed, options=options)
        play_out(match, [game.heuristic_bot(seat, seed) for seat in range(players)])
        rounds += match.result()["rounds"]
        for seat in range(players):
            for event in match.events(seat):
                if event["type"] == "discarded" and event["seat"] == seat:
                    cards = event["cards"]
                    honest = cards[0] == (cards[1] if event["kind"] == "pair" else event["claim"])
                    discards += 1
                    bluffs += not honest
        for event in match.events(None):
            if event["type"] == "taste_test":
                tests += 1
                caught += not event["truthful"]
    return {
        "bluff_share": bluffs / max(discards, 1),
        "tests_per_game": tests / games,
        "tests_catching_a_bluff": caught / max(tests, 1),
        "rounds_per_game": rounds / games,
        "seconds": time.perf_counter() - started,
    }


def against_random(players: int, games: int) -> float:
    game = get_game(NAME)
    wins = 0
    for seed in range(games):
        match = popote.new_match(NAME, players=players, seed=seed)
        bots: list[Opponent] = [game.heuristic_bot(0, seed)]
        bots += [RandomBot(seat, seed) for seat in range(1, players)]
        play_out(match, bots)
        wins += 0 in match.result()["winners"]
    return wins / games


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args(argv)
    for options in ({}, {"star_chef": True}, {"bullseye": True}):
        for players in range(2, 6):
            figures = heuristic_table(players, args.games, options)
            shown = ", ".join(f"{key} {value:.2f}" for key, value in figures.items())
            print(f"{options or 'base game'} {players}p: {shown}")
    for players in range(2, 6):
        share = against_random(players, args.games)
        print(f"{players}p: one heuristic seat against random seats wins {share:.0%}")


if __name__ == "__main__":
    main()
