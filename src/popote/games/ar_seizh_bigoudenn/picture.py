"""Ar Seizh Bigoudenn's table as a picture: the centre's ingredients and utensils, each
Bigouden's two hands, work surface, Galette/Crêpe card, dishes and score, and the utensil
waltz (a utensil falling, TEUT!, the passoire) as it happens. Built from a seat's view and
legal actions only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.picture import (
    SHY,
    Face,
    Part,
    Picture,
    Pile,
    SeatPicture,
    Tone,
    caption,
    playing,
)
from popote.games.ar_seizh_bigoudenn import words as w
from popote.games.ar_seizh_bigoudenn.cards import HAND_COUNT, INGREDIENTS, SURFACE_LIMIT

UTENSIL_SIGNS = {
    "couteau": "†",
    "fourchette": "⋔",
    "cuillere": "◖",
    "spatule": "▭",
    "araignee": "✳",
    "couvercle": "⌒",
    "passoire": "◌",
}
UTENSIL_TITLES = {
    "couteau": Text("Couteau", "Knife"),
    "fourchette": Text(f"Four{SHY}chette", "Fork"),
    "cuillere": Text("Cuillère", "Spoon"),
    "spatule": Text("Spatule", "Spatula"),
    "araignee": Text(f"Arai{SHY}gnée", "Skimmer"),
    "couvercle": Text(f"Cou{SHY}vercle", "Lid"),
    "passoire": Text("Passoire", "Colander"),
}
"""A utensil's caption, its name without its article."""
BREAKS = {
    "champignons": f"champi{SHY}gnons",
    "mushrooms": f"mush{SHY}rooms",
    "strawberries": f"straw{SHY}berries",
    "saint-jacques": "Saint-Jacques",
}
"""Where a caption's long word may break, or how it is written at its head."""
ARTICLES = ("la ", "the ")
SAVOURY = ("▲", Tone.GREEN)
SWEET = ("♥", Tone.RED)
CARD_FACES = {"galette": ("G", "◉", Tone.GOLD), "crepe": ("C", "◎", Tone.BLUE)}

BARE = Text("{c}, à main nue", "{c}, bare-handed")
WITH = Text("{c}, avec {u}", "{c}, with {u}")
FREE = Text("main libre", "free hand")
FREE_TITLE = Text("Libre", "Free")
OFF_MENU_TITLE = Text("Hors menu", "Off menu")
HANDS = Text("Mains", "Hands")
YOUR_HANDS = Text("Vos mains", "Your hands")
SURFACE = Text("Plan de travail ({n} sur {m})", "Work surface ({n} of {m})")
YOUR_SURFACE = Text("Vos ingrédients ({n} sur {m})", "Your ingredients ({n} of {m})")
CARD = Text("Carte Galette/Crêpe", "Galette/Crêpe card")
CARD_FACE = Text("côté {f} : à cuisiner", "{f} side up: to cook")
DISHES = Text("Plats", "Dishes")
DISH = Text("{d} : {p} points", "{d}: {p} points")
OFF_MENU = Text("{f} hors menu", "off-menu {f}")
SPECIAL = Text("{r}, sa spécialité", "{r}, her specialty")
SCORE = Text("Score : {s}", "Score: {s}")
SPECIALTIES = Text("Spécialités : {s}", "Specialties: {s}")
DECK = Text("Pioche", "Draw pile")
CENTRE = Text("Ingrédients au centre", "Ingredients in the centre")
CENTRE_UTENSILS = Text("Ustensiles au centre", "Utensils in the centre")
MARMITE = Text("Marmite", "Pot")
FALLS = Text("{U} tombe au centre !", "{U} falls to the centre!")
GRABBED = Text("{U} saisi : TEUT ! possible", "{U} grabbed: TEUT! possible")
TEUT = Text("TEUT ! pour {u}", "TEUT! for {u}")
SEALED = Text("mise cachée", "sealed bid")
YOUR_BID = Text("votre mise : {c}", "your bid: {c}")
PASSOIRE = Text("Passoire : mises à récupérer", "Colander: bids to recover")
DROPPED = Text("a lâché {u}", "dropped {u}")
TOOK = Text("a saisi {u}", "grabbed {u}")
MAY_ANSWER = Text("peut répondre", "may answer")
ANSWERED = Text("a répondu", "has answered")
IN_TEUT = Text("dans le TEUT !", "in the TEUT!")
BID = Text("a misé", "has bid")
RAISES = Text("relance", "raises")
HOLDS_PASSOIRE = Text("tient la passoire", "holds the colander")
NOT_YOURS = Text("Ce n'est pas à vous de jouer.", "It is not your turn.")
HANDS_BY_MENU = Text(
    "Vos mains agissent par les boutons (prendre, voler, saisir).",
    "Your hands act through the buttons (take, steal, grab).",
)
BY_MENU = Text(
    "Cet ingrédient ne se joue pas seul maintenant : voyez les boutons.",
    "This ingredient is not played alone now: see the buttons.",
)
SURFACE_KINDS = ("bid", "raise", "follow")


