"""The review checked against duplicate: does what the review says a seat lost agree with
what a stronger bot gains at that very seat, on the very same deals?

Each deal is played as :mod:`popote.lab.duplicate` plays it: ``difficile`` at seat
``deal % players`` among ``moyen`` bots, then ``moyen`` alone. In the all-``moyen`` game the
seat's decisions are reviewed (:func:`popote.lab.review.review`, worlds drawn from the deal's
seed). If the review is right, the points it says ``moyen`` lost there are about what a
better player would have won at that seat: ``difficile``'s paired gain in points is the
yardstick (a yardstick that falls short of the best play, so the review may claim more).

Points are the seat's, oriented so that more is better (negated where fewer points win), as
in the review; win shares are the second look.

>>> [check] = run_check([("pieds-dans-le-plat", 2)], deals=1, seed=70000, worlds=2)
>>> check.seat, check.decisions > 0
(0, True)
>>> summary = summarise_check([check])
>>> summary["deals"], summary["review_points_lost"]["mean"] == check.review_lost
(1, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from popote.bots.runner import play_out
from popote.core.actions import Action
from popote.core.match import Match, create_match, replay_history
from popote.lab.duplicate import candidate_seat, deal_tasks
from popote.lab.review import Budget, GameReview, Label, review
from popote.lab.simulate import Batch, Kept, Progress, game_record, play_match, run_parallel
from popote.lab.stats import paired_difference
from popote.rl.learned import make_bot

CANDIDATE = "difficile"
BASELINE = "moyen"
FIRST_SEED = 70000
"""Deals no other measurement of the project played (duplicate runs start at 1 and 5000)."""


@dataclass(frozen=True)
class CheckTask:
    """One deal of one game to play twice and review."""

    game: str
    players: int
    deal: int
    seed: int
    """The seed of the first deal (deal ``i`` is played from ``seed + i``, as in a batch)."""
    worlds: int
    deviations: bool = False
    """Also play each decision the review faults again with its best action
    (:func:`deviation_gain`)."""


@dataclass(frozen=True)
class DealCheck:
    """What one deal showed: the seat's points and win share with each bot, and the review
    of the baseline's game at that seat."""

    game: str
    players: int
    deal: int
    seed: int
    worlds: int
    seat: int
    candidate_points: float
    baseline_points: float
    candidate_share: float
    baseline_share: float
    decisions: int
    review_lost: float
    review_interval: tuple[float, float]
    review_share_lost: float
    """Win share of the review's best action less the chosen one's, summed over the
    decisions (measured on all the worlds, not held out: it leans high)."""
    labels: dict[str, int]
    deviation_gain: float | None = None
    """What the review's best actions really gained, each alone (:func:`deviation_gain`)."""

    @property
    def key(self) -> tuple[str, int, int, int, int]:
        return (self.game, self.players, self.deal, self.seed, self.worlds)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def check_deal(task: CheckTask) -> DealCheck:
    """Both games of the deal and the review of the seat under test in the baseline's."""
    batch = Batch(task.game, task.players, games=task.deal + 1, seed=task.seed)
    with_candidate, alone = deal_tasks(batch, task.deal, CANDIDATE, BASELINE)
    seat = candidate_seat(task.deal, task.players)
    played = game_record(with_candidate, play_match(with_candidate))
    baseline_match = play_match(alone)
    baseline = game_record(alone, baseline_match)
    sign = -1.0 if baseline_match.standings().get("lower_is_better") else 1.0
    reviewed = review(baseline_match, seat, Budget(task.worlds, batch.match_seed(task.deal)))
    summary = reviewed.summary()
    deviated = deviation_gain(baseline_match, reviewed) if task.deviations else None
    return DealCheck(
        game=task.game,
        players=task.players,
        deal=task.deal,
        seed=task.seed,
        worlds=task.worlds,
        seat=seat,
        candidate_points=sign * played.scores[seat],
        baseline_points=sign * baseline.scores[seat],
        candidate_share=played.win_share(seat),
        baseline_share=baseline.win_share(seat),
        decisions=summary["decisions"],
        review_lost=summary["lost"],
        review_interval=(summary["interval"][0], summary["interval"][1]),
        review_share_lost=share_lost(reviewed),
        labels=summary["labels"],
        deviation_gain=deviated,
    )


