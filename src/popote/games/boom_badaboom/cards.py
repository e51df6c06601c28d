"""The cards, roles, events and difficulty levels of Boom Badaboom, and the numbers of a match."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Final

from popote.core.named import NamedEnum
from popote.core.options import OptionValue

NAME: Final = "boom-badaboom"
START_SIZE: Final = 10
HAND_SIZE: Final = 5
SOLO_HAND_SIZE: Final = 7
GLOUTON_OBJECTIVES: Final = 2
GLOUTON_ZONE: Final = (15, 18)
MYSTERY_VALUES: Final = (1, 2, 3, 4, 5)
VENT_ABOVE: Final = 15
VENT_DROP: Final = 3
REHEAT_BELOW: Final = 10
REHEAT_RISE: Final = 2
RULEBOOK_TIMER_ROUNDS: Final = 10


class Category(enum.Enum):
    HEAT = "heat"
    COOL = "cool"
    ACTION = "action"
    REACTIVE = "reactive"
    OBJECTIVE = "objective"


class Role(NamedEnum):
    PATISSIER = "patissier"
    FARCEUR = "farceur"
    GLOUTON = "glouton"


class Mode(NamedEnum):
    ROLES = "roles"
    COOP = "coop"
    SOLO = "solo"


class Phase(NamedEnum):
    PLAY = "play"
    REACT = "react"
    STEAL = "steal"
    RECOVER = "recover"
    AIM = "aim"  # a fumbled action card: its new player chooses the target
    OVER = "over"


class EndReason(NamedEnum):
    EXPLOSION = "explosion"
    GLOUTON = "glouton"
    TIMER = "timer"
    EMPTY_DECK = "empty_deck"


class Side(NamedEnum):
    PATISSIERS = "patissiers"
    FARCEURS = "farceurs"
    GLOUTON = "glouton"
    TEAM = "equipe"
    OVEN = "four"


class LinkMode(NamedEnum):
    """How a card sits in a reaction chain."""

    MAIN = "main"
    CANCEL = "cancel"
    INVERT = "invert"
    REDIRECT = "redirect"
    BOOST = "boost"


MODES: Final = {mode.text: mode for mode in LinkMode}
"""Each link mode by its name, as views and actions spell it (no enum call on a hot path)."""


@dataclass(frozen=True)
class CardKind:
    key: str
    category: Category
    value: int = 0  # 0 for a mystery "?" value
    targeted: bool = False

    @cached_property
    def signed(self) -> bool:
        """Heat, cooling and the two oven cards: a Renvoi flips them, a boost doubles them."""
        return self.category in (Category.HEAT, Category.COOL) or self.key in (OVEN_UP, OVEN_DOWN)


PEEK: Final = "peek"  # Coup d'œil gourmand
ACCIDENT: Final = "accident"  # Accident de cuisine
FUMBLE: Final = "fumble"  # Maladresse
OVEN_UP: Final = "oven_up"  # Four élargi
OVEN_DOWN: Final = "oven_down"  # Four rétréci
RECOVER: Final = "recover"  # Récupération d'ingrédient
SWAP: Final = "swap"  # Échange de Tablier
APRON: Final = "apron"  # Tablier de Protection
SPATULA: Final = "spatula"  # Renvoi de spatule
BOOST: Final = "boost"  # Coup de boost

# Counts per kind, following each row of the rulebook's tables, plus the cooling table's
# missing row of five -5 cards (24 cooling cards, as announced; option cooling=rows drops it).
DECK_COUNTS: Final[dict[CardKind, int]] = {
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
OBJECTIVES: Final[tuple[CardKind, ...]] = tuple(
    CardKind(key, Category.OBJECTIVE)
    for key in ("cherries", "caramel", "macarons", "chantilly", "gummies")
)

# Every physical card has an id: its index here. Objective cards come last.
CARDS: Final[tuple[CardKind, ...]] = (
    *(kind for kind, count in DECK_COUNTS.items() for _ in range(count)),
    *OBJECTIVES,
)
KIND_BY_KEY: Final[dict[str, CardKind]] = {kind.key: kind for kind in CARDS}
OBJECTIVE_IDS: Final[tuple[int, ...]] = tuple(range(len(CARDS) - len(OBJECTIVES), len(CARDS)))
DECK_IDS: Final[tuple[int, ...]] = tuple(range(len(CARDS) - len(OBJECTIVES)))
MISSING_ROW: Final = "cool5"
OVEN_UP_CARDS: Final = next(n for kind, n in DECK_COUNTS.items() if kind.key == OVEN_UP)
KEYS: Final[tuple[str, ...]] = tuple(kind.key for kind in CARDS)
"""Each card id's key, read by index: the hot paths name many cards."""
REACTIVE_IDS: Final = frozenset(
    card for card, kind in enumerate(CARDS) if kind.category is Category.REACTIVE
)
"""A hand holding none of these has nothing to answer a chain with."""


