"""Les Pieds dans le Plat drawn for sighted players: the running total on a track from 10 to
30 with its direction, the discard pile's top card, penalty cards before each seat.

Islands are drawn only as the rules let a player see them: one's own face up; the others'
as backs (their count) unless the table plays with ``assisted`` islands, when the view holds
them all. Built from the view and the seat's legal actions only.
"""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action
from popote.core.game import View
from popote.core.i18n import Lang, Text
from popote.core.picture import Face, Mark, Part, Picture, Pile, SeatPicture, Tone, Track
from popote.core.wording import Plural
from popote.games.pieds_dans_le_plat.cards import PENALTY_LIMIT, TURN_ABOVE, TURN_BELOW
from popote.games.pieds_dans_le_plat.text import _DIRECTION, YOUR_ISLANDS, PiedsPresenter

ARROW = {"up": "↑", "down": "↓"}
TOTAL = Text("Total {total}, {direction}", "Total {total}, {direction}")
TRACK = Text("Total de {low} à {high}", "Total from {low} to {high}")
TURN = Text("Le sens change au-delà de {n}", "The direction changes past {n}")
TOP = Text("Défausse", "Discard pile")
DRAW = Text("Pioche", "Draw pile")
PENALTIES = Plural(
    ("{n} pénalité sur {limit}", "{n} pénalités sur {limit}"),
    ("{n} penalty of {limit}", "{n} penalties of {limit}"),
)
IN_HAND = Plural(
    ("{n} carte en main", "{n} cartes en main"), ("{n} card in hand", "{n} cards in hand")
)
ISLANDS = Plural(("{n} île", "{n} îles"), ("{n} island", "{n} islands"))
ISLAND = Text("île {n}", "island {n}")
HIDDEN_ISLAND = Text("île cachée", "hidden island")
PENALTY = Text("carte pénalité", "penalty card")
PENALTY_TITLE = Text("Pénalité", "Penalty")
ISLAND_TITLE = Text("Île", "Island")
PENALTY_CARDS = Text("Cartes pénalité", "Penalty cards")
NOT_YOUR_TURN = Text("Ce n'est pas votre tour.", "It is not your turn.")


class DrawingPresenter(PiedsPresenter):
    """The presenter with its picture (on top of the text's words)."""

    def picture(
        self, view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]
    ) -> Picture:
        return draw(view, legal, lang)


def draw(view: View, legal: Sequence[Action], lang: Lang) -> Picture:
    return Picture(
        seats=tuple(_seat(seat, view, lang) for seat in range(view["players"])),
        centre=(_track(view, lang), *_piles(view, lang)),
        hand=_hand(view, legal, lang) if "hand" in view else (),
    )


def number(card: int, plays: Action | None = None, why: str = "") -> Face:
    return Face(str(card), str(card), "", Tone.BLUE, plays=plays, why=why)


def island(value: int, lang: Lang) -> Face:
    return Face(
        ISLAND.render(lang, n=value), str(value), "≈", Tone.GREEN, title=ISLAND_TITLE.get(lang)
    )


def _track(view: View, lang: Lang) -> Track:
    total, direction = view["total"], view["direction"]
    words = _DIRECTION[direction].get(lang)
    turn_at = TURN_ABOVE if direction == "up" else TURN_BELOW
    marks = (
        Mark(
            TOTAL.render(lang, total=total, direction=words) + " " + ARROW[direction],
            total,
            tone=Tone.HOT if direction == "up" else Tone.COLD,
        ),
        Mark(TURN.render(lang, n=turn_at), turn_at, tone=Tone.GOLD),
    )
    return Track(TRACK.render(lang, low=TURN_BELOW, high=TURN_ABOVE), TURN_BELOW, TURN_ABOVE, marks)


def _piles(view: View, lang: Lang) -> tuple[Pile, ...]:
    top = view["top_card"]
    return (
        Pile(TOP.get(lang), (number(top),), count=view["discard_size"], spread=False),
        Pile(DRAW.get(lang), count=view["draw_pile_size"], spread=False),
    )


def _seat(seat: int, view: View, lang: Lang) -> SeatPicture:
    penalties = view["penalties"][seat]
    parts: list[Part] = []
    if seat != view["seat"]:
        held = view["hand_sizes"][seat]
        parts.append(Pile(IN_HAND.render(held, lang), count=held, spread=False))
        parts.append(_islands_of(seat, view, lang))
    said = PENALTIES.render(penalties, lang, limit=PENALTY_LIMIT)
    penalty = Face(PENALTY.get(lang), "!", "✋", Tone.HOT, title=PENALTY_TITLE.get(lang))
    marks = (penalty,) * penalties
    if marks:
        parts.append(Pile(PENALTY_CARDS.get(lang), marks, spread=False))
    return SeatPicture(seat, tuple(parts), (said,))


def _islands_of(seat: int, view: View, lang: Lang) -> Pile:
    """Another seat's islands: face up only where the view holds them (``assisted``)."""
    count = view["island_counts"][seat]
    label = ISLANDS.render(count, lang)
    if "all_islands" in view:
        return Pile(label, tuple(island(value, lang) for value in view["all_islands"][seat]))
    return Pile(label, tuple(Face.back(HIDDEN_ISLAND.get(lang)) for _ in range(count)))


def _hand(view: View, legal: Sequence[Action], lang: Lang) -> tuple[Pile, ...]:
    playable = {action["card"]: action for action in legal}
    why = "" if playable else NOT_YOUR_TURN.get(lang)
    cards = tuple(number(card, playable.get(card), why) for card in view["hand"])
    own = tuple(island(value, lang) for value in view["islands"])
    return (Pile("", cards), Pile(YOUR_ISLANDS.get(lang), own))
