"""Why one card beats another, in the heuristic bot's words (:mod:`bot`): keep the cake under
the oven's capacity (or, for a Farceur, push it past), and a Pâtissier keeps it out of the
Glouton's zone (a Glutton, in English).

Only cards whose effect the view tells for sure: heat and cooling of a printed value, and
cards that leave the cake as it is. Mystery values and oven cards change it by a draw, and
reactions still to come may change anything: the sentence speaks of the card as played.
"""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.wording import NBSP, sentence
from popote.games.boom_badaboom.bot import Reading, effect
from popote.games.boom_badaboom.cards import GLOUTON_ZONE, KIND_BY_KEY, OVEN_DOWN, OVEN_UP
from popote.games.boom_badaboom.names import card_name

_THEN = Text(f"{NBSP}; ", "; ")
_EXPLODES = Text(
    f"{{card}} porterait le gâteau à {{size}}, pour un four de {{capacity}}{NBSP}: il exploserait",
    "{card} would bring the cake to {size}, with the oven at {capacity}: it would explode",
)
_FINISHES = Text(
    f"{{card}} porte le gâteau à {{size}}, pour un four de {{capacity}}{NBSP}: il explose, "
    "ce que veut un Farceur",
    "{card} brings the cake to {size}, with the oven at {capacity}: it explodes, as a "
    "Prankster wants",
)
_ZONE = Text(
    "{card} laisserait le gâteau à {size}, dans la zone {low}–{high} du Glouton",
    "{card} would leave the cake at {size}, in the Glutton's {low}–{high} zone",
)
_LEAVES = Text("{card} le laisse à {size}", "{card} leaves it at {size}")


def _size_after(reading: Reading, action: Action | None) -> int | None:
    """The cake's size once ``action`` takes effect, where the view tells it for sure."""
    if action is None or action["type"] != "play":
        return None
    kind = KIND_BY_KEY[action["card"]]
    if kind.key in (OVEN_UP, OVEN_DOWN) or (kind.signed and not kind.value):
        return None
    return effect(reading, kind, 1, False, -1)[0]


def reason(
    view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
) -> str | None:
    if view.get("hand") is None or view["phase"] != "play":
        return None
    reading = Reading(view, view["seat"])
    capacity, role = reading.capacity, reading.role
    size = _size_after(reading, best)
    other = _size_after(reading, chosen)
    if size is None or (chosen is not None and (other is None or other == size)):
        return None
    card = card_name(best["card"], lang)
    if role == "farceur":
        if size < capacity or (other is not None and other >= capacity):
            return None
        return sentence(_FINISHES.render(lang, card=card, size=size, capacity=capacity))
    if chosen is None or other is None or size >= capacity:
        return None
    chosen_card = card_name(chosen["card"], lang)
    leaves = _LEAVES.render(lang, card=card, size=size)
    if other >= capacity:
        text = _EXPLODES.render(lang, card=chosen_card, size=other, capacity=capacity)
        return sentence(text, _THEN.get(lang), leaves)
    low, high = GLOUTON_ZONE
    if role == "patissier" and low <= other <= high and not low <= size <= high:
        text = _ZONE.render(lang, card=chosen_card, size=other, low=low, high=high)
        return sentence(text, _THEN.get(lang), leaves)
    return None
