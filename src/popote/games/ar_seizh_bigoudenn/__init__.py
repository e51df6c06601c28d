"""Ar Seizh Bigoudenn: seven Bigoudens race for ingredients and utensils to cook galettes."""

from __future__ import annotations

from popote.core.actions import Event
from popote.core.bot import Bot
from popote.core.chance import Chance
from popote.core.game import Game, GameSpec, GameState, Options
from popote.core.i18n import Text
from popote.core.options import Option
from popote.core.studies import BalanceConfig, BalanceMeasure, BalanceStudy
from popote.games.ar_seizh_bigoudenn.bot import BigoudenBot
from popote.games.ar_seizh_bigoudenn.cards import BIGOUDENS, DEFAULT_ROUNDS
from popote.games.ar_seizh_bigoudenn.state import NAME, ArSeizhState
from popote.games.ar_seizh_bigoudenn.text import SUMMARY, BigoudenPresenter

SPEC = GameSpec(
    name=NAME,
    title=Text("Ar Seizh Bigoudenn", "Ar Seizh Bigoudenn (the seven Bigoudens)"),
    min_players=2,
    max_players=7,
    default_players=4,
    search_iterations=100,
    review_thresholds=(1.0, 3.0, 6.0),
    search_depth=1,
    heuristic_rollouts=True,
    search_prior=True,
    search_horizon=5,
    options=(
        Option.boolean(
            "real_time",
            False,
            Text(
                "Temps réel : la première main tendue vers un ustensile le prend (les autres "
                "peuvent alors crier TEUT !) ; sinon chacun répond en secret avant de décider",
                "Real time: the first hand to reach a falling utensil takes it (the others may "
                "then cry TEUT!); otherwise everyone answers in secret before anything is decided",
            ),
        ),
        Option.integer(
            "rounds",
            DEFAULT_ROUNDS,
            Text(
                "Nombre de tours de table (la partie finit plus tôt si la pioche s'épuise)",
                "Number of rounds (the game ends earlier if the draw pile runs out)",
            ),
            minimum=1,
            maximum=20,
        ),
    ),
    summary=SUMMARY,
)


class ArSeizhBigoudenn(Game):
    spec = SPEC
    presenter = BigoudenPresenter()

    def new_state(
        self, players: int, options: Options, chance: Chance
    ) -> tuple[GameState, list[Event]]:
        return ArSeizhState.deal(players, options, chance)

    def balance_study(self) -> BalanceStudy:
        """Win rate per Bigouden at every player count (each is dealt at random)."""
        return BalanceStudy(
            title=Text("Victoires par Bigoudène", "Wins per Bigouden"),
            measure=BalanceMeasure.LABELS,
            configs=tuple(
                BalanceConfig.of_players(players)
                for players in range(SPEC.min_players, SPEC.max_players + 1)
            ),
            label_key="bigoudens",
            group_names={key: Text(b.name, b.name) for key, b in BIGOUDENS.items()},
        )

    def heuristic_bot(self, seat: int, seed: int) -> Bot:
        return BigoudenBot(seat, seed)


GAME = ArSeizhBigoudenn()
