"""Les Pieds dans le Plat (Reinhard Staupe's *Fettnapf*): keep the total off others' islands."""

from __future__ import annotations

from popote.core.actions import Event
from popote.core.bot import Bot
from popote.core.chance import Chance
from popote.core.game import Game, GameSpec, GameState, Options
from popote.core.i18n import Text
from popote.core.options import Option
from popote.games.pieds_dans_le_plat.bot import PiedsHeuristicBot
from popote.games.pieds_dans_le_plat.cards import EmptyPileRule
from popote.games.pieds_dans_le_plat.picture import DrawingPresenter
from popote.games.pieds_dans_le_plat.rules import NAME, PiedsState
from popote.games.pieds_dans_le_plat.text import SUMMARY

FORGETFUL_RETENTION = 0.3

SPEC = GameSpec(
    name=NAME,
    title=Text("Les Pieds dans le Plat", "Foot in It"),
    min_players=2,
    max_players=5,
    default_players=3,
    search_iterations=300,
    review_thresholds=(0.15, 0.3, 0.6),
    review_worlds=128,
    options=(
        Option.boolean(
            "assisted",
            False,
            Text(
                "Îles visibles : garder les îles de tous affichées (sans effort de mémoire)",
                "Islands stay visible: keep everyone's islands on screen (no memory needed)",
            ),
        ),
        Option.choice(
            "empty_pile",
            EmptyPileRule.RESHUFFLE.value,
            Text(
                "Pioche vide : remélanger la défausse (reshuffle) ou finir la partie (end)",
                "Empty draw pile: reshuffle the discard pile (reshuffle) or end the game (end)",
            ),
            [rule.value for rule in EmptyPileRule],
            labels={
                "reshuffle": Text("remélanger la défausse", "reshuffle the discard pile"),
                "end": Text("finir la partie", "end the game"),
            },
        ),
    ),
    summary=SUMMARY,
)


class PiedsDansLePlat(Game):
    spec = SPEC
    presenter = DrawingPresenter()

    def new_state(
        self, players: int, options: Options, chance: Chance
    ) -> tuple[GameState, list[Event]]:
        return PiedsState.deal(players, options, chance)

    def heuristic_bot(self, seat: int, seed: int) -> Bot:
        return PiedsHeuristicBot(seat, seed)

    def bot_for_level(self, level: str, seat: int, seed: int) -> Bot | None:
        """The easy bot forgets most islands it is shown; search levels remember them all."""
        if level == "facile":
            return PiedsHeuristicBot(seat, seed, retention=FORGETFUL_RETENTION)
        return None


GAME = PiedsDansLePlat()
