"""Boom Badaboom's table as a picture: the board with the cake and oven tokens on one scale
(the Glouton's zone marked), the round's event card, the reaction chain stacked, the discard
pile, each seat's role card and hand. Built from a seat's view and legal actions only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.picture import (
    SHY,
    Face,
    Mark,
    Part,
    Picture,
    Pile,
    SeatPicture,
    Tone,
    Track,
    playing,
)
from popote.core.wording import MINUS
from popote.games.boom_badaboom.cards import GLOUTON_ZONE, KIND_BY_KEY, Category
from popote.games.boom_badaboom.names import EVENT_HELP, EVENTS, MODES, ROLES, card_name

FAMILY: dict[Category, tuple[str, Tone]] = {
    Category.HEAT: ("♨", Tone.HOT),
    Category.COOL: ("❄", Tone.COLD),
    Category.ACTION: ("✦", Tone.BLUE),
    Category.REACTIVE: ("⛨", Tone.GREEN),
    Category.OBJECTIVE: ("★", Tone.GOLD),
}
"""The rulebook's card families: flames for heat, snowflakes for cooling, the actions, the
reactive cards (the apron's shield), the Glouton's objectives."""
SIGNS = {"spatula": "↩", "boost": "×2"}
"""Reactive cards other than the apron carry their own sign."""

FAMILY_TITLES = {
    Category.HEAT: Text("Chaleur", "Heat"),
    Category.COOL: Text("Froid", "Cooling"),
    Category.OBJECTIVE: Text("Objectif", "Objective"),
}
TITLES = {
    "peek": Text("Coup d'œil", "Glance"),
    "accident": Text("Accident", "Accident"),
    "fumble": Text(f"Mala{SHY}dresse", f"Butter{SHY}fingers"),
    "oven_up": Text("Four +", "Oven +"),
    "oven_down": Text(f"Four {MINUS}", f"Oven {MINUS}"),
    "recover": Text("Reprise", "Recovery"),
    "swap": Text("Échange", "Swap"),
    "apron": Text("Tablier", "Apron"),
    "spatula": Text("Spatule", "Spatula"),
    "boost": Text("Boost", "Boost"),
}
"""A card's caption, a word or two printed on it: its family's for heat, cooling and the
objectives (the corner says the value), else its own short name."""
EVENT_TITLES = {"clumsiness": Text(f"Mala{SHY}dresse", "Clumsiness")}
"""An event's caption is its name, shortened where the name is long."""

EVENT_SIGNS = {
    "ingredient_swap": "⇄",
    "oven_broken": "⊘",
    "surprise_inventory": "◈",
    "open_kitchen": "◎",
    "oven_haywire": "⇅",
    "splashes": "∴",
    "double_intensity": "×2",
    "clumsiness": "↯",
    "power_cut": "⏻",
    "express_service": "»",
    "kitchen_mess": "↺",
    "progressive_rise": "↗",
    "emergency_vent": "≋",
    "auto_reheat": "♨",
    "final_timer": "⌛",
}
"""Each event card its own sign, as the rulebook asks for."""

BOARD = Text("Le gâteau et le four", "The cake and the oven")
CAKE = Text("Gâteau : {n}", "Cake: {n}")
OVEN = Text("Four : explose à {n}", "Oven: explodes at {n}")
ZONE = Text("Zone du Glouton : {a} à {b}", "Glutton's zone: {a} to {b}")
EVENT = Text("Événement du tour", "This round's event")
EVENT_FACE = Text("{n} : {h}", "{n}: {h}")
CHAIN = Text("Chaîne de réactions", "Reaction chain")
LINK = Text("{c}, de {n} ({m})", "{c}, by {n} ({m})")
DISCARD = Text("Défausse", "Discard pile")
DECK = Text("Pioche", "Deck")
EXPRESS = Text("Carte à jouer aussitôt", "Card to play at once")
HELD = Text("Carte en jeu", "Card in play")
HAND = Text("Votre main", "Your hand")
IN_HAND = Text("Main", "Hand")
ROLE = Text("Rôle", "Role")
ROLE_FACE = Text("Rôle : {r}", "Role: {r}")
HIDDEN_ROLE = Text("rôle caché", "hidden role")
BACK = Text("carte cachée", "hidden card")
SKIPS = Text("passera son prochain tour", "will skip the next turn")
ROBBED = Text("se fait voler une carte", "is being robbed of a card")
NOT_YOURS = Text("Ce n'est pas à vous de jouer.", "It is not your turn.")
CHOOSE = Text(
    "Plusieurs façons de la jouer : choisissez dans la liste ou les boutons.",
    "Several ways to play it: choose from the list or the buttons.",
)
NOT_NOW = Text("Cette carte ne peut pas être jouée maintenant.", "This card cannot be played now.")
EXPRESS_FIRST = Text(
    "Jouez d'abord la carte à jouer aussitôt.", "Play the card to play at once first."
)
HAND_KINDS = ("play", "react")


def card_face(key: str, lang: Lang, plays: Action | None = None, why: str = "") -> Face:
    """A card face up: its family's sign and tone, its value in the corner."""
    kind = KIND_BY_KEY[key]
    sign, tone = FAMILY[kind.category]
    sign = SIGNS.get(key, sign)
    corner = ""
    if kind.category in (Category.HEAT, Category.COOL):
        plus = "+" if kind.category is Category.HEAT else MINUS
        corner = plus + (str(kind.value) if kind.value else "?")
    title = TITLES.get(key) or FAMILY_TITLES[kind.category]
    return Face(
        card_name(key, lang), corner, sign, tone, plays=plays, why=why, title=title.get(lang)
    )


def _only(legal: Sequence[Action], kinds: Sequence[str], key: str) -> list[Action]:
    return [action for action in legal if action["type"] in kinds and action.get("card") == key]


def clickable(key: str, legal: Sequence[Action], kinds: Sequence[str], lang: Lang) -> Face:
    """A face that plays its one legal action, offers its several to choose from, or says
    why a click does nothing."""
    found = _only(legal, kinds, key)
    if found:
        return playing(card_face(key, lang, why=CHOOSE.get(lang)), found)
    return card_face(key, lang, why=(NOT_NOW if legal else NOT_YOURS).get(lang))


def _board(view: View, lang: Lang) -> Track:
    size, capacity = view["size"], view["capacity"]
    marks = [
        Mark(CAKE.render(lang, n=size), size, tone=Tone.GOLD),
        Mark(OVEN.render(lang, n=capacity), capacity, tone=Tone.HOT),
    ]
    if view["mode"] == "roles":
        low, high = GLOUTON_ZONE
        marks.append(Mark(ZONE.render(lang, a=low, b=high), low, upto=high, tone=Tone.GREEN))
    return Track(BOARD.get(lang), 0, max(size, capacity, GLOUTON_ZONE[1]) + 1, tuple(marks))


def _event(view: View, lang: Lang) -> Pile | None:
    key = view["event"]
    if key is None:
        return None
    name = EVENT_FACE.render(lang, n=EVENTS[key].get(lang), h=EVENT_HELP[key].get(lang))
    title = EVENT_TITLES.get(key, EVENTS[key]).get(lang)
    face = Face(name, str(view["round"]), EVENT_SIGNS[key], Tone.GOLD, title=title)
    return Pile(EVENT.get(lang), (face,))


def _chain(view: View, lang: Lang, names: Sequence[str]) -> Pile | None:
    if not view["chain"]:
        return None
    faces = []
    for link in view["chain"]:
        target = names[link["target"]] if link["target"] >= 0 else ""
        mode = MODES[link["mode"]].render(lang, target=target)
        face = card_face(link["card"], lang)
        name = LINK.render(lang, c=face.name, n=names[link["seat"]], m=mode)
        faces.append(replace(face, name=name))
    return Pile(CHAIN.get(lang), tuple(faces), spread=False)


def _discard(view: View, legal: Sequence[Action], lang: Lang) -> Pile:
    """The discard pile shows its top card, or every card when one may be taken back."""
    discard = view["discard"]
    if any(action["type"] == "recover" for action in legal):
        faces = tuple(clickable(key, legal, ("recover",), lang) for key in discard)
        return Pile(DISCARD.get(lang), faces)
    top = tuple(card_face(key, lang) for key in discard[-1:])
    return Pile(DISCARD.get(lang), top, count=len(discard), spread=False)


def _express(view: View, legal: Sequence[Action], lang: Lang) -> Pile | None:
    key = view["express_card"]
    if key is None:
        return None
    return Pile(EXPRESS.get(lang), (clickable(key, legal, ("play",), lang),))


def _held(view: View, lang: Lang) -> Pile | None:
    key = view["held_card"]
    return None if key is None else Pile(HELD.get(lang), (card_face(key, lang),))


def _centre(view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]) -> list[Part]:
    found: list[Part | None] = [
        _board(view, lang),
        _event(view, lang),
        Pile(DECK.get(lang), count=view["deck_size"], spread=False),
        _discard(view, legal, lang),
        _chain(view, lang, names),
        _express(view, legal, lang),
        _held(view, lang),
    ]
    return [part for part in found if part is not None]


