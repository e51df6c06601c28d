"""How the batch commands show their progress and their figures, as sentences a designer
can act on, in French or English."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from rich.console import Console
from rich.progress import MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from popote.cli.wording import (
    BOTS,
    DONNES,
    JOUEURS,
    PARTIES,
    POINTS,
    POSITIONS,
    bot_label,
    count,
    game_title,
    number,
    options_text,
    p_value,
    percent,
    points,
    points_interval,
    quoted,
    rate_with_interval,
)
from popote.core.game import Game
from popote.core.i18n import Lang, Text
from popote.core.registry import get_game
from popote.core.studies import BalanceStudy
from popote.core.wording import Plural
from popote.lab.balance import BalanceRow, group_order, study_for, study_groups

MIN_DEALS = 30
"""Below this many deals the normal approximation of the paired difference is not trusted."""
PLAIN_STEPS = 10
LOWER_IS_BETTER = Text(" (plus bas = mieux)", " (lower is better)")
GAMES = Text("Parties", "Games")


@contextmanager
def progress_bar(
    total: int, lang: Lang, plain: bool = False, what: Text = GAMES
) -> Iterator[Callable[[int], None]]:
    """Progress on standard error, so standard output stays the same from run to run.

    Words and numbers only (a screen reader reads no bar); ``plain`` writes one line at
    every tenth instead of rewriting a line in place, and works outside a terminal too.
    ``what``: the word before the count (games, decisions...)."""
    if plain:
        yield _plain_progress(total, lang)
        return
    console = Console(file=sys.stderr)
    with Progress(
        TextColumn(what.get(lang)),
        MofNCompleteColumn(),
        TextColumn(Text("reste", "left").get(lang)),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not console.is_terminal,
    ) as progress:
        task = progress.add_task("games", total=total)
        yield lambda done: progress.update(task, completed=done)


def _plain_progress(total: int, lang: Lang) -> Callable[[int], None]:
    shown = [0]

    def advance(done: int) -> None:
        step = done * PLAIN_STEPS // total
        if step > shown[0]:
            shown[0] = step
            print(
                Text("Fait : {done} sur {total} ({rate})", "Done: {done} of {total} ({rate})")
                .format(
                    done=number(done, lang),
                    total=number(total, lang),
                    rate=percent(step / 10, lang, 0),
                )
                .get(lang),
                file=sys.stderr,
                flush=True,
            )

    return advance


def _header(report: dict[str, Any], lang: Lang, noun: Plural, amount: int) -> dict[str, str]:
    """The fields every report's first line uses, formatted for ``lang``."""
    return {
        "title": game_title(report["game"], lang),
        "amount": count(amount, noun, lang),
        "players": count(report["players"], JOUEURS, lang),
        "seed": str(report["seed"]),
        "options": options_text(report["options"], lang),
    }


def print_report(report: dict[str, Any], lang: Lang) -> None:
    print(
        Text(
            "{title} : {amount} à {players}{options} (graine {seed}), {length} décisions en moyenne.",
            "{title}: {amount} of {players}{options} (seed {seed}), {length} decisions on average.",
        ).render(
            lang,
            length=number(report["mean_length"], lang, 1),
            **_header(report, lang, PARTIES, report["games"]),
        )
    )
    if "team" in report:
        print(
            Text(
                "Partie coopérative : l'équipe gagne {win} des parties.",
                "Cooperative game: the team wins {win} of the games.",
            ).render(lang, win=rate_with_interval(report["team"], lang))
        )
        return
    for seat in report["seats"]:
        print(
            Text(
                "Siège {seat} ({bot}) : gagne {win} des parties, score moyen {score}{lower}.",
                "Seat {seat} ({bot}): wins {win} of the games, mean score {score}{lower}.",
            ).render(
                lang,
                seat=seat["seat"],
                bot=bot_label(seat["bot"], lang),
                win=rate_with_interval(seat, lang),
                score=number(seat["mean_score"], lang, 2),
                lower=LOWER_IS_BETTER.get(lang) if report["lower_score_wins"] else "",
            )
        )
    study = study_for(get_game(report["game"]))
    sides = report.get("sides", {})
    for side in sorted(sides, key=group_order(study)):
        print(
            Text(
                "Camp {side} : gagne {win} des parties.", "{side} side: wins {win} of the games."
            ).render(
                lang, side=study.group_name(side, lang), win=rate_with_interval(sides[side], lang)
            )
        )
    print(
        Text(
            "À force égale, chaque siège gagnerait {fair} des parties (intervalles à 95 %).",
            "If every seat were equal, each would win {fair} of the games (95% intervals).",
        ).render(lang, fair=percent(1 / report["players"], lang))
    )