def deviation_gain(played: Match, reviewed: GameReview) -> float:
    """The review's claim tested in the real deal: at each decision where the review's best
    action is not the one chosen, the game is played again from there with the best action,
    the true cards and fresh ``moyen`` bots, and again with the chosen action and the same
    fresh bots; the seat's differences of final points (more is better), summed over the
    decisions, each deviation alone."""
    sign = -1.0 if played.standings().get("lower_is_better") else 1.0
    history = played.to_record()["history"]
    gain = 0.0
    for decision in reviewed.decisions:
        if decision.best != decision.chosen:
            finals = [
                _played_on(played, history[: decision.index], reviewed.seat, action)
                for action in (decision.best, decision.chosen)
            ]
            gain += sign * (finals[0] - finals[1])
    return gain


def _played_on(
    played: Match, before: Sequence[Mapping[str, Any]], seat: int, action: Action
) -> float:
    """The seat's final score once ``action`` is played after ``before`` and ``moyen`` bots
    finish the game."""
    match = replay_history(
        create_match(played.game, played.players, played.seed, played.options), before
    )
    match.act(seat, action)
    bots = [make_bot(BASELINE, played.game, each, played.seed) for each in range(played.players)]
    finished = play_out(match, bots)
    return float(finished.result()["scores"][seat])


def share_lost(reviewed: GameReview) -> float:
    """The win share the review's best actions held over the chosen ones, summed."""
    lost = 0.0
    for decision in reviewed.decisions:
        shares = {alternative.action: alternative.share for alternative in decision.alternatives}
        lost += shares[decision.best] - shares[decision.chosen]
    return lost


def check_tasks(
    games: Sequence[tuple[str, int]], deals: int, seed: int, worlds: int, deviations: bool = False
) -> list[CheckTask]:
    """Deal by deal across the games (every game's deal 0, then every game's deal 1...), so
    that a run stopped early has as many deals of each game."""
    return [
        CheckTask(game, players, deal, seed, worlds, deviations)
        for deal in range(deals)
        for game, players in games
    ]


def run_check(
    games: Sequence[tuple[str, int]],
    deals: int,
    seed: int = FIRST_SEED,
    worlds: int = 8,
    jobs: int = 1,
    progress: Progress | None = None,
    kept: Kept[CheckTask, DealCheck] | None = None,
    deviations: bool = False,
) -> list[DealCheck]:
    """Every deal of every game, over ``jobs`` processes (Ctrl-C: ``Interrupted``, with the
    deals done)."""
    tasks = check_tasks(games, deals, seed, worlds, deviations)
    return run_parallel(check_deal, tasks, jobs, progress, kept=kept)


def summarise_check(checks: Iterable[DealCheck]) -> dict[str, Any]:
    """One game's figures: the review's points lost per game against duplicate's paired
    gain in points, each the mean over deals with its 95 % interval; the same in win share;
    whether the intervals overlap, and the ratio of the means."""
    rows = list(checks)
    lost = paired_difference([row.review_lost for row in rows])
    gain = paired_difference([row.candidate_points - row.baseline_points for row in rows])
    share_lost_ = paired_difference([row.review_share_lost for row in rows])
    share_gain = paired_difference([row.candidate_share - row.baseline_share for row in rows])
    decisions = sum(row.decisions for row in rows)
    deviated = [row.deviation_gain for row in rows if row.deviation_gain is not None]
    return {
        "game": rows[0].game,
        "players": rows[0].players,
        "seed": rows[0].seed,
        "worlds": rows[0].worlds,
        "deals": len(rows),
        "decisions": decisions,
        "labels": {label.value: sum(row.labels[label.value] for row in rows) for label in Label},
        "review_points_lost": lost,
        "duplicate_points_gain": gain,
        "points_overlap": _overlap(lost, gain),
        "points_ratio": _ratio(lost, gain),
        "review_share_lost": share_lost_,
        "duplicate_share_gain": share_gain,
        "share_overlap": _overlap(share_lost_, share_gain),
        "share_ratio": _ratio(share_lost_, share_gain),
        "deviation_gain": paired_difference(deviated) if len(deviated) == len(rows) else None,
    }


def _overlap(first: dict[str, float], second: dict[str, float]) -> bool:
    return first["ci95_low"] <= second["ci95_high"] and second["ci95_low"] <= first["ci95_high"]


def _ratio(review_figure: dict[str, float], duplicate_figure: dict[str, float]) -> float | None:
    return review_figure["mean"] / duplicate_figure["mean"] if duplicate_figure["mean"] else None
