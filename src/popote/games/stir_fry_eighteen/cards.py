"""The 18 cards of Stir-Fry Eighteen, what they draw, and how a dish scores.

>>> dish_points({CREVETTE, GINGEMBRE, SAUCE_SOJA, NOUILLES})
17
>>> dish_points({PORC, CHAMPIGNONS, NOUILLES})
11
>>> len(DISHES), min(d.points for d in DISHES), max(d.points for d in DISHES)
(91, 4, 24)
"""

from __future__ import annotations

import enum
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from itertools import combinations

from popote.core.actions import Action
from popote.core.i18n import Text

CREVETTE = "crevette"
PORC = "porc"
POULET = "poulet"
GINGEMBRE = "gingembre"
OIGNON_VERT = "oignon_vert"
SAUCE_SOJA = "sauce_soja"
CHAMPIGNONS = "champignons"
NOUILLES = "nouilles"

# Canonical order: the order of every list of cards the game shows.
KINDS: tuple[str, ...] = (
    CREVETTE,
    PORC,
    POULET,
    GINGEMBRE,
    OIGNON_VERT,
    SAUCE_SOJA,
    CHAMPIGNONS,
    NOUILLES,
)
ORDER: dict[str, int] = {kind: index for index, kind in enumerate(KINDS)}
COUNTS: dict[str, int] = {
    CREVETTE: 1,
    PORC: 1,
    POULET: 1,
    GINGEMBRE: 2,
    OIGNON_VERT: 2,
    SAUCE_SOJA: 3,
    CHAMPIGNONS: 3,
    NOUILLES: 5,
}
DECK_SIZE = sum(COUNTS.values())
PROTEIN_DRAWS: dict[str, int] = {POULET: 2, PORC: 3, CREVETTE: 4}
PROTEINS: tuple[str, ...] = (POULET, PORC, CREVETTE)
PAIR_DRAWS = 3
HAND_SIZE = 3
HAND_LIMIT = 3
DISH_MIN = 3
DISH_MAX = 5
TEST_PENALTY = 5
BASE_TARGET = 50
STAR_TARGET = 300

NAMES: dict[str, Text] = {
    CREVETTE: Text("crevette", "shrimp"),
    PORC: Text("porc", "pork"),
    POULET: Text("poulet", "chicken"),
    GINGEMBRE: Text("gingembre", "ginger"),
    OIGNON_VERT: Text("oignon vert", "green onion"),
    SAUCE_SOJA: Text("sauce soja", "soy sauce"),
    CHAMPIGNONS: Text("champignons", "mushrooms"),
    NOUILLES: Text("nouilles", "noodles"),
}


class Phase(enum.Enum):
    TURN = "turn"
    TEST_WINDOW = "test_window"
    TRIM = "trim"
    OVER = "over"


class DiscardKind(enum.Enum):
    PAIR = "pair"
    PROTEIN = "protein"


class Overshoot(enum.Enum):
    """What a dish that would pass the exact target does (variant En plein dans le mille)."""

    BUST = "bust"
    FORBIDDEN = "forbidden"


class RoundEnd(enum.Enum):
    """Finish-the-round variant: what ends the game when the round is over."""

    REACHED = "reached"  # someone reached the target during the round, even if they fell back
    HELD = "held"  # someone is still at the target when the round ends


class FirstPlayer(enum.Enum):
    """Who opens the first round: drawn from the match's chance, or the first seat."""

    RANDOM = "random"
    SEAT1 = "seat1"


class EndReason(enum.Enum):
    TARGET = "target"
    ROUND_FINISHED = "round_finished"
    ROUND_LIMIT = "round_limit"


def sort_cards(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=ORDER.__getitem__)


def card_value(card: str, dish: Collection[str]) -> int:
    """The best value of ``card`` given the other ingredients of ``dish``."""
    if card == CREVETTE:
        if GINGEMBRE in dish:
            return 11 if SAUCE_SOJA in dish else 9
        return 6
    if card == PORC:
        return 8 if CHAMPIGNONS in dish else 5
    if card == POULET:
        if OIGNON_VERT in dish:
            return 7 if GINGEMBRE in dish else 5
        return 3
    if card == GINGEMBRE:
        return 4 if PORC in dish else 2
    if card == OIGNON_VERT:
        return 5 if CREVETTE in dish else 3
    if card == SAUCE_SOJA:
        if GINGEMBRE in dish:
            return 3
        return 2 if OIGNON_VERT in dish else 1
    if card == CHAMPIGNONS:
        return 3 if POULET in dish else 2
    return 1


def dish_points(dish: Collection[str]) -> int:
    return sum(card_value(card, dish) for card in dish)


def mask_of(kinds: Iterable[str]) -> int:
    mask = 0
    for kind in kinds:
        mask |= 1 << ORDER[kind]
    return mask


@dataclass(frozen=True)
class Dish:
    """One dish a hand may allow: its cards (canonical order), points and shared action."""

    cards: tuple[str, ...]
    points: int
    mask: int
    action: Action


def dish_key(cards: Iterable[str]) -> str:
    return "+".join(sort_cards(cards))


def _all_dishes() -> tuple[Dish, ...]:
    others = [kind for kind in KINDS if kind != NOUILLES]
    found: list[Dish] = []
    for size in range(DISH_MIN - 1, DISH_MAX):
        for combo in combinations(others, size):
            cards = tuple(sort_cards((*combo, NOUILLES)))
            points = dish_points(cards)
            action = Action(type="cook", dish=dish_key(cards), points=points)
            found.append(Dish(cards, points, mask_of(cards), action))
    return tuple(found)


DISHES: tuple[Dish, ...] = _all_dishes()
DISH_BY_KEY: dict[str, Dish] = {dish.action["dish"]: dish for dish in DISHES}

END_TURN = Action(type="end_turn")
TASTE_TEST = Action(type="taste_test")
PASS = Action(type="pass")
TRIM: dict[str, Action] = {kind: Action(type="trim", card=kind) for kind in KINDS}
DISCARD_PROTEIN: dict[tuple[str, str], Action] = {
    (kind, claim): Action(type="discard_protein", card=kind, claim=claim)
    for kind in KINDS
    for claim in PROTEINS
}
DISCARD_PAIR: dict[tuple[str, str], Action] = {
    (first, second): Action(type="discard_pair", first=first, second=second)
    for i, first in enumerate(KINDS)
    for second in KINDS[i:]
}
