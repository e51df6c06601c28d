"""The cards of Les Pieds dans le Plat and the numbers that shape a match."""

from __future__ import annotations

import enum

from popote.core.actions import Action

NUMBER_CARD_COUNTS: dict[int, int] = {0: 8, 1: 6, 2: 6, 3: 6, 4: 6, 5: 6, 6: 6, 7: 6, 8: 4, 9: 4}
ISLAND_VALUES: tuple[int, ...] = tuple(range(10, 31))
PENALTY_CARDS = 17
PENALTY_LIMIT = 4
HAND_SIZE = 3
TURN_ABOVE = 30
TURN_BELOW = 10

PLAY: dict[int, Action] = {card: Action(type="play", card=card) for card in NUMBER_CARD_COUNTS}


def islands_per_player(players: int) -> int:
    return 2 if players <= 3 else 1


class Direction(enum.Enum):
    UP = "up"
    DOWN = "down"


class EmptyPileRule(enum.Enum):
    RESHUFFLE = "reshuffle"
    END = "end"


class EndReason(enum.Enum):
    FOURTH_PENALTY = "fourth_penalty"
    LAST_ISLAND = "last_island"
    EMPTY_PILE = "empty_pile"
