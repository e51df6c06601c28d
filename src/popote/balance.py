"""``popote balance``: what heuristic bots win, per configuration, with 95 % intervals.

A game may declare its own study (:meth:`popote.core.game.Game.balance_study`): Boom
Badaboom's difficulty table, a win rate per character... Otherwise the study is the
first-seat advantage at every player count.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from popote.core.game import BalanceConfig, BalanceMeasure, BalanceStudy, Game
from popote.core.i18n import Text
from popote.simulate import GameRecord, GameTask, Progress, rate_summary, run_tasks


def default_study(game: Game) -> BalanceStudy:
    spec = game.spec
    return BalanceStudy(
        title=Text("Avantage du premier joueur", "First-seat advantage"),
        measure=BalanceMeasure.SEATS,
        configs=tuple(
            BalanceConfig(f"{players} players", players)
            for players in range(max(spec.min_players, 2), spec.max_players + 1)
        ),
    )


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
            group = labels[seat] if labels is not None else f"seat {seat + 1}"
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
) -> list[BalanceRow]:
    records = run_tasks(study_tasks(game, study, games, seed), jobs, progress)
    return study_rows(study, games, records)


def natural_order(label: str) -> tuple[str, int]:
    """``seat 2`` before ``seat 10``.

    >>> sorted(["seat 10", "seat 2", "annaig"], key=natural_order)
    ['annaig', 'seat 2', 'seat 10']
    """
    stem, _, number = label.rpartition(" ")
    return (stem, int(number)) if number.isdigit() else (label, 0)


def markdown(game: Game, study: BalanceStudy, rows: Sequence[BalanceRow], command: str) -> str:
    groups = sorted({group for row in rows for group in row.rates}, key=natural_order)
    with_claims = any(row.config.claim for row in rows)
    header = [
        "configuration",
        "players",
        *(["claimed"] if with_claims else []),
        *groups,
        "mean score",
    ]
    lines = [
        f"# {game.spec.title.en} — {study.title.en} / {study.title.fr}",
        "",
        f"Heuristic bots at every seat, {rows[0].games if rows else 0} seeded games per row; win "
        "rates with their 95 % Wilson interval (a group that takes no part in a row shows –).",
        f"Regenerate with `{command}`.",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    for row in rows:
        cells = [row.config.label, str(row.config.players)]
        if with_claims:
            cells.append(row.config.claim or "–")
        for group in groups:
            rate = row.rates.get(group)
            cells.append(
                "–"
                if rate is None
                else f"{rate['win_rate']:.1%} [{rate['ci95_low']:.1%}–{rate['ci95_high']:.1%}]"
            )
        cells.append(f"{row.mean_score:.2f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def report_data(study: BalanceStudy, rows: Sequence[BalanceRow]) -> dict[str, Any]:
    return {
        "study": study.title.en,
        "measure": study.measure.value,
        "rows": [
            {
                "label": row.config.label,
                "players": row.config.players,
                "options": dict(row.config.options),
                "claim": row.config.claim,
                "games": row.games,
                "rates": row.rates,
                "mean_score": row.mean_score,
            }
            for row in rows
        ],
    }
