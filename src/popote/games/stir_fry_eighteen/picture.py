"""Stir-Fry Eighteen's table as a picture: ingredient cards with their values, the face-down
discards before their chef, the cards a taste test revealed, the dish cooked this turn and
the taste-test window. Built from a seat's view and legal actions only."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.picture import SHY, Face, Picture, Pile, SeatPicture, Tone, caption, playing
from popote.games.stir_fry_eighteen.cards import (
    CHAMPIGNONS,
    CREVETTE,
    GINGEMBRE,
    KINDS,
    NAMES,
    NOUILLES,
    OIGNON_VERT,
    PORC,
    POULET,
    SAUCE_SOJA,
    card_value,
)

PROTEIN = ("◆", Tone.RED)
AROMATIC = ("♣", Tone.GREEN)
FAMILY: dict[str, tuple[str, Tone]] = {
    CREVETTE: PROTEIN,
    PORC: PROTEIN,
    POULET: PROTEIN,
    GINGEMBRE: AROMATIC,
    OIGNON_VERT: AROMATIC,
    SAUCE_SOJA: ("●", Tone.BLACK),
    CHAMPIGNONS: ("▲", Tone.BLUE),
    NOUILLES: ("≋", Tone.GOLD),
}
"""A sign and a tone per family: proteins, aromatics, the sauce, mushrooms, noodles."""
BREAKS = {"champignons": f"champi{SHY}gnons", "mushrooms": f"mush{SHY}rooms"}
"""Where a caption's long word may break."""

BACK = Text("carte face cachée", "face-down card")
HAND = Text("Votre main", "Your hand")
IN_HAND = Text("Main", "Hand")
HIDDEN = Text("Défausse face cachée", "Face-down discard")
MINE_HIDDEN = Text("{c}, posée face cachée", "{c}, set aside face down")
REVEALED = Text("Révélées par le test de goût", "Revealed by the taste test")
DECK = Text("Pioche", "Deck")
DISH = Text("Plat de {n} : {p} points", "{n}'s dish: {p} points")
DISH_BUST = Text(
    "Plat de {n} : {p} points, au-delà de l'objectif : 0", "{n}'s dish: {p}, past the target: 0"
)
PAIR = Text("une paire", "a pair")
ON_TEST = Text("Défausse de {n}, annonce : {c}", "{n}'s discard, claim: {c}")
RANGE = Text("{c}, {a} à {b} points", "{c}, {a} to {b} points")
FIXED = Text("{c}, {a} point", "{c}, {a} point")
IN_DISH = Text("{c} : {v} dans ce plat", "{c}: {v} in this dish")
SCORE = Text("Score : {s} sur {t}", "Score: {s} of {t}")
MAY_CALL = Text("peut demander un test", "may call a test")
CALLED = Text("a demandé un test de goût", "called a taste test")
PASSED = Text("a laissé passer", "let it pass")
WAITS = Text("attend le test de goût", "waits for the taste test")
NOT_YOURS = Text("Ce n'est pas à vous de jouer.", "It is not your turn.")
IN_WINDOW = Text(
    "Test de goût : répondez avec les boutons.", "Taste test: answer with the buttons."
)
BY_MENU = Text(
    "Cette carte ne se joue pas maintenant : voyez les boutons.",
    "This card is not played now: see the buttons.",
)
EVERYTHING = frozenset(KINDS)


def card_face(
    card: str,
    lang: Lang,
    name: str | None = None,
    corner: str | None = None,
    plays: Action | None = None,
    why: str = "",
) -> Face:
    """An ingredient face up, captioned with its name: by default named with the values it
    may score, its lowest value in the corner."""
    low, high = card_value(card, ()), card_value(card, EVERYTHING)
    if name is None:
        words = FIXED if low == high else RANGE
        name = words.render(lang, c=NAMES[card].get(lang), a=low, b=high)
    sign, tone = FAMILY[card]
    corner = str(low) if corner is None else corner
    title = caption(NAMES[card].get(lang), BREAKS)
    return Face(name, corner=corner, sign=sign, tone=tone, plays=plays, why=why, title=title)


def _backs(count: int, lang: Lang) -> tuple[Face, ...]:
    return tuple(Face.back(BACK.get(lang)) for _ in range(count))


def _without(cards: Sequence[str], taken: Sequence[str]) -> list[str]:
    """``cards`` less one copy of each card of ``taken``."""
    left = Counter(taken)
    kept = []
    for card in cards:
        if left[card]:
            left[card] -= 1
        else:
            kept.append(card)
    return kept


def _pending_count(view: View, seat: int) -> int:
    pending = view.get("pending")
    return pending["count"] if pending is not None and pending["seat"] == seat else 0


