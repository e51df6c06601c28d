"""Entry point of the ``popote`` command (also ``python -m popote``)."""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from popote.cli.argparse_fr import Say, argparse_language, help_formatter
from popote.cli.batch import (
    BALANCE_OUT,
    add_backend_argument,
    add_batch_arguments,
    add_jobs_argument,
    add_progress_argument,
    run_balance,
    run_duplicate,
    run_regret,
    run_simulation,
    run_tournament,
)
from popote.cli.calibrate import add_calibrate_arguments, run_calibrate
from popote.cli.common import option_usage, parse_options
from popote.cli.keys import KeyReader
from popote.cli.ladder import run_ladder
from popote.cli.online_identities import Identities, config_file
from popote.cli.play import play_game, resume_game
from popote.cli.plugged import Plugged
from popote.cli.replay import replay_file
from popote.cli.review import add_review_arguments, run_review
from popote.cli.train import add_train_arguments, run_train
from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text, get_language, parse_lang, set_language
from popote.core.registry import all_games, get_game
from popote.lab.ladder import ANCHOR, LADDER, ROUND_ROBIN


def language_asked(argv: Sequence[str]) -> Lang:
    """``--lang`` read before the parser exists, so that its help speaks that language
    (French when absent or not a language Popote speaks)."""
    for index, word in enumerate(argv):
        value = argv[index + 1] if word == "--lang" and index + 1 < len(argv) else None
        if word.startswith("--lang="):
            value = word.partition("=")[2]
        if value in ("fr", "en"):
            return "en" if value == "en" else "fr"
    return "fr"


def build_parser(lang: Lang = "fr", plugged: Sequence[Plugged] = ()) -> argparse.ArgumentParser:
    """The ``popote`` command with the ``plugged`` ones last, every description in ``lang``."""
    say = Say(lang)
    formatter = help_formatter(lang)
    parser = argparse.ArgumentParser(
        prog="popote",
        formatter_class=formatter,
        description=say(
            "Popote : cinq jeux de cartes sur le thème de la cuisine. "
            "popote COMMANDE --help décrit une commande.",
            "Popote: five cooking-themed card games. popote COMMAND --help describes a command.",
        ),
    )
    _lang_argument(parser, say, "fr")
    commands = parser.add_subparsers(
        dest="command",
        required=True,
        title=say("commandes", "commands"),
        metavar=say("COMMANDE", "COMMAND"),
    )

    def command(name: str, fr: str, en: str) -> argparse.ArgumentParser:
        summary = say(fr, en)
        sub = commands.add_parser(
            name, help=summary, description=summary, formatter_class=formatter
        )
        _lang_argument(sub, say, argparse.SUPPRESS)
        return sub

    command(
        "list",
        "les jeux, leurs nombres de joueurs et leurs options",
        "the games, their player counts and options",
    )
    _play_arguments(
        command(
            "play",
            "jouer contre des bots dans le terminal, ou reprendre une partie enregistrée",
            "play against bots in the terminal, or resume a saved game",
        ),
        say,
    )
    for name, fr, en in BATCH_SUMMARIES:
        batch = command(name, fr, en)
        _match_arguments(batch, say, seed=say("(défaut : 0)", "(default: 0)"))
        _bots_argument(batch, say)
        add_batch_arguments(batch, lang)
    _regret_arguments(
        command(
            "regret",
            "ce que perd un bot par décision en fin de partie (plus bas, mieux c'est)",
            "what a bot loses per decision late in a match (lower is better)",
        ),
        say,
    )
    _balance_arguments(
        command(
            "balance",
            "rapport d'équilibre d'un jeu : Markdown, JSON et graphique",
            "a game's balance report: Markdown, JSON and plot",
        ),
        say,
    )
    _ladder_arguments(
        command(
            "ladder",
            "mesurer les paliers entre les niveaux de bots d'un jeu (duplicate) et la note de "
            "chaque niveau",
            "measure the steps between a game's bot levels (duplicate) and each level's rating",
        ),
        say,
    )
    calibrate = command(
        "calibrate",
        "chercher les options d'un jeu qui atteignent des cibles (taux de victoire, "
        "durée…) : Markdown, JSON et graphique",
        "search a game's options until they meet targets (win rates, length...): "
        "Markdown, JSON and plot",
    )
    _match_arguments(
        calibrate,
        say,
        seed=say(
            "(défaut : 0 ; la vérification joue les graines N, N+1… comme simulate --seed N)",
            "(default: 0; the verification plays seeds N, N+1... as simulate --seed N does)",
        ),
    )
    _bots_argument(calibrate, say)
    add_calibrate_arguments(calibrate, lang)
    add_train_arguments(
        command(
            "train",
            "apprendre un bot par parties contre lui-même (niveau appris) : réseau, point "
            "de reprise et courbe d'apprentissage",
            "learn a bot by self-play (the learned level): network, checkpoint and learning curve",
        ),
        lang,
    )
    _replay_arguments(
        command(
            "replay",
            "revoir une partie enregistrée, coup par coup",
            "replay a saved game, move by move",
        ),
        say,
    )
    add_review_arguments(
        command(
            "review",
            "revoir les décisions d'un siège dans une partie finie : les points perdus, et ce "
            "qui aurait été mieux",
            "review one seat's decisions in a finished game: the points lost, and what would "
            "have been better",
        ),
        lang,
    )
    for extra in plugged:
        extra.add_arguments(command(extra.name, extra.summary.fr, extra.summary.en), lang)
    return parser


