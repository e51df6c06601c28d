"""Duplicate matches: is one bot stronger than another on the very same deals?

As in duplicate bridge, every deal is played twice: once with the ``candidate`` at one seat
among ``baseline`` bots, once with the baseline bot at that seat too. Both games start from
the same seed (same deal, same bots' seeds elsewhere), so the luck of the cards cancels out
of the difference and far fewer games separate two bots than in an open tournament. The
candidate's seat turns with the deals, so it plays every seat equally often.

The report gives (beside the usual header, whose ``games`` counts both games of each deal)
both win rates at those seats, and the mean of the paired differences with
its 95 % interval and two-sided p-value (a normal approximation over independent deals).

>>> report = duplicate(Batch("pieds-dans-le-plat", 2, games=4, seed=1), "random", "heuristic")
>>> report["deals"], report["candidate"]["bot"], report["baseline"]["bot"]
(4, 'random', 'heuristic')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

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
from popote.lab.stats import paired_difference


def candidate_seat(deal: int, players: int) -> int:
    """The seat under test in deal number ``deal``: it turns with the deals."""
    return deal % players


def duplicate_tasks(batch: Batch, candidate: str, baseline: str) -> list[GameTask]:
    """Two tasks per deal (the batch's ``games`` counts deals): the candidate at seat
    ``deal % players`` among baseline bots, then the baseline bots alone.

    >>> tasks = duplicate_tasks(Batch("pieds-dans-le-plat", 2, games=2), "a", "b")
    >>> [task.bots for task in tasks]
    [('a', 'b'), ('b', 'b'), ('b', 'a'), ('b', 'b')]
    """
    return [
        task for deal in range(batch.games) for task in deal_tasks(batch, deal, candidate, baseline)
    ]


def deal_tasks(batch: Batch, deal: int, candidate: str, baseline: str) -> tuple[GameTask, GameTask]:
    """Deal number ``deal`` played twice: the candidate at its seat, then the baseline alone."""
    alone = [baseline] * batch.players
    lineup = alone[:]
    lineup[candidate_seat(deal, batch.players)] = candidate
    return batch.task(deal, lineup), batch.task(deal, alone)


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
    batch: Batch,
    candidate: str,
    baseline: str,
    progress: Progress | None = None,
    jobs: int = 1,
    backend: Backend = "local",
) -> dict[str, Any]:
    records = run_tasks(duplicate_tasks(batch, candidate, baseline), jobs, progress, backend)
    return summarise_duplicate(records, candidate, baseline)
