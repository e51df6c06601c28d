"""``popote balance``: what heuristic bots win, per configuration, with 95 % intervals.

A game may declare its own study (:meth:`popote.core.game.Game.balance_study`): Boom
Badaboom's difficulty table, a win rate per character... Otherwise the study is the
first-seat advantage at every player count.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from popote.core.game import Game
from popote.core.i18n import LANGUAGES, Text
from popote.core.studies import BalanceConfig, BalanceMeasure, BalanceStudy
from popote.lab.simulate import Backend, GameRecord, GameTask, Progress, rate_summary, run_tasks


def default_study(game: Game) -> BalanceStudy:
    spec = game.spec
    return BalanceStudy(
        title=Text("Avantage du premier joueur", "First-seat advantage"),
        measure=BalanceMeasure.SEATS,
        configs=tuple(
            BalanceConfig.of_players(players)
            for players in range(max(spec.min_players, 2), spec.max_players + 1)
        ),
        group_names={
            seat_group(seat): Text(f"Siège {seat + 1}", f"Seat {seat + 1}")
            for seat in range(spec.max_players)
        },
    )


def seat_group(seat: int) -> str:
    return f"seat {seat + 1}"


@dataclass(frozen=True)
class BalanceRow:
    config: BalanceConfig
    games: int
    rates: dict[str, dict[str, float]]
    mean_score: float


def study_for(game: Game) -> BalanceStudy:
    return game.balance_study() or default_study(game)


def group_shares(study: BalanceStudy, records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    """Win rate per group (seat, side or label), over the games where the group took part."""
    wins: dict[str, float] = defaultdict(float)
    chances: dict[str, int] = defaultdict(int)
    for record in records:
        if study.measure is BalanceMeasure.SIDES:
            for side in record.sides:
                chances[side] += 1
                wins[side] += record.winning_side == side
            continue
        labels = record.labels if study.measure is BalanceMeasure.LABELS else None
        for seat in range(record.task.players):
            group = labels[seat] if labels is not None else seat_group(seat)
            chances[group] += 1
            wins[group] += record.win_share(seat)
    return {group: rate_summary(wins[group], chances[group]) for group in sorted(chances)}


def study_tasks(game: Game, study: BalanceStudy, games: int, seed: int) -> list[GameTask]:
    """``games`` seeded matches of heuristic bots per configuration, one configuration after
    the other."""
    return [
        GameTask(
            game.spec.name,
            config.players,
            seed + index,
            ("heuristic",) * config.players,
            dict(config.options),
            study.label_key,
        )
        for config in study.configs
        for index in range(games)
    ]


def study_rows(study: BalanceStudy, games: int, records: Sequence[GameRecord]) -> list[BalanceRow]:
    """The records of :func:`study_tasks`, summarised per configuration."""
    rows = []
    for position, config in enumerate(study.configs):
        chunk = records[position * games : (position + 1) * games]
        mean_score = sum(sum(r.scores) / len(r.scores) for r in chunk) / len(chunk)
        rows.append(BalanceRow(config, games, group_shares(study, chunk), mean_score))
    return rows


def run_study(
    game: Game,
    study: BalanceStudy,
    games: int,
    seed: int,
    jobs: int,
    progress: Progress | None = None,
    backend: Backend = "local",
) -> list[BalanceRow]:
    records = run_tasks(study_tasks(game, study, games, seed), jobs, progress, backend)
    return study_rows(study, games, records)


def natural_order(label: str) -> tuple[str, int]:
    """``seat 2`` before ``seat 10``.

    >>> sorted(["seat 10", "seat 2", "annaig"], key=natural_order)
    ['annaig', 'seat 2', 'seat 10']
    """
    stem, _, number = label.rpartition(" ")
    return (stem, int(number)) if number.isdigit() else (label, 0)


def group_order(study: BalanceStudy) -> Callable[[str], tuple[int, tuple[str, int]]]:
    """Sort key for groups: in the order the study names them, the others after."""
    named = list(study.group_names)
    return lambda group: (
        named.index(group) if group in named else len(named),
        natural_order(group),
    )


def study_groups(study: BalanceStudy, rows: Sequence[BalanceRow]) -> list[str]:
    """The groups the rows measured, in the study's order."""
    return sorted({group for row in rows for group in row.rates}, key=group_order(study))


def report_data(study: BalanceStudy, rows: Sequence[BalanceRow]) -> dict[str, Any]:
    return {
        "study": study.title.en,
        "measure": study.measure.value,
        "names": {group: name.as_dict() for group, name in study.group_names.items()},
        "rows": [
            {
                "label": row.config.label,
                "title": {lang: row.config.name(lang) for lang in LANGUAGES},
                "players": row.config.players,
                "options": dict(row.config.options),
                "claim": row.config.claim.as_dict(),
                "games": row.games,
                "rates": row.rates,
                "mean_score": row.mean_score,
            }
            for row in rows
        ],
    }