def deck_ids(cooling: str, fewer_oven_up: int = 0) -> list[int]:
    """The draw pile's cards; ``cooling="rows"`` leaves out the row the table does not print,
    and ``fewer_oven_up`` of the Four élargi cards stay in the box."""
    return list(_deck_ids(cooling, fewer_oven_up))


@cache
def _deck_ids(cooling: str, fewer_oven_up: int) -> tuple[int, ...]:
    """Every match of a table deals the same pile: built once per table."""
    pile = [card for card in DECK_IDS if cooling != "rows" or CARDS[card].key != MISSING_ROW]
    left_out = [card for card in pile if CARDS[card].key == OVEN_UP][:fewer_oven_up]
    return tuple(card for card in pile if card not in left_out)


def kind_of(card: int) -> CardKind:
    return CARDS[card]


def key_of(card: int) -> str:
    return KEYS[card]


class Event(NamedEnum):
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


ORDINARY_EVENTS: Final[tuple[Event, ...]] = tuple(e for e in Event if e is not Event.FINAL_TIMER)


@dataclass(frozen=True)
class Difficulty:
    key: str
    rounds: int
    capacity: int
    claimed_success: float


DIFFICULTIES: Final[dict[str, Difficulty]] = {
    d.key: d
    for d in (
        Difficulty("cupcake", 7, 19, 0.90),
        Difficulty("genoise", 8, 17, 0.70),
        Difficulty("eclair", 11, 15, 0.40),
        Difficulty("tarte_tatin", 13, 12, 0.15),
        Difficulty("piece_montee", 15, 10, 0.05),
    )
}
DEFAULT_DIFFICULTY: Final = "genoise"
MAX_ROUNDS: Final = 15
"""The event pile holds 14 ordinary events and the Minuteur final: no level lasts longer."""
MIN_ROUNDS: Final = 3
"""Two events and the Minuteur final are shuffled at the bottom of the pile."""
MAX_CAPACITY: Final = 40
"""The most a table may set the oven's capacity or the cake's starting size to."""


@dataclass(frozen=True)
class Oven:
    """What a level sets at the start of a match: the oven's capacity, the most rounds it lasts
    and the cake's starting size."""

    capacity: int
    rounds: int
    start_size: int = START_SIZE
    fewer_oven_up: int = 0
    """Four élargi cards left in the box: the house table's card mix where no oven is small
    enough (decision 35)."""


