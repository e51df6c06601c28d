"""Plots of simulation and tournament reports (PNG or SVG, chosen by the file's suffix).

Imported only when a plot is asked for: matplotlib takes most of a second to load.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from popote.balance import BalanceRow, natural_order
from popote.core.game import BalanceStudy
from popote.simulate import GameRecord, check_plot_path


def _error_bars(rows: Sequence[dict[str, Any]]) -> list[list[float]]:
    # Rounding can put an interval's end a hair inside its rate: never a negative bar.
    return [
        [max(0.0, row["win_rate"] - row["ci95_low"]) for row in rows],
        [max(0.0, row["ci95_high"] - row["win_rate"]) for row in rows],
    ]


def plot_simulation(records: Sequence[GameRecord], report: dict[str, Any], path: Path) -> None:
    """Score distribution per seat, win rate by seat with its interval, game length."""
    check_plot_path(path)
    figure, (scores, wins, lengths) = plt.subplots(1, 3, figsize=(15, 4.5))
    players = report["players"]
    for seat in range(players):
        scores.hist(
            [record.scores[seat] for record in records], bins=20, alpha=0.5, label=f"{seat + 1}"
        )
    scores.set_title("Scores by seat / par siège")
    scores.legend(title="seat")
    seats = report["seats"]
    wins.bar(
        [str(row["seat"]) for row in seats],
        [row["win_rate"] for row in seats],
        yerr=_error_bars(seats),
    )
    wins.axhline(1 / players, linestyle="--", color="grey")
    wins.set_title("Win rate by seat (95 % CI)")
    wins.set_ylim(0, 1)
    lengths.hist([record.length for record in records], bins=30)
    lengths.set_title("Game length (decisions)")
    figure.suptitle(f"{report['game']} — {report['games']} games, {players} players")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def plot_rates(
    rows: Sequence[dict[str, Any]], labels: Sequence[str], title: str, path: Path
) -> None:
    """One bar per row (win rate with its 95 % interval)."""
    check_plot_path(path)
    figure, axes = plt.subplots(figsize=(max(5.0, 1.2 * len(rows)), 4.5))
    axes.bar(list(labels), [row["win_rate"] for row in rows], yerr=_error_bars(rows))
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate")
    axes.set_title(title)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def plot_balance(study: BalanceStudy, rows: Sequence[BalanceRow], path: Path) -> None:
    """Grouped bars: one group of bars per configuration, one bar per seat, side or label."""
    check_plot_path(path)
    groups = sorted({group for row in rows for group in row.rates}, key=natural_order)
    width = 0.8 / max(len(groups), 1)
    figure, axes = plt.subplots(figsize=(min(18.0, max(8.0, 0.7 * len(rows))), 5.5))
    for index, group in enumerate(groups):
        placed = [
            (position, row.rates[group]) for position, row in enumerate(rows) if group in row.rates
        ]
        axes.bar(
            [position + index * width for position, _ in placed],
            [rate["win_rate"] for _, rate in placed],
            width,
            yerr=_error_bars([rate for _, rate in placed]),
            label=group,
        )
    axes.set_xticks([index + 0.4 - width / 2 for index in range(len(rows))])
    axes.set_xticklabels([row.config.label for row in rows], rotation=45, ha="right")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95 % CI)")
    axes.set_title(study.title.en)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