def print_tournament(report: dict[str, Any], lang: Lang) -> None:
    print(
        Text(
            "{title}, tournoi : {amount} à {players}{options}, places tournantes (graine {seed}).",
            "{title} tournament: {amount} of {players}{options}, rotating seats (seed {seed}).",
        ).render(lang, **_header(report, lang, PARTIES, report["games"]))
    )
    for row in report["bots"]:
        print(
            Text(
                "{bot} : gagne {win} de ses {n} places (à force égale : {fair}), note OpenSkill {ordinal}.",
                "{bot}: wins {win} of its {n} seats (if equal: {fair}), OpenSkill rating {ordinal}.",
            ).render(
                lang,
                bot=bot_label(row["bot"], lang),
                win=rate_with_interval(row, lang),
                n=number(row["seat_games"], lang),
                fair=percent(row["expected_if_equal"], lang),
                ordinal=number(row["rating"]["ordinal"], lang, 1),
            )
        )
    print(OPENSKILL_NOTE.get(lang))


OPENSKILL_NOTE = Text(
    "Note OpenSkill : estimation prudente de la force (moyenne moins trois écarts-types) ; plus haute = plus fort, comparable seulement entre bots de ce tournoi.",
    "OpenSkill rating: a cautious estimate of strength (mean minus three standard deviations); higher is stronger, comparable only between the bots of this tournament.",
)


def print_duplicate(report: dict[str, Any], lang: Lang) -> None:
    players = report["players"]
    candidate = quoted(bot_label(report["candidate"]["bot"], lang), lang)
    baseline = quoted(bot_label(report["baseline"]["bot"], lang), lang)
    print(
        Text(
            "{title} en duplicate : {amount} à {players}{options} (graine {seed}), chacune jouée deux fois : {candidate} à un siège face à {others} {bots} {baseline}, puis {baseline} à tous les sièges. Le siège testé tourne : chacun des sièges 1 à {n} à son tour.",
            "{title} duplicate: {amount} of {players}{options} (seed {seed}), each played twice: {candidate} at one seat against {others} {baseline} {bots}, then {baseline} at every seat. The seat under test turns: each of seats 1 to {n} in turn.",
        ).render(
            lang,
            candidate=candidate,
            baseline=baseline,
            others=number(players - 1, lang),
            bots=BOTS.render(players - 1, lang),
            n=players,
            **_header(report, lang, DONNES, report["deals"]),
        )
    )
    print(
        Text(
            "Au siège testé, {candidate} gagne {mine} des donnes ; {baseline}, à sa place, {theirs}. À force égale : {fair}.",
            "At the seat under test, {candidate} wins {mine} of the deals; {baseline}, in its place, {theirs}. If equal: {fair}.",
        ).render(
            lang,
            candidate=candidate,
            baseline=baseline,
            mine=rate_with_interval(report["candidate"], lang),
            theirs=rate_with_interval(report["baseline"], lang),
            fair=percent(report["expected_if_equal"], lang),
        )
    )
    print(_duplicate_verdict(report, candidate, baseline, lang))


def _duplicate_verdict(report: dict[str, Any], candidate: str, baseline: str, lang: Lang) -> str:
    difference = report["difference"]
    fields = {
        "candidate": candidate,
        "baseline": baseline,
        "gap": points(difference["mean"], lang),
        "deals": count(report["deals"], DONNES, lang),
        "minimum": MIN_DEALS,
    }
    if report["deals"] < MIN_DEALS:
        return Text(
            "Écart : {gap} sur {deals}, trop peu pour conclure (au moins {minimum} donnes).",
            "Difference: {gap} over {deals}, too few to conclude (at least {minimum} deals).",
        ).render(lang, **fields)
    if difference["standard_error"] == 0 and difference["mean"] == 0:
        return Text(
            "Aucun écart : sur chaque donne, {candidate} a obtenu le même résultat que {baseline}.",
            "No difference: on every deal, {candidate} got the same result as {baseline}.",
        ).render(lang, **fields)
    fields["ci"] = points_interval(difference, lang)
    fields["p"] = p_value(difference["p_value"], lang)
    if difference["ci95_low"] > 0:
        verdict = Text(
            "{candidate} est plus fort que {baseline}", "{candidate} is stronger than {baseline}"
        )
    elif difference["ci95_high"] < 0:
        verdict = Text(
            "{candidate} est moins fort que {baseline}", "{candidate} is weaker than {baseline}"
        )
    else:
        verdict = Text(
            "pas d'écart démontré entre {candidate} et {baseline} : jouez plus de donnes pour trancher",
            "no proven difference between {candidate} and {baseline}: play more deals to decide",
        )
    return Text(
        "Écart apparié sur les mêmes donnes : {gap} {ci}, {p} : {verdict}.",
        "Paired difference on the same deals: {gap} {ci}, {p}: {verdict}.",
    ).render(lang, verdict=verdict.render(lang, **fields), **fields)


