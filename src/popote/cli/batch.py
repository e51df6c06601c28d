"""``popote simulate``, ``tournament``, ``duplicate``, ``regret`` and ``balance``: bot-only
matches on every core.

Every output path is checked before the first game; the figures go to standard output, and
what is not a figure (progress, elapsed time, files written, Ctrl-C) to standard error, so
standard output stays the same from run to run. Ctrl-C keeps the games finished so far, and
so does SIGTERM (``kill``, a machine shutting down): either stops the workers too.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from popote.bots.registry import parse_bot_kinds
from popote.cli.common import parse_options
from popote.cli.paths import check_output_file, check_output_folder
from popote.cli.report import (
    OPENSKILL_NOTE,
    balance_markdown,
    print_duplicate,
    print_regret,
    print_report,
    print_tournament,
    progress_bar,
)
from popote.cli.wording import (
    DONNES,
    PARTIES,
    POSITIONS,
    bot_label,
    count,
    duration,
    game_title,
    number,
    options_text,
)
from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text
from popote.core.match import create_match
from popote.core.registry import get_game
from popote.core.wording import Plural
from popote.lab.balance import report_data, study_for, study_rows, study_tasks
from popote.lab.duplicate import duplicate_tasks, summarise_duplicate
from popote.lab.ray_backend import load_ray
from popote.lab.regret import measure, regret_tasks, summarise_regret
from popote.lab.simulate import (
    BACKENDS,
    PLOT_FORMATS,
    Batch,
    Interrupted,
    Kept,
    default_jobs,
    play_task,
    run_parallel,
    simulation_tasks,
    summarise,
)
from popote.lab.tournament import summarise_tournament, tournament_tasks

Task = TypeVar("Task")
Outcome = TypeVar("Outcome")
INTERRUPTED = 130
"""Exit status after Ctrl-C, as shells report a process stopped by SIGINT."""
BALANCE_OUT = Path.home() / "popote" / "balance"
"""Where ``popote balance`` writes by default: outside any checkout, so committed reports
(``docs/balance/``) change only when asked with ``--out docs/balance``."""
BALANCE_SUFFIXES = (".md", ".json", ".png", ".svg")


def add_progress_argument(parser: argparse.ArgumentParser, lang: Lang) -> None:
    parser.add_argument(
        "--progress",
        choices=["auto", "lines"],
        default="auto",
        help=Text(
            "auto : une ligne réécrite sur place (terminal seulement) ; lines : une ligne "
            "simple par dixième du travail, pour un lecteur d'écran ou un journal "
            "(défaut : auto)",
            "auto: one line rewritten in place (terminal only); lines: one plain line per "
            "tenth of the work, for a screen reader or a log (default: auto)",
        ).get(lang),
    )


def add_jobs_argument(parser: argparse.ArgumentParser, lang: Lang) -> None:
    parser.add_argument(
        "--jobs",
        type=int,
        default=None,
        metavar="N",
        help=Text(
            "processus en parallèle (défaut : tous les cœurs)",
            "processes in parallel (default: every core)",
        ).get(lang),
    )


def add_backend_argument(parser: argparse.ArgumentParser, lang: Lang) -> None:
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help=Text(
            "où jouer les parties : local, les processus de cette machine ; ray, un cluster "
            "Ray (celui de RAY_ADDRESS, sinon un cluster local de --jobs processeurs ; "
            "extra popote[ray]), mêmes chiffres pour la même graine (défaut : local)",
            "where the games are played: local, this machine's processes; ray, a Ray "
            "cluster (RAY_ADDRESS's, else a local one of --jobs CPUs; popote[ray] extra), "
            "same figures for the same seed (default: local)",
        ).get(lang),
    )


GAMES_HELP = Text("parties à jouer (défaut : {n})", "games to play (default: {n})")


def add_batch_arguments(
    parser: argparse.ArgumentParser,
    lang: Lang,
    games: int = 100,
    plots: bool = True,
    what: Text = GAMES_HELP,
) -> None:
    """``--games`` (``what`` they count, with ``{n}`` for the default), ``--jobs``,
    ``--backend``, ``--json``, ``--plot`` and ``--progress``, described in ``lang``."""
    parser.add_argument(
        "--games", type=int, default=games, metavar="N", help=what.render(lang, n=games)
    )
    add_jobs_argument(parser, lang)
    add_backend_argument(parser, lang)
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar=Text("FICHIER", "FILE").get(lang),
        help=Text(
            "rapport JSON dans ce fichier, ou à l'écran sans fichier (défaut : pas de JSON)",
            "JSON report to this file, or to the screen without a file (default: no JSON)",
        ).get(lang),
    )
    if plots:
        parser.add_argument(
            "--plot",
            type=Path,
            metavar=Text("FICHIER.png|svg", "FILE.png|svg").get(lang),
            help=Text(
                "graphiques dans ce fichier PNG ou SVG (défaut : pas de graphique)",
                "plots to this PNG or SVG file (default: no plot)",
            ).get(lang),
        )
    add_progress_argument(parser, lang)


def _jobs_and_seed(args: argparse.Namespace) -> tuple[int, int]:
    """``--games``, ``--jobs``, ``--backend`` and ``--seed`` as every batch command checks
    them."""
    if args.games < 1:
        raise PopoteError(Text("--games doit être au moins 1", "--games must be at least 1"))
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise PopoteError(Text("--jobs doit être au moins 1", "--jobs must be at least 1"))
    if args.backend == "ray":
        load_ray()  # a missing extra is said before the first game
    return jobs, 0 if args.seed is None else args.seed


def _batch(args: argparse.Namespace) -> tuple[Batch, int]:
    """The batch the arguments describe, checked with its output files, and the number of
    jobs to play it on."""
    game = get_game(args.game)
    jobs, seed = _jobs_and_seed(args)
    if args.json not in (None, "-"):
        check_output_file(Path(args.json))
    if getattr(args, "plot", None) is not None:
        check_output_file(args.plot, PLOT_FORMATS)
    players: int = game.spec.default_players if args.players is None else args.players
    options = parse_options(game, args.option)
    create_match(game, players, seed, options)  # a bad count or option is refused here, once
    return Batch(args.game, players, args.games, seed, options), jobs


def say_line(text: Text, lang: Lang, **fields: Any) -> None:
    """A line for the person at the terminal that is not a figure: on standard error."""
    print(text.render(lang, **fields), file=sys.stderr, flush=True)


def written(path: Path, lang: Lang) -> None:
    say_line(Text("Écrit : {path}", "Written: {path}"), lang, path=path)


def _play(
    work: Callable[[Task], Outcome],
    tasks: Sequence[Task],
    jobs: int,
    args: argparse.Namespace,
    lang: Lang,
    noun: Plural = PARTIES,
    kept: Kept[Task, Outcome] | None = None,
) -> tuple[list[Outcome], bool]:
    """Run the tasks with progress (those ``kept`` holds are not run again); after Ctrl-C,
    those finished and ``True``."""
    started = time.monotonic()
    try:
        with (
            stopped_as_by_ctrl_c(),
            progress_bar(len(tasks), lang, plain=args.progress == "lines") as advance,
        ):
            done = run_parallel(work, tasks, jobs, advance, args.backend, kept)
    except Interrupted as interrupt:
        say_line(
            Text(
                "Interrompu (Ctrl-C) après {elapsed} : {done} {finished} sur {total}.",
                "Interrupted (Ctrl-C) after {elapsed}: {done} {finished} out of {total}.",
            ),
            lang,
            elapsed=duration(time.monotonic() - started, lang),
            done=count(len(interrupt.done), noun, lang),
            finished=FINISHED.render(len(interrupt.done), lang),
            total=number(len(tasks), lang),
        )
        return interrupt.done, True
    say_line(
        Text("Terminé en {elapsed}.", "Done in {elapsed}."),
        lang,
        elapsed=duration(time.monotonic() - started, lang),
    )
    return done, False


@contextmanager
def stopped_as_by_ctrl_c() -> Iterator[None]:
    """SIGTERM stops the batch as Ctrl-C does: the games finished are kept and reported, and
    the workers are stopped with it instead of playing on, orphaned."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may handle signals
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


