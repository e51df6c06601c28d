"""Duplicate matches: is one bot stronger than another on the very same deals?

As in duplicate bridge, every deal is played twice: once with the ``candidate`` at one seat
among ``baseline`` bots, once with the baseline bot at that seat too. Both games start from
the same seed (same deal, same bots' seeds elsewhere), so the luck of the cards cancels out
of the difference and far fewer games separate two bots than in an open tournament. The
candidate's seat turns with the deals, so it plays every seat equally often.

The report gives (beside the usual header, whose ``games`` counts both games of each deal)
both win rates at those seats, and the mean of the paired differences with
its 95 % interval and two-sided p-value (a normal approximation over independent deals).

>>> report = duplicate("pieds-dans-le-plat", 2, 4, 1, "random", "heuristic")
>>> report["deals"], report["candidate"]["bot"], report["baseline"]["bot"]
(4, 'random', 'heuristic')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from popote.simulate import (
    GameRecord,
    GameTask,
    Progress,
    rate_summary,
    report_header,
    run_tasks,
)
from popote.stats import paired_difference


def candidate_seat(deal: int, players: int) -> int:
    """The seat under test in deal number ``deal``: it turns with the deals."""
    return deal % players


def duplicate_tasks(
    name: str,
    players: int,
    deals: int,
    seed: int,
    candidate: str,
    baseline: str,
    options: Mapping[str, Any] | None = None,
) -> list[GameTask]:
    """Two tasks per deal: the candidate at seat ``deal % players``, then the baseline alone.

    >>> [task.bots for task in duplicate_tasks("pieds-dans-le-plat", 2, 2, 0, "a", "b")]
    [('a', 'b'), ('b', 'b'), ('b', 'a'), ('b', 'b')]
    """
    tasks = []
    for deal in range(deals):
        lineup = [baseline] * players
        lineup[candidate_seat(deal, players)] = candidate
        for bots in (lineup, [baseline] * players):
            tasks.append(GameTask(name, players, seed + deal, tuple(bots), dict(options or {})))
    return tasks


def summarise_duplicate(
    records: Sequence[GameRecord], candidate: str, baseline: str
) -> dict[str, Any]:
    players = records[0].task.players
    pairs = list(zip(records[::2], records[1::2], strict=True))
    seats = [candidate_seat(deal, players) for deal in range(len(pairs))]
    with_candidate = [
        played.win_share(seat) for (played, _), seat in zip(pairs, seats, strict=True)
    ]
    without = [alone.win_share(seat) for (_, alone), seat in zip(pairs, seats, strict=True)]
    return {
        **report_header(records),
        "deals": len(pairs),
        "candidate": {"bot": candidate, **rate_summary(sum(with_candidate), len(pairs))},
        "baseline": {"bot": baseline, **rate_summary(sum(without), len(pairs))},
        "expected_if_equal": 1 / players,
        "difference": paired_difference(
            [mine - theirs for mine, theirs in zip(with_candidate, without, strict=True)]
        ),
    }


def duplicate(
    name: str,
    players: int,
    deals: int,
    seed: int,
    candidate: str,
    baseline: str,
    options: Mapping[str, Any] | None = None,
    progress: Progress | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    tasks = duplicate_tasks(name, players, deals, seed, candidate, baseline, options)
    return summarise_duplicate(run_tasks(tasks, jobs, progress), candidate, baseline)
