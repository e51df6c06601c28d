"""Matches between bots on every arrangement of seats: win rates and OpenSkill ratings.

The lineup fills the seats with the bots in turn (``bots[seat % len(bots)]``); game ``i``
plays the ``i``-th of its distinct arrangements, in a fixed order. Over a multiple of their
number, every bot plays every seat equally often and sits after every other bot equally
often: rotating seats alone would keep the turn order, and a bot always seated after a weak
one would gain from it. Beyond ``MAX_ARRANGEMENTS``, arrangements are seeded shuffles.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from popote.core.chance import Chance
from popote.lab.simulate import (
    Backend,
    Batch,
    GameRecord,
    GameTask,
    Progress,
    rate_summary,
    report_header,
    run_tasks,
)

MAX_ARRANGEMENTS = 720


def arrangements(bots: Sequence[str], players: int, games: int, seed: int) -> list[tuple[str, ...]]:
    """The lineup of each game (see the module's docstring).

    >>> arrangements(["a", "b"], 2, 3, 0)
    [('a', 'b'), ('b', 'a'), ('a', 'b')]
    """
    lineup = [bots[seat % len(bots)] for seat in range(players)]
    if math.factorial(players) <= MAX_ARRANGEMENTS:
        distinct = sorted(set(itertools.permutations(lineup)))
        return [distinct[index % len(distinct)] for index in range(games)]
    shuffled = []
    for index in range(games):
        order = lineup[:]
        Chance(seed + index).shuffle(order)
        shuffled.append(tuple(order))
    return shuffled


def tournament_tasks(batch: Batch, bots: Sequence[str]) -> list[GameTask]:
    lineups = arrangements(bots, batch.players, batch.games, batch.seed)
    return [batch.task(index, lineup) for index, lineup in enumerate(lineups)]


def ratings(records: Sequence[GameRecord], bots: Sequence[str]) -> dict[str, dict[str, float]]:
    """OpenSkill (Plackett-Luce) ratings, one team per bot in each game, winners ranked first."""
    model = PlackettLuce()
    current = {bot: model.rating(name=bot) for bot in dict.fromkeys(bots)}
    for record in records:
        present = list(dict.fromkeys(record.task.bots))
        if len(present) < 2:
            continue
        ranks: list[float] = [
            1.0 if any(record.task.bots[seat] == bot for seat in record.winners) else 2.0
            for bot in present
        ]
        rated = model.rate([[current[bot]] for bot in present], ranks=ranks)
        for bot, (rating,) in zip(present, rated, strict=True):
            current[bot] = rating
    return {
        bot: {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal()}
        for bot, rating in current.items()
    }


def summarise_tournament(records: Sequence[GameRecord], bots: Sequence[str]) -> dict[str, Any]:
    first = records[0].task
    rows = []
    rated = ratings(records, bots)
    for bot in dict.fromkeys(bots):
        seat_games = [
            (record, seat)
            for record in records
            for seat, who in enumerate(record.task.bots)
            if who == bot
        ]
        share = sum(record.win_share(seat) for record, seat in seat_games)
        rows.append(
            {
                "bot": bot,
                "seat_games": len(seat_games),
                **rate_summary(share, len(seat_games)),
                "expected_if_equal": 1 / first.players,
                "rating": rated[bot],
            }
        )
    return {**report_header(records), "bots": rows}


def tournament(
    batch: Batch,
    bots: Sequence[str],
    progress: Progress | None = None,
    jobs: int = 1,
    backend: Backend = "local",
) -> dict[str, Any]:
    records = run_tasks(tournament_tasks(batch, bots), jobs, progress, backend)
    return summarise_tournament(records, bots)
