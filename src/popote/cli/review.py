"""``popote review``: where one seat of a finished game lost points, and what was better.

The save is read and played again first, so that a file that is no finished game of Popote
is refused with a sentence before any search. Progress goes to standard error, the report
to standard output (or the JSON of :meth:`popote.lab.review.GameReview.as_json`). Ctrl-C
and SIGTERM keep the decisions reviewed so far: their report is given, marked incomplete,
and the exit status is 130.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from popote.cli.batch import (
    INTERRUPTED,
    add_jobs_argument,
    add_progress_argument,
    stopped_as_by_ctrl_c,
    written,
)
from popote.cli.common import SaveFileError, read_save, saved_moves
from popote.cli.paths import check_output_file
from popote.cli.report import progress_bar
from popote.cli.review_text import DECISIONS, ReviewedGame, incomplete, report_lines
from popote.core.errors import InvalidSeat, PopoteError
from popote.core.i18n import Lang, Text
from popote.lab.review import DEFAULT_WORLDS, MAX_WORLDS, Budget, decision_tasks
from popote.lab.review import review as review_game
from popote.lab.simulate import default_jobs


def add_review_arguments(parser: argparse.ArgumentParser, lang: Lang) -> None:
    def say(fr: str, en: str) -> str:
        return Text(fr, en).get(lang)

    parser.add_argument(
        "file",
        type=Path,
        metavar=say("FICHIER", "FILE"),
        help=say(
            "une partie finie, enregistrée par play --save (ou par le serveur)",
            "a finished game, saved by play --save (or by the server)",
        ),
    )
    parser.add_argument(
        "--seat",
        type=int,
        metavar="N",
        help=say(
            "le siège revu, compté à partir de 1 (défaut : le siège du joueur de la sauvegarde)",
            "the seat reviewed, counted from 1 (default: the saved player's seat)",
        ),
    )
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar=say("FICHIER", "FILE"),
        help=say(
            "la revue en JSON dans ce fichier, ou à l'écran sans fichier (défaut : pas de JSON)",
            "the review as JSON to this file, or to the screen without a file (default: no JSON)",
        ),
    )
    parser.add_argument(
        "--budget",
        type=int,
        metavar=say("MONDES", "WORLDS"),
        help=say(
            f"mondes tirés par décision, de 2 à {MAX_WORLDS} : plus, c'est plus sûr et plus "
            f"long (défaut : celui du jeu, {DEFAULT_WORLDS} dans la plupart)",
            f"worlds drawn per decision, 2 to {MAX_WORLDS}: more is surer and slower "
            f"(default: the game's, {DEFAULT_WORLDS} in most)",
        ),
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="N",
        help=say(
            "graine des mondes tirés : même graine, même revue (défaut : 0)",
            "seed of the worlds drawn: same seed, same review (default: 0)",
        ),
    )
    add_jobs_argument(parser, lang)
    add_progress_argument(parser, lang)


def run_review(args: argparse.Namespace, lang: Lang) -> int:
    path: Path = args.file
    saved = read_save(path)
    _check_finished(path, saved)
    seat = _seat(saved, args.seat)
    budget = Budget(args.budget, args.seed)
    jobs = default_jobs() if args.jobs is None else args.jobs
    if jobs < 1:
        raise PopoteError(Text("--jobs doit être au moins 1", "--jobs must be at least 1"))
    if args.json not in (None, "-"):
        check_output_file(Path(args.json))
    names = saved.get("names") or ()
    total = len(decision_tasks(saved, seat, budget, names))
    try:
        with (
            stopped_as_by_ctrl_c(),
            progress_bar(total, lang, args.progress == "lines", DECISIONS) as advance,
        ):
            done = review_game(saved, seat, budget, names, jobs, advance)
    except KeyboardInterrupt:
        # Stopped before the first decision was under way: nothing reviewed to report.
        print(incomplete(0, total, lang), file=sys.stderr)
        return INTERRUPTED
    _emit(ReviewedGame(done, total, saved), args.json, lang)
    return 0 if done.complete else INTERRUPTED


def _emit(reviewed: ReviewedGame, target: str | None, lang: Lang) -> None:
    """The report on standard output, unless the JSON takes its place there."""
    review = reviewed.review
    if not review.complete:
        print(incomplete(len(review.decisions), reviewed.total, lang), file=sys.stderr)
    if target is not None:
        text = json.dumps(review.as_json(), ensure_ascii=False, sort_keys=True, indent=1)
        if target == "-":
            print(text)
            return
        Path(target).write_text(text + "\n", encoding="utf-8")
        written(Path(target), lang)
    print("\n".join(report_lines(reviewed, lang)))


def _check_finished(path: Path, saved: Mapping[str, Any]) -> None:
    """Every saved move legal, and the game over."""
    *_, (match, _) = saved_moves(path, saved)
    if not match.over:
        raise SaveFileError(
            Text(
                "{path} : partie inachevée ({moves} coups joués) ; seule une partie finie se "
                "revoit (popote play --resume {path} pour la finir)",
                "{path}: unfinished game ({moves} moves played); only a finished game can be "
                "reviewed (popote play --resume {path} to finish it)",
            ).format(path=path, moves=len(saved["history"]))
        )


def _seat(saved: Mapping[str, Any], asked: int | None) -> int:
    """The seat to review, from 0: ``--seat`` (from 1, as people count) or the save's
    player."""
    players: int = saved["players"]
    if asked is None:
        human = saved.get("human_seat")
        if human is None:
            raise InvalidSeat(
                Text(
                    "la sauvegarde n'a pas de siège de joueur : choisissez le siège à revoir "
                    "avec --seat N (sièges 1 à {players})",
                    "the save has no player's seat: choose the seat to review with --seat N "
                    "(seats 1 to {players})",
                ).format(players=players)
            )
        return int(human)
    if not 1 <= asked <= players:
        raise InvalidSeat(
            Text(
                "siège inconnu : {seat} (sièges 1 à {players})",
                "unknown seat: {seat} (seats 1 to {players})",
            ).format(seat=asked, players=players)
        )
    return asked - 1
