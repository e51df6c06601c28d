"""Plots of simulation, tournament, duplicate, balance and calibration reports (PNG or SVG,
chosen by the file's suffix), each in one language.

Imported only when a plot is asked for: matplotlib takes most of a second to load.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from popote.cli.paths import check_output_file
from popote.cli.report import LOWER_IS_BETTER
from popote.cli.wording import (
    FRESH,
    JOUEURS,
    PARTIES,
    bot_label,
    count,
    game_title,
    options_text,
    percent,
)
from popote.core.game import Game
from popote.core.i18n import Lang, Text
from popote.core.studies import BalanceMeasure, BalanceStudy
from popote.lab.balance import BalanceRow, study_groups
from popote.lab.simulate import PLOT_FORMATS, GameRecord

# SVG keeps its words as text: searchable, and readable by a screen reader.
matplotlib.rcParams["svg.fonttype"] = "none"
MIN_SCORE_VALUES = 3
"""A score that takes fewer values than this (won or lost) says nothing a histogram could."""
WIN_RATE = Text("taux de victoire (intervalle à 95 %)", "win rate (95% interval)")
EQUAL = Text("à force égale : {rate}", "if equal: {rate}")
TICK_WIDTH = 30
"""Characters per line of a balance row's name under its bars."""


def _error_bars(rows: Sequence[dict[str, Any]]) -> list[list[float]]:
    # Rounding can put an interval's end a hair inside its rate: never a negative bar.
    return [
        [max(0.0, row["win_rate"] - row["ci95_low"]) for row in rows],
        [max(0.0, row["ci95_high"] - row["win_rate"]) for row in rows],
    ]


def _rate_bars(
    axes: Axes,
    labels: Sequence[str],
    rows: Sequence[dict[str, Any]],
    fair: float | None,
    lang: Lang,
) -> None:
    """Win rates with their intervals, each written above its bar, and the equal-strength line."""
    bars = axes.bar(
        list(labels), [row["win_rate"] for row in rows], yerr=_error_bars(rows), capsize=4
    )
    for bar, row in zip(bars, rows, strict=True):
        # Above the interval, where no error bar crosses it.
        axes.annotate(
            percent(row["win_rate"], lang),
            (bar.get_x() + bar.get_width() / 2, row["ci95_high"] + 0.02),
            ha="center",
        )
    if fair is not None:
        axes.axhline(
            fair,
            linestyle="--",
            color="grey",
            label=EQUAL.render(lang, rate=percent(fair, lang)),
        )
        axes.legend(loc="upper left")
    _percent_axis(axes, lang, top=1.25)


def _percent_axis(axes: Axes, lang: Lang, top: float = 1.0) -> None:
    """0 to 100 %, with room above for labels and the legend."""
    axes.set_ylim(0, top)
    axes.set_yticks([step / 5 for step in range(6)])
    axes.yaxis.set_major_formatter(lambda value, _: percent(value, lang, 0))
    axes.set_ylabel(WIN_RATE.get(lang))


def _save(figure: Figure, path: Path) -> None:
    figure.savefig(path)
    plt.close(figure)


def plot_simulation(
    records: Sequence[GameRecord], report: dict[str, Any], path: Path, lang: Lang = "fr"
) -> None:
    """Win rate by seat (or the team's) with its interval, the score distribution per seat
    when scores say more than won or lost, and the length of the games."""
    check_output_file(path, PLOT_FORMATS)
    players = report["players"]
    with_scores = len({score for record in records for score in record.scores}) >= MIN_SCORE_VALUES
    panels = 3 if with_scores else 2
    figure, axes = plt.subplots(1, panels, figsize=(5.5 * panels, 4.8), layout="constrained")
    wins, lengths = axes[0], axes[-1]
    if "team" in report:
        _rate_bars(wins, [Text("équipe", "team").get(lang)], [report["team"]], None, lang)
        wins.set_title(Text("Victoires de l'équipe", "Team wins").get(lang))
    else:
        seats = report["seats"]
        labels = [_seat_label(row["seat"], row["bot"], lang) for row in seats]
        _rate_bars(wins, labels, seats, 1 / players, lang)
        wins.set_title(Text("Victoires par siège", "Wins by seat").get(lang))
    if with_scores:
        _score_histograms(axes[1], records, report, lang)
    lengths.hist([record.length for record in records], bins=30)
    lengths.set_title(Text("Longueur des parties", "Game length").get(lang))
    lengths.set_xlabel(Text("décisions", "decisions").get(lang))
    lengths.set_ylabel(Text("parties", "games").get(lang))
    lengths.yaxis.set_major_locator(MaxNLocator(integer=True))
    figure.suptitle(
        Text(
            "{title}{options} — {games} à {players} (graine {seed})",
            "{title}{options} — {games} of {players} (seed {seed})",
        ).render(
            lang,
            title=game_title(report["game"], lang),
            options=options_text(report["options"], lang),
            games=count(report["games"], PARTIES, lang),
            players=count(players, JOUEURS, lang),
            seed=report["seed"],
        )
    )
    _save(figure, path)


