"""How ``popote simulate`` shows its progress and its figures."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from popote.core.i18n import Lang, Text


@contextmanager
def progress_bar(total: int, lang: Lang) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error, so standard output stays the same from run to run."""
    console = Console(file=sys.stderr)
    with Progress(
        TextColumn(Text("Parties", "Games").get(lang)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=total)
        yield lambda done: progress.update(task, completed=done)


def print_report(report: dict[str, Any], lang: Lang) -> None:
    print(
        Text(
            "{game} : {games} parties à {players} joueurs (graine {seed}), {length:.1f} décisions en moyenne.",
            "{game}: {games} games of {players} players (seed {seed}), {length:.1f} decisions on average.",
        )
        .format(
            game=report["game"],
            games=report["games"],
            players=report["players"],
            seed=report["seed"],
            length=report["mean_length"],
        )
        .get(lang)
    )
    for seat in report["seats"]:
        print(
            Text(
                "Siège {seat} ({bot}) : {win:.1%} de victoires, score moyen {score:.2f}",
                "Seat {seat} ({bot}): {win:.1%} wins, mean score {score:.2f}",
            )
            .format(
                seat=seat["seat"], bot=seat["bot"], win=seat["win_rate"], score=seat["mean_score"]
            )
            .get(lang)
        )
    for side, rate in report.get("sides", {}).items():
        print(
            Text("Camp {side} : {rate:.1%} de victoires", "Side {side}: {rate:.1%} wins")
            .format(side=side, rate=rate)
            .get(lang)
        )
