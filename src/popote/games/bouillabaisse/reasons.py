"""Why one card beats another, in the heuristic bot's words (:mod:`bot`).

Only what the seat's view shows: the trick on the table, the hand and the manche's rules.
The cards of earlier tricks lie face down, so nothing here counts the cards still out.
Manches 1 to 5 avoid points: duck under the trick's best card, shed point cards when void,
lead no point card; manche 6 collects them: take a trick worth points when last to play,
give nothing away when void.
"""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.wording import NBSP, sentence
from popote.games.bouillabaisse.cards import RANK_ID
from popote.games.bouillabaisse.text import (
    POINTS,
    SUIT_NAMES,
    BouillabaissePresenter,
    card_name,
    the_card,
)
from popote.games.bouillabaisse.views import points_of

TRICK_POINTS = 5
"""What a trick itself is worth under the manche's "tricks" rule."""

_DUCKS = Text("{best} passe sous {top} de {name}", "{best} ducks under {name}'s {top_name}")
_WOULD_BEAT = Text(
    f"{NBSP}; {{chosen}} le battrait et prendrait la main",
    "; {chosen} would beat it and lead the trick",
)
_WOULD_TAKE = Text(
    f"{NBSP}; {{chosen}} prendrait le pli{{stake}}",
    "; {chosen} would take the trick{stake}",
)
_STAKE = Text(" et ses {points}", " and its {points}")
_SHEDS = Text(
    "Sans {suit}, vous glissez {best} et ses {points} dans un pli que vous ne prendrez pas",
    "Void in {suit}, you get rid of {best} and its {points} in a trick you will not take",
)
_SHEDS_MORE = Text(
    f"{NBSP}; {{chosen}} n'en vaut que {{other}}",
    "; {chosen} is worth only {other}",
)
_SHEDS_NOTHING = Text(f"{NBSP}; {{chosen}} ne vaut rien", "; {chosen} is worth nothing")
_TAKEN_ANYWAY = Text(
    f"Ce pli est pour vous de toute façon{NBSP}: {{best}} y ajoute {{added}}, {{chosen}} y "
    "ajouterait {other}",
    "This trick is yours anyway: {best} adds {added} to it, {chosen} would add {other}",
)
_NO_POINTS = Text("aucun point", "no points")
_LEADS_SAFE = Text(
    f"Entamer {{best}} n'expose aucune carte à points{NBSP}; {{chosen}} vous reviendrait "
    "avec ses {points} si personne ne monte",
    "Leading {best} puts no point card at risk; {chosen} would come back to you with its {points} if "
    "nobody plays higher",
)
_COLLECTS = Text(
    "{best} prend le pli et ses {points}, qui comptent en votre faveur cette manche",
    "{best} takes the trick and its {points}, which count in your favour this deal",
)
_LETS_GO = Text(
    f"{NBSP}; avec {{chosen}}, ils iraient à {{name}}", "; {chosen} would leave them to {name}"
)
_KEEPS = Text(
    f"Sans {{suit}}, {{best}} ne donne rien à un autre pli{NBSP}; {{chosen}} y laisserait "
    "ses {points}",
    "Void in {suit}, {best} gives nothing away; {chosen} would hand its {points} to another "
    "player's trick",
)


def _rank(card: str) -> int:
    return RANK_ID[card[:-1]]


def _top(view: View) -> tuple[int, str] | None:
    """The seat and card leading the trick so far, or None when the seat leads."""
    follow = [play for play in view["trick"] if play["card"][-1] == view["led"]]
    if not follow:
        return None
    best = max(follow, key=lambda play: _rank(play["card"]))
    return best["seat"], best["card"]


def _stake(view: View, card: str) -> int:
    """What the trick is worth to whoever takes it once ``card`` joins it."""
    cards = [play["card"] for play in view["trick"]] + [card]
    points = sum(points_of(each, view) for each in cards)
    return points + (TRICK_POINTS if "tricks" in view["rules"] else 0)


def _beats(card: str, top: str) -> bool:
    # Two copies of one card (two decks) are left out: who takes the trick then depends on
    # an option, and a reason must not guess.
    return card[-1] == top[-1] and _rank(card) > _rank(top)


def _under(card: str, top: str) -> bool:
    return card[-1] == top[-1] and _rank(card) < _rank(top)


