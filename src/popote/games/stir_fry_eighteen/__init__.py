"""Stir-Fry Eighteen (Marshall Britt): an 18-card bluffing game of noodle dishes."""

from __future__ import annotations

from popote.core.actions import Event
from popote.core.bot import Bot
from popote.core.chance import Chance
from popote.core.game import Game, GameSpec, GameState, Options
from popote.core.i18n import Text
from popote.core.options import Option
from popote.games.stir_fry_eighteen.bot import StirFryHeuristicBot
from popote.games.stir_fry_eighteen.cards import FirstPlayer, Overshoot, RoundEnd
from popote.games.stir_fry_eighteen.reasons import ReasoningPresenter
from popote.games.stir_fry_eighteen.rules import StirFryState
from popote.games.stir_fry_eighteen.text import SUMMARY
from popote.games.stir_fry_eighteen.views import NAME

SPEC = GameSpec(
    name=NAME,
    title=Text("Stir-Fry Eighteen", "Stir-Fry Eighteen"),
    min_players=2,
    max_players=5,
    default_players=3,
    search_iterations=1000,
    review_thresholds=(1.0, 3.0, 6.0),
    # Played to the end of the game, a dish's points vary widely: at 32 worlds labels agreed
    # with 128 on 82 % of decisions, at 128 with 512 on 88 % (python -m benchmarks.review).
    review_worlds=128,
    search_measured_noise=True,
    search_depth=1,
    heuristic_rollouts=True,
    search_prior=True,
    search_horizon=3,
    search_expert_horizon=6,
    options=(
        Option.choice(
            "first_player",
            FirstPlayer.RANDOM.value,
            Text(
                "Qui commence : tiré au hasard (random) ou le premier siège (seat1)",
                "Who starts: drawn at random (random) or the first seat (seat1)",
            ),
            [rule.value for rule in FirstPlayer],
            labels={
                "random": Text("tiré au hasard", "drawn at random"),
                "seat1": Text("le premier siège", "the first seat"),
            },
        ),
        Option.boolean(
            "finish_round",
            False,
            Text(
                "Variante de notation : quand un chef atteint l'objectif, finir le tour de table "
                "(le meilleur score gagne, égalités partagées)",
                "Scoring variant: when a chef reaches the target, finish the round (highest "
                "score wins, ties shared)",
            ),
        ),
        Option.choice(
            "round_end",
            RoundEnd.REACHED.value,
            Text(
                "Variante de notation, si le chef qui a atteint l'objectif retombe en dessous "
                "avant la fin du tour de table : la partie s'arrête quand même (reached) ou "
                "continue sauf si un chef est encore à l'objectif (held)",
                "Scoring variant, if the chef who reached the target falls back under it before "
                "the round ends: the game still ends (reached) or goes on unless a chef is "
                "still at the target (held)",
            ),
            [rule.value for rule in RoundEnd],
            labels={
                "reached": Text("la partie s'arrête quand même", "the game ends anyway"),
                "held": Text(
                    "elle continue sauf si un chef est encore à l'objectif",
                    "it goes on unless a chef is still at the target",
                ),
            },
        ),
        Option.boolean(
            "star_chef",
            False,
            Text("Chef étoilé : objectif 300 points", "Star chef: the target is 300 points"),
        ),
        Option.boolean(
            "empty_pantry",
            False,
            Text(
                "Garde-manger vide : pas de pioche au début de son tour",
                "Empty pantry: no draw at the start of one's turn",
            ),
        ),
        Option.boolean(
            "bullseye",
            False,
            Text(
                "En plein dans le mille : atteindre l'objectif exactement",
                "Bullseye: reach the target exactly",
            ),
        ),
        Option.choice(
            "overshoot",
            Overshoot.BUST.value,
            Text(
                "En plein dans le mille, plat qui dépasse l'objectif : cuisiné pour 0 point "
                "(bust) ou interdit (forbidden)",
                "Bullseye, a dish that would pass the target: cooked for 0 points (bust) or "
                "not allowed (forbidden)",
            ),
            [rule.value for rule in Overshoot],
            labels={
                "bust": Text("cuisiné pour 0 point", "cooked for 0 points"),
                "forbidden": Text("interdit", "not allowed"),
            },
        ),
        Option.integer(
            "target",
            0,
            Text(
                "Objectif en points, pour une partie plus courte ou plus longue (0 : 50, ou 300 "
                "en Chef étoilé)",
                "Target score, for a shorter or longer game (0: 50, or 300 with Star chef)",
            ),
            minimum=0,
            maximum=500,
        ),
        Option.integer(
            "round_limit",
            100,
            Text(
                "Nombre maximal de tours de table ; ensuite le meilleur score gagne",
                "Most rounds played; then the highest score wins",
            ),
            minimum=10,
            maximum=1000,
        ),
    ),
    summary=SUMMARY,
)


class StirFryEighteen(Game):
    spec = SPEC
    presenter = ReasoningPresenter()

    def new_state(
        self, players: int, options: Options, chance: Chance
    ) -> tuple[GameState, list[Event]]:
        return StirFryState.deal(players, options, chance)

    def heuristic_bot(self, seat: int, seed: int) -> Bot:
        return StirFryHeuristicBot(seat, seed)


GAME = StirFryEighteen()