BATCH_SUMMARIES = (
    (
        "simulate",
        "faire jouer des bots entre eux et résumer les résultats",
        "bots play each other; the results summed up",
    ),
    (
        "tournament",
        "tournoi de bots, sièges tournants, classement OpenSkill",
        "bot tournament, seats rotated, OpenSkill ratings",
    ),
    (
        "duplicate",
        "un bot contre un autre sur les mêmes donnes",
        "one bot against another on the same deals",
    ),
)


def _lang_argument(parser: argparse.ArgumentParser, say: Say, default: str) -> None:
    parser.add_argument(
        "--lang",
        choices=["fr", "en"],
        default=default,
        help=say(
            "langue des textes : fr ou en (défaut : fr)",
            "language of the text: fr or en (default: fr)",
        ),
    )


def _match_arguments(
    parser: argparse.ArgumentParser, say: Say, seed: str, game_needed: bool = True
) -> None:
    """The game and how its matches are set up: players, seed, options."""
    parser.add_argument(
        "game",
        nargs=None if game_needed else "?",
        metavar=say("JEU", "GAME"),
        help=say("le jeu (voir popote list)", "the game (see popote list)"),
    )
    parser.add_argument(
        "--players",
        type=int,
        metavar="N",
        help=say(
            "nombre de joueurs (défaut : le nombre habituel du jeu)",
            "number of players (default: the game's usual count)",
        ),
    )
    parser.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=say(
            "graine du hasard, pour rejouer les mêmes donnes ",
            "seed of chance, to deal the same again ",
        )
        + seed,
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar=say("CLÉ=VALEUR", "KEY=VALUE"),
        help=say(
            "une option du jeu, à répéter pour plusieurs (défaut : aucune ; voir popote list)",
            "one game option, repeated for several (default: none; see popote list)",
        ),
    )


def _bots_argument(parser: argparse.ArgumentParser, say: Say) -> None:
    parser.add_argument(
        "--bots",
        default="heuristic",
        help=say(
            "random, heuristic, search ou un niveau (facile, moyen, difficile, expert, appris) : "
            "un pour tous ou un par siège, séparés par des virgules (défaut : heuristic)",
            "random, heuristic, search or a level (facile, moyen, difficile, expert, appris): "
            "one for all or one per seat, comma-separated (default: heuristic)",
        ),
    )


def _play_arguments(play: argparse.ArgumentParser, say: Say) -> None:
    _match_arguments(
        play,
        say,
        seed=say("(défaut : tirée au hasard)", "(default: drawn at random)"),
        game_needed=False,
    )
    _bots_argument(play, say)
    play.add_argument(
        "--seat",
        type=int,
        default=1,
        metavar="N",
        help=say(
            "votre siège, compté à partir de 1 (défaut : 1)",
            "your seat, counted from 1 (default: 1)",
        ),
    )
    play.add_argument(
        "--level",
        metavar=say("NIVEAU", "LEVEL"),
        help=say(
            "niveau des bots : facile, moyen, difficile ou expert, ou un par bot séparés par "
            "des virgules ; remplace --bots (défaut : aucun)",
            "level of the bots: facile, moyen, difficile or expert, or one per bot, "
            "comma-separated; replaces --bots (default: none)",
        ),
    )
    play.add_argument(
        "--save",
        type=Path,
        metavar=say("FICHIER", "FILE"),
        help=say(
            "enregistrer la partie dans ce fichier JSON, vérifié avant de commencer "
            "(défaut : pas d'enregistrement ; avec --resume, le fichier repris)",
            "save the game to this JSON file, checked before the game starts "
            "(default: no save; with --resume, the resumed file)",
        ),
    )
    play.add_argument(
        "--resume",
        type=Path,
        metavar=say("FICHIER", "FILE"),
        help=say(
            "reprendre la partie enregistrée dans ce fichier : jeu, joueurs, graine, options, "
            "siège et bots viennent de la sauvegarde (défaut : une nouvelle partie)",
            "resume the game saved in this file: game, players, seed, options, seat and bots "
            "come from the save (default: a new game)",
        ),
    )
    _online_arguments(play, say)


