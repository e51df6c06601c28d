"""Entry point of the ``popote`` command (also ``python -m popote``)."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from popote.cli.batch import (
    BALANCE_OUT,
    add_batch_arguments,
    add_progress_argument,
    run_balance,
    run_duplicate,
    run_regret,
    run_simulation,
    run_tournament,
)
from popote.cli.common import parse_options
from popote.cli.keys import KeyReader
from popote.cli.play import play_game, resume_game
from popote.cli.replay import replay_file
from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text, get_language, parse_lang, set_language
from popote.core.registry import all_games, get_game
from popote.server.cli import add_serve_arguments, run_serve


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="popote",
        description="Popote : cinq jeux de cartes de cuisine / five cooking card games.",
    )
    parser.add_argument("--lang", choices=["fr", "en"], default="fr", help="fr (défaut) ou en")
    commands = parser.add_subparsers(dest="command", required=True)

    listing = commands.add_parser("list", help="les jeux / the games")
    listing.add_argument("--lang", choices=["fr", "en"], default=argparse.SUPPRESS)

    play = commands.add_parser("play", help="jouer contre des bots / play against bots")
    _common_match_arguments(play, "?")
    play.add_argument("--seat", type=int, default=1, help="votre siège, à partir de 1")
    play.add_argument(
        "--level", help="niveau des bots : facile, moyen, difficile, expert (ou un par bot)"
    )
    play.add_argument("--save", type=Path, help="enregistrer la partie (JSON)")
    play.add_argument("--resume", type=Path, help="reprendre une partie enregistrée")

    simulate = commands.add_parser("simulate", help="bots contre bots / bots only")
    _common_match_arguments(simulate)
    add_batch_arguments(simulate)

    tournament = commands.add_parser("tournament", help="tournoi de bots / bot tournament")
    _common_match_arguments(tournament)
    add_batch_arguments(tournament)

    duplicate = commands.add_parser(
        "duplicate",
        help="un bot contre un autre sur les mêmes donnes / one bot against another on the same deals",
    )
    _common_match_arguments(duplicate)
    add_batch_arguments(duplicate)

    regret = commands.add_parser(
        "regret", help="regret d'un bot en fin de partie / a bot's regret late in a match"
    )
    _match_arguments(regret)
    add_batch_arguments(regret, games=200, plots=False, what="positions (une par partie)")
    regret.add_argument("--worlds", type=int, default=200, help="mondes tirés par coup")
    regret.add_argument("--last", type=int, default=10, help="parmi les N dernières décisions")
    regret.add_argument("--bot", default="heuristic", help="le bot jugé (défaut : heuristic)")

    balance = commands.add_parser("balance", help="rapport d'équilibre / balance report")
    balance.add_argument("game")
    balance.add_argument("--games", type=int, default=2000)
    balance.add_argument("--jobs", type=int)
    balance.add_argument("--seed", type=int)
    balance.add_argument(
        "--out",
        type=Path,
        default=BALANCE_OUT,
        metavar="DOSSIER",
        help=f"dossier des rapports (défaut : {BALANCE_OUT})",
    )
    add_progress_argument(balance)
    balance.add_argument("--lang", choices=["fr", "en"], default=argparse.SUPPRESS)

    replay = commands.add_parser("replay", help="revoir une partie / replay a saved game")
    replay.add_argument("file", type=Path)
    replay.add_argument("--lang", choices=["fr", "en"], default=argparse.SUPPRESS)
    replay.add_argument("--all", action="store_true", help="tout afficher sans pause")
    replay.add_argument("--reveal", action="store_true", help="montrer aussi les secrets")

    serve = commands.add_parser("serve", help="serveur de tables en ligne / online tables server")
    add_serve_arguments(serve)
    return parser


def _match_arguments(parser: argparse.ArgumentParser, game: str | None = None) -> None:
    """The game and how its matches are set up: players, seed, options, language."""
    parser.add_argument("game", nargs=game, help="nom du jeu (popote list)")
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--option", action="append", default=[], metavar="CLÉ=VALEUR")
    parser.add_argument("--lang", choices=["fr", "en"], default=argparse.SUPPRESS)


def _common_match_arguments(parser: argparse.ArgumentParser, game: str | None = None) -> None:
    _match_arguments(parser, game)
    parser.add_argument(
        "--bots",
        default="heuristic",
        help="random, heuristic, search ou un niveau (facile, moyen, difficile, expert) ; un pour tous ou un par siège",
    )


def list_games(lang: Lang) -> None:
    for name, game in all_games().items():
        spec = game.spec
        print(
            Text(
                "{name} — {title} ({low} à {high} joueurs)",
                "{name} — {title} ({low} to {high} players)",
            )
            .format(
                name=name, title=spec.title.get(lang), low=spec.min_players, high=spec.max_players
            )
            .get(lang)
        )
        for option in spec.options:
            allowed = f" [{', '.join(option.choices)}]" if option.choices else ""
            print(
                f"    --option {option.key}=… ({option.kind.value}, {option.default}){allowed}: {option.help.get(lang)}"
            )


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    lang = parse_lang(args.lang)
    # The language is process-wide: a caller running several commands keeps its own.
    before = get_language()
    set_language(lang)
    try:
        return _run(args, lang)
    finally:
        set_language(before)


BATCH_COMMANDS = {
    "simulate": run_simulation,
    "tournament": run_tournament,
    "duplicate": run_duplicate,
    "regret": run_regret,
    "balance": run_balance,
}


def _run(args: argparse.Namespace, lang: Lang) -> int:
    try:
        if args.command in BATCH_COMMANDS:
            return BATCH_COMMANDS[args.command](args, lang)
        if args.command == "serve":
            return run_serve(args)
        if args.command == "list":
            list_games(lang)
        elif args.command == "play":
            _play(args, lang)
        else:
            replay_file(
                args.file,
                lang,
                KeyReader(),
                print,
                pause=sys.stdin.isatty() and not args.all,
                reveal=args.reveal,
            )
    except PopoteError as error:
        print(
            Text("Erreur : {message}", "Error: {message}")
            .format(message=error.message(lang))
            .get(lang),
            file=sys.stderr,
        )
        return 2
    except BrokenPipeError:
        return 0
    return 0


def _play(args: argparse.Namespace, lang: Lang) -> None:
    keys = KeyReader()
    if args.resume is not None:
        resume_game(args.resume, args.save, lang, keys, print, keys.discard)
        return
    if args.game is None:
        raise PopoteError(
            Text("nommez un jeu, ou --resume FICHIER", "name a game, or --resume FILE")
        )
    play_game(
        args.game,
        args.players,
        secrets.randbelow(1_000_000) if args.seed is None else args.seed,
        args.level or args.bots,
        args.seat - 1,
        parse_options(get_game(args.game), args.option),
        lang,
        keys,
        print,
        args.save,
        keys.discard,
    )


if __name__ == "__main__":
    sys.exit(main())
