"""``popote ladder``: the steps between the bot levels of a game and each level's rating,
as a Markdown report (standard output or ``--md``), JSON (``--json``) and the entry the
server reads its bots' ratings from (``--table``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from popote.cli.batch import (
    INTERRUPTED,
    _batch,
    _emit_json,
    _nothing_finished,
    _play,
    say_line,
    written,
)
from popote.cli.paths import check_output_file
from popote.cli.wording import (
    DONNES,
    JOUEURS,
    PARTIES,
    bot_label,
    count,
    game_title,
    interval,
    number,
    options_text,
    p_value,
    percent,
    points,
    points_interval,
    quoted,
    signed,
)
from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text
from popote.lab.gamelog import GameLog
from popote.lab.ladder import (
    ANCHOR,
    BESIDE,
    LADDER,
    ROUND_ROBIN,
    SIGNIFICANCE,
    default_levels,
    games_per_deal,
    ladder_tasks,
    summarise_ladder,
    table_entry,
)
from popote.lab.simulate import GameTask, play_task

YES_NO = (Text("oui", "yes"), Text("non", "no"))


def run_ladder(args: argparse.Namespace, lang: Lang) -> int:
    batch, jobs = _batch(args)
    levels = ladder_levels(args.levels, batch.name)
    for path, suffix in ((args.md, ".md"), (args.table, ".json"), (args.log, ".jsonl")):
        if path is not None:
            check_output_file(path, (suffix,))
    log = game_log(args, levels)
    tasks = ladder_tasks(batch, levels, args.reference)
    if log is not None:
        _say_what_log_holds(log, tasks, lang)
    records, interrupted = _play(play_task, tasks, jobs, args, lang, kept=log)
    if len(records) < games_per_deal(levels, args.reference):
        return _nothing_finished(lang)
    report = summarise_ladder(records, levels, args.reference)
    if interrupted:
        say_line(
            Text(
                "Le rapport ci-dessous ne porte que sur les {deals} jouées en entier.",
                "The report below covers the {deals} played in full only.",
            ),
            lang,
            deals=count(report["deals"], DONNES, lang),
        )
    text = ladder_markdown(report, command_line(report), lang)
    if not _emit_json(report, args.json, lang):
        print(text, end="")
    if args.md is not None:
        args.md.write_text(text, encoding="utf-8")
        written(args.md, lang)
    if args.table is not None:
        update_table(args.table, report)
        written(args.table, lang)
    return INTERRUPTED if interrupted else 0


def _say_what_log_holds(log: GameLog, tasks: list[GameTask], lang: Lang) -> None:
    say_line(
        Text(
            "Journal {path} : parties déjà jouées : {found} sur {total} (reprises, pas rejouées).",
            "Log {path}: games already played: {found} of {total} (read back, not replayed).",
        ),
        lang,
        path=log.path,
        found=number(sum(log.get(task) is not None for task in tasks), lang),
        total=number(len(tasks), lang),
    )
    others = log.others(tasks)
    if others:
        say_line(
            Text(
                "Il contient aussi {games} d'autres séries (autre nombre de joueurs, "
                "graine, niveaux ou options), laissées de côté.",
                "It also holds {games} of other runs (another player count, seed, "
                "levels or options), left aside.",
            ),
            lang,
            games=count(others, PARTIES, lang),
        )


def game_log(args: argparse.Namespace, levels: list[str]) -> GameLog | None:
    """The log ``--log`` names, its games of the ``--replay`` levels set aside."""
    replay = set() if args.replay is None else {name.strip() for name in args.replay.split(",")}
    replay.discard("")
    if not replay <= set(levels):
        raise PopoteError(
            Text(
                "--replay attend des niveaux mesurés par cette commande ({levels}), reçu {replay}",
                "--replay expects levels this command measures ({levels}), got {replay}",
            ).format(levels=",".join(levels), replay=",".join(sorted(replay)))
        )
    if args.log is None:
        if replay:
            raise PopoteError(Text("--replay va avec --log", "--replay goes with --log"))
        return None
    return GameLog(args.log, replay)


def ladder_levels(spec: str | None, game: str) -> list[str]:
    """The levels named (by default the game's own, :func:`default_levels`), in the
    ladder's order, those beside it last; the anchor must be among them."""
    if spec is None:
        return list(default_levels(game))
    names = {name.strip() for name in spec.split(",") if name.strip()}
    known = default_levels(game)
    if not names <= set(known) or ANCHOR not in names or len(names) < 2:
        raise PopoteError(
            Text(
                "--levels attend au moins deux niveaux parmi {levels}, dont {anchor}",
                "--levels expects at least two levels among {levels}, {anchor} included",
            ).format(levels=",".join(known), anchor=ANCHOR)
        )
    return [level for level in (*LADDER, *BESIDE) if level in names]


def command_line(report: dict[str, Any]) -> str:
    """The command that plays these very deals again."""
    words = ["popote", "ladder", report["game"], "--players", str(report["players"])]
    words += ["--games", str(report["deals"]), "--seed", str(report["seed"])]
    levels = [row["bot"] for row in report["levels"]]
    if levels != list(default_levels(report["game"])):
        words += ["--levels", ",".join(levels)]
    if report["reference"] != ANCHOR:
        words += ["--reference", report["reference"]]
    for key, value in sorted(report["options"].items()):
        words += ["--option", f"{key}={value}"]
    return " ".join(words)


def update_table(path: Path, report: dict[str, Any]) -> None:
    """Set this game's entry of the ratings table (a JSON object by game), keeping the
    others."""
    table = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    table[report["game"]] = table_entry(report, table.get(report["game"]))
    path.write_text(
        json.dumps(table, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )


def ladder_markdown(report: dict[str, Any], command: str, lang: Lang) -> str:
    return "\n".join(
        [
            f"### {game_title(report['game'], lang)}",
            "",
            _introduction(report, lang),
            "",
            *_steps_table(report, lang),
            "",
            *_ratings_table(report, lang),
            "",
            Text("Pour refaire ces mesures : `{command}`", "To measure again: `{command}`").render(
                lang, command=command
            ),
            "",
        ]
    )


_ROUND_ROBIN_INTRODUCTION = Text(
    "{deals} à {players}{options} (graine {seed}), chacune jouée deux fois par niveau, "
    "les niveaux eux-mêmes à tous les sièges (tournoi) : dans la partie r d'une donne, "
    "le siège s a le niveau r + s, puis chaque table est rejouée dans l'autre sens "
    "(le niveau r − s au siège s), si bien que chaque niveau tient chaque siège deux "
    "fois par donne et que de deux niveaux aucun ne joue toujours après l'autre. Écart "
    "d'un palier : la différence des parts de victoire (par siège) des deux niveaux "
    "dans les parties où ils étaient tous deux à table, appariée donne par donne, en "
    "points de pourcentage, et son écart moyen dans chaque sens. Chaque niveau ne rencontre "
    "que ses voisins dans la liste : les parts de victoire de deux niveaux ne se "
    "comparent pas (l'un a pu avoir des tables plus faibles) ; la note, ajustée sur "
    "qui affrontait qui, les compare (à force égale, chacun gagne {fair}).",
    "{deals} of {players}{options} (seed {seed}), each played twice per level, the "
    "levels themselves at every seat (round-robin): in game r of a deal, seat s holds "
    "level r + s, then every table is played again the other way round (level r − s at "
    "seat s), so that every level holds every seat twice a deal and of two levels "
    "neither always plays after the other. A step's effect: the difference of the two "
    "levels' win shares (a seat) in the games where both sat, paired deal by deal, in "
    "percentage points, and its mean either way round. Each level meets only its "
    "neighbours in the list: two levels' win shares do not compare (one may have met "
    "weaker tables); the rating, fitted on who faced whom, does (if equal, each wins "
    "{fair}).",
)
_REFERENCE_INTRODUCTION = Text(
    "{deals} à {players}{options} (graine {seed}), chacune jouée une fois par niveau : le "
    "niveau au siège testé (il tourne avec les donnes), {reference} à tous les autres "
    "sièges. Écart d'un palier : différence appariée des parts de victoire au siège testé, "
    "en points de pourcentage (à force égale, chacun gagne {fair}).",
    "{deals} of {players}{options} (seed {seed}), each played once per level: the level "
    "at the seat under test (it turns with the deals), {reference} at every other seat. "
    "A step's effect: the paired difference of win shares at the seat under test, in "
    "percentage points (if equal, each wins {fair}).",
)


def _introduction(report: dict[str, Any], lang: Lang) -> str:
    round_robin = report["reference"] == ROUND_ROBIN
    text = _ROUND_ROBIN_INTRODUCTION if round_robin else _REFERENCE_INTRODUCTION
    return text.render(
        lang,
        deals=count(report["deals"], DONNES, lang),
        players=count(report["players"], JOUEURS, lang),
        options=options_text(report["options"], lang),
        seed=report["seed"],
        reference="" if round_robin else quoted(bot_label(report["reference"], lang), lang),
        fair=percent(report["expected_if_equal"], lang),
    )


def _steps_table(report: dict[str, Any], lang: Lang) -> list[str]:
    significant = Text("p < 0,01 ?", "p < 0.01?").get(lang)
    round_robin = report["reference"] == ROUND_ROBIN
    ways = Text(" Sens r + s / r − s |", " Way r + s / r − s |").get(lang) if round_robin else ""
    lines = [
        Text(
            f"| Palier | Effet | Intervalle à 95 % | p | {significant} |{ways}",
            f"| Step | Effect | 95 % interval | p | {significant} |{ways}",
        ).get(lang),
        "|---|---:|---:|---:|:---:|" + ("---:|" if round_robin else ""),
    ]
    for step in report["steps"]:
        proven = step["p_value"] < SIGNIFICANCE and step["mean"] > 0
        either_way = " / ".join(_way(mean, lang) for mean in step.get("ways", []))
        lines.append(
            f"| {_level(step['lower'], lang)} < {_level(step['higher'], lang)} "
            f"| {points(step['mean'], lang)} | {points_interval(step, lang)} "
            f"| {p_value(step['p_value'], lang).removeprefix('p = ')} "
            f"| {YES_NO[0 if proven else 1].get(lang)} |"
            + (f" {either_way} |" if round_robin else "")
        )
    unmeasured = ", ".join(
        f"{_level(lower, lang)} < {_level(higher, lang)}"
        for lower, higher in report.get("unmeasured", [])
    )
    if unmeasured:
        lines += [
            "",
            Text(
                "Sans mesure (jamais à la même table dans ce tournoi) : {pairs}.",
                "Not measured (never at one table in this round-robin): {pairs}.",
            ).render(lang, pairs=unmeasured),
        ]
    return lines


def _way(mean: float | None, lang: Lang) -> str:
    return "—" if mean is None else signed(100 * mean, lang, 1)


def _ratings_table(report: dict[str, Any], lang: Lang) -> list[str]:
    wins = (
        Text("Part de victoire (à ses tables)", "Win share (at its tables)")
        if report["reference"] == ROUND_ROBIN
        else Text("Victoires au siège testé", "Wins at the seat under test")
    )
    lines = [
        Text(
            "| Niveau | {wins} | Note ({anchor} = {mu}) | Intervalle à 95 % |",
            "| Level | {wins} | Rating ({anchor} = {mu}) | 95 % interval |",
        ).render(
            lang,
            wins=wins.get(lang),
            anchor=bot_label(report["anchor"], lang),
            mu=number(_anchor_mu(report), lang, 1),
        ),
        "|---|---:|---:|---:|",
    ]
    for row in report["levels"]:
        rating = row["rating"]
        low_high = interval(
            number(rating["ci95_low"], lang, 1), number(rating["ci95_high"], lang, 1), lang
        )
        lines.append(
            f"| {_level(row['bot'], lang)} | {percent(row['win_rate'], lang)} "
            f"| {number(rating['mu'], lang, 1)} | {low_high} |"
        )
    return lines


def _level(name: str, lang: Lang) -> str:
    """A level as people read it, with the name the commands take where that differs:
    ``medium (moyen)``."""
    label = bot_label(name, lang)
    return label if label == name else f"{label} ({name})"


def _anchor_mu(report: dict[str, Any]) -> float:
    return float(
        next(row["rating"]["mu"] for row in report["levels"] if row["bot"] == report["anchor"])
    )