def _online_arguments(play: argparse.ArgumentParser, say: Say) -> None:
    play.add_argument(
        "--server",
        metavar="URL",
        help=say(
            "jouer en ligne sur ce serveur, par exemple http://127.0.0.1:8000 : choisir ou "
            "créer une table (défaut : jouer seul ici)",
            "play online on this server, e.g. http://127.0.0.1:8000: pick or create a table "
            "(default: play alone here)",
        ),
    )
    play.add_argument(
        "--name",
        metavar=say("NOM", "NAME"),
        help=say(
            "votre nom en ligne, sans le demander (défaut : celui gardé pour ce serveur, "
            "sinon demandé)",
            "your name online, without asking (default: the one kept for this server, else asked)",
        ),
    )
    play.add_argument(
        "--table",
        metavar="ID",
        help=say(
            "aller droit à cette table du serveur (défaut : choisir dans la liste)",
            "go straight to this table of the server (default: pick from the list)",
        ),
    )


def _regret_arguments(regret: argparse.ArgumentParser, say: Say) -> None:
    _match_arguments(regret, say, seed=say("(défaut : 0)", "(default: 0)"))
    positions = Text(
        "positions jugées, une par partie (défaut : {n})",
        "positions judged, one per match (default: {n})",
    )
    add_batch_arguments(regret, say.lang, games=200, plots=False, what=positions)
    regret.add_argument(
        "--worlds",
        type=int,
        default=200,
        metavar="N",
        help=say(
            "mondes tirés par décision jugée (défaut : 200)",
            "worlds drawn per decision judged (default: 200)",
        ),
    )
    regret.add_argument(
        "--last",
        type=int,
        default=10,
        metavar="N",
        help=say(
            "la décision jugée est tirée parmi les N dernières (défaut : 10)",
            "the decision judged is drawn among the last N (default: 10)",
        ),
    )
    regret.add_argument(
        "--bot",
        default="heuristic",
        help=say("le bot jugé (défaut : heuristic)", "the bot judged (default: heuristic)"),
    )


def _ladder_arguments(ladder: argparse.ArgumentParser, say: Say) -> None:
    _match_arguments(ladder, say, seed=say("(défaut : 0)", "(default: 0)"))
    deals = Text(
        "donnes à jouer, chacune une fois par niveau (défaut : {n})",
        "deals to play, each once per level (default: {n})",
    )
    add_batch_arguments(ladder, say.lang, games=100, plots=False, what=deals)
    ladder.add_argument(
        "--levels",
        metavar=say("NIVEAUX", "LEVELS"),
        help=say(
            f"les niveaux à mesurer, séparés par des virgules, moyen compris (défaut : "
            f"{','.join(LADDER)}, et appris là où le jeu a son réseau)",
            f"the levels to measure, comma-separated, moyen included (default: "
            f"{','.join(LADDER)}, and appris where the game ships its network)",
        ),
    )
    ladder.add_argument(
        "--reference",
        choices=(*LADDER, ROUND_ROBIN),
        default=ANCHOR,
        help=say(
            "le niveau des autres sièges, ou round-robin : les niveaux mesurés eux-mêmes à "
            "tous les sièges, chacun à son tour, dans les deux sens de la table (défaut : "
            "moyen ; un niveau qui cherche coûte bien plus cher)",
            "the level at the other seats, or round-robin: the levels measured themselves at "
            "every seat, each in turn, both ways round the table (default: moyen; a "
            "searching level costs far more)",
        ),
    )
    ladder.add_argument(
        "--md",
        type=Path,
        metavar=say("FICHIER.md", "FILE.md"),
        help=say(
            "le rapport Markdown aussi dans ce fichier (défaut : à l'écran seulement)",
            "the Markdown report to this file too (default: on screen only)",
        ),
    )
    ladder.add_argument(
        "--log",
        type=Path,
        metavar=say("FICHIER.jsonl", "FILE.jsonl"),
        help=say(
            "garder chaque partie jouée dans ce journal (une ligne JSON par partie) et reprendre "
            "celles qu'il a déjà au lieu de les rejouer : une mesure arrêtée repart où elle "
            "s'est arrêtée, une mesure allongée ne rejoue pas ses premières donnes (défaut : "
            "aucun)",
            "keep every game played in this log (one JSON line per game) and read back the "
            "games it already holds instead of playing them again: a stopped run goes on where "
            "it stopped, a longer run does not replay its first deals (default: none)",
        ),
    )
    ladder.add_argument(
        "--replay",
        metavar=say("NIVEAUX", "LEVELS"),
        help=say(
            "avec --log : rejouer les parties de ces niveaux (séparés par des virgules) même si "
            "le journal les a, après un changement de ces niveaux (défaut : aucun)",
            "with --log: play the games of these levels (comma-separated) again even where "
            "the log has them, after these levels changed (default: none)",
        ),
    )
    ladder.add_argument(
        "--table",
        type=Path,
        metavar=say("FICHIER.json", "FILE.json"),
        help=say(
            "mettre à jour l'entrée de ce jeu dans cette table de notes des bots, celle que "
            "lit le serveur (popote/server/bot_ratings.json) (défaut : aucune)",
            "update this game's entry in this table of bot ratings, the one the server reads "
            "(popote/server/bot_ratings.json) (default: none)",
        ),
    )


