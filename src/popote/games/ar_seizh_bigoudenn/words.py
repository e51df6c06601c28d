"""Names of cards, utensils, dishes and seats in French and English."""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.i18n import Lang, Text
from popote.games.ar_seizh_bigoudenn.cards import (
    BIGOUDENS,
    INGREDIENTS,
    RECIPES,
    UTENSIL_NAMES,
)

_FEMININE = {"fourchette", "cuillere", "spatule", "araignee", "passoire"}
FACES = {"galette": Text("galette", "galette"), "crepe": Text("crêpe", "crêpe")}


def utensil(key: str, lang: Lang) -> str:
    return UTENSIL_NAMES[key].get(lang)


def utensil_cap(key: str, lang: Lang) -> str:
    name = utensil(key, lang)
    return name[0].upper() + name[1:]


def of_utensil(key: str, lang: Lang) -> str:
    """French "de" + article: du couteau, de la fourchette, de l'araignée."""
    name = utensil(key, lang)
    if lang == "en":
        return name
    if name.startswith("le "):
        return "du " + name[3:]
    return "de " + name


def it(key: str, lang: Lang) -> str:
    """The object pronoun for a utensil: la/le (French), it (English)."""
    if lang == "en":
        return "it"
    return "la" if key in _FEMININE else "le"


def card(key: str, lang: Lang) -> str:
    c = INGREDIENTS[key]
    name = c.en if lang == "en" else c.fr
    return f"{name} ({c.br}, {c.value})"


def cards(keys: Sequence[str], lang: Lang) -> str:
    if not keys:
        return Text("rien", "nothing").get(lang)
    return ", ".join(card(k, lang) for k in keys)


def utensils(keys: Sequence[str], lang: Lang) -> str:
    if not keys:
        return Text("mains vides", "empty hands").get(lang)
    return ", ".join(utensil(k, lang) for k in keys)


def recipe(key: str, lang: Lang) -> str:
    return RECIPES[key].name.get(lang)


def face(key: str, lang: Lang) -> str:
    return FACES[key].get(lang)


def bigouden(key: str) -> str:
    return BIGOUDENS[key].name


def seats(indices: Sequence[int], names: Sequence[str], lang: Lang) -> str:
    if not indices:
        return Text("personne", "nobody").get(lang)
    return ", ".join(names[s] for s in indices)


def specialties(key: str, lang: Lang) -> str:
    return (
        Text(" et ", " and ")
        .get(lang)
        .join(recipe(r, lang) for r in sorted(BIGOUDENS[key].specialties, key=list(RECIPES).index))
    )