FINISHED = Plural(("terminée", "terminées"), ("finished", "finished"))
"""Agreed with the count: parties, donnes and positions are all feminine."""


def _nothing_finished(lang: Lang) -> int:
    say_line(
        Text("Aucune partie terminée : rien à rapporter.", "No game finished: nothing to report."),
        lang,
    )
    return INTERRUPTED


def _emit_json(report: dict[str, Any], target: str | None, lang: Lang) -> bool:
    """Write the JSON report if asked; whether it took standard output's place."""
    if target is None:
        return False
    text = json.dumps(report, ensure_ascii=False, sort_keys=True, indent=1)
    if target == "-":
        print(text)
        return True
    Path(target).write_text(text + "\n", encoding="utf-8")
    written(Path(target), lang)
    return False


def _finish(
    report: dict[str, Any],
    args: argparse.Namespace,
    lang: Lang,
    show: Callable[[dict[str, Any], Lang], None],
    interrupted: bool,
) -> int:
    if interrupted:
        say_line(
            Text(
                "Le rapport ci-dessous ne porte que sur ces parties-là.",
                "The report below covers those games only.",
            ),
            lang,
        )
    if not _emit_json(report, args.json, lang):
        show(report, lang)
    return INTERRUPTED if interrupted else 0


def _plot(path: Path | None, draw: Callable[[Path], None], lang: Lang) -> None:
    if path is not None:
        draw(path)
        written(path, lang)