CALIBRATED: Final[dict[tuple[str, str], Oven]] = {
    # (level, column): Oven(capacity, rounds, starting cake)
    ("cupcake", "3p"): Oven(21, 3, 15),
    ("cupcake", "4p"): Oven(13, 4, 7),
    ("cupcake", "5p"): Oven(28, 4, 8),
    ("cupcake", "coop"): Oven(19, 14, 15),
    ("cupcake", "solo"): Oven(17, 7, 11),
    ("genoise", "3p"): Oven(27, 13, 7),
    ("genoise", "4p"): Oven(22, 10, 16),
    ("genoise", "5p"): Oven(28, 8, 4),
    ("genoise", "coop"): Oven(8, 15, 2),
    ("genoise", "solo"): Oven(11, 8, 4),
    ("eclair", "3p"): Oven(12, 9, 9),
    ("eclair", "4p"): Oven(11, 13, 5),
    ("eclair", "5p"): Oven(12, 6, 6),
    ("eclair", "coop"): Oven(4, 13, 1),
    ("eclair", "solo"): Oven(8, 11, 6),
    ("tarte_tatin", "3p"): Oven(8, 15, 3),
    ("tarte_tatin", "4p"): Oven(8, 15, 7),
    ("tarte_tatin", "5p"): Oven(15, 15, 5),
    ("tarte_tatin", "coop"): Oven(1, 15, 1),
    ("tarte_tatin", "solo"): Oven(4, 13, 4),
    ("piece_montee", "3p"): Oven(4, 14, 1),
    ("piece_montee", "4p"): Oven(3, 12, 1),
    ("piece_montee", "5p"): Oven(10, 13, 7),
    ("piece_montee", "coop"): Oven(1, 15, 1, fewer_oven_up=2),
    ("piece_montee", "solo"): Oven(2, 15, 1),
}
"""Popote's house difficulty table (option ``difficulty_table=calibrated``): per level and
variant (``3p``, ``4p``, ``5p`` with hidden roles, ``coop``, ``solo``), the oven that brings
the heuristic bots' success to the rulebook's ladder. Found by ``popote calibrate
boom-badaboom`` (the hard cells the first run missed by a second one, with a lower capacity
floor), four cells re-tuned by hand after later rule changes, Pièce Montée in coop with two
Four élargi cards out (decision 35); the commands, the search and the measured ladder are in
docs/rules/boom-badaboom.md and docs/balance/boom-badaboom-calibration*.md (the current one:
boom-badaboom-calibration-measured.md)."""


BALANCED_PRESET: Final[dict[str, OptionValue]] = {"glouton_deal": "deck", "roles": "two_bakers"}
"""The table options that bring the Pâtissiers' win rates closest to the rulebook's ladder
(docs/balance/boom-badaboom.md): objective cards in the deck, two Pâtissiers at four. The
calibrated table plays with them."""


def house_options(options: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The options a match plays by: the calibrated table brings the balanced preset with it
    (under the rulebook's deal the Glouton wins nearly every count, whatever the oven)."""
    if options.get("difficulty_table", "rulebook") == "calibrated":
        return {**options, **BALANCED_PRESET}
    return dict(options)


def table_variant(players: int, mode: Mode) -> str:
    """The column of the calibrated table a match reads: ``3p`` to ``5p``, ``coop`` or ``solo``.

    >>> table_variant(4, Mode.ROLES), table_variant(3, Mode.COOP), table_variant(1, Mode.SOLO)
    ('4p', 'coop', 'solo')
    """
    return f"{players}p" if mode is Mode.ROLES else mode.value


def oven_for(players: int, mode: Mode, options: Mapping[str, object]) -> Oven:
    """The level's oven under the table's options: the rulebook's difficulty table or the
    calibrated one (``difficulty_table``), then ``capacity``, ``rounds`` and ``start_size``
    where they are set (0 keeps the table's value)."""
    level = DIFFICULTIES[str(options.get("difficulty", DEFAULT_DIFFICULTY))]
    oven = Oven(level.capacity, level.rounds)
    if options.get("difficulty_table", "rulebook") == "calibrated":
        oven = CALIBRATED.get((level.key, table_variant(players, mode)), oven)
    return Oven(
        _chosen(options, "capacity") or oven.capacity,
        _chosen(options, "rounds") or oven.rounds,
        _chosen(options, "start_size") or oven.start_size,
        _chosen(options, "fewer_oven_up") or oven.fewer_oven_up,
    )


def _chosen(options: Mapping[str, object], key: str) -> int:
    value = options.get(key, 0)
    return value if isinstance(value, int) else 0


def role_counts(players: int, two_bakers: bool = False) -> dict[Role, int]:
    """The role cards dealt; ``two_bakers`` (option ``roles=two_bakers``) deals the box's second
    Pâtissier card instead of a second Farceur at 4 players."""
    patissiers = {3: 1, 4: 2 if two_bakers else 1, 5: 2}[players]
    farceurs = {3: 1, 4: 1 if two_bakers else 2, 5: 2}[players]
    return {Role.PATISSIER: patissiers, Role.FARCEUR: farceurs, Role.GLOUTON: 1}
