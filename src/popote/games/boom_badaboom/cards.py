"""The cards, roles, events and difficulty levels of Boom Badaboom, and the numbers of a match."""

from __future__ import annotations

import enum
from dataclasses import dataclass

NAME = "boom-badaboom"
START_SIZE = 10
HAND_SIZE = 5
SOLO_HAND_SIZE = 7
GLOUTON_OBJECTIVES = 2
GLOUTON_ZONE = (15, 18)
MYSTERY_VALUES = (1, 2, 3, 4, 5)
VENT_ABOVE = 15
VENT_DROP = 3
REHEAT_BELOW = 10
REHEAT_RISE = 2
RULEBOOK_TIMER_ROUNDS = 10


class Category(enum.Enum):
    HEAT = "heat"
    COOL = "cool"
    ACTION = "action"
    REACTIVE = "reactive"
    OBJECTIVE = "objective"


class Role(enum.Enum):
    PATISSIER = "patissier"
    FARCEUR = "farceur"
    GLOUTON = "glouton"


class Mode(enum.Enum):
    ROLES = "roles"
    COOP = "coop"
    SOLO = "solo"


class Phase(enum.Enum):
    PLAY = "play"
    REACT = "react"
    STEAL = "steal"
    RECOVER = "recover"
    AIM = "aim"  # a fumbled action card: its new player chooses the target
    OVER = "over"


class EndReason(enum.Enum):
    EXPLOSION = "explosion"
    GLOUTON = "glouton"
    TIMER = "timer"
    EMPTY_DECK = "empty_deck"


class Side(enum.Enum):
    PATISSIERS = "patissiers"
    FARCEURS = "farceurs"
    GLOUTON = "glouton"
    TEAM = "equipe"
    OVEN = "four"


class LinkMode(enum.Enum):
    """How a card sits in a reaction chain."""

    MAIN = "main"
    CANCEL = "cancel"
    INVERT = "invert"
    REDIRECT = "redirect"
    BOOST = "boost"


@dataclass(frozen=True)
class CardKind:
    key: str
    category: Category
    value: int = 0  # 0 for a mystery "?" value
    targeted: bool = False

    @property
    def signed(self) -> bool:
        """Heat, cooling and the two oven cards: a Renvoi flips them, a boost doubles them."""
        return self.category in (Category.HEAT, Category.COOL) or self.key in (OVEN_UP, OVEN_DOWN)


PEEK = "peek"  # Coup d'œil gourmand
ACCIDENT = "accident"  # Accident de cuisine
FUMBLE = "fumble"  # Maladresse
OVEN_UP = "oven_up"  # Four élargi
OVEN_DOWN = "oven_down"  # Four rétréci
RECOVER = "recover"  # Récupération d'ingrédient
SWAP = "swap"  # Échange de Tablier
APRON = "apron"  # Tablier de Protection
SPATULA = "spatula"  # Renvoi de spatule
BOOST = "boost"  # Coup de boost

# Counts per kind, following each row of the rulebook's tables, plus the cooling table's
# missing row of five -5 cards (24 cooling cards, as announced; option cooling=rows drops it).
DECK_COUNTS: dict[CardKind, int] = {
    CardKind("heat1", Category.HEAT, 1): 5,
    CardKind("heat2", Category.HEAT, 2): 6,
    CardKind("heat3", Category.HEAT, 3): 5,
    CardKind("heat4", Category.HEAT, 4): 4,
    CardKind("heat5", Category.HEAT, 5): 2,
    CardKind("heat_x", Category.HEAT, 0): 2,
    CardKind("cool1", Category.COOL, 1): 5,
    CardKind("cool2", Category.COOL, 2): 5,
    CardKind("cool3", Category.COOL, 3): 5,
    CardKind("cool4", Category.COOL, 4): 2,
    CardKind("cool5", Category.COOL, 5): 5,
    CardKind("cool_x", Category.COOL, 0): 2,
    CardKind(PEEK, Category.ACTION, targeted=True): 3,
    CardKind(ACCIDENT, Category.ACTION, targeted=True): 3,
    CardKind(FUMBLE, Category.ACTION, targeted=True): 2,
    CardKind(OVEN_UP, Category.ACTION): 3,
    CardKind(OVEN_DOWN, Category.ACTION): 3,
    CardKind(RECOVER, Category.ACTION): 4,
    CardKind(SWAP, Category.ACTION, targeted=True): 1,
    CardKind(APRON, Category.REACTIVE): 4,
    CardKind(SPATULA, Category.REACTIVE): 4,
    CardKind(BOOST, Category.REACTIVE): 3,
}
OBJECTIVES: tuple[CardKind, ...] = tuple(
    CardKind(key, Category.OBJECTIVE)
    for key in ("cherries", "caramel", "macarons", "chantilly", "gummies")
)

