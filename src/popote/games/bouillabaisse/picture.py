"""Bouillabaisse drawn for sighted players: real playing cards, the trick in the middle
placed by seat, the deal's scoring rule as a card of its own, tricks taken before each seat.

Built from the view and the seat's legal actions only, in the presenter's words.
"""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.picture import RULE as RULE_ROLE
from popote.core.picture import Face, Picture, Pile, SeatPicture, Tone
from popote.core.wording import Plural, decimal
from popote.games.bouillabaisse.cards import RANK_ID, SUITS
from popote.games.bouillabaisse.reasons import ReasoningPresenter
from popote.games.bouillabaisse.scoring import MANCHES
from popote.games.bouillabaisse.text import (
    MANCHE,
    RANK_NAMES,
    SUIT_NAMES,
    TRICKS,
    card_name,
    colon,
    rules_text,
)

SIGN = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
CORNER = {"J": Text("V", "J"), "Q": Text("D", "Q"), "K": Text("R", "K"), "A": Text("A", "A")}
RULE_POINTS = {"tricks": 5, "suit": 10, "figure": 50, "card": 200}
HAND = Plural(
    ("{n} carte en main", "{n} cartes en main"), ("{n} card in hand", "{n} cards in hand")
)
TAKEN = Text("Plis pris", "Tricks taken")
TOTAL = Text("total {t}", "total {t}")
NOT_YOUR_TURN = Text("Ce n'est pas votre tour.", "It is not your turn.")
FOLLOW = Text("Vous devez fournir {suit}.", "You must follow {suit}.")
LAST = Text("Dernier pli", "Last trick")
TRICK = Text("Pli en cours", "Trick in progress")
RULE = Text("{manche} — sa règle, pas une carte jouée", "{manche} — its rule, not a card in play")
RULE_WORD = Text("Règle", "Rule")


def corner(rank: str, lang: Lang) -> str:
    return CORNER[rank].get(lang) if rank in CORNER else rank


def tone(suit: str) -> Tone:
    return Tone.RED if suit in "DH" else Tone.BLACK


def face(card: str, lang: Lang, plays: Action | None = None, why: str = "") -> Face:
    """One playing card: ``"QH"`` -> "D ♥", red, named "dame de cœur"."""
    rank, suit = card[:-1], card[-1]
    return Face(
        card_name(card, lang), corner(rank, lang), SIGN[suit], tone(suit), plays=plays, why=why
    )


class DrawingPresenter(ReasoningPresenter):
    """The presenter with its picture (on top of the text's words and reasons)."""

    def picture(
        self, view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]
    ) -> Picture:
        return draw(view, legal, lang, names)


def draw(view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]) -> Picture:
    return Picture(
        seats=tuple(_seat(other, view, lang) for other in range(view["players"])),
        centre=(_rule(view, lang), *_trick(view, lang, names)),
        hand=_hand(view, legal, lang) if "hand" in view else (),
    )


def _seat(seat: int, view: View, lang: Lang) -> SeatPicture:
    held = view["hand_sizes"][seat]
    taken = view["tricks_taken"][seat]
    parts: list[Pile] = []
    if seat != view["seat"]:
        parts.append(Pile(HAND.render(held, lang), count=held, spread=False))
    label = TAKEN.get(lang) + colon(lang) + TRICKS.render(taken, lang)
    parts.append(Pile(label, count=taken, spread=False))
    total = TOTAL.render(lang, t=decimal(view["totals"][seat], lang))
    return SeatPicture(seat, tuple(parts), (total,))


def _rule(view: View, lang: Lang) -> Pile:
    """The deal's rule as cards of a pile whose role is the rule (drawn as a plaque): one per
    rule, its points in the corner and what it counts (a suit sign, a figure, a card, "pli")
    as its sign; "?" before the draw."""
    targets, sign = view["targets"], view["sign"]
    faces = []
    for rule in view["rules"]:
        points = RULE_POINTS[rule] * sign
        text = rules_text([rule], sign, targets, lang)
        target = None if rule == "tricks" else targets[rule]
        if rule == "tricks":
            mark, shade = Text("pli", "trick").get(lang), Tone.GOLD
        elif target is None:
            mark, shade = "?", Tone.PLAIN
        elif rule == "suit":
            mark, shade = SIGN[target], tone(target)
        elif rule == "figure":
            mark, shade = RANK_NAMES[target].get(lang), Tone.GOLD
        else:
            mark, shade = corner(target[:-1], lang) + SIGN[target[-1]], tone(target[-1])
        # Named and titled as a rule: its points in the corner and a suit sign in the middle
        # would otherwise read as a card played (a 10♠ in manche 2).
        word = RULE_WORD.get(lang)
        name = word + colon(lang) + text
        faces.append(Face(name, decimal(points, lang), mark, shade, title=word))
    manche = MANCHE.render(lang, manche=view["manche"], total=MANCHES)
    label = RULE.render(lang, manche=manche)
    return Pile(label, tuple(faces), role=RULE_ROLE)


def _trick(view: View, lang: Lang, names: Sequence[str]) -> list[Pile]:
    """Each card of the trick before the seat that played it; the last trick, once the
    current one is empty, stacked apart."""
    piles = [
        Pile(
            TRICK.get(lang) + colon(lang) + names[play["seat"]],
            (face(play["card"], lang),),
            seat=play["seat"],
        )
        for play in view["trick"]
    ]
    last = view["last_trick"]
    if not piles and last is not None:
        cards = tuple(face(play["card"], lang) for play in last["cards"])
        piles.append(Pile(f"{LAST.get(lang)} ({names[last['winner']]})", cards))
    return piles


def _hand(view: View, legal: Sequence[Action], lang: Lang) -> tuple[Pile, ...]:
    """The hand suit by suit, strongest first; each legal card plays itself."""
    playable = {action["card"]: action for action in legal}
    led = view["led"] if view["trick"] else None
    why = (
        FOLLOW.render(lang, suit=SUIT_NAMES[led].get(lang))
        if playable and led
        else NOT_YOUR_TURN.get(lang)
    )
    piles = []
    for suit in SUITS:
        cards = sorted(
            (card for card in view["hand"] if card[-1] == suit),
            key=lambda card: RANK_ID[card[:-1]],
            reverse=True,
        )
        if cards:
            faces = tuple(
                face(card, lang, playable.get(card), "" if card in playable else why)
                for card in cards
            )
            piles.append(Pile(SUIT_NAMES[suit].get(lang), faces))
    return tuple(piles)