def _balance_arguments(balance: argparse.ArgumentParser, say: Say) -> None:
    balance.add_argument(
        "game",
        metavar=say("JEU", "GAME"),
        help=say("le jeu (voir popote list)", "the game (see popote list)"),
    )
    balance.add_argument(
        "--games",
        type=int,
        default=2000,
        metavar="N",
        help=say(
            "parties par ligne du rapport (défaut : 2000)",
            "games per row of the report (default: 2000)",
        ),
    )
    add_jobs_argument(balance, say.lang)
    add_backend_argument(balance, say.lang)
    balance.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=say("graine du hasard (défaut : 0)", "seed of chance (default: 0)"),
    )
    balance.add_argument(
        "--out",
        type=Path,
        default=BALANCE_OUT,
        metavar=say("DOSSIER", "FOLDER"),
        help=say(
            f"dossier des rapports <jeu>.md, .json et .png (défaut : {BALANCE_OUT})",
            f"folder of the reports <game>.md, .json and .png (default: {BALANCE_OUT})",
        ),
    )
    add_progress_argument(balance, say.lang)


def _replay_arguments(replay: argparse.ArgumentParser, say: Say) -> None:
    replay.add_argument(
        "file",
        type=Path,
        metavar=say("FICHIER", "FILE"),
        help=say("la partie enregistrée par play --save", "the game saved by play --save"),
    )
    replay.add_argument(
        "--all",
        action="store_true",
        help=say(
            "tout afficher d'un coup, sans pause (défaut : pas à pas dans un terminal)",
            "show it all at once, without pauses (default: step by step in a terminal)",
        ),
    )
    replay.add_argument(
        "--reveal",
        action="store_true",
        help=say(
            "montrer aussi les secrets de chaque siège, en disant à qui ils sont "
            "(défaut : ce que voyait votre siège)",
            "also show every seat's secrets, saying whose they are (default: what your seat saw)",
        ),
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
            print("    " + option_usage(option, lang))


def main(argv: Sequence[str] | None = None, plugged: Sequence[Plugged] = ()) -> int:
    """The terminal's commands, and ``plugged``: those of the layers above (see
    ``popote.__main__``, the entry point, which plugs ``serve`` in)."""
    words = sys.argv[1:] if argv is None else list(argv)
    asked = language_asked(words)
    with argparse_language(asked):
        args = build_parser(asked, plugged).parse_args(words)
    lang = parse_lang(args.lang)
    # The language is process-wide: a caller running several commands keeps its own.
    before = get_language()
    set_language(lang)
    try:
        return _run(args, lang, {extra.name: extra for extra in plugged})
    finally:
        set_language(before)


BATCH_COMMANDS = {
    "simulate": run_simulation,
    "tournament": run_tournament,
    "duplicate": run_duplicate,
    "regret": run_regret,
    "balance": run_balance,
    "calibrate": run_calibrate,
    "ladder": run_ladder,
    "train": run_train,
    "review": run_review,
}


def _run(args: argparse.Namespace, lang: Lang, plugged: dict[str, Plugged]) -> int:
    try:
        if args.command in BATCH_COMMANDS:
            return BATCH_COMMANDS[args.command](args, lang)
        if args.command in plugged:
            return plugged[args.command].run(args)
        if args.command == "list":
            list_games(lang)
        elif args.command == "play":
            _play(args, lang)
        else:
            keys = KeyReader()
            replay_file(
                args.file,
                lang,
                keys,
                keys.write,
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
    if args.server is not None:
        # httpx and websockets load slowly: only the online client needs them.
        from popote.cli.online import play_online  # noqa: PLC0415

        identities = Identities(config_file())
        play_online(
            args.server, args.name, args.table, lang, keys, keys.write, keys.discard, identities
        )
        return
    if args.resume is not None:
        resume_game(args.resume, args.save, lang, keys, keys.write, keys.discard, args.game)
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
        keys.write,
        args.save,
        keys.discard,
    )


if __name__ == "__main__":
    sys.exit(main())
