"""A game's table as a picture: what a browser draws for sighted players.

The presenter's text (``table``, ``event``) stays what a screen reader reads; a picture is
the same view laid out as cards, piles, tokens and tracks, every element carrying its own
words (``name``) so that nothing drawn is without a text twin. A picture holds only what the
view holds: it is built from ``view(seat)`` and the seat's legal actions, never from the
state, so it can leak nothing the text would not.

>>> ace = Face("as de cœur", corner="A", sign="♥", tone=Tone.RED)
>>> Face.back("carte cachée").as_json()["down"]
True
>>> trick = Pile("Pli", (ace,))
>>> Picture(centre=(trick,)).as_json()["centre"][0]["cards"][0]["corner"]
'A'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from popote.core.actions import Action


class Tone(StrEnum):
    """A colour family for a card face or a mark; never the only carrier of meaning (the
    face's sign and name say the same), so a client may draw them in any palette."""

    PLAIN = "plain"
    RED = "red"
    BLACK = "black"
    HOT = "hot"
    COLD = "cold"
    GREEN = "green"
    GOLD = "gold"
    BLUE = "blue"


@dataclass(frozen=True)
class Face:
    """One card as drawn: its accessible ``name`` (the presenter's words), a short
    ``corner`` mark ("A", "10", "18"), a ``sign`` (a suit sign, a symbol), a ``tone``,
    whether it lies face ``down``, and ``plays``: the legal action that plays it now, which a
    click sends (``None`` when it cannot be played, ``why`` then says why when known).
    ``choices`` holds the legal actions when several play the card (a card aimed at a chosen
    player, an ingredient taken in several ways): a click offers them to choose from.
    ``title`` is a word or two printed on the face ("Chaleur", "Crevette") so that a sighted
    player knows the card at a glance; it only repeats part of ``name`` (a client hides it
    from screen readers), and playing cards, whose rank and suit say it all, have none."""

    name: str
    corner: str = ""
    sign: str = ""
    tone: Tone = Tone.PLAIN
    down: bool = False
    plays: Action | None = None
    why: str = ""
    choices: tuple[Action, ...] = ()
    title: str = ""

    @classmethod
    def back(cls, name: str) -> Face:
        """A card lying face down, named only as what anyone may know of it."""
        return cls(name, down=True)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "corner": self.corner,
            "sign": self.sign,
            "tone": str(self.tone),
            "down": self.down,
            "plays": None if self.plays is None else dict(self.plays),
            "why": self.why,
            "choices": [dict(action) for action in self.choices],
            "title": self.title,
        }


SHY = "\u00ad"
"""A soft hyphen: where a long word of a caption may break (shown only where it does)."""


def caption(words: str, breaks: Mapping[str, str] | None = None) -> str:
    """``words`` as a face's caption: capitalised, a long word given where it may break.

    >>> caption("sauce soja")
    'Sauce soja'
    >>> caption("champignons", {"champignons": "champi" + SHY + "gnons"}) == "Champi\u00adgnons"
    True
    """
    words = (breaks or {}).get(words, words)
    return words[:1].upper() + words[1:]


def playing(face: Face, actions: Sequence[Action]) -> Face:
    """``face`` played by ``actions``: the one action a click sends, or the several it offers.

    >>> take = {"type": "take", "card": "oeuf"}
    >>> playing(Face("œuf"), [take]).plays == take
    True
    >>> len(playing(Face("œuf"), [take, {**take, "drop": "couteau"}]).choices)
    2
    """
    if len(actions) == 1:
        return replace(face, plays=actions[0], choices=())
    if actions:
        return replace(face, plays=None, choices=tuple(actions))
    return face


RULE = "rule"
"""The :attr:`Pile.role` of cards that state a rule rather than lie in play."""


@dataclass(frozen=True)
class Pile:
    """Cards laid together under a ``label`` (a trick, a discard pile, a work surface);
    ``count`` is how many there are when more lie there than ``cards`` shows (a draw pile
    shows none of its cards, a discard pile its top one); ``spread`` says whether the cards
    are laid side by side (a hand, a trick) or stacked.

    >>> Pile("Règle de la manche", role=RULE).as_json()["role"]
    'rule'
    >>> Pile("Pli").as_json()["role"]
    ''
    """

    label: str
    cards: tuple[Face, ...] = ()
    count: int | None = None
    spread: bool = True
    seat: int | None = None
    """The seat a centre pile belongs to (a card of the trick, placed before its player)."""
    role: str = ""
    """What the pile is when it is not cards in play: :data:`RULE` for cards stating a rule
    (Bouillabaisse's manche rule), which a client draws as a plaque, never as a play."""

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": "pile",
            "label": self.label,
            "cards": [card.as_json() for card in self.cards],
            "count": len(self.cards) if self.count is None else self.count,
            "spread": self.spread,
            "seat": self.seat,
            "role": self.role,
        }


@dataclass(frozen=True)
class Mark:
    """A token on a :class:`Track` at ``value``, or a zone from ``value`` to ``upto``."""

    label: str
    value: int
    upto: int | None = None
    tone: Tone = Tone.PLAIN

    def as_json(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "upto": self.upto, "tone": str(self.tone)}


@dataclass(frozen=True)
class Track:
    """A scale from ``low`` to ``high`` with tokens and zones on it (a running total, a
    cake's size beside an oven's capacity), named as a whole by ``label``."""

    label: str
    low: int
    high: int
    marks: tuple[Mark, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": "track",
            "label": self.label,
            "low": self.low,
            "high": self.high,
            "marks": [mark.as_json() for mark in self.marks],
        }


Part = Pile | Track


@dataclass(frozen=True)
class SeatPicture:
    """What lies before one seat: its piles (cards in hand face down, tricks taken, a role
    card) and short ``notes`` (a score, "a appelé"). Name, kind, turn and clock are the
    server's and are not repeated here."""

    seat: int
    parts: tuple[Part, ...] = ()
    notes: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "parts": [part.as_json() for part in self.parts],
            "notes": list(self.notes),
        }


@dataclass(frozen=True)
class Picture:
    """A whole table: the ``seats`` around it, the ``centre``, and the viewing seat's own
    ``hand`` face up along the bottom (empty for a spectator)."""

    seats: tuple[SeatPicture, ...] = ()
    centre: tuple[Part, ...] = ()
    hand: tuple[Pile, ...] = field(default=())

    def as_json(self) -> dict[str, Any]:
        return {
            "seats": [seat.as_json() for seat in self.seats],
            "centre": [part.as_json() for part in self.centre],
            "hand": [pile.as_json() for pile in self.hand],
        }