def _seat_label(seat: int, bot: str, lang: Lang) -> str:
    return Text("siège {seat}\n{bot}", "seat {seat}\n{bot}").render(
        lang, seat=seat, bot=bot_label(bot, lang)
    )


def _score_histograms(
    axes: Axes, records: Sequence[GameRecord], report: dict[str, Any], lang: Lang
) -> None:
    """One histogram per seat; one for the team when everyone shares the result."""
    if "team" in report:
        series = [(Text("équipe", "team").get(lang), 0)]
    else:
        series = [
            (_seat_label(seat + 1, bot, lang).replace("\n", " "), seat)
            for seat, bot in enumerate(report["bots"])
        ]
    for label, seat in series:
        axes.hist([record.scores[seat] for record in records], bins=20, alpha=0.5, label=label)
    lower = LOWER_IS_BETTER.get(lang) if report["lower_score_wins"] else ""
    axes.set_title(Text("Scores par siège", "Scores by seat").get(lang) + lower)
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(Text("score en fin de partie", "final score").get(lang))
    axes.set_ylabel(Text("parties", "games").get(lang))
    axes.legend()


def plot_rates(
    rows: Sequence[dict[str, Any]],
    labels: Sequence[str],
    title: str,
    path: Path,
    lang: Lang = "fr",
    fair: float | None = None,
    notes: Sequence[str] = (),
    footnote: str = "",
) -> None:
    """One bar per row (win rate with its 95 % interval), the rate ``fair`` expected if all
    were equal, a note under each label and a footnote."""
    check_output_file(path, PLOT_FORMATS)
    figure, axes = plt.subplots(figsize=(max(7.0, 1.8 * len(rows)), 5.5), layout="constrained")
    shown = (
        [f"{label}\n{note}" for label, note in zip(labels, notes, strict=True)] if notes else labels
    )
    _rate_bars(axes, shown, rows, fair, lang)
    axes.set_title(textwrap.fill(title, 70))
    if footnote:
        figure.supxlabel(textwrap.fill(footnote, 100), fontsize="small")
    _save(figure, path)


def plot_balance(
    game: Game, study: BalanceStudy, rows: Sequence[BalanceRow], path: Path, lang: Lang = "fr"
) -> None:
    """Grouped bars: one group of bars per configuration, one bar per seat, side or label;
    for seats, a dash marks what each seat would win if seats were equal."""
    check_output_file(path, PLOT_FORMATS)
    groups = study_groups(study, rows)
    width = 0.8 / max(len(groups), 1)
    figure, axes = plt.subplots(
        # Up to 55 rows, each upright row name keeps the half inch it needs beside the next.
        figsize=(min(32.0, max(8.0, 0.9 * len(rows))), 7.0),
        layout="constrained",
    )
    for index, group in enumerate(groups):
        placed = [
            (position, row.rates[group]) for position, row in enumerate(rows) if group in row.rates
        ]
        axes.bar(
            [position + index * width for position, _ in placed],
            [rate["win_rate"] for _, rate in placed],
            width,
            yerr=_error_bars([rate for _, rate in placed]),
            label=study.group_name(group, lang),
        )
    if study.measure is BalanceMeasure.SEATS:
        for position, row in enumerate(rows):
            axes.hlines(
                1 / row.config.players,
                position - width / 2,
                position + 0.8 - width / 2,
                colors="black",
                linestyles="dashed",
                # Underscored labels stay out of the legend: one entry for every dash.
                label=Text("à force égale", "if seats were equal").get(lang)
                if position == 0
                else "_equal",
            )
    axes.set_xticks([index + 0.4 - width / 2 for index in range(len(rows))])
    # Long row names ("Pièce montée, 5 joueurs, rôles cachés…") stand upright in short lines:
    # slanted, each would run under its neighbours' bars.
    names = [row.config.name(lang) for row in rows]
    if all(len(name) <= TICK_WIDTH for name in names):
        axes.set_xticklabels(names, rotation=45, ha="right")
    else:
        axes.set_xticklabels(
            [textwrap.fill(name, TICK_WIDTH) for name in names], rotation=90, fontsize="x-small"
        )
    _percent_axis(axes, lang)
    axes.set_title(
        Text(
            "{title} — {study}\n{games} par ligne, bots heuristiques",
            "{title} — {study}\n{games} per row, heuristic bots",
        ).render(
            lang,
            title=game.spec.title.get(lang),
            study=study.title.get(lang),
            games=count(rows[0].games if rows else 0, PARTIES, lang),
        )
    )
    axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.01, 1))
    _save(figure, path)


