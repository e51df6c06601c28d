"""Boom Badaboom: a hidden-role card game around a temperamental oven and a growing cake."""

from __future__ import annotations

from popote.bots.base import Bot
from popote.core.actions import Event
from popote.core.chance import Chance
from popote.core.game import (
    PLAYERS,
    BalanceConfig,
    BalanceMeasure,
    BalanceStudy,
    Game,
    GameSpec,
    GameState,
    Options,
)
from popote.core.i18n import LANGUAGES, Text
from popote.core.options import Option, OptionValue
from popote.core.wording import NBSP, percent
from popote.games.boom_badaboom.bot import BoomHeuristicBot
from popote.games.boom_badaboom.cards import (
    DEFAULT_DIFFICULTY,
    DIFFICULTIES,
    NAME,
    Difficulty,
    Side,
)
from popote.games.boom_badaboom.names import LEVELS
from popote.games.boom_badaboom.rules import BoomState
from popote.games.boom_badaboom.text import SUMMARY, BoomPresenter

SPEC = GameSpec(
    name=NAME,
    title=Text("Boom Badaboom", "Boom Badaboom"),
    min_players=1,
    max_players=5,
    default_players=4,
    search_iterations=500,
    search_depth=1,
    heuristic_rollouts=True,
    search_prior=True,
    options=(
        Option.choice(
            "difficulty",
            DEFAULT_DIFFICULTY,
            Text(
                "Niveau : capacité du four et nombre de tours (cupcake, genoise, eclair, "
                "tarte_tatin, piece_montee)",
                "Level: oven capacity and number of rounds (cupcake, genoise, eclair, "
                "tarte_tatin, piece_montee)",
            ),
            list(DIFFICULTIES),
        ),
        Option.choice(
            "mode",
            "auto",
            Text(
                "auto : rôles cachés de 3 à 5 joueurs, coopératif à 2, solo à 1 ; "
                "coop : variante coopérative quel que soit le nombre",
                "auto: hidden roles for 3 to 5 players, cooperative for 2, solo for 1; "
                "coop: the cooperative variant at any player count",
            ),
            ["auto", "coop"],
        ),
        Option.choice(
            "timer",
            "difficulty",
            Text(
                "Minuteur final : dans les 3 derniers tours du niveau (difficulty) ou entre "
                "les tours 8 et 10 comme la mise en place du livret (rulebook)",
                "Final timer: in the level's last 3 rounds (difficulty) or between rounds 8 "
                "and 10 as in the rulebook's setup (rulebook)",
            ),
            ["difficulty", "rulebook"],
        ),
        Option.choice(
            "tablier",
            "played",
            Text(
                "Tablier de Protection : annule la carte jouée, quel que soit le haut de la "
                "chaîne (played), ou la carte juste en dessous, réactive comprise (chain)",
                "Protective Apron: cancels the played card whatever tops the chain (played), "
                "or the card just below it, reactive ones included (chain)",
            ),
            ["played", "chain"],
        ),
        Option.choice(
            "cooling",
            "complete",
            Text(
                "Cartes Refroidissement : 24 comme annoncé, avec une ligne de cinq −5 "
                "(complete), ou les 19 des lignes imprimées (rows)",
                "Cooling cards: 24 as announced, with a row of five −5 (complete), or the 19 "
                "of the printed rows (rows)",
            ),
            ["complete", "rows"],
        ),
        Option.choice(
            "glouton_count",
            "objectives",
            Text(
                "Décompte final : le Glouton gagne avec 2 cartes Objectif en main "
                "(objectives), ou seulement si le gâteau est aussi entre 15 et 18 (perfect)",
                "Final count: the Glutton wins holding 2 Objective cards (objectives), or "
                "only if the cake is also between 15 and 18 (perfect)",
            ),
            ["objectives", "perfect"],
        ),
        Option.choice(
            "glouton_deal",
            "dealt",
            Text(
                "Cartes Objectif : le Glouton en reçoit 2 en plus de ses 5 cartes (dealt), ou "
                "les 5 vont dans la pioche et chacun reçoit 5 cartes (deck)",
                "Objective cards: the Glutton is dealt 2 on top of its 5 cards (dealt), or all "
                "5 go into the deck and everyone is dealt 5 cards (deck)",
            ),
            ["dealt", "deck"],
        ),
        Option.choice(
            "roles",
            "rulebook",
            Text(
                "Rôles à 4 joueurs : 1 Pâtissier et 2 Farceurs comme le livret (rulebook), ou "
                "2 Pâtissiers et 1 Farceur avec la seconde carte Pâtissier (two_bakers)",
                "Roles at 4 players: 1 Baker and 2 Pranksters as in the rulebook (rulebook), "
                "or 2 Bakers and 1 Prankster with the box's second Baker card (two_bakers)",
            ),
            ["rulebook", "two_bakers"],
        ),
    ),
    summary=SUMMARY,
)


