"""La Bouillabaisse: six manches of tricks to avoid (then to take), 2 to 12 players."""

from __future__ import annotations

from popote.core.actions import Event
from popote.core.bot import Bot
from popote.core.chance import Chance
from popote.core.game import Game, GameSpec, GameState, Options
from popote.core.i18n import Text
from popote.core.options import Option
from popote.games.bouillabaisse.bot import BouillabaisseBot
from popote.games.bouillabaisse.cards import (
    MAX_PLAYERS,
    TWO_DECKS_FROM,
    CardChoice,
    Decks,
    FigureChoice,
    SuitChoice,
)
from popote.games.bouillabaisse.config import DrawTime, Duplicate
from popote.games.bouillabaisse.picture import DrawingPresenter
from popote.games.bouillabaisse.rules import NAME, BouillabaisseState
from popote.games.bouillabaisse.scoring import Scope
from popote.games.bouillabaisse.text import SUMMARY


def _values(
    kind: type[Decks | SuitChoice | FigureChoice | CardChoice | DrawTime | Duplicate | Scope],
) -> list[str]:
    return [member.value for member in kind]


AT_RANDOM = Text("au hasard", "at random")

SPEC = GameSpec(
    name=NAME,
    title=Text("La Bouillabaisse", "Bouillabaisse"),
    min_players=2,
    max_players=MAX_PLAYERS,
    default_players=4,
    search_iterations=150,
    # Each manche is dealt anew: its points are what a move changes; later ones add noise.
    review_horizon=1,
    review_thresholds=(10.0, 25.0, 50.0),
    # 32 worlds gave labels that agreed with 128 on 89 % of decisions; 64 on 95 % of them
    # with 256 (python -m benchmarks.review, benchmarks/README.md), in about 20 s a game.
    review_worlds=64,
    search_depth=1,
    heuristic_rollouts=True,
    search_prior=True,
    search_horizon=1,
    options=(
        Option.choice(
            "decks",
            Decks.AUTO.value,
            Text(
                f"Jeux de 52 cartes : auto (un jusqu'à {TWO_DECKS_FROM - 1} joueurs, deux "
                f"à partir de {TWO_DECKS_FROM}), one (un) ou two (deux)",
                f"52-card decks: auto (one up to {TWO_DECKS_FROM - 1} players, two from "
                f"{TWO_DECKS_FROM}), one or two",
            ),
            _values(Decks),
            labels={
                "auto": Text("selon le nombre de joueurs", "by the player count"),
                "one": Text("un jeu", "one deck"),
                "two": Text("deux jeux", "two decks"),
            },
        ),
        Option.choice(
            "suit",
            SuitChoice.RANDOM.value,
            Text(
                "Couleur à 10 points : tirée au hasard (random) ou choisie : trèfle (clubs), "
                "carreau (diamonds), cœur (hearts), pique (spades)",
                "10-point suit: drawn at random or chosen: clubs, diamonds, hearts, spades",
            ),
            _values(SuitChoice),
            labels={
                "random": AT_RANDOM,
                "clubs": Text("trèfle", "clubs"),
                "diamonds": Text("carreau", "diamonds"),
                "hearts": Text("cœur", "hearts"),
                "spades": Text("pique", "spades"),
            },
        ),
        Option.choice(
            "figure",
            FigureChoice.RANDOM.value,
            Text(
                "Figure à 50 points : tirée au hasard (random) entre valet, dame et roi, ou "
                "choisie : valets (jacks), dames (queens), rois (kings)",
                "50-point figure: drawn at random among jack, queen and king, or chosen: "
                "jacks, queens, kings",
            ),
            _values(FigureChoice),
            labels={
                "random": AT_RANDOM,
                "jacks": Text("les valets", "jacks"),
                "queens": Text("les dames", "queens"),
                "kings": Text("les rois", "kings"),
            },
        ),
        Option.choice(
            "card",
            CardChoice.RANDOM.value,
            Text(
                "Carte à 200 points : tirée au hasard (random), roi de cœur (KH) ou roi de "
                "pique (KS)",
                "200-point card: drawn at random, king of hearts (KH) or king of spades (KS)",
            ),
            _values(CardChoice),
            labels={
                "random": AT_RANDOM,
                "KH": Text("le roi de cœur", "the king of hearts"),
                "KS": Text("le roi de pique", "the king of spades"),
            },
        ),
        Option.choice(
            "draw",
            DrawTime.GAME.value,
            Text(
                "Tirages au hasard annoncés au début de la partie (game) ou au début de la "
                "manche où chacun compte pour la première fois (manche)",
                "Random draws announced at the start of the game (game) or at the start of "
                "the deal where each first scores (manche)",
            ),
            _values(DrawTime),
            labels={
                "game": Text("au début de la partie", "at the start of the game"),
                "manche": Text(
                    "au début de la manche où chacun compte",
                    "at the start of the deal where each first scores",
                ),
            },
        ),
        Option.choice(
            "duplicate",
            Duplicate.FIRST.value,
            Text(
                "Deux jeux, deux cartes identiques dans un pli : la première posée l'emporte "
                "(first) ou la dernière (last)",
                "Two decks, two identical cards in one trick: the first played wins (first) "
                "or the last (last)",
            ),
            _values(Duplicate),
            labels={
                "first": Text("la première posée l'emporte", "the first played wins"),
                "last": Text("la dernière posée l'emporte", "the last played wins"),
            },
        ),
        Option.boolean(
            "tout_ou_rien",
            False,
            Text(
                "Tout ou rien : qui prend tout ce qu'une règle compte (sauf la carte à 200) "
                "voit ces points changer de signe",
                "All or nothing: whoever takes everything a rule counts (except the "
                "200-point card) has those points' sign reversed",
            ),
        ),
        Option.choice(
            "tout_ou_rien_scope",
            Scope.RULE.value,
            Text(
                "Tout ou rien aux manches 5 et 6 : règle par règle (rule) ou pour toute la "
                "manche, qui prend toutes les cartes à points voit tout son score de la manche "
                "changer de signe (manche)",
                "All or nothing in deals 5 and 6: rule by rule (rule) or for the whole deal, "
                "whoever takes every point card has the deal's whole score reversed (manche)",
            ),
            _values(Scope),
            labels={
                "rule": Text("règle par règle", "rule by rule"),
                "manche": Text("pour toute la manche", "for the whole deal"),
            },
        ),
    ),
    summary=SUMMARY,
)


class Bouillabaisse(Game):
    spec = SPEC
    presenter = DrawingPresenter()

    def new_state(
        self, players: int, options: Options, chance: Chance
    ) -> tuple[GameState, list[Event]]:
        return BouillabaisseState.deal(players, options, chance)

    def heuristic_bot(self, seat: int, seed: int) -> Bot:
        return BouillabaisseBot(seat, seed)


GAME = Bouillabaisse()
