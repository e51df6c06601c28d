"""Why one card beats another, in the heuristic bot's words (:mod:`bot`): step around the
islands others hold.

Only what the view shows: the seat's own islands, and everyone's with the ``assisted``
option. Without it, the islands others were shown once are the player's memory, not the
view's: a total then is sure only on one of the seat's own islands or outside 10–30, where
no island lies.
"""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.wording import NBSP, sentence
from popote.games.pieds_dans_le_plat.cards import ISLAND_VALUES

_MAKES = Text("le {card} fait {total}", "the {card} makes {total}")
_WOULD_MAKE = Text("le {card} ferait {total}", "the {card} would make {total}")
_PENALTY = Text(
    f"{{chosen}}, l'île de {{name}}, et coûterait une pénalité{NBSP}; {{best}}, que personne "
    "d'autre ne détient",
    "{chosen}, {name}'s island, and cost a penalty; {best}, which nobody else holds",
)
_OWN = Text(
    f"{{best}}, une de vos îles{NBSP}: aucune pénalité possible",
    "{best}, one of your islands: no penalty possible",
)
_OUTSIDE = Text(
    f"{{best}}, hors de 10 à 30, où aucune île ne se trouve{NBSP}: aucune pénalité possible",
    "{best}, outside 10 to 30, where no island lies: no penalty possible",
)
_MAYBE = Text(
    f"{NBSP}; {{chosen}}, qui peut être l'île d'un autre joueur",
    "; {chosen}, which may be another player's island",
)


def _total(view: View, card: int) -> int:
    total: int = view["total"]
    return total + card if view["direction"] == "up" else total - card


def _holder(view: View, total: int) -> int | None:
    """The other seat known to hold the island ``total``: only the assisted view lists them."""
    for seat, islands in enumerate(view.get("all_islands", ())):
        if seat != view["seat"] and total in islands:
            return seat
    return None


def reason(
    view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
) -> str | None:
    if "hand" not in view:
        return None
    total = _total(view, best["card"])
    makes = _MAKES.render(lang, card=best["card"], total=total)
    other: int | None = None if chosen is None else chosen["card"]
    other_total = None if other is None else _total(view, other)
    if _holder(view, total) is not None or other_total == total:
        return None
    other_makes = _WOULD_MAKE.render(lang, card=other, total=other_total)
    if other_total is not None:
        holder = _holder(view, other_total)
        if holder is not None:
            return sentence(
                _PENALTY.render(lang, chosen=other_makes, name=names[holder], best=makes)
            )
    if total in view["islands"]:
        text = _OWN.render(lang, best=makes)
    elif total not in ISLAND_VALUES:
        text = _OUTSIDE.render(lang, best=makes)
    else:
        return None
    if other_total is None:
        return sentence(text)
    # The assisted view lists every island: a total nobody else holds is as safe as this one.
    if other_total in view["islands"] or other_total not in ISLAND_VALUES or "all_islands" in view:
        return None
    return sentence(text + _MAYBE.render(lang, chosen=other_makes))
