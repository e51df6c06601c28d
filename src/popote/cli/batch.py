"""``popote simulate``, ``tournament``, ``duplicate`` and ``balance``: bot-only matches on every core."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from popote.balance import markdown, report_data, run_study, study_for
from popote.bots.registry import parse_bot_kinds
from popote.cli.common import parse_options
from popote.cli.report import (
    print_duplicate,
    print_regret,
    print_report,
    print_tournament,
    progress_bar,
)
from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text
from popote.core.registry import get_game
from popote.duplicate import duplicate_tasks, summarise_duplicate
from popote.regret import measure, regret_tasks, summarise_regret
from popote.simulate import (
    Batch,
    check_plot_path,
    default_jobs,
    run_parallel,
    run_tasks,
    simulation_tasks,
    summarise,
)
from popote.tournament import summarise_tournament, tournament_tasks


def add_batch_arguments(
    parser: argparse.ArgumentParser, games: int = 100, plots: bool = True, what: str | None = None
) -> None:
    """``--games`` (``what`` they count, if not games), ``--jobs``, ``--json`` and ``--plot``."""
    parser.add_argument("--games", type=int, default=games, help=what)
    parser.add_argument(
        "--jobs", type=int, default=None, help="processus (défaut : tous les cœurs)"
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="FICHIER",
        help="rapport JSON (sans fichier : à l'écran)",
    )
    if plots:
        parser.add_argument("--plot", type=Path, metavar="FICHIER.png|svg", help="graphiques")


def _jobs_and_seed(args: argparse.Namespace) -> tuple[int, int]:
    """``--games``, ``--jobs`` and ``--seed`` as every batch command checks them."""
    if args.games < 1:
        raise PopoteError(Text("--games doit être au moins 1", "--games must be at least 1"))
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise PopoteError(Text("--jobs doit être au moins 1", "--jobs must be at least 1"))
    return jobs, 0 if args.seed is None else args.seed


def _batch(args: argparse.Namespace) -> tuple[Batch, int]:
    """The batch the arguments describe, checked, and the number of jobs to play it on."""
    game = get_game(args.game)
    jobs, seed = _jobs_and_seed(args)
    if getattr(args, "plot", None) is not None:
        check_plot_path(args.plot)
    players: int = args.players or game.spec.default_players
    options = parse_options(game, args.option)
    return Batch(args.game, players, args.games, seed, options), jobs


def _emit_json(report: dict[str, Any], target: str | None) -> bool:
    if target is None:
        return False
    text = json.dumps(report, ensure_ascii=False, sort_keys=True, indent=1)
    if target == "-":
        print(text)
        return True
    Path(target).write_text(text + "\n", encoding="utf-8")
    return False


def run_simulation(args: argparse.Namespace, lang: Lang) -> None:
    batch, jobs = _batch(args)
    tasks = simulation_tasks(batch, parse_bot_kinds(args.bots, batch.players))
    with progress_bar(len(tasks), lang) as advance:
        records = run_tasks(tasks, jobs, advance)
    report = summarise(records)
    if not _emit_json(report, args.json):
        print_report(report, lang)
    if args.plot is not None:
        from popote.plots import plot_simulation  # noqa: PLC0415 - matplotlib loads slowly

        plot_simulation(records, report, args.plot)


def _bot_names(spec: str) -> list[str]:
    bots = [name.strip() for name in spec.split(",") if name.strip()]
    for name in bots:
        parse_bot_kinds(name, 1)
    return bots


def _plot_rates(rows: list[dict[str, Any]], report: dict[str, Any], path: Path | None) -> None:
    if path is None:
        return
    from popote.plots import plot_rates  # noqa: PLC0415 - matplotlib loads slowly

    title = f"{report['game']} — {report['players']} players"
    plot_rates(rows, [row["bot"] for row in rows], title, path)


def run_tournament(args: argparse.Namespace, lang: Lang) -> None:
    batch, jobs = _batch(args)
    bots = _bot_names(args.bots)
    if len(bots) < 2:
        raise PopoteError(
            Text("un tournoi demande au moins deux bots", "a tournament needs at least two bots")
        )
    tasks = tournament_tasks(batch, bots)
    with progress_bar(len(tasks), lang) as advance:
        records = run_tasks(tasks, jobs, advance)
    report = summarise_tournament(records, bots)
    if not _emit_json(report, args.json):
        print_tournament(report, lang)
    _plot_rates(report["bots"], report, args.plot)


def run_duplicate(args: argparse.Namespace, lang: Lang) -> None:
    batch, jobs = _batch(args)
    bots = _bot_names(args.bots)
    if len(bots) != 2:
        raise PopoteError(
            Text(
                "--bots attend deux noms : le bot testé, puis celui qu'il remplace (ex. difficile,moyen)",
                "--bots expects two names: the bot under test, then the one it replaces (e.g. difficile,moyen)",
            )
        )
    candidate, baseline = bots
    tasks = duplicate_tasks(batch, candidate, baseline)
    with progress_bar(len(tasks), lang) as advance:
        records = run_tasks(tasks, jobs, advance)
    report = summarise_duplicate(records, candidate, baseline)
    if not _emit_json(report, args.json):
        print_duplicate(report, lang)
    _plot_rates([report["candidate"], report["baseline"]], report, args.plot)


def run_regret(args: argparse.Namespace, lang: Lang) -> None:
    batch, jobs = _batch(args)
    if args.worlds < 2 or args.last < 1:
        raise PopoteError(
            Text(
                "--worlds doit valoir au moins 2 et --last au moins 1",
                "--worlds must be at least 2 and --last at least 1",
            )
        )
    parse_bot_kinds(args.bot, 1)
    tasks = regret_tasks(batch, args.worlds, args.last, args.bot)
    with progress_bar(len(tasks), lang) as advance:
        positions = run_parallel(measure, tasks, jobs, advance)
    report = summarise_regret(positions)
    if not _emit_json(report, args.json):
        print_regret(report, lang)


def run_balance(args: argparse.Namespace, lang: Lang) -> None:
    from popote.plots import plot_balance  # noqa: PLC0415 - matplotlib loads slowly

    game = get_game(args.game)
    jobs, seed = _jobs_and_seed(args)
    study = study_for(game)
    with progress_bar(args.games * len(study.configs), lang) as advance:
        rows = run_study(game, study, args.games, seed, jobs, advance)
    command = f"popote balance {args.game} --games {args.games} --seed {seed}"
    text = markdown(game, study, rows, command)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"{args.game}.md").write_text(text, encoding="utf-8")
    (args.out / f"{args.game}.json").write_text(
        json.dumps(report_data(study, rows), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    plot_balance(study, rows, args.out / f"{args.game}.png")
    print(text)
