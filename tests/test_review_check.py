"""The review checked against duplicate: the deals are duplicate's, the review is the
seat's in the baseline's game, and the figures are read from them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from popote.lab.duplicate import duplicate_tasks
from popote.lab.review import Budget, review
from popote.lab.review_check import (
    CheckTask,
    DealCheck,
    check_deal,
    check_tasks,
    summarise_check,
)
from popote.lab.simulate import Batch, play_match, run_tasks

GAME = "pieds-dans-le-plat"


def test_a_checked_deal_is_duplicate_s_deal_and_the_baseline_seat_s_review() -> None:
    """Lower is better in Les Pieds dans le Plat: the points are the seat's scores negated."""
    check = check_deal(CheckTask(GAME, 3, deal=1, seed=70000, worlds=2))
    played, alone = run_tasks(
        duplicate_tasks(Batch(GAME, 3, games=2, seed=70000), "difficile", "moyen")
    )[2:]
    assert check.seat == 1 == played.task.bots.index("difficile")
    sign = -1 if play_match(alone.task).standings().get("lower_is_better") else 1
    assert (check.candidate_points, check.baseline_points) == (
        sign * played.scores[1],
        sign * alone.scores[1],
    )
    assert (check.candidate_share, check.baseline_share) == (
        played.win_share(1),
        alone.win_share(1),
    )
    reviewed = review(play_match(alone.task), 1, Budget(2, seed=70001)).summary()
    assert check.review_lost == reviewed["lost"] and check.decisions == reviewed["decisions"]
    assert check.labels == reviewed["labels"]


def test_a_run_stopped_early_has_as_many_deals_of_each_game() -> None:
    tasks = check_tasks([(GAME, 3), ("bouillabaisse", 4)], deals=3, seed=70000, worlds=8)
    assert [(task.game, task.deal) for task in tasks[:4]] == [
        (GAME, 0),
        ("bouillabaisse", 0),
        (GAME, 1),
        ("bouillabaisse", 1),
    ]


def deal(review_lost: float, gain: float, share_lost: float, share_gain: float) -> DealCheck:
    return DealCheck(
        GAME, 3, 0, 70000, 8, 0, gain, 0.0, share_gain, 0.0, 10, review_lost,
        (review_lost - 1, review_lost + 1), share_lost, {"good": 10, "inaccuracy": 0, "mistake": 0, "blunder": 0},
    )  # fmt: skip


def test_the_summary_sets_the_review_s_loss_against_duplicate_s_gain() -> None:
    close = summarise_check([deal(2.0, 1.0, 0.1, 0.0), deal(4.0, 3.0, 0.3, 0.5)])
    assert close["review_points_lost"]["mean"] == 3.0
    assert close["duplicate_points_gain"]["mean"] == 2.0
    assert close["points_overlap"] and close["points_ratio"] == pytest.approx(1.5)
    assert close["decisions"] == 20 and close["labels"]["good"] == 20
    apart = summarise_check([deal(10.0, 1.0, 0.1, 0.0), deal(10.2, 1.1, 0.3, 0.5)])
    assert not apart["points_overlap"]


def test_the_deviations_are_played_only_when_asked_and_change_no_other_figure() -> None:
    task = CheckTask(GAME, 2, deal=0, seed=70000, worlds=4)
    plain, deviated = check_deal(task), check_deal(replace(task, deviations=True))
    assert plain.deviation_gain is None and isinstance(deviated.deviation_gain, float)
    assert replace(deviated, deviation_gain=None) == plain
