"""The card set Popote designed for Ar Seizh Bigoudenn (the rulebook gives none).

Every galette is three savoury ingredients worth 1 + 2 + 4 = 7; every crêpe is two sweet
ones worth 1 + 2 = 3. Each menu galette needs two different utensils and one bare-handed
ingredient; each menu crêpe needs one utensil.

>>> sum(card.count for card in INGREDIENTS.values())
71
>>> [recipe.key for recipe in MENU if recipe.dish is Dish.GALETTE][:2]
['complete', 'pont_labbe']
>>> sorted(BIGOUDENS["rozenn"].specialties)
['complete', 'fraises_sucre']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Final

from popote.core.i18n import Text


class Dish(enum.Enum):
    GALETTE = "galette"
    CREPE = "crepe"


class Utensil(enum.Enum):
    COUTEAU = "couteau"
    FOURCHETTE = "fourchette"
    CUILLERE = "cuillere"
    SPATULE = "spatule"
    ARAIGNEE = "araignee"
    COUVERCLE = "couvercle"
    PASSOIRE = "passoire"


UTENSIL_ORDER: Final[tuple[str, ...]] = tuple(u.value for u in Utensil)
UTENSIL_NAMES: Final[dict[str, Text]] = {
    "couteau": Text("le couteau", "the knife"),
    "fourchette": Text("la fourchette", "the fork"),
    "cuillere": Text("la cuillère", "the spoon"),
    "spatule": Text("la spatule", "the spatula"),
    "araignee": Text("l'araignée", "the skimmer (araignée)"),
    "couvercle": Text("le couvercle", "the lid"),
    "passoire": Text("la passoire", "the colander"),
}

HAND_COUNT: Final = 2
SURFACE_LIMIT: Final = 5
ACTIONS_PER_TURN: Final = 2
REVEAL_PER_TURN: Final = 2

GALETTE_POINTS: Final = (7, 5, 5)  # base, on the menu, a specialty
CREPE_POINTS: Final = (3, 3, 3)
GALETTE_SIZE: Final = 3
GALETTE_VALUE: Final = 7
CREPE_SIZE: Final = 2
CREPE_VALUE: Final = 3


@dataclass(frozen=True)
class Ingredient:
    key: str
    fr: str
    br: str
    en: str
    value: int
    savoury: bool
    utensil: str | None
    count: int

    @property
    def dish(self) -> Dish:
        return Dish.GALETTE if self.savoury else Dish.CREPE


def _i(
    key: str, fr: str, br: str, en: str, value: int, savoury: bool, utensil: str | None, count: int
) -> Ingredient:
    return Ingredient(key, fr, br, en, value, savoury, utensil, count)


INGREDIENTS: Final[dict[str, Ingredient]] = {
    card.key: card
    for card in (
        # savoury, 1 point: taken bare-handed
        _i("oeuf", "œuf", "vi", "egg", 1, True, None, 5),
        _i("oignon", "oignon", "ognon", "onion", 1, True, None, 5),
        _i("tomate", "tomate", "tomatez", "tomato", 1, True, None, 6),
        # savoury, 2 points
        _i("jambon", "jambon", "jambon", "ham", 2, True, "fourchette", 5),
        _i("champignons", "champignons", "madarch", "mushrooms", 2, True, "cuillere", 5),
        _i("poireau", "poireau", "pour", "leek", 2, True, "spatule", 5),
        # savoury, 4 points
        _i("saucisse", "saucisse", "silzig", "sausage", 4, True, "fourchette", 5),
        _i("fromage", "fromage", "fourmaj", "cheese", 4, True, "couteau", 6),
        _i(
            "saint_jacques", "saint-jacques", "kregin Sant-Jakez", "scallops", 4, True, "spatule", 5
        ),
        # sweet, 1 point: each needs a utensil
        _i("sucre", "sucre", "sukr", "sugar", 1, False, "cuillere", 4),
        _i("miel", "miel", "mel", "honey", 1, False, "cuillere", 4),
        _i("beurre", "beurre salé", "amann sall", "salted butter", 1, False, "couteau", 5),
        # sweet, 2 points: taken bare-handed
        _i("caramel", "caramel", "karamell", "caramel", 2, False, None, 2),
        _i("pommes", "pommes", "avaloù", "apples", 2, False, None, 3),
        _i("fraises", "fraises", "sivi", "strawberries", 2, False, None, 3),
        _i("chocolat", "chocolat", "chokolad", "chocolate", 2, False, None, 3),
    )
}
INGREDIENT_ORDER: Final[tuple[str, ...]] = tuple(INGREDIENTS)
UTENSIL_OF: Final[dict[str, str | None]] = {key: card.utensil for key, card in INGREDIENTS.items()}
CARD_RANK: Final[dict[str, int]] = {key: rank for rank, key in enumerate(INGREDIENT_ORDER)}
UTENSIL_RANK: Final[dict[str, int]] = {key: rank for rank, key in enumerate(UTENSIL_ORDER)}


def sort_cards(cards: list[str]) -> list[str]:
    """Cards in the card set's order (the order views and actions list them)."""
    return sorted(cards, key=CARD_RANK.__getitem__)


def with_added(ranked: list[str], added: Iterable[str], rank: dict[str, int]) -> list[str]:
    """``ranked`` (in ``rank``'s order) with ``added`` slipped into place: a new list.

    The centre and the surfaces gain a card or three at a time; moving them along is
    cheaper than sorting the whole list again with a key.

    >>> with_added(["oeuf", "sucre"], ["fromage", "oeuf"], CARD_RANK)
    ['oeuf', 'oeuf', 'fromage', 'sucre']
    """
    merged = list(ranked)
    for item in added:
        place = rank[item]
        at = len(merged)
        while at > 0 and rank[merged[at - 1]] > place:
            at -= 1
        merged.insert(at, item)
    return merged


