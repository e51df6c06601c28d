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


def _rate(row: dict[str, Any]) -> str:
    return f"{row['win_rate']:.1%} [{row['ci95_low']:.1%} – {row['ci95_high']:.1%}]"


def print_report(report: dict[str, Any], lang: Lang) -> None:
    print(
        Text(
            "{game} : {games} parties à {players} joueurs (graine {seed}), {mean_length:.1f} décisions en moyenne.",
            "{game}: {games} games of {players} players (seed {seed}), {mean_length:.1f} decisions on average.",
        ).render(lang, **report)
    )
    for seat in report["seats"]:
        print(
            Text(
                "Siège {seat} ({bot}) : victoires {win}, score moyen {score:.2f}",
                "Seat {seat} ({bot}): wins {win}, mean score {score:.2f}",
            ).render(
                lang, seat=seat["seat"], bot=seat["bot"], win=_rate(seat), score=seat["mean_score"]
            )
        )
    for side, rates in report.get("sides", {}).items():
        print(
            Text("Camp {side} : victoires {win}", "Side {side}: wins {win}").render(
                lang, side=side, win=_rate(rates)
            )
        )


def print_tournament(report: dict[str, Any], lang: Lang) -> None:
    print(
        Text(
            "Tournoi {game} : {games} parties à {players} joueurs, places tournantes (graine {seed}).",
            "{game} tournament: {games} games of {players} players, rotating seats (seed {seed}).",
        ).render(lang, **report)
    )
    for row in report["bots"]:
        print(
            Text(
                "{bot} : victoires {win} sur {n} places (attendu à égalité : {fair:.1%}), classement OpenSkill {ordinal:.1f}",
                "{bot}: wins {win} over {n} seats (expected if equal: {fair:.1%}), OpenSkill rating {ordinal:.1f}",
            ).render(
                lang,
                bot=row["bot"],
                win=_rate(row),
                n=row["seat_games"],
                fair=row["expected_if_equal"],
                ordinal=row["rating"]["ordinal"],
            )
        )


def print_duplicate(report: dict[str, Any], lang: Lang) -> None:
    print(
        Text(
            "{game} en duplicate : {deals} donnes à {players} joueurs (graine {seed}), chacune jouée deux fois.",
            "{game} duplicate: {deals} deals of {players} players (seed {seed}), each played twice.",
        ).render(lang, **report)
    )
    for role in ("candidate", "baseline"):
        row = report[role]
        print(
            Text("{bot} à ce siège : victoires {win}", "{bot} at that seat: wins {win}").render(
                lang, bot=row["bot"], win=_rate(row)
            )
        )
    print(
        Text(
            "Écart apparié : {mean:+.1%} [{ci95_low:+.1%} – {ci95_high:+.1%}], p = {p_value:.3g}",
            "Paired difference: {mean:+.1%} [{ci95_low:+.1%} – {ci95_high:+.1%}], p = {p_value:.3g}",
        ).render(lang, **report["difference"])
    )


def print_regret(report: dict[str, Any], lang: Lang) -> None:
    print(
        Text(
            "{game} à {players} joueurs : {positions} positions tirées parmi les {last} dernières décisions (graine {seed}), {worlds} mondes par coup, {mean_choices:.1f} coups possibles en moyenne.",
            "{game}, {players} players: {positions} positions drawn among the last {last} decisions (seed {seed}), {worlds} worlds per move, {mean_choices:.1f} legal moves on average.",
        ).render(lang, **report)
    )
    print(
        Text(
            "Regret du bot {bot} (utilité de la recherche, de 0 à 1) : {mean:+.4f} [{ci95_low:+.4f} – {ci95_high:+.4f}] ; un autre coup semble meilleur dans {differs:.0%} des positions.",
            "Regret of the {bot} bot (the search's utility, 0 to 1): {mean:+.4f} [{ci95_low:+.4f} – {ci95_high:+.4f}]; another move looks better in {differs:.0%} of the positions.",
        ).render(lang, bot=report["bot"], differs=report["differs"], **report["regret"])
    )