def plot_calibration(game: Game, report: dict[str, Any], path: Path, lang: Lang = "fr") -> None:
    """Targets against measured values per cell: the target and its tolerance as a band, the
    fresh games' figure as a point with its 95 % interval (hollow: the search's own figure,
    when the verification did not run). One panel per measure."""
    check_output_file(path, PLOT_FORMATS)
    cells = report["cells"]
    measures = list(dict.fromkeys(t["measure"] for cell in cells for t in cell["targets"]))
    figure, panels = plt.subplots(
        len(measures),
        1,
        figsize=(min(32.0, max(8.0, 0.6 * len(cells))), 6.0 * len(measures)),
        layout="constrained",
        squeeze=False,
    )
    for axes, measure in zip(panels[:, 0], measures, strict=True):
        _calibration_panel(axes, cells, measure, lang)
    panels[0, 0].set_title(
        Text(
            "{title} — calibrage, bots {bots}\ncible ± tolérance, et mesure sur {games} (intervalle à 95 %)",
            "{title} — calibration, {bots} bots\ntarget ± tolerance, and the measure on {games} (95% interval)",
        ).render(
            lang,
            title=game.spec.title.get(lang),
            bots=", ".join(bot_label(bot, lang) for bot in report["bots"]),
            games=count(report["budget"]["verify_games"], FRESH, lang),
        )
    )
    _save(figure, path)


MEASURED = {
    True: Text("mesuré sur les parties neuves", "measured on the fresh games"),
    False: Text("chiffre de la recherche, non vérifié", "the search's figure, not verified"),
}


def _calibration_panel(
    axes: Axes, cells: Sequence[dict[str, Any]], measure: str, lang: Lang
) -> None:
    # Only the cells that aim at this measure, side by side.
    cells = [c for c in cells if any(t["measure"] == measure for t in c["targets"])]
    placed = [
        (position, cell, target)
        for position, cell in enumerate(cells)
        for target in cell["targets"]
        if target["measure"] == measure
    ]
    rate = measure.startswith(("side:", "seat:"))
    labelled: set[bool] = set()
    for position, cell, target in placed:
        low, high = target["value"] - target["tolerance"], target["value"] + target["tolerance"]
        axes.fill_between(
            [position - 0.35, position + 0.35],
            low,
            high,
            color="tab:green",
            alpha=0.25,
            label="_band"
            if position
            else Text("cible ± tolérance", "target ± tolerance").get(lang),
        )
        axes.hlines(target["value"], position - 0.35, position + 0.35, colors="tab:green")
        measured = cell["verified"] or cell["search"]
        if measured is None:
            continue
        shown = measured["figures"][measure]
        value = shown["win_rate"] if rate else shown["mean"]
        verified = cell["verified"] is not None
        axes.errorbar(
            [position],
            [value],
            yerr=[[max(0.0, value - shown["ci95_low"])], [max(0.0, shown["ci95_high"] - value)]],
            fmt="o",
            mfc="black" if verified else "none",
            color="black",
            capsize=3,
            label="_point" if verified in labelled else MEASURED[verified].get(lang),
        )
        labelled.add(verified)
    names = [cell["title"][lang] for cell in cells]
    axes.set_xticks(range(len(cells)))
    axes.set_xticklabels(
        [textwrap.fill(name, TICK_WIDTH) for name in names], rotation=90, fontsize="x-small"
    )
    if rate:
        _percent_axis(axes, lang)
    axes.set_ylabel(measure)
    axes.legend(loc="upper right", fontsize="small")
