"""Why one action beats another, in the heuristic bot's words (:mod:`bot`): cook the dish
worth most, menu recipes and the Bigouden's specialties first.

The bot's other choices weigh a recipe it plans from a menu it shuffled for itself: no
sentence could say them as facts of the table, so only the dishes are explained.
"""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.wording import NBSP
from popote.games.ar_seizh_bigoudenn import words as w
from popote.games.ar_seizh_bigoudenn.cards import Dish, dish_points
from popote.games.ar_seizh_bigoudenn.labels import POINTS, dish_line

_THEN = Text(f"{NBSP}; ", "; ")
_COOK = Text("cuisiner {d} rapporte {p}", "cooking {d} scores {p}")
_OTHER = Text("{d} ne rapporterait que {p}", "{d} would score only {p}")
_NOTHING = Text("ne rien cuisiner ne rapporte rien", "cooking nothing scores nothing")


def _dish(view: View, action: Action, lang: Lang) -> tuple[int, str]:
    """The points of a cook action and its dish in words, as the menu names it."""
    seat = view["seat"]
    dish = Dish(view["faces"][seat])
    cards = tuple(action["cards"])
    points, recipe, special = dish_points(dish, cards, view["bigoudens"][seat])
    return points, Text("{d} ({c})", "{d} ({c})").render(
        lang, d=dish_line(dish.value, recipe, special, lang), c=w.cards(list(cards), lang)
    )


def reason(
    view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
) -> str | None:
    if view["seat"] is None or view["stage"] != "cook" or best["type"] != "cook":
        return None
    points, dish = _dish(view, best, lang)
    text = _COOK.render(lang, d=dish, p=POINTS.render(points, lang))
    if chosen is not None and chosen["type"] != "cook":
        text += _THEN.get(lang) + _NOTHING.get(lang)
    elif chosen is not None:
        other, other_dish = _dish(view, chosen, lang)
        if other >= points:
            return None
        text += _THEN.get(lang) + _OTHER.render(lang, d=other_dish, p=POINTS.render(other, lang))
    return text[0].upper() + text[1:] + "."