def kinds(ranked: list[str]) -> list[str]:
    """The distinct items of a list kept in order, where copies sit side by side.

    >>> kinds(["oeuf", "oeuf", "fromage"])
    ['oeuf', 'fromage']
    """
    found: list[str] = []
    last = None
    for item in ranked:
        if item != last:
            found.append(item)
            last = item
    return found


def ingredient_name(key: str) -> Text:
    card = INGREDIENTS[key]
    return Text(f"{card.fr} ({card.br}, {card.value})", f"{card.en} ({card.br}, {card.value})")


@dataclass(frozen=True)
class Recipe:
    key: str
    name: Text
    dish: Dish
    cards: tuple[str, ...]


def _r(key: str, fr: str, en: str, dish: Dish, *cards: str) -> Recipe:
    return Recipe(key, Text(fr, en), dish, tuple(sort_cards(list(cards))))


G, C = Dish.GALETTE, Dish.CREPE
MENU: Final[tuple[Recipe, ...]] = (
    _r("complete", "la complète", "the complète", G, "oeuf", "jambon", "fromage"),
    _r("pont_labbe", "la Pont-l'Abbé", "the Pont-l'Abbé", G, "tomate", "poireau", "saucisse"),
    _r("forestiere", "la forestière", "the forestière", G, "oeuf", "champignons", "saucisse"),
    _r("guilvinec", "la Guilvinec", "the Guilvinec", G, "oignon", "champignons", "saint_jacques"),
    _r("penmarch", "la Penmarc'h", "the Penmarc'h", G, "oignon", "poireau", "fromage"),
    _r("loctudy", "la Loctudy", "the Loctudy", G, "tomate", "jambon", "saint_jacques"),
    _r("lesconil", "la Lesconil", "the Lesconil", G, "tomate", "champignons", "fromage"),
    _r("caramel", "la caramel-beurre salé", "the salted-butter caramel", C, "beurre", "caramel"),
    _r("fraises_sucre", "la fraises-sucre", "the sugared strawberry", C, "sucre", "fraises"),
    _r("pommes_miel", "la pommes-miel", "the honey apple", C, "miel", "pommes"),
    _r("chocolat_beurre", "la chocolat-beurre", "the butter chocolate", C, "beurre", "chocolat"),
    _r("chocolat_sucre", "la chocolat-sucre", "the sugared chocolate", C, "sucre", "chocolat"),
    _r("fraises_miel", "la fraises-miel", "the honey strawberry", C, "miel", "fraises"),
    _r("pommes_beurre", "la pommes-beurre", "the buttered apple", C, "beurre", "pommes"),
)
RECIPES: Final[dict[str, Recipe]] = {recipe.key: recipe for recipe in MENU}
MENU_BY_CARDS: Final[dict[tuple[str, ...], Recipe]] = {recipe.cards: recipe for recipe in MENU}


@dataclass(frozen=True)
class Bigouden:
    key: str
    name: str
    specialties: frozenset[str]


def _b(key: str, name: str, galette: str, crepe: str) -> Bigouden:
    return Bigouden(key, name, frozenset((galette, crepe)))


BIGOUDENS: Final[dict[str, Bigouden]] = {
    b.key: b
    for b in (
        _b("rozenn", "Rozenn", "complete", "fraises_sucre"),
        _b("soazig", "Soazig", "pont_labbe", "caramel"),
        _b("tyfenn", "Tyfenn", "forestiere", "pommes_beurre"),
        _b("katell", "Katell", "guilvinec", "chocolat_beurre"),
        _b("maiwenn", "Maïwenn", "penmarch", "chocolat_sucre"),
        _b("annaig", "Annaïg", "loctudy", "fraises_miel"),
        _b("gwenola", "Gwenola", "lesconil", "pommes_miel"),
    )
}
BIGOUDEN_ORDER: Final[tuple[str, ...]] = tuple(BIGOUDENS)


DEFAULT_ROUNDS: Final = 10
DOUBLE_DECK_FROM: Final = 5  # from five players on, two copies of every ingredient


def deck_copies(players: int) -> int:
    return 2 if players >= DOUBLE_DECK_FROM else 1


def deck_counts(players: int) -> dict[str, int]:
    copies = deck_copies(players)
    return {key: card.count * copies for key, card in INGREDIENTS.items()}


def dish_points(dish: Dish, cards: tuple[str, ...], bigouden: str) -> tuple[int, str | None, bool]:
    """Points for cooking ``cards`` as ``dish``: (points, menu recipe key, specialty)."""
    base, menu_bonus, specialty_bonus = GALETTE_POINTS if dish is Dish.GALETTE else CREPE_POINTS
    recipe = MENU_BY_CARDS.get(cards)
    if recipe is None or recipe.dish is not dish:
        return base, None, False
    special = recipe.key in BIGOUDENS[bigouden].specialties
    return base + menu_bonus + (specialty_bonus if special else 0), recipe.key, special


@cache  # every turn's end weighs each trio (or pair) on the surface
def is_valid_dish(dish: Dish, cards: tuple[str, ...]) -> bool:
    size, value = (
        (GALETTE_SIZE, GALETTE_VALUE) if dish is Dish.GALETTE else (CREPE_SIZE, CREPE_VALUE)
    )
    savoury = dish is Dish.GALETTE
    return (
        len(cards) == size
        and all(INGREDIENTS[c].savoury is savoury for c in cards)
        and sum(INGREDIENTS[c].value for c in cards) == value
    )
