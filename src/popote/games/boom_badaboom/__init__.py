"""Boom Badaboom: a hidden-role card game around a temperamental oven and a growing cake."""

from __future__ import annotations

from popote.core.actions import Event
from popote.core.bot import Bot
from popote.core.calibration import (
    RATE_TOLERANCE,
    CalibrationCell,
    CalibrationStudy,
    Parameter,
    Target,
)
from popote.core.chance import Chance
from popote.core.errors import InvalidSetup
from popote.core.game import Game, GameSpec, GameState, Options
from popote.core.i18n import LANGUAGES, Text
from popote.core.options import Option, OptionValue
from popote.core.studies import BalanceConfig, BalanceMeasure, BalanceStudy
from popote.core.wording import NBSP, PLAYERS, percent
from popote.games.boom_badaboom.bot import BoomHeuristicBot
from popote.games.boom_badaboom.cards import (
    BALANCED_PRESET as BALANCED_PRESET,
)
from popote.games.boom_badaboom.cards import (
    DEFAULT_DIFFICULTY,
    DIFFICULTIES,
    MAX_CAPACITY,
    MAX_ROUNDS,
    MIN_ROUNDS,
    NAME,
    OVEN_UP_CARDS,
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
    review_thresholds=(0.05, 0.1, 0.2),
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
            labels=LEVELS,
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
            labels={
                "auto": Text(
                    "selon le nombre de joueurs : rôles cachés de 3 à 5, coopératif à 2, solo à 1",
                    "by the player count: hidden roles from 3 to 5, cooperative at 2, solo at 1",
                ),
                "coop": Text(
                    "coopératif quel que soit le nombre de joueurs",
                    "cooperative at any player count",
                ),
            },
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
            labels={
                "difficulty": Text(
                    "dans les 3 derniers tours du niveau", "in the level's last 3 rounds"
                ),
                "rulebook": Text(
                    "entre les tours 8 et 10, comme le livret",
                    "between rounds 8 and 10, as in the rulebook",
                ),
            },
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
            labels={
                "played": Text("annule la carte jouée", "cancels the played card"),
                "chain": Text("annule la carte juste en dessous", "cancels the card just below"),
            },
        ),
        Option.choice(
            "own_card",
            "react",
            Text(
                "Cartes réactives sur sa propre carte : permises, pour la doubler ou "
                "l'inverser (react), ou réservées aux autres joueurs (others)",
                "Reactive cards on one's own card: allowed, to boost or turn it (react), or "
                "left to the other players (others)",
            ),
            ["react", "others"],
            labels={
                "react": Text("permises sur sa propre carte", "allowed on one's own card"),
                "others": Text("réservées aux autres joueurs", "left to the other players"),
            },
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
            labels={
                "complete": Text("24 cartes, dont cinq −5", "24 cards, five of them −5"),
                "rows": Text("les 19 des lignes imprimées", "the 19 of the printed rows"),
            },
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
            labels={
                "objectives": Text("2 cartes Objectif en main", "2 Objective cards in hand"),
                "perfect": Text(
                    "2 cartes Objectif et un gâteau entre 15 et 18",
                    "2 Objective cards and a cake between 15 and 18",
                ),
            },
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
            labels={
                "dealt": Text("2 cartes de plus pour le Glouton", "2 more cards for the Glutton"),
                "deck": Text("dans la pioche", "in the deck"),
            },
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
            labels={
                "rulebook": Text(
                    "1 Pâtissier et 2 Farceurs, comme le livret",
                    "1 Baker and 2 Pranksters, as in the rulebook",
                ),
                "two_bakers": Text("2 Pâtissiers et 1 Farceur", "2 Bakers and 1 Prankster"),
            },
        ),
        Option.choice(
            "difficulty_table",
            "rulebook",
            Text(
                "Table des niveaux : celle du livret (rulebook), ou la table maison de Popote, "
                "réglée pour que chaque niveau tienne le taux de réussite promis "
                "(calibrated : capacité, tours et gâteau de départ selon le niveau et le "
                "nombre de joueurs)",
                "Level table: the rulebook's (rulebook), or Popote's house table, tuned so "
                "that each level keeps its promised success rate (calibrated: capacity, rounds "
                "and starting cake by level and player count)",
            ),
            ["rulebook", "calibrated"],
            labels={
                "rulebook": Text("celle du livret", "the rulebook's"),
                "calibrated": Text(
                    "la table maison de Popote, réglée sur les taux promis",
                    "Popote's house table, tuned to the promised rates",
                ),
            },
        ),
        Option.integer(
            "capacity",
            0,
            Text(
                "Capacité du four au départ (0 : celle de la table des niveaux)",
                "Oven capacity at the start (0: the level table's)",
            ),
            minimum=0,
            maximum=MAX_CAPACITY,
        ),
        Option.integer(
            "rounds",
            0,
            Text(
                f"Nombre de tours, de {MIN_ROUNDS} à {MAX_ROUNDS} (0 : celui de la table des niveaux)",
                f"Number of rounds, {MIN_ROUNDS} to {MAX_ROUNDS} (0: the level table's)",
            ),
            minimum=0,
            maximum=MAX_ROUNDS,
        ),
        Option.integer(
            "start_size",
            0,
            Text(
                "Taille du gâteau au départ (0 : celle de la table des niveaux)",
                "Cake size at the start (0: the level table's)",
            ),
            minimum=0,
            maximum=MAX_CAPACITY,
        ),
        Option.integer(
            "fewer_oven_up",
            0,
            Text(
                "Cartes Four élargi laissées dans la boîte (0 : celles de la table des "
                "niveaux, aucune hors table maison)",
                "Bigger Oven cards left in the box (0: the level table's, none outside the "
                "house table)",
            ),
            minimum=0,
            maximum=OVEN_UP_CARDS,
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

    def check_setup(self, players: int, options: Options) -> None:
        rounds = options.get("rounds", 0)
        if isinstance(rounds, int) and 0 < rounds < MIN_ROUNDS:
            raise InvalidSetup(
                Text(
                    "rounds : au moins {least} (deux événements et le Minuteur final sont au "
                    "fond de la pile), ou 0 pour la table des niveaux",
                    "rounds: at least {least} (two events and the final timer lie at the "
                    "bottom of the pile), or 0 for the level table's",
                ).format(least=MIN_ROUNDS)
            )

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

    def calibration_study(self) -> CalibrationStudy:
        """The rulebook's success ladder, per level and player count: the oven's capacity,
        the number of rounds and the cake's starting size may move (no rounds in solo, which
        has no timer); the Pâtissiers' win rate, or the team's, should meet the level's
        promise."""
        return CalibrationStudy(
            title=Text("Table des niveaux calibrée", "Calibrated level table"),
            cells=tuple(
                CalibrationCell(
                    level_config(
                        level, players, VARIANTS.get(players, ROLES_VARIANT), CALIBRATED_TABLE
                    ),
                    LADDER_PARAMETERS if players > 1 else SOLO_PARAMETERS,
                    (Target(ladder_side(players), level.claimed_success, RATE_TOLERANCE),),
                )
                for level in DIFFICULTIES.values()
                for players in LADDER_PLAYERS
            ),
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
VARIANTS = {
    1: ("solo", Text("solo", "solo")),
    2: ("coop", Text("coopératif", "cooperative")),
}
CALIBRATED_TABLE: dict[str, OptionValue] = {"difficulty_table": "calibrated"}
LADDER_PLAYERS = (3, 4, 5, 2, 1)
"""The columns of the ladder: hidden roles at 3 to 5 players, coop at 2, solo."""
SOLO_PARAMETERS = (
    Parameter.integer("capacity", 8, 30),
    # A cake above the capacity would explode at the first card: no table a person would play.
    Parameter.integer("start_size", 1, 16, at_most="capacity"),
)
LADDER_PARAMETERS = (*SOLO_PARAMETERS, Parameter.integer("rounds", MIN_ROUNDS, MAX_ROUNDS))


def ladder_side(players: int) -> str:
    """Whose success the rulebook's ladder promises: the Pâtissiers', or the team's without
    roles."""
    side = Side.PATISSIERS if players >= 3 else Side.TEAM
    return f"side:{side.value}"


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