def run_simulation(args: argparse.Namespace, lang: Lang) -> int:
    batch, jobs = _batch(args)
    tasks = simulation_tasks(batch, parse_bot_kinds(args.bots, batch.players))
    records, interrupted = _play(play_task, tasks, jobs, args, lang)
    if not records:
        return _nothing_finished(lang)
    report = summarise(records)
    status = _finish(report, args, lang, print_report, interrupted)

    def draw(path: Path) -> None:
        from popote.cli.plots import plot_simulation  # noqa: PLC0415 - matplotlib loads slowly

        plot_simulation(records, report, path, lang)

    _plot(args.plot, draw, lang)
    return status


def _bot_names(spec: str) -> list[str]:
    bots = [name.strip() for name in spec.split(",") if name.strip()]
    for name in bots:
        parse_bot_kinds(name, 1)
    return bots


def _plot_title(report: dict[str, Any], what: Text, lang: Lang, noun: Plural = PARTIES) -> str:
    """``Les Pieds dans le Plat (options : …) — tournoi, 200 parties à 2 joueurs``."""
    return Text(
        "{title}{options} — {what}, {games} à {players} joueurs",
        "{title}{options} — {what}, {games} of {players} players",
    ).render(
        lang,
        title=game_title(report["game"], lang),
        options=options_text(report["options"], lang),
        what=what.get(lang),
        games=count(report.get("deals", report["games"]), noun, lang),
        players=report["players"],
    )