def _utility_points(value: float, lang: Lang) -> str:
    """A utility (0 to 1) as points out of 100, with its noun agreed."""
    return f"{number(100 * value, lang, 1)} {POINTS.render(100 * value, lang)}"


def print_regret(report: dict[str, Any], lang: Lang) -> None:
    bot = bot_label(report["bot"], lang)
    print(
        Text(
            "{title} à {players}{options} : {amount} tirées parmi les {last} dernières décisions (graine {seed}), {worlds} mondes par coup, {choices} coups possibles en moyenne.",
            "{title}, {players}{options}: {amount} drawn among the last {last} decisions (seed {seed}), {worlds} worlds per move, {choices} legal moves on average.",
        ).render(
            lang,
            last=report["last"],
            worlds=number(report["worlds"], lang),
            choices=number(report["mean_choices"], lang, 1),
            **_header(report, lang, POSITIONS, report["positions"]),
        )
    )
    regret = report["regret"]
    fields = {
        "bot": bot,
        "loss": _utility_points(regret["mean"], lang),
        "ci": points_interval(regret, lang),
        "high": _utility_points(max(regret["ci95_high"], 0.0), lang),
        "differs": percent(report["differs"], lang, 0),
    }
    print(
        Text(
            "Perte du bot {bot} par décision, face au meilleur coup trouvé : {loss} sur 100 {ci} (plus bas = mieux ; 100 = victoire en battant tous les autres).",
            "Loss of the {bot} bot per decision, against the best move found: {loss} out of 100 {ci} (lower is better; 100 = a win ahead of everyone).",
        ).render(lang, **fields)
    )
    if regret["ci95_low"] > 0:
        verdict = Text(
            "Le bot laisse des points sur la table : une recherche construite sur lui gagnerait environ {loss} sur 100 à ces moments de la partie.",
            "The bot leaves points on the table: a search built on it would gain about {loss} out of 100 at these moments of the match.",
        )
    else:
        verdict = Text(
            "Pas de perte démontrée : à ces moments de la partie, une recherche construite sur ce bot gagnerait au plus {high} sur 100.",
            "No proven loss: at these moments of the match, a search built on this bot would gain at most {high} out of 100.",
        )
    print(verdict.render(lang, **fields))
    print(
        Text(
            "Dans {differs} des positions, un autre coup a semblé meilleur sur la moitié des mondes qui sert à le choisir ; la perte ci-dessus est mesurée sur l'autre moitié, et dit ce qu'il reste de cet avantage.",
            "In {differs} of the positions another move looked better on the half of the worlds used to pick it; the loss above is measured on the other half, and says how much of that edge is real.",
        ).render(lang, **fields)
    )


def balance_markdown(
    game: Game, study: BalanceStudy, rows: Sequence[BalanceRow], command: str, lang: Lang
) -> str:
    """The balance table a person reads: every row, side and seat by its name in ``lang``."""
    groups = study_groups(study, rows)
    with_claims = any(row.config.claim.fr for row in rows)
    header = [
        Text("configuration", "configuration").get(lang),
        Text("joueurs", "players").get(lang),
        *([Text("annoncé", "claimed").get(lang)] if with_claims else []),
        *(study.group_name(group, lang) for group in groups),
        Text("score moyen", "mean score").get(lang),
    ]
    lines = [
        f"# {game.spec.title.get(lang)} — {study.title.get(lang)}",
        "",
        BALANCE_INTRO.render(lang, games=count(rows[0].games if rows else 0, PARTIES, lang)),
        Text("Pour le refaire : `{command}`.", "Regenerate with `{command}`.").render(
            lang, command=command
        ),
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    for row in rows:
        cells = [row.config.name(lang), str(row.config.players)]
        if with_claims:
            cells.append(row.config.claim.get(lang) or "–")
        for group in groups:
            rate = row.rates.get(group)
            cells.append("–" if rate is None else rate_with_interval(rate, lang))
        cells.append(number(row.mean_score, lang, 2))
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


BALANCE_INTRO = Text(
    "Bots heuristiques à tous les sièges, {games} par ligne, chacune avec sa graine ; taux de victoire avec leur intervalle de Wilson à 95 % (– : ce groupe ne joue pas dans cette ligne).",
    "Heuristic bots at every seat, {games} per row, each with its seed; win rates with their 95% Wilson interval (–: that group takes no part in the row).",
)
