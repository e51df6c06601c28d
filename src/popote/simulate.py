"""Bots against bots: many seeded matches, summarised per seat and per side.

Each match is a pure function of (game, players, options, bot kinds, seed), so the work can
be split across processes or machines without changing a single figure.

>>> report = simulate("pieds-dans-le-plat", players=2, games=3, seed=1, bots=["random", "heuristic"])
>>> report["games"], len(report["seats"])
(3, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from popote.bots.registry import make_bot
from popote.bots.runner import play_out
from popote.core.match import create_match
from popote.core.registry import get_game


@dataclass(frozen=True)
class GameRecord:
    """What one simulated match leaves behind."""

    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    length: int
    winning_side: str | None
    sides: Mapping[str, Sequence[int]]


def play_one(
    name: str, players: int, seed: int, bots: Sequence[str], options: Mapping[str, Any]
) -> GameRecord:
    game = get_game(name)
    match = create_match(game, players, seed, options)
    agents = [make_bot(kind, game, seat, seed) for seat, kind in enumerate(bots)]
    play_out(match, agents)
    result = match.result()
    return GameRecord(
        seed=seed,
        scores=tuple(result["scores"]),
        winners=tuple(result["winners"]),
        length=len(match.history),
        winning_side=result.get("winning_side"),
        sides=result.get("sides", {}),
    )


def summarise(
    name: str,
    players: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any],
    records: Sequence[GameRecord],
) -> dict[str, Any]:
    count = len(records)
    wins = Counter(seat for record in records for seat in record.winners)
    seats = [
        {
            "seat": seat + 1,
            "bot": bots[seat],
            "win_rate": wins[seat] / count,
            "mean_score": sum(record.scores[seat] for record in records) / count,
        }
        for seat in range(players)
    ]
    report: dict[str, Any] = {
        "game": name,
        "players": players,
        "games": count,
        "seed": seed,
        "bots": list(bots),
        "options": dict(options),
        "seats": seats,
        "mean_length": sum(record.length for record in records) / count,
    }
    side_names = sorted({side for record in records for side in record.sides})
    if side_names:
        won = Counter(record.winning_side for record in records)
        report["sides"] = {side: won[side] / count for side in side_names}
    return report


def simulate(
    name: str,
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str],
    options: Mapping[str, Any] | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` matches with seeds ``seed``, ``seed + 1``... and summarise them."""
    chosen = dict(options or {})
    records = []
    for index in range(games):
        records.append(play_one(name, players, seed + index, bots, chosen))
        if progress is not None:
            progress(index + 1)
    return summarise(name, players, seed, bots, chosen, records)
