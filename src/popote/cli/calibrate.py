"""``popote calibrate``: the command line of :mod:`popote.lab.calibrate`, its Markdown report
and its files (``<game>-calibration.md``, ``.json`` and ``.png``)."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from popote.bots.registry import parse_bot_kinds
from popote.cli.argparse_fr import Say
from popote.cli.batch import (
    INTERRUPTED,
    add_backend_argument,
    add_jobs_argument,
    add_progress_argument,
    say_line,
    written,
)
from popote.cli.common import parse_options
from popote.cli.paths import check_output_folder
from popote.cli.report import progress_bar
from popote.cli.wording import FRESH, PARTIES, bot_label, count, duration, number, percent, signed
from popote.core.calibration import CalibrationCell, Parameter, Target
from popote.core.errors import PopoteError
from popote.core.game import Game
from popote.core.i18n import Lang, Text
from popote.core.match import create_match
from popote.core.registry import get_game
from popote.core.studies import BalanceConfig
from popote.core.wording import PLAYERS
from popote.lab.calibrate import Calibration, CalibrationPlan, value_of
from popote.lab.ray_backend import load_ray, ray_session
from popote.lab.simulate import GameRecord, GameTask, default_jobs, run_tasks

CALIBRATE_OUT = Path.home() / "popote" / "calibrate"
SUFFIXES = (".md", ".json", ".png")
DEFAULT_PACE = 6.0
"""Seconds a decision takes at a real table, for ``minutes`` targets (a guess to state)."""


def add_calibrate_arguments(parser: argparse.ArgumentParser, lang: Lang) -> None:
    """What only ``calibrate`` asks (the game, ``--players``, ``--seed``, ``--option`` and
    ``--bots`` are the other batch commands')."""

    say = Say(lang)

    parser.epilog = EPILOG.get(lang)

    parser.add_argument(
        "--param",
        action="append",
        default=[],
        metavar=say("CLÉ[=MIN..MAX|a,b]", "KEY[=LOW..HIGH|a,b]"),
        help=say(
            "une option que la recherche peut changer, entière (entre MIN et MAX) ou à choix "
            "(parmi a, b…) ; la clé seule : toutes ses valeurs ; à répéter (défaut : l'étude "
            "du jeu, s'il en a une, comme la table des niveaux de boom-badaboom)",
            "an option the search may change, an integer (LOW to HIGH) or a choice (among a, "
            "b...); the key alone: all its values; repeat it (default: the game's own study, "
            "if it has one, such as boom-badaboom's level table)",
        ),
    )
    parser.add_argument(
        "--target",
        action="append",
        default=[],
        metavar=say("MESURE=VALEUR[±TOL]", "MEASURE=VALUE[±TOL]"),
        help=say(
            "ce qu'il faut atteindre : side:CAMP=TAUX (taux de victoire d'un camp), "
            "seat:N=TAUX ou seat:N=fair (siège N, fair : un sur le nombre de joueurs), "
            "decisions=N (par partie) ou minutes=N ; tolérance par défaut : 5 points pour un "
            "taux, 5 %% pour une moyenne ; à répéter",
            "what to reach: side:SIDE=RATE (a side's win rate), seat:N=RATE or seat:N=fair "
            "(seat N; fair: one in the number of players), decisions=N (per game) or "
            "minutes=N; default tolerance: 5 points for a rate, 5%% for a mean; repeat it",
        ),
    )
    parser.add_argument(
        "--cells",
        metavar=say("ÉTIQUETTES", "LABELS"),
        help=say(
            "avec l'étude du jeu : seulement ces configurations, par leur étiquette du "
            "rapport JSON, séparées par des virgules (défaut : toutes)",
            "with the game's own study: only these configurations, by their label in the "
            "JSON report, comma-separated (default: all)",
        ),
    )
    parser.add_argument(
        "--name",
        metavar=say("NOM", "NAME"),
        help=say(
            "nom des fichiers du rapport, sans suffixe (défaut : <jeu>-calibration)",
            "name of the report's files, without suffix (default: <game>-calibration)",
        ),
    )
    parser.add_argument(
        "--seconds-per-decision",
        type=float,
        default=DEFAULT_PACE,
        metavar="S",
        help=say(
            f"secondes par décision à une vraie table, pour une cible minutes (défaut : {DEFAULT_PACE:g})",
            f"seconds per decision at a real table, for a minutes target (default: {DEFAULT_PACE:g})",
        ),
    )
    budget = (
        (
            "--trials",
            40,
            "tables essayées par configuration (0 : aucune recherche, chaque configuration "
            "telle que le jeu l'a, mesurée sur les parties neuves)",
            "tables tried per configuration (0: no search, each configuration as the game "
            "has it, measured on the fresh games)",
        ),
        (
            "--batch",
            4,
            "tables proposées à la fois (les parties d'un lot se jouent ensemble)",
            "tables proposed at a time (a batch's games are played together)",
        ),
        (
            "--games",
            200,
            "parties par table essayée, les mêmes graines pour toutes",
            "games per table tried, the same seeds for every one",
        ),
        (
            "--finalists",
            4,
            "meilleures tables rejouées sur d'autres graines (1 : aucune)",
            "best tables replayed on other seeds (1: none)",
        ),
        ("--finalist-games", 1000, "parties par finaliste", "games per finalist"),
        (
            "--verify",
            2000,
            "parties neuves qui mesurent la table choisie",
            "fresh games that measure the chosen table",
        ),
    )
    for flag, default, fr, en in budget:
        parser.add_argument(
            flag,
            type=int,
            default=default,
            metavar="N",
            help=say(f"{fr} (défaut : {default})", f"{en} (default: {default})"),
        )
    add_jobs_argument(parser, lang)
    add_backend_argument(parser, lang)
    parser.add_argument(
        "--out",
        type=Path,
        default=CALIBRATE_OUT,
        metavar=say("DOSSIER", "FOLDER"),
        help=say(
            f"dossier des rapports <jeu>-calibration.md, .json et .png (défaut : {CALIBRATE_OUT})",
            f"folder of the reports <game>-calibration.md, .json and .png (default: {CALIBRATE_OUT})",
        ),
    )
    add_progress_argument(parser, lang)


EPILOG = Text(
    "Chaque configuration est cherchée seule (échantillonneur TPE d'Optuna) : toutes les "
    "tables essayées jouent les mêmes parties, les finalistes en rejouent d'autres, et la "
    "table retenue est mesurée sur des parties neuves ; seule cette mesure dit si une cible "
    "est atteinte. Ctrl-C arrête proprement : la meilleure table trouvée est écrite, statut "
    "130. Exemples : popote calibrate boom-badaboom (la table des niveaux) ; popote "
    "calibrate stir-fry-eighteen --players 3 --param target=20..150 --target minutes=10.",
    "Each configuration is searched on its own (Optuna's TPE sampler): every table tried "
    "plays the same games, the finalists replay other ones, and the table kept is measured "
    "on fresh games; only that measure says whether a target is met. Ctrl-C stops cleanly: "
    "the best table found is written, status 130. Examples: popote calibrate boom-badaboom "
    "(the level table); popote calibrate stir-fry-eighteen --players 3 --param "
    "target=20..150 --target minutes=10.",
)


def cells_asked(game: Game, args: argparse.Namespace) -> tuple[CalibrationCell, ...]:
    """The command line's one configuration, or the game's own study (its cells at
    ``--players`` only, if given, each with the ``--option`` values on top)."""
    if not args.target:
        return study_cells(game, args)
    if not args.param:
        raise PopoteError(BOTH_NEEDED)
    players: int = game.spec.default_players if args.players is None else args.players
    options = parse_options(game, args.option)
    create_match(game, players, 0, options)  # a bad count or option is refused here
    parameters = parameters_asked(game, args.param)
    targets = tuple(Target.parse(text, players, args.seconds_per_decision) for text in args.target)
    config = BalanceConfig(f"{players} players", players, options, title=PLAYERS.text(players))
    return (CalibrationCell(config, tuple(parameters), targets),)


def study_cells(game: Game, args: argparse.Namespace) -> tuple[CalibrationCell, ...]:
    study = game.calibration_study()
    if study is None:
        raise PopoteError(NO_STUDY)
    extra = parse_options(game, args.option)
    ranges = parameters_asked(game, args.param)
    labels = {label.strip() for label in args.cells.split(",")} if args.cells else None
    cells = []
    for cell in study.cells:
        config = cell.config
        if args.players in (None, config.players) and (labels is None or config.label in labels):
            options = {**config.options, **extra}
            create_match(game, config.players, 0, options)  # a bad option is refused here
            cells.append(
                replace(
                    cell,
                    config=replace(config, options=options),
                    parameters=widened(cell.parameters, ranges),
                )
            )
    if not cells:
        raise PopoteError(
            Text(
                "l'étude de ce jeu n'a pas de configuration à {players} joueurs",
                "this game's study has no configuration of {players} players",
            ).format(players=args.players)
        )
    return tuple(cells)


def parameters_asked(game: Game, texts: Sequence[str]) -> list[Parameter]:
    specs = {option.key: option for option in game.spec.options}
    parameters = []
    for text in texts:
        parameter = Parameter.parse(text)
        if parameter.key not in specs:
            parse_options(game, [f"{parameter.key}=?"])  # says which options there are
        parameters.append(parameter.within(specs[parameter.key]))
    return parameters


def widened(parameters: Sequence[Parameter], asked: Sequence[Parameter]) -> tuple[Parameter, ...]:
    """A study's parameters with the command line's ranges in their place (keeping their
    bounds), and the command line's other parameters after them."""
    by_key = {parameter.key: parameter for parameter in asked}
    kept = tuple(
        replace(by_key[p.key], at_most=p.at_most) if p.key in by_key else p for p in parameters
    )
    known = {p.key for p in parameters}
    return kept + tuple(p for p in asked if p.key not in known)


NO_STUDY = Text(
    "ce jeu n'a pas d'étude de calibrage : donnez --param et --target",
    "this game has no calibration study: give --param and --target",
)
BOTH_NEEDED = Text(
    "--param et --target vont ensemble : que peut changer la recherche, et vers quoi ?",
    "--param and --target go together: what may the search change, and toward what?",
)


def plan_asked(game: Game, args: argparse.Namespace) -> CalibrationPlan:
    for flag in ("trials", "batch", "games", "finalists", "finalist_games", "verify"):
        if getattr(args, flag) < (0 if flag == "trials" else 1):
            name = "--" + flag.replace("_", "-")
            least = 0 if flag == "trials" else 1
            raise PopoteError(
                Text(f"{name} doit être au moins {least}", f"{name} must be at least {least}")
            )
    cells = cells_asked(game, args)
    bots = tuple(name.strip() for name in args.bots.split(","))
    for cell in cells:
        parse_bot_kinds(args.bots, cell.config.players)
    return CalibrationPlan(
        args.game,
        cells,
        bots,
        trials=args.trials,
        batch=args.batch,
        games=args.games,
        finalists=args.finalists,
        finalist_games=args.finalist_games,
        verify_games=args.verify,
        seed=0 if args.seed is None else args.seed,
    )


def run_calibrate(args: argparse.Namespace, lang: Lang) -> int:
    game = get_game(args.game)
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise PopoteError(Text("--jobs doit être au moins 1", "--jobs must be at least 1"))
    if args.backend == "ray":
        load_ray()  # a missing extra is said before anything else
    plan = plan_asked(game, args)
    out: Path = args.out
    check_output_folder(out, SUFFIXES)
    started = time.monotonic()
    interrupted = False
    with (
        progress_bar(plan.upper_bound(), lang, plain=args.progress == "lines") as advance,
        ray_session(args.backend, jobs),
    ):
        played = [0]

        def play(tasks: Sequence[GameTask]) -> list[GameRecord]:
            before = played[0] + calibration.skipped
            records = run_tasks(tasks, jobs, lambda done: advance(before + done), args.backend)
            played[0] += len(records)
            return records

        calibration = Calibration(game, plan, play)
        try:
            calibration.run()
        except KeyboardInterrupt:  # Interrupted from a batch, or between two
            interrupted = True
    elapsed = duration(time.monotonic() - started, lang)
    if interrupted:
        say_line(STOPPED, lang, elapsed=elapsed, step=STEPS[calibration.step].get(lang))
    else:
        say_line(Text("Terminé en {elapsed}.", "Done in {elapsed}."), lang, elapsed=elapsed)
    report = calibration.report(interrupted)
    text = calibration_markdown(game, report, command_line(args, plan), lang)
    write_reports(game, report, text, out, lang, args.name)
    print(text)
    return INTERRUPTED if interrupted else 0


STOPPED = Text(
    "Interrompu (Ctrl-C) après {elapsed}, pendant {step} : voici la meilleure table trouvée jusque-là.",
    "Interrupted (Ctrl-C) after {elapsed}, during {step}: here is the best table found so far.",
)
STEPS = {
    "search": Text("la recherche", "the search"),
    "finalists": Text("la finale", "the finalists' games"),
    "verification": Text("la vérification", "the verification"),
    "done": Text("la fin", "the end"),
}


def command_line(args: argparse.Namespace, plan: CalibrationPlan) -> str:
    """The command that gives back the same report."""
    words = ["popote calibrate", args.game]
    if args.players is not None:
        words.append(f"--players {args.players}")
    words += [f"--option {text}" for text in args.option]
    if args.cells:
        words.append(f'--cells "{args.cells}"')
    words += [f"--param {text}" for text in args.param]
    if args.target:
        words += [f"--target {text}" for text in args.target]
        if any(text.startswith("minutes") for text in args.target):
            words.append(f"--seconds-per-decision {args.seconds_per_decision:g}")
    if args.bots != "heuristic":
        words.append(f"--bots {args.bots}")
    words += [
        f"--trials {plan.trials} --batch {plan.batch} --games {plan.games}",
        f"--finalists {plan.finalists} --finalist-games {plan.finalist_games}",
        f"--verify {plan.verify_games} --seed {plan.seed} --out {args.out}",
        *([f"--name {args.name}"] if args.name else []),
    ]
    if args.lang != "fr":
        words.append(f"--lang {args.lang}")
    return " ".join(words)


def write_reports(
    game: Game, report: dict[str, Any], text: str, out: Path, lang: Lang, name: str | None = None
) -> None:
    out.mkdir(parents=True, exist_ok=True)
    stem = name or f"{game.spec.name}-calibration"
    files = {suffix: out / f"{stem}{suffix}" for suffix in SUFFIXES}
    files[".md"].write_text(text, encoding="utf-8")
    files[".json"].write_text(
        json.dumps(report, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    from popote.cli.plots import plot_calibration  # noqa: PLC0415 - matplotlib loads slowly

    plot_calibration(game, report, files[".png"], lang)
    for path in files.values():
        written(path, lang)


def target_text(target: dict[str, Any], lang: Lang) -> str:
    """``side:patissiers 90 % ± 5``, ``minutes 10 ± 0,5``."""
    measure = target["measure"]
    if measure.startswith(("side:", "seat:")):
        return f"{measure} {percent(target['value'], lang, 0)} ± {number(100 * target['tolerance'], lang, 0)}"
    return f"{measure} {number(target['value'], lang, 1)} ± {number(target['tolerance'], lang, 1)}"


def figure_text(figure: dict[str, float], lang: Lang, with_interval: bool = True) -> str:
    if "win_rate" in figure:
        value = percent(figure["win_rate"], lang)
        low, high = percent(figure["ci95_low"], lang), percent(figure["ci95_high"], lang)
    else:
        value = number(figure["mean"], lang, 1)
        low, high = number(figure["ci95_low"], lang, 1), number(figure["ci95_high"], lang, 1)
    if not with_interval:
        return value
    return f"{value} [{low} ; {high}]" if lang == "fr" else f"{value} [{low}, {high}]"


def gap_text(target: dict[str, Any], figure: dict[str, float], lang: Lang) -> str:
    gap = value_of(figure) - target["value"]
    if target["measure"].startswith(("side:", "seat:")):
        return f"{signed(100 * gap, lang)} pts"
    return signed(gap, lang)


def params_text(params: dict[str, Any] | None) -> str:
    if params is None:
        return "–"
    return ", ".join(f"{key}={value}" for key, value in sorted(params.items()))


def calibration_markdown(game: Game, report: dict[str, Any], command: str, lang: Lang) -> str:
    """Each cell's table, and each target's figure at every step, the verified one first."""
    budget = report["budget"]
    cells = report["cells"]
    met = sum(bool(cell["within"]) for cell in cells)
    seeds = report["seeds"]
    verify = budget["verify_games"]
    lines = [
        f"# {game.spec.title.get(lang)} — " + Text("calibrage", "calibration").get(lang),
        "",
        (INTRO if budget["trials"] else INTRO_MEASURED).render(
            lang,
            bots=", ".join(bot_label(bot, lang) for bot in report["bots"]),
            seed=report["seed"],
            trials=budget["trials"],
            batch=budget["batch"],
            games=count(budget["games"], PARTIES, lang),
            search=number(seeds["search"], lang),
            finalists=budget["finalists"],
            finalist_games=count(budget["finalist_games"], PARTIES, lang),
            finalist_seed=number(seeds["finalists"], lang),
            verify=count(verify, FRESH, lang),
            last=number(seeds["verification"] + verify - 1, lang),
            first=number(seeds["verification"], lang),
        ),
        Text("Pour le refaire : `{command}`.", "Regenerate with `{command}`.").render(
            lang, command=command
        ),
        "",
    ]
    if report["interrupted"]:
        lines += [INTERRUPTED_NOTE.render(lang, step=STEPS[report["step"]].get(lang)), ""]
    lines += [
        SUMMARY.render(lang, met=met, cells=len(cells)),
        "",
        "| " + " | ".join(h.get(lang) for h in HEADER) + " |",
        "|" + "---|" * len(HEADER),
    ]
    for cell in cells:
        for target in cell["targets"]:
            lines.append("| " + " | ".join(_row(cell, target, lang)) + " |")
    return "\n".join(lines) + "\n"


def _row(cell: dict[str, Any], target: dict[str, Any], lang: Lang) -> list[str]:
    measure = target["measure"]
    verified, search = cell["verified"], cell["search"]
    finalists = [f for f in cell["finalists"] if f["params"] == cell["best"]]
    return [
        cell["title"][lang],
        params_text(cell["best"]) or AS_THE_GAME_HAS_IT.get(lang),
        target_text(target, lang),
        "–" if verified is None else figure_text(verified["figures"][measure], lang),
        "–" if verified is None else gap_text(target, verified["figures"][measure], lang),
        "–" if cell["within"] is None else (YES if cell["within"] else NO).get(lang),
        "–" if search is None else figure_text(search["figures"][measure], lang, False),
        "–" if not finalists else figure_text(finalists[0]["figures"][measure], lang, False),
    ]


YES = Text("oui", "yes")
AS_THE_GAME_HAS_IT = Text("celle du jeu", "the game's own")
NO = Text("**non**", "**no**")
HEADER = (
    Text("configuration", "configuration"),
    Text("table trouvée", "table found"),
    Text("cible", "target"),
    Text("mesuré, parties neuves [95 %]", "measured, fresh games [95%]"),
    Text("écart", "gap"),
    Text("atteinte", "met"),
    Text("recherche", "search"),
    Text("finale", "finalists"),
)
SUMMARY = Text(
    "Configurations qui atteignent leurs cibles sur les parties neuves : **{met} sur {cells}**.",
    "Configurations that meet their targets on the fresh games: **{met} of {cells}**.",
)
INTERRUPTED_NOTE = Text(
    "**Interrompu pendant {step}** : la table est la meilleure trouvée jusque-là, et une ligne sans mesure neuve n'a pas été vérifiée.",
    "**Interrupted during {step}**: each table is the best found so far, and a row without a fresh measure was not verified.",
)
INTRO = Text(
    "Bots «\u00a0{bots}\u00a0» à tous les sièges ; recherche par l'échantillonneur TPE d'Optuna (graine {seed}). Pour chaque configuration, {trials} tables proposées {batch} par {batch}, chacune jouée sur les mêmes {games} (graines à partir de {search}) ; les {finalists} meilleures rejouées sur {finalist_games} (graines à partir de {finalist_seed}) et la meilleure d'entre elles retenue ; elle est enfin mesurée sur {verify} (graines {first} à {last}, celles de `popote simulate --seed {first}`). Seule cette dernière mesure dit si une cible est atteinte ; les colonnes recherche et finale montrent ce que la table promettait avant (le hasard qui l'a fait choisir la flatte). Intervalles à 95 % (Wilson pour un taux).",
    "Bots “{bots}” at every seat; search by Optuna's TPE sampler (seed {seed}). For each configuration, {trials} tables proposed {batch} at a time, each played on the same {games} (seeds from {search}); the {finalists} best replayed on {finalist_games} (seeds from {finalist_seed}) and the best of them kept; it is finally measured on {verify} (seeds {first} to {last}, those of `popote simulate --seed {first}`). Only that last measure says whether a target is met; the search and finalists columns show what the table promised before (the luck that got it chosen flatters it). 95% intervals (Wilson for a rate).",
)
INTRO_MEASURED = Text(
    "Bots «\u00a0{bots}\u00a0» à tous les sièges ; aucune recherche (`--trials 0`) : chaque configuration, telle que le jeu l'a, est mesurée sur {verify} (graines {first} à {last}, celles de `popote simulate --seed {first}`). Intervalles à 95 % (Wilson pour un taux).",
    "Bots “{bots}” at every seat; no search (`--trials 0`): each configuration, as the game has it, is measured on {verify} (seeds {first} to {last}, those of `popote simulate --seed {first}`). 95% intervals (Wilson for a rate).",
)