def run_tournament(args: argparse.Namespace, lang: Lang) -> int:
    batch, jobs = _batch(args)
    bots = _bot_names(args.bots)
    if len(bots) < 2:
        raise PopoteError(
            Text("un tournoi demande au moins deux bots", "a tournament needs at least two bots")
        )
    records, interrupted = _play(play_task, tournament_tasks(batch, bots), jobs, args, lang)
    if not records:
        return _nothing_finished(lang)
    report = summarise_tournament(records, bots)
    status = _finish(report, args, lang, print_tournament, interrupted)

    def draw(path: Path) -> None:
        from popote.cli.plots import plot_rates  # noqa: PLC0415 - matplotlib loads slowly

        rows = report["bots"]
        plot_rates(
            rows,
            [bot_label(row["bot"], lang) for row in rows],
            _plot_title(
                report, Text("tournoi, places tournantes", "tournament, rotating seats"), lang
            ),
            path,
            lang,
            fair=1 / report["players"],
            notes=[f"OpenSkill {number(row['rating']['ordinal'], lang, 1)}" for row in rows],
            footnote=OPENSKILL_NOTE.get(lang),
        )

    _plot(args.plot, draw, lang)
    return status


def run_duplicate(args: argparse.Namespace, lang: Lang) -> int:
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
    records, interrupted = _play(
        play_task, duplicate_tasks(batch, candidate, baseline), jobs, args, lang
    )
    # A deal counts only once both of its games are played.
    records = records[: len(records) // 2 * 2]
    if not records:
        return _nothing_finished(lang)
    report = summarise_duplicate(records, candidate, baseline)
    status = _finish(report, args, lang, print_duplicate, interrupted)

    def draw(path: Path) -> None:
        from popote.cli.plots import plot_rates  # noqa: PLC0415 - matplotlib loads slowly

        rows = [report["candidate"], report["baseline"]]
        plot_rates(
            rows,
            [bot_label(row["bot"], lang) for row in rows],
            _plot_title(
                report,
                Text("duplicate, au siège testé", "duplicate, at the seat under test"),
                lang,
                DONNES,
            ),
            path,
            lang,
            fair=report["expected_if_equal"],
            footnote=DUPLICATE_NOTE.render(lang, deals=count(report["deals"], DONNES, lang)),
        )

    _plot(args.plot, draw, lang)
    return status


DUPLICATE_NOTE = Text(
    "Les mêmes {deals}, jouées avec puis sans le bot testé : ce qui sépare les deux barres vient des bots, pas des cartes.",
    "The same {deals}, played with then without the bot under test: what separates the bars comes from the bots, not the cards.",
)


def run_regret(args: argparse.Namespace, lang: Lang) -> int:
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
    positions, interrupted = _play(measure, tasks, jobs, args, lang, POSITIONS)
    if not positions:
        return _nothing_finished(lang)
    return _finish(summarise_regret(positions), args, lang, print_regret, interrupted)


def run_balance(args: argparse.Namespace, lang: Lang) -> int:
    game = get_game(args.game)
    jobs, seed = _jobs_and_seed(args)
    out: Path = args.out
    # Only the default, Popote's own ~/popote/balance, may need its parent made too.
    ours = out == BALANCE_OUT
    check_output_folder(out, BALANCE_SUFFIXES, make_parents=ours)
    study = study_for(game)
    records, interrupted = _play(
        play_task, study_tasks(game, study, args.games, seed), jobs, args, lang
    )
    if interrupted:
        say_line(Text("Rien n'a été écrit.", "Nothing was written."), lang)
        return INTERRUPTED
    rows = study_rows(study, args.games, records)
    command = f"popote balance {args.game} --games {args.games} --seed {seed} --out {out}"
    if lang != "fr":
        command += f" --lang {lang}"  # regenerating gives back the same file
    text = balance_markdown(game, study, rows, command, lang)
    out.mkdir(parents=ours, exist_ok=True)
    files = {suffix: out / f"{args.game}{suffix}" for suffix in (".md", ".json", ".png")}
    files[".md"].write_text(text, encoding="utf-8")
    files[".json"].write_text(
        json.dumps(report_data(study, rows), ensure_ascii=False, indent=1, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    from popote.cli.plots import plot_balance  # noqa: PLC0415 - matplotlib loads slowly

    plot_balance(game, study, rows, files[".png"], lang)
    print(text)
    for path in files.values():
        written(path, lang)
    return 0