def reason(
    view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
) -> str | None:
    if "hand" not in view:
        return None
    card = best["card"]
    other: str | None = None if chosen is None else chosen["card"]
    if card == other:
        return None
    top = _top(view)
    collect = view["sign"] < 0
    if top is None:
        return None if collect else _lead(view, card, other, lang)
    top_card = top[1]
    last = len(view["trick"]) == view["players"] - 1
    if card[-1] != view["led"]:
        return _void(view, card, other, collect, lang)
    if collect:
        return _collect(view, card, other, top, lang, names) if last else None
    if _under(card, top_card):
        return _duck(view, card, other, top, last, lang, names)
    if last and other is not None and _beats(card, top_card) and _beats(other, top_card):
        added, more = points_of(card, view), points_of(other, view)
        if added < more:
            return sentence(
                _TAKEN_ANYWAY.render(
                    lang,
                    best=the_card(card, lang),
                    chosen=the_card(other, lang),
                    added=POINTS.render(added, lang) if added else _NO_POINTS.get(lang),
                    other=POINTS.render(more, lang),
                )
            )
    return None


def _duck(
    view: View,
    card: str,
    other: str | None,
    top: tuple[int, str],
    last: bool,
    lang: Lang,
    names: Sequence[str],
) -> str | None:
    seat, top_card = top
    text = _DUCKS.render(
        lang,
        best=the_card(card, lang),
        top=the_card(top_card, lang),
        top_name=card_name(top_card, lang),
        name=names[seat],
    )
    if other is None:
        return sentence(text)
    if not _beats(other, top_card):
        return None
    if not last:
        return sentence(text + _WOULD_BEAT.render(lang, chosen=the_card(other, lang)))
    stake = _stake(view, other)
    points = _STAKE.render(lang, points=POINTS.render(stake, lang)) if stake else ""
    return sentence(text + _WOULD_TAKE.render(lang, chosen=the_card(other, lang), stake=points))


def _void(view: View, card: str, other: str | None, collect: bool, lang: Lang) -> str | None:
    shed = points_of(card, view)
    kept = 0 if other is None else points_of(other, view)
    suit = SUIT_NAMES[view["led"]].get(lang)
    if collect:
        if other is None or shed >= kept:
            return None
        return sentence(
            _KEEPS.render(
                lang,
                suit=suit,
                best=the_card(card, lang),
                chosen=the_card(other, lang),
                points=POINTS.render(kept, lang),
            )
        )
    if shed <= kept:
        return None
    text = _SHEDS.render(
        lang, suit=suit, best=the_card(card, lang), points=POINTS.render(shed, lang)
    )
    if other is not None:
        rest = _SHEDS_MORE if kept else _SHEDS_NOTHING
        text += rest.render(lang, chosen=the_card(other, lang), other=POINTS.render(kept, lang))
    return sentence(text)


def _lead(view: View, card: str, other: str | None, lang: Lang) -> str | None:
    risked = 0 if other is None else points_of(other, view)
    if other is None or points_of(card, view) or not risked:
        return None
    return sentence(
        _LEADS_SAFE.render(
            lang,
            best=the_card(card, lang),
            chosen=the_card(other, lang),
            points=POINTS.render(risked, lang),
        )
    )


def _collect(
    view: View,
    card: str,
    other: str | None,
    top: tuple[int, str],
    lang: Lang,
    names: Sequence[str],
) -> str | None:
    seat, top_card = top
    # With "tout ou rien" the trick might complete a set and turn its points against the
    # seat: the cards taken earlier lie face down, so the view cannot tell.
    if view["tout_ou_rien"] or not _beats(card, top_card):
        return None
    if other is not None and not _under(other, top_card):
        return None
    stake = _stake(view, card)
    if not stake:
        return None
    text = _COLLECTS.render(lang, best=the_card(card, lang), points=POINTS.render(stake, lang))
    if other is not None:
        text += _LETS_GO.render(lang, chosen=the_card(other, lang), name=names[seat])
    return sentence(text)


class ReasoningPresenter(BouillabaissePresenter):
    """The text presenter with the reasons of its rules of thumb."""

    def reason(
        self, view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
    ) -> str | None:
        return reason(view, best, chosen, lang, names)