def _role(view: View, seat: int, lang: Lang) -> Pile:
    role = view["roles"][seat]
    if role is None:
        return Pile(ROLE.get(lang), (Face.back(HIDDEN_ROLE.get(lang)),))
    title = ROLES[role].get(lang)
    name = ROLE_FACE.render(lang, r=title)
    return Pile(ROLE.get(lang), (Face(name, sign="♛", tone=Tone.BLACK, title=title),))


def _seat(view: View, seat: int, legal: Sequence[Action], lang: Lang) -> SeatPicture:
    """Another seat's hand: the cards the viewer knows it holds, face up, the rest face down;
    a card that may be stolen from it plays the theft."""
    parts: list[Part] = []
    if seat != view["seat"]:
        known = view["known"][seat]
        faces = [clickable(key, legal, ("steal",), lang) for key in known]
        faces += [Face.back(BACK.get(lang))] * (view["hand_sizes"][seat] - len(known))
        parts.append(Pile(IN_HAND.get(lang), tuple(faces), spread=False))
    if view["mode"] == "roles":
        parts.append(_role(view, seat, lang))
    notes = []
    if seat in view["skipping"]:
        notes.append(SKIPS.get(lang))
    if view["phase"] == "steal" and view["steal_target"] == seat:
        notes.append(ROBBED.get(lang))
    return SeatPicture(seat, tuple(parts), tuple(notes))


def _hand(view: View, legal: Sequence[Action], lang: Lang) -> tuple[Pile, ...]:
    if "hand" not in view:
        return ()
    if view["express_card"] is not None and legal:
        why = EXPRESS_FIRST.get(lang)
        faces = tuple(card_face(key, lang, why=why) for key in view["hand"])
    else:
        faces = tuple(clickable(key, legal, HAND_KINDS, lang) for key in view["hand"])
    return (Pile(HAND.get(lang), faces),)


def picture(view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]) -> Picture:
    return Picture(
        seats=tuple(_seat(view, seat, legal, lang) for seat in range(view["players"])),
        centre=tuple(_centre(view, legal, lang, names)),
        hand=_hand(view, legal, lang),
    )