def _ways(legal: Sequence[Action], kind: str, **fields: Any) -> list[Action]:
    """The legal actions of ``kind`` with these fields (a take with or without a drop...)."""
    return [a for a in legal if a["type"] == kind and all(a.get(k) == v for k, v in fields.items())]


def ingredient(key: str, lang: Lang, why: str = "") -> Face:
    card = INGREDIENTS[key]
    name = w.card(key, lang)
    if card.utensil is None:
        name = BARE.render(lang, c=name)
    else:
        name = WITH.render(lang, c=name, u=w.utensil(card.utensil, lang))
    sign, tone = SAVOURY if card.savoury else SWEET
    title = caption(card.en if lang == "en" else card.fr, BREAKS)
    return Face(name, str(card.value), sign, tone, why=why, title=title)


def utensil(key: str, lang: Lang, why: str = "") -> Face:
    name, title = w.utensil(key, lang), UTENSIL_TITLES[key].get(lang)
    return Face(name, sign=UTENSIL_SIGNS[key], tone=Tone.BLACK, why=why, title=title)


def _hands(view: View, seat: int, lang: Lang, label: Text, why: str = "") -> Pile:
    held = [utensil(key, lang, why=why) for key in view["hands"][seat]]
    free = Face(FREE.get(lang), sign="○", why=why, title=FREE_TITLE.get(lang))
    held += [free] * (HAND_COUNT - len(held))
    return Pile(label.get(lang), tuple(held))


def _card(view: View, seat: int, lang: Lang) -> Pile:
    side = view["faces"][seat]
    corner, sign, tone = CARD_FACES[side]
    title = caption(w.face(side, lang))
    face = Face(CARD_FACE.render(lang, f=w.face(side, lang)), corner, sign, tone, title=title)
    return Pile(CARD.get(lang), (face,))


def _recipe_title(key: str, lang: Lang) -> str:
    """A recipe's name without its article: "Complète", "Pont-l'Abbé"."""
    name = w.recipe(key, lang)
    for article in ARTICLES:
        name = name.removeprefix(article)
    return caption(name)


def _dish_face(dish: dict[str, Any], lang: Lang) -> Face:
    if dish["recipe"] is None:
        name, title = OFF_MENU.render(lang, f=w.face(dish["dish"], lang)), OFF_MENU_TITLE.get(lang)
    else:
        name = w.recipe(dish["recipe"], lang)
        title = _recipe_title(dish["recipe"], lang)
        if dish["specialty"]:
            name = SPECIAL.render(lang, r=name)
    _, sign, tone = CARD_FACES[dish["dish"]]
    words = DISH.render(lang, d=name, p=dish["points"])
    return Face(words, str(dish["points"]), sign, tone, title=title)


def _window_notes(view: View, seat: int, lang: Lang) -> list[str]:
    window = view.get("window")
    if window is None:
        return []
    notes = []
    u = w.utensil(window["utensil"], lang) if window.get("utensil") else ""
    if window.get("dropper") == seat:
        notes.append(DROPPED.render(lang, u=u))
    if window.get("taker") == seat:
        notes.append(TOOK.render(lang, u=u))
    if seat in window.get("contenders", ()):
        notes.append(IN_TEUT.get(lang))
    if seat in window.get("bids_answered", ()) or seat in window.get("follow_answered", ()):
        notes.append(BID.get(lang))
    if window.get("raiser") == seat:
        notes.append(RAISES.get(lang))
    if window.get("holder") == seat:
        notes.append(HOLDS_PASSOIRE.get(lang))
    if seat in window.get("seats", ()):
        notes.append((ANSWERED if seat in window.get("answered", ()) else MAY_ANSWER).get(lang))
    return notes