def _hidden(view: View, seat: int, lang: Lang) -> Pile | None:
    """The seat's face-down discards this turn, less the one waiting for a taste test."""
    count = view["face_down_counts"][seat] - _pending_count(view, seat)
    if count <= 0:
        return None
    if seat != view["seat"]:
        return Pile(HIDDEN.get(lang), _backs(count, lang), spread=False)
    pending = (view.get("pending") or {}).get("cards", [])
    mine = _without(view["my_face_down"], pending)
    cards = tuple(
        card_face(c, lang, name=MINE_HIDDEN.render(lang, c=NAMES[c].get(lang))) for c in mine
    )
    return Pile(HIDDEN.get(lang), cards, spread=False)


def _revealed(view: View, seat: int) -> list[str]:
    """The seat's cards face up this turn that are not its dish: a taste test showed them."""
    mine = [entry["card"] for entry in view["face_up"] if entry["owner"] == seat]
    dish = view.get("dish")
    if dish is not None and seat == view["current"]:
        return _without(mine, dish["cards"])
    return mine


def _notes(view: View, seat: int, lang: Lang) -> tuple[str, ...]:
    notes = [SCORE.render(lang, s=view["scores"][seat], t=view["target"])]
    window, pending = view.get("window"), view.get("pending")
    if window is None or pending is None:
        return tuple(notes)
    if seat == pending["seat"]:
        notes.append(WAITS.get(lang))
    elif seat in window["callers"]:
        notes.append(CALLED.get(lang))
    elif seat in window["answered"]:
        notes.append(PASSED.get(lang))
    elif seat in window["eligible"]:
        notes.append(MAY_CALL.get(lang))
    return tuple(notes)


def _seat(view: View, seat: int, lang: Lang) -> SeatPicture:
    parts: list[Pile] = []
    if seat != view["seat"]:
        size = view["hand_sizes"][seat]
        parts.append(Pile(IN_HAND.get(lang), _backs(size, lang), spread=False))
    hidden = _hidden(view, seat, lang)
    if hidden is not None:
        parts.append(hidden)
    revealed = _revealed(view, seat)
    if revealed:
        parts.append(Pile(REVEALED.get(lang), tuple(card_face(c, lang) for c in revealed)))
    return SeatPicture(seat, tuple(parts), _notes(view, seat, lang))


def _dish(view: View, lang: Lang, names: Sequence[str]) -> Pile | None:
    dish = view.get("dish")
    if dish is None:
        return None
    cards = dish["cards"]
    faces = tuple(
        card_face(
            c,
            lang,
            name=IN_DISH.render(lang, c=NAMES[c].get(lang), v=card_value(c, cards)),
            corner=str(card_value(c, cards)),
        )
        for c in cards
    )
    words = DISH_BUST if dish["bust"] else DISH
    label = words.render(lang, n=names[view["current"]], p=dish["points"])
    return Pile(label, faces, seat=view["current"])


def _on_test(view: View, lang: Lang, names: Sequence[str]) -> Pile | None:
    pending = view.get("pending")
    if pending is None:
        return None
    claim = PAIR if pending["kind"] == "pair" else NAMES[pending["claim"]]
    label = ON_TEST.render(lang, n=names[pending["seat"]], c=claim.get(lang))
    cards = pending.get("cards")
    faces = (
        _backs(pending["count"], lang)
        if cards is None
        else tuple(card_face(c, lang) for c in cards)
    )
    return Pile(label, faces, seat=pending["seat"])


def _why(view: View, legal: Sequence[Action], lang: Lang) -> str:
    if not legal:
        return NOT_YOURS.get(lang)
    if view["phase"] == "test_window":
        return IN_WINDOW.get(lang)
    return BY_MENU.get(lang)


def _hand(view: View, legal: Sequence[Action], lang: Lang) -> tuple[Pile, ...]:
    if "hand" not in view:
        return ()
    why = _why(view, legal, lang)
    faces = tuple(
        playing(card_face(c, lang, why=why), [a for a in legal if c in _cards_of(a)])
        for c in view["hand"]
    )
    return (Pile(HAND.get(lang), faces),)


def _cards_of(action: Action) -> tuple[str, ...]:
    """The hand's cards an action plays: a trim's card, a discard's, a dish's."""
    if action["type"] == "cook":
        return tuple(action["dish"].split("+"))
    return tuple(action[key] for key in ("card", "first", "second") if key in action)


def picture(view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]) -> Picture:
    deck = Pile(DECK.get(lang), count=view["deck_size"], spread=False)
    extras = (_dish(view, lang, names), _on_test(view, lang, names))
    return Picture(
        seats=tuple(_seat(view, seat, lang) for seat in range(view["players"])),
        centre=(deck, *(pile for pile in extras if pile is not None)),
        hand=_hand(view, legal, lang),
    )