class BoomBadaboom(Game):
    spec = SPEC
    presenter = BoomPresenter()

    def new_state(
        self, players: int, options: Options, chance: Chance
    ) -> tuple[GameState, list[Event]]:
        return BoomState.deal(players, options, chance)

    def heuristic_bot(self, seat: int, seed: int) -> Bot:
        return BoomHeuristicBot(seat, seed)

    def balance_study(self) -> BalanceStudy:
        """The designer's difficulty table: side win rates per level and player count, as
        written, then the hidden-role rows again with ``glouton_count=perfect``, then with the
        balanced preset."""
        as_written = [
            level_config(level, players, VARIANTS.get(players, ROLES_VARIANT), {})
            for level in DIFFICULTIES.values()
            for players in (3, 4, 5, 2, 1)
        ]
        perfect = [
            level_config(level, players, PERFECT_VARIANT, {"glouton_count": "perfect"})
            for level in DIFFICULTIES.values()
            for players in (3, 4, 5)
        ]
        balanced = [
            level_config(level, players, BALANCED_VARIANT, BALANCED_PRESET)
            for level in DIFFICULTIES.values()
            for players in (3, 4, 5)
        ]
        return BalanceStudy(
            title=Text("Table des difficultés", "Difficulty table"),
            measure=BalanceMeasure.SIDES,
            configs=(*as_written, *perfect, *balanced),
            group_names=SIDE_NAMES,
        )


ROLES_VARIANT = ("roles", Text("rôles cachés", "hidden roles"))
PERFECT_VARIANT = (
    "perfect",
    Text("rôles cachés, Glouton au gâteau parfait", "hidden roles, Glutton needs the perfect cake"),
)
BALANCED_VARIANT = (
    "balanced",
    Text("rôles cachés, préréglage équilibré", "hidden roles, balanced preset"),
)
BALANCED_PRESET: dict[str, OptionValue] = {"glouton_deal": "deck", "roles": "two_bakers"}
"""The table options that bring the Pâtissiers' win rates closest to the rulebook's ladder
(docs/balance/boom-badaboom.md): objective cards in the deck, two Pâtissiers at four."""
VARIANTS = {
    1: ("solo", Text("solo", "solo")),
    2: ("coop", Text("coopératif", "cooperative")),
}
SIDE_NAMES = {
    Side.PATISSIERS.value: Text("Pâtissiers", "Bakers"),
    Side.FARCEURS.value: Text("Farceurs", "Pranksters"),
    Side.GLOUTON.value: Text("Glouton", "Glutton"),
    Side.TEAM.value: Text("Équipe", "Team"),
}
"""The sides of ``result()["sides"]``, as the balance table and ``popote simulate`` name them."""


def level_config(
    level: Difficulty, players: int, variant: tuple[str, Text], options: dict[str, OptionValue]
) -> BalanceConfig:
    """A row of the difficulty table: ``genoise 3p roles`` in the JSON, ``Génoise, 3 joueurs,
    rôles cachés`` for people."""
    key, name = variant
    claimed = level.claimed_success
    return BalanceConfig(
        f"{level.key} {players}p {key}",
        players,
        {"difficulty": level.key, **options},
        claim=Text(f"≈{NBSP}{percent(claimed, 'fr', 0)}", f"~{percent(claimed, 'en', 0)}"),
        title=Text(
            *(
                f"{LEVELS[level.key].get(lang)}, {PLAYERS.render(players, lang)}, {name.get(lang)}"
                for lang in LANGUAGES
            )
        ),
    )


GAME = BoomBadaboom()