# Every physical card has an id: its index here. Objective cards come last.
CARDS: tuple[CardKind, ...] = (
    *(kind for kind, count in DECK_COUNTS.items() for _ in range(count)),
    *OBJECTIVES,
)
KIND_BY_KEY: dict[str, CardKind] = {kind.key: kind for kind in CARDS}
OBJECTIVE_IDS: tuple[int, ...] = tuple(range(len(CARDS) - len(OBJECTIVES), len(CARDS)))
DECK_IDS: tuple[int, ...] = tuple(range(len(CARDS) - len(OBJECTIVES)))
MISSING_ROW = "cool5"


def deck_ids(cooling: str) -> list[int]:
    """The draw pile's cards; ``cooling="rows"`` leaves out the row the table does not print."""
    return [card for card in DECK_IDS if cooling != "rows" or CARDS[card].key != MISSING_ROW]


def kind_of(card: int) -> CardKind:
    return CARDS[card]


def key_of(card: int) -> str:
    return CARDS[card].key


class Event(enum.Enum):
    INGREDIENT_SWAP = "ingredient_swap"  # Échange d'Ingrédients
    OVEN_BROKEN = "oven_broken"  # Four en panne
    SURPRISE_INVENTORY = "surprise_inventory"  # Inventaire surprise
    OPEN_KITCHEN = "open_kitchen"  # Cuisine ouverte
    OVEN_HAYWIRE = "oven_haywire"  # Four déréglé
    SPLASHES = "splashes"  # Éclaboussures
    DOUBLE_INTENSITY = "double_intensity"  # Double intensité
    CLUMSINESS = "clumsiness"  # Maladresse (the event)
    POWER_CUT = "power_cut"  # Panne d'électricité
    EXPRESS_SERVICE = "express_service"  # Service express
    KITCHEN_MESS = "kitchen_mess"  # Cuisine en désordre
    PROGRESSIVE_RISE = "progressive_rise"  # Gonflement progressif
    EMERGENCY_VENT = "emergency_vent"  # Ventilation d'urgence
    AUTO_REHEAT = "auto_reheat"  # Réchauffage automatique
    FINAL_TIMER = "final_timer"  # Minuteur final


ORDINARY_EVENTS: tuple[Event, ...] = tuple(e for e in Event if e is not Event.FINAL_TIMER)


@dataclass(frozen=True)
class Difficulty:
    key: str
    rounds: int
    capacity: int
    claimed_success: float


DIFFICULTIES: dict[str, Difficulty] = {
    d.key: d
    for d in (
        Difficulty("cupcake", 7, 19, 0.90),
        Difficulty("genoise", 8, 17, 0.70),
        Difficulty("eclair", 11, 15, 0.40),
        Difficulty("tarte_tatin", 13, 12, 0.15),
        Difficulty("piece_montee", 15, 10, 0.05),
    )
}
DEFAULT_DIFFICULTY = "genoise"


def role_counts(players: int, two_bakers: bool = False) -> dict[Role, int]:
    """The role cards dealt; ``two_bakers`` (option ``roles=two_bakers``) deals the box's second
    Pâtissier card instead of a second Farceur at 4 players."""
    patissiers = {3: 1, 4: 2 if two_bakers else 1, 5: 2}[players]
    farceurs = {3: 1, 4: 1 if two_bakers else 2, 5: 2}[players]
    return {Role.PATISSIER: patissiers, Role.FARCEUR: farceurs, Role.GLOUTON: 1}
