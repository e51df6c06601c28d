"""``popote train GAME``: learn a network by self-play, resumable, with its learning curve."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from popote.cli.argparse_fr import Say
from popote.core.i18n import Lang, Text
from popote.core.registry import all_games
from popote.lab.learner import DEVICES
from popote.lab.train import EVAL_OPPONENTS, CurvePoint, TrainConfig, Trainer

PROGRESS = Text(
    "{games} parties ({decisions} décisions, {seconds} s) : erreur {loss} ; "
    "part de victoires contre {shares}",
    "{games} games ({decisions} decisions, {seconds} s): error {loss}; win share against {shares}",
)


def add_train_arguments(parser: argparse.ArgumentParser, lang: Lang) -> None:
    say = Say(lang)

    parser.add_argument("game", choices=list(all_games()))
    parser.add_argument(
        "--players",
        type=int,
        help=say("joueurs (défaut : ceux du jeu)", "players (default: the game's)"),
    )
    parser.add_argument(
        "--games",
        type=int,
        default=2000,
        help=say(
            "parties jouées en tout, reprises comprises (défaut : 2000)",
            "games played in all, resumed runs included (default: 2000)",
        ),
    )
    parser.add_argument(
        "--envs",
        type=int,
        default=32,
        help=say("parties menées ensemble (défaut : 32)", "games stepped together (default: 32)"),
    )
    parser.add_argument(
        "--eval-every",
        type=int,
        default=500,
        help=say(
            "parties entre deux points de la courbe (défaut : 500)",
            "games between two points of the curve (default: 500)",
        ),
    )
    parser.add_argument(
        "--eval-games",
        type=int,
        default=60,
        help=say(
            "parties de chaque point contre chaque bot fixe (défaut : 60)",
            "games of each point against each fixed bot (default: 60)",
        ),
    )
    parser.add_argument(
        "--epochs",
        type=int,
        default=4,
        help=say(
            "passages sur chaque lot de décisions (défaut : 4)",
            "passes over each round of decisions (default: 4)",
        ),
    )
    parser.add_argument(
        "--learning-rate",
        type=float,
        default=5e-4,
        help=say("pas d'Adam (défaut : 5e-4)", "Adam's step size (default: 5e-4)"),
    )
    parser.add_argument(
        "--epsilon",
        type=float,
        default=0.08,
        help=say(
            "part des coups joués au hasard pour explorer (défaut : 0.08)",
            "share of moves played at random to explore (default: 0.08)",
        ),
    )
    parser.add_argument(
        "--teacher-games",
        type=int,
        default=0,
        help=say(
            "premières parties jouées par le niveau moyen à chaque siège (parfois un coup au "
            "hasard), dont le réseau apprend aussi (défaut : 0)",
            "first games played by the moyen level at every seat (now and then a random "
            "move), which the network learns from too (default: 0)",
        ),
    )
    parser.add_argument(
        "--seed", type=int, default=0, help=say("graine (défaut : 0)", "seed (default: 0)")
    )
    parser.add_argument(
        "--checkpoint",
        type=Path,
        help=say(
            "point de reprise (défaut : train-JEU.npz) ; s'il existe, l'entraînement reprend",
            "checkpoint (default: train-GAME.npz); if it exists, training goes on from it",
        ),
    )
    parser.add_argument(
        "--start-from",
        type=Path,
        help=say(
            "réseau (fichier .npz) dont part un nouvel entraînement, par exemple celui livré "
            "(défaut : des poids au hasard)",
            "network (.npz file) a new run starts from, the shipped one for instance "
            "(default: random weights)",
        ),
    )
    parser.add_argument(
        "--device",
        choices=DEVICES,
        default="auto",
        help=say(
            "où le réseau apprend : auto, le GPU si PyTorch en voit un, sinon numpy (le "
            "processeur) ; cuda, le GPU ; torch-cpu, PyTorch sur le processeur (extra "
            "popote[gpu] pour les deux derniers ; défaut : auto)",
            "where the network learns: auto, the GPU if PyTorch sees one, else numpy (the "
            "CPU); cuda, the GPU; torch-cpu, PyTorch on the CPU (popote[gpu] extra for the "
            "last two; default: auto)",
        ),
    )
    parser.add_argument(
        "--weights",
        type=Path,
        help=say("réseau à livrer (défaut : JEU.npz)", "network to ship (default: GAME.npz)"),
    )
    parser.add_argument(
        "--plot",
        type=Path,
        help=say(
            "courbe d'apprentissage, PNG ou SVG (défaut : train-JEU.png)",
            "learning curve, PNG or SVG (default: train-GAME.png)",
        ),
    )


def run_train(args: argparse.Namespace, lang: Lang) -> int:
    game: str = args.game
    config = TrainConfig(
        game,
        players=args.players,
        games=args.games,
        envs=args.envs,
        eval_every=args.eval_every,
        eval_games=args.eval_games,
        seed=args.seed,
        teacher_games=args.teacher_games,
        epochs=args.epochs,
        learning_rate=args.learning_rate,
        epsilon=args.epsilon,
        start_from=None if args.start_from is None else str(args.start_from),
        device=args.device,
    )
    checkpoint = args.checkpoint or Path(f"train-{game}.npz")
    trainer = Trainer(config, checkpoint)

    def report(point: CurvePoint) -> None:
        print(progress_line(point, lang), flush=True)

    curve = trainer.run(report)
    trainer.network().save(args.weights or Path(f"{game}.npz"))
    plot_curve(curve, game, trainer.players, args.plot or Path(f"train-{game}.png"), lang)
    return 0


def progress_line(point: CurvePoint, lang: Lang) -> str:
    shares = ", ".join(f"{bot} {share:.0%}" for bot, share in point.win_share.items())
    return PROGRESS.render(
        lang,
        games=point.games,
        decisions=point.decisions,
        seconds=point.seconds,
        loss="-" if point.loss != point.loss else f"{point.loss:.3f}",
        shares=shares,
    )


def plot_curve(curve: list[CurvePoint], game: str, players: int, path: Path, lang: Lang) -> None:
    """Win share against each fixed bot over the training games, and the share if equal."""
    import matplotlib  # noqa: PLC0415 - only when a curve is drawn

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, axes = plt.subplots(figsize=(7, 4))
    games = [point.games for point in curve]
    for bot in EVAL_OPPONENTS:
        axes.plot(games, [point.win_share[bot] for point in curve], marker="o", label=bot)
    axes.axhline(
        1 / players, linestyle="--", color="grey", label=Text("à force égale", "if equal").get(lang)
    )
    axes.set_xlabel(Text("parties d'entraînement", "training games").get(lang))
    axes.set_ylabel(Text("part de victoires", "win share").get(lang))
    axes.set_title(
        Text(
            "{game} : bot appris contre les bots fixes",
            "{game}: learned bot against the fixed bots",
        ).render(lang, game=game)
    )
    axes.set_ylim(0, 1)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
    path.with_suffix(".json").write_text(
        json.dumps([vars(point) for point in curve], indent=1) + "\n", encoding="utf-8"
    )
