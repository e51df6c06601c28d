"""Why one action beats another, in the heuristic bot's words (:mod:`bot`): cook the dish
worth most, discard honestly, test a claim the cards seen rule out, keep the best dish when
trimming the hand.

Only what the view shows: the seat's hand and face-down cards, the cards face up, the claim
waiting for a taste test.
"""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.wording import NBSP, listed, sentence
from popote.games.stir_fry_eighteen.bot import best_points, unseen_counts, without
from popote.games.stir_fry_eighteen.cards import NAMES
from popote.games.stir_fry_eighteen.text import (
    CLAIMS,
    POINTS,
    StirFryPresenter,
    busts,
    cards_text,
    is_bluff,
)

_THEN = Text(f"{NBSP}; ", "; ")
_COOK = Text("cuisiner {c} rapporte {p}", "cooking {c} scores {p}")
_COOK_OTHER = Text("le plat {c} rapporterait {p}", "the dish of {c} would score {p}")
_COOK_BUST = Text(
    "le plat {c} dépasserait l'objectif et ne rapporterait rien",
    "the dish of {c} would pass the target and score nothing",
)
_END_TURN = Text("finir le tour ne rapporte rien", "ending the turn scores nothing")
_HONEST = Text(
    f"{{d}} est honnête{NBSP}: un test de goût coûterait à qui le demande",
    "{d} is honest: a taste test would cost whoever calls it",
)
_BLUFF = Text(
    "{d} serait un bluff qu'un test pourrait démasquer",
    "{d} would be a bluff a taste test could catch",
)
_REAL_PAIR = Text("défausser la paire de {c}", "discarding the pair of {c}")
_AS_PAIR = Text("défausser {c} comme une paire", "discarding {c} as a pair")
_AS_PROTEIN = Text("défausser {c} en annonçant {claim}", "discarding {c} as {claim}")
_RULED_OUT = Text(
    f"{{name}} annonce {{claim}}, mais vous en voyez tous les exemplaires{NBSP}: c'est un bluff",
    "{name} claims {claim}, but you can see every copy of it: it is a bluff",
)
_TRIM = Text(
    "sans {c}, votre main garde un plat de {p}",
    "without the {c}, your hand still holds a {n}-point dish",
)
_TRIM_OTHER = Text(
    "sans {c}, le meilleur ne vaudrait que {p}", "without the {c}, the best would be worth {p}"
)
_TRIM_NOTHING = Text("sans {c}, aucun plat ne resterait", "without the {c}, no dish would be left")


def reason(
    view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
) -> str | None:
    if "hand" not in view or best == chosen:
        return None
    kind = best["type"]
    if kind == "cook":
        return _cook(view, best, chosen, lang)
    if kind in ("discard_pair", "discard_protein"):
        return _discard(best, chosen, lang)
    if kind == "taste_test":
        return _test(view, chosen, lang, names)
    if kind == "trim":
        return _trim(view, best, chosen, lang)
    return None


def _dish(action: Action, lang: Lang) -> str:
    return cards_text(action["dish"].split("+"), lang)


def _cook(view: View, best: Action, chosen: Action | None, lang: Lang) -> str | None:
    if busts(best, view):
        return None
    text = _COOK.render(lang, c=_dish(best, lang), p=POINTS.render(best["points"], lang))
    if chosen is None:
        return sentence(text)
    if chosen["type"] == "end_turn":
        return sentence(text, _THEN.get(lang), _END_TURN.get(lang))
    if chosen["type"] != "cook":
        return None
    if busts(chosen, view):
        return sentence(text, _THEN.get(lang), _COOK_BUST.render(lang, c=_dish(chosen, lang)))
    if chosen["points"] >= best["points"]:
        return None
    other = _COOK_OTHER.render(lang, c=_dish(chosen, lang), p=POINTS.render(chosen["points"], lang))
    return sentence(text, _THEN.get(lang), other)


def _discarding(action: Action, lang: Lang) -> str:
    if action["type"] == "discard_pair":
        if not is_bluff(action):
            return _REAL_PAIR.render(lang, c=NAMES[action["first"]].get(lang))
        return _AS_PAIR.render(
            lang,
            c=listed([NAMES[action["first"]].get(lang), NAMES[action["second"]].get(lang)], lang),
        )
    return _AS_PROTEIN.render(
        lang, c=NAMES[action["card"]].get(lang), claim=CLAIMS[action["claim"]].get(lang)
    )


def _discard(best: Action, chosen: Action | None, lang: Lang) -> str | None:
    if is_bluff(best):
        return None
    text = _HONEST.render(lang, d=_discarding(best, lang))
    if chosen is None:
        return sentence(text)
    if chosen["type"] != best["type"] or not is_bluff(chosen):
        return None
    return sentence(text, _THEN.get(lang), _BLUFF.render(lang, d=_discarding(chosen, lang)))


def _test(view: View, chosen: Action | None, lang: Lang, names: Sequence[str]) -> str | None:
    pending = view["pending"]
    claim = pending["claim"]
    # A pair claim is never ruled out for sure by the cards seen; a protein is once every
    # copy of it is in sight of this seat.
    if claim is None or unseen_counts(view)[claim] > 0:
        return None
    if chosen is not None and chosen["type"] != "pass":
        return None
    return sentence(
        _RULED_OUT.render(lang, name=names[pending["seat"]], claim=CLAIMS[claim].get(lang))
    )


def _trim(view: View, best: Action, chosen: Action | None, lang: Lang) -> str | None:
    hand: list[str] = view["hand"]
    kept = best_points(without(hand, best["card"]))
    if not kept:
        return None
    text = _TRIM.render(lang, c=NAMES[best["card"]].get(lang), p=POINTS.render(kept, lang), n=kept)
    if chosen is None:
        return sentence(text) if kept == best_points(hand) else None
    left = best_points(without(hand, chosen["card"]))
    if left >= kept:
        return None
    name = NAMES[chosen["card"]].get(lang)
    if not left:
        return sentence(text, _THEN.get(lang), _TRIM_NOTHING.render(lang, c=name))
    other = _TRIM_OTHER.render(lang, c=name, p=POINTS.render(left, lang), n=left)
    return sentence(text, _THEN.get(lang), other)


class ReasoningPresenter(StirFryPresenter):
    """The text presenter with the reasons of its rules of thumb."""

    def reason(
        self, view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
    ) -> str | None:
        return reason(view, best, chosen, lang, names)
