"""The options of a Bouillabaisse match, read once into a typed configuration."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from popote.core.chance import Chance
from popote.core.game import Options
from popote.games.bouillabaisse.cards import (
    CARD_ID,
    FIGURES,
    FIXED_FIGURE,
    FIXED_SUIT,
    SUITS,
    CardChoice,
    Decks,
    FigureChoice,
    SuitChoice,
    build_pack,
    deck_count,
)
from popote.games.bouillabaisse.scoring import Scope, Targets


class DrawTime(enum.Enum):
    """When the random suit, figure and card are drawn and announced."""

    GAME = "game"  # all three at the start of the game
    MANCHE = "manche"  # each at the start of the manche where it first scores (2, 3, 4)


class Duplicate(enum.Enum):
    """Two identical cards (two decks) in one trick: which of them is the stronger."""

    FIRST = "first"  # the copy played first keeps the trick
    LAST = "last"  # the copy played later takes it over


# The manche at whose start each random target is drawn with DrawTime.MANCHE.
SUIT_DRAWN_AT = 2
FIGURE_DRAWN_AT = 3
CARD_DRAWN_AT = 4


@dataclass(frozen=True, slots=True)
class Config:
    players: int
    decks: int
    suit: SuitChoice
    figure: FigureChoice
    card: CardChoice
    draw: DrawTime
    duplicate: Duplicate
    tout_ou_rien: bool
    scope: Scope

    @classmethod
    def from_options(cls, players: int, options: Options) -> Config:
        return cls(
            players=players,
            decks=deck_count(players, Decks(options.get("decks", Decks.AUTO.value))),
            suit=SuitChoice(options.get("suit", SuitChoice.RANDOM.value)),
            figure=FigureChoice(options.get("figure", FigureChoice.RANDOM.value)),
            card=CardChoice(options.get("card", CardChoice.RANDOM.value)),
            draw=DrawTime(options.get("draw", DrawTime.GAME.value)),
            duplicate=Duplicate(options.get("duplicate", Duplicate.FIRST.value)),
            tout_ou_rien=bool(options.get("tout_ou_rien", False)),
            scope=Scope(options.get("tout_ou_rien_scope", Scope.RULE.value)),
        )

    def pack(self) -> tuple[list[int], list[int]]:
        return build_pack(self.players, self.decks)

    def fixed_targets(self) -> Targets:
        """What the options fix before any draw (known to all from the start)."""
        return Targets(
            suit=FIXED_SUIT.get(self.suit),
            rank=FIXED_FIGURE.get(self.figure),
            card=None if self.card is CardChoice.RANDOM else CARD_ID[self.card.value],
        )

    def draw_targets(self, manche: int, targets: Targets, chance: Chance) -> Targets:
        """Draw the random targets due at the start of ``manche`` (0: the game's start)."""
        due_game = self.draw is DrawTime.GAME and manche == 0
        suit, rank, card = targets.suit, targets.rank, targets.card
        if suit is None and (due_game or manche == SUIT_DRAWN_AT):
            suit = chance.below(len(SUITS))
        if rank is None and (due_game or manche == FIGURE_DRAWN_AT):
            rank = chance.choice(FIGURES)
        if card is None and (due_game or manche == CARD_DRAWN_AT):
            card = chance.choice(sorted(set(self.pack()[0])))
        return Targets(suit, rank, card)
