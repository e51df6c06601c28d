"""Names of cards, utensils, dishes and seats in French and English."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from popote.core.i18n import Lang, Text
from popote.core.wording import Plural
from popote.games.ar_seizh_bigoudenn.cards import (
    BIGOUDENS,
    INGREDIENTS,
    RECIPES,
    UTENSIL_NAMES,
    UTENSIL_ORDER,
)

SEPARATOR = Text(" ; ", "; ")
"""Between the items of a list that already holds commas (French spaces its semicolons)."""
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


def agreed(key: str, masculine: str, feminine: str) -> str:
    """The French form that agrees with the utensil ``key`` (le couteau, la fourchette)."""
    return feminine if key in _FEMININE else masculine


def it(key: str, lang: Lang) -> str:
    """The object pronoun for a utensil: la/le (French), it (English)."""
    if lang == "en":
        return "it"
    return agreed(key, "le", "la")


def _counted(fr: tuple[str, str], en: tuple[str, str]) -> Plural:
    return Plural(("{n} " + fr[0], "{n} " + fr[1]), ("{n} " + en[0], "{n} " + en[1]))


# Several copies of a card are read as one count ("3 saucisses"), never one by one.
_COUNTED: dict[str, Plural] = {
    "oeuf": _counted(("œuf", "œufs"), ("egg", "eggs")),
    "oignon": _counted(("oignon", "oignons"), ("onion", "onions")),
    "tomate": _counted(("tomate", "tomates"), ("tomato", "tomatoes")),
    "jambon": _counted(("jambon", "jambons"), ("ham", "hams")),
    "champignons": _counted(("champignons", "champignons"), ("mushrooms", "mushrooms")),
    "poireau": _counted(("poireau", "poireaux"), ("leek", "leeks")),
    "saucisse": _counted(("saucisse", "saucisses"), ("sausage", "sausages")),
    "fromage": _counted(("fromage", "fromages"), ("cheese", "cheeses")),
    "saint_jacques": _counted(("saint-jacques", "saint-jacques"), ("scallops", "scallops")),
    "sucre": _counted(("sucre", "sucres"), ("sugar", "sugars")),
    "miel": _counted(("miel", "miels"), ("honey", "honeys")),
    "beurre": _counted(("beurre salé", "beurres salés"), ("salted butter", "salted butters")),
    "caramel": _counted(("caramel", "caramels"), ("caramel", "caramels")),
    "pommes": _counted(("pommes", "pommes"), ("apples", "apples")),
    "fraises": _counted(("fraises", "fraises"), ("strawberries", "strawberries")),
    "chocolat": _counted(("chocolat", "chocolats"), ("chocolate", "chocolates")),
}


def card(key: str, lang: Lang, count: int = 1) -> str:
    """A card with its Breton name and value; several copies are counted ("2 saucisses")."""
    c = INGREDIENTS[key]
    name = c.en if lang == "en" else c.fr
    if count > 1:
        name = _COUNTED[key].render(count, lang)
    return f"{name} ({c.br}, {c.value})"


def card_items(keys: Sequence[str], lang: Lang) -> list[str]:
    """Cards in their order, identical ones read once with their count."""
    return [card(k, lang, n) for k, n in Counter(keys).items()]


def cards(keys: Sequence[str], lang: Lang) -> str:
    if not keys:
        return Text("rien", "nothing").get(lang)
    return ", ".join(card_items(keys, lang))


LINE_WIDTH = 160
"""Past this a list is read one item a line: a long line is hard to follow by ear."""


def listing(head: str, items: Sequence[str], lang: Lang, separator: str | None = None) -> str:
    """``head`` (ending with a colon) and ``items``: one line, or one item a line if too long."""
    line = f"{head} {(separator or SEPARATOR.get(lang)).join(items)}."
    if len(line) <= LINE_WIDTH:
        return line
    return "\n".join([head, *(f"{item}." for item in items)])


_BARE_HANDED = Text("à main nue", "bare-handed")
_WITH = Text("avec {u}", "with {u}")
_CENTRE_GROUP = Text("Au centre, {how} : {cards}.", "In the centre, {how}: {cards}.")


def centre_lines(keys: Sequence[str], lang: Lang) -> list[str]:
    """The centre's ingredients, one line per utensil they need (bare-handed first)."""
    if not keys:
        return [Text("Au centre : aucun ingrédient.", "In the centre: no ingredients.").get(lang)]
    lines = []
    for need in (None, *UTENSIL_ORDER):
        group = [k for k in keys if INGREDIENTS[k].utensil == need]
        if group:
            how = (
                _BARE_HANDED.get(lang)
                if need is None
                else _WITH.render(lang, u=utensil(need, lang))
            )
            lines.append(_CENTRE_GROUP.render(lang, how=how, cards=cards(group, lang)))
    return lines


def utensils(keys: Sequence[str], lang: Lang) -> str:
    if not keys:
        return Text("mains vides", "empty hands").get(lang)
    return ", ".join(utensil(k, lang) for k in keys)


def centre_utensils(keys: Sequence[str], lang: Lang) -> str:
    if not keys:
        return Text("Aucun ustensile au centre.", "No utensils in the centre.").get(lang)
    return Text("Ustensiles au centre : {u}.", "Utensils in the centre: {u}.").render(
        lang, u=utensils(keys, lang)
    )


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