def _seat(view: View, seat: int, legal: Sequence[Action], lang: Lang) -> SeatPicture:
    parts: list[Part] = []
    if seat != view["seat"]:
        surface = view["surfaces"][seat]
        faces = tuple(
            playing(ingredient(key, lang), _ways(legal, "steal", target=seat, card=key))
            for key in surface
        )
        label = SURFACE.render(lang, n=len(surface), m=SURFACE_LIMIT)
        parts += [_hands(view, seat, lang, HANDS), Pile(label, faces)]
    parts.append(_card(view, seat, lang))
    dishes = view["dishes"][seat]
    if dishes:
        parts.append(
            Pile(DISHES.get(lang), tuple(_dish_face(d, lang) for d in dishes), spread=False)
        )
    bigouden = view["bigoudens"][seat]
    notes = [
        w.bigouden(bigouden),
        SPECIALTIES.render(lang, s=w.specialties(bigouden, lang)),
        SCORE.render(lang, s=view["scores"][seat]),
        *_window_notes(view, seat, lang),
    ]
    return SeatPicture(seat, tuple(parts), tuple(notes))


def _bids(view: View, lang: Lang) -> list[Face]:
    """The TEUT!'s sealed bids face down, the viewer's own face up to itself."""
    window, faces = view["window"], []
    for round_ in ("bids", "follow"):
        mine = window.get(f"your_{round_}")
        for seat in window.get(f"{round_}_answered", ()):
            if seat == view["seat"] and mine is not None:
                face = ingredient(mine, lang)
                faces.append(replace(face, name=YOUR_BID.render(lang, c=face.name)))
            else:
                faces.append(Face.back(SEALED.get(lang)))
    return faces


def _window(view: View, legal: Sequence[Action], lang: Lang) -> Pile | None:
    """The waltz as it happens, in the centre where the utensil falls: a utensil falling, a
    TEUT!, the passoire's offer (who dropped, who holds it: the seats' notes)."""
    window = view.get("window")
    if window is None:
        return None
    if "holder" in window:
        faces = tuple(
            playing(ingredient(key, lang), _ways(legal, "recover", card=key))
            for key in window["cards"]
        )
        return Pile(PASSOIRE.get(lang), faces)
    key = window["utensil"]
    fields = {"u": w.utensil(key, lang), "U": w.utensil_cap(key, lang)}
    if "contenders" in window:
        return Pile(TEUT.render(lang, **fields), (utensil(key, lang), *_bids(view, lang)))
    grab = playing(utensil(key, lang), _ways(legal, "teut" if "taker" in window else "grab"))
    label = GRABBED if "taker" in window else FALLS
    return Pile(label.render(lang, **fields), (grab,))


def _lying(view: View) -> list[str]:
    """The centre's utensils less the one falling or fought over, drawn in its window."""
    lying = list(view["centre_utensils"])
    window = view.get("window") or {}
    if window.get("utensil") in lying:
        lying.remove(window["utensil"])
    return lying


def _centre(view: View, legal: Sequence[Action], lang: Lang) -> list[Part]:
    ingredients = tuple(
        playing(ingredient(key, lang), _ways(legal, "take", card=key)) for key in view["centre"]
    )
    utensils = tuple(
        playing(utensil(key, lang), _ways(legal, "utensil", utensil=key)) for key in _lying(view)
    )
    parts: list[Part] = [
        Pile(DECK.get(lang), count=view["draw_size"], spread=False),
        Pile(CENTRE.get(lang), ingredients),
        Pile(CENTRE_UTENSILS.get(lang), utensils),
    ]
    if view["marmite"]:
        pot = tuple(ingredient(key, lang) for key in view["marmite"])
        parts.append(Pile(MARMITE.get(lang), pot[-1:], count=len(pot), spread=False))
    window = _window(view, legal, lang)
    return parts if window is None else [*parts, window]


def _hand(view: View, legal: Sequence[Action], lang: Lang) -> tuple[Pile, ...]:
    seat = view["seat"]
    if seat is None:
        return ()
    why = (BY_MENU if legal else NOT_YOURS).get(lang)
    faces = []
    for key in view["surfaces"][seat]:
        ways = [action for kind in SURFACE_KINDS for action in _ways(legal, kind, card=key)]
        faces.append(playing(ingredient(key, lang, why="" if ways else why), ways))
    surface = view["surfaces"][seat]
    label = YOUR_SURFACE.render(lang, n=len(surface), m=SURFACE_LIMIT)
    hands_why = (HANDS_BY_MENU if legal else NOT_YOURS).get(lang)
    return (Pile(label, tuple(faces)), _hands(view, seat, lang, YOUR_HANDS, hands_why))


def picture(view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]) -> Picture:
    return Picture(
        seats=tuple(_seat(view, seat, legal, lang) for seat in range(view["players"])),
        centre=tuple(_centre(view, legal, lang)),
        hand=_hand(view, legal, lang),
    )
