"""Shared small pieces: stages, the action cache and the TEUT record."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from popote.core.actions import Action, Event, FrozenDict, FrozenList, secret_event
from popote.core.memo import Memo
from popote.core.named import NamedEnum
from popote.core.windows import ReactionWindow, SealedBids


class Stage(NamedEnum):
    ACTION = "action"  # the player on turn uses a hand (or stops)
    COOK = "cook"  # the player on turn may cook one dish
    GRAB = "grab"  # a utensil fell: others may grab it
    CHALLENGE = "challenge"  # real-time mode: others may cry TEUT! at the first grabber
    BID = "bid"  # TEUT: sealed bids of one ingredient
    RAISE = "raise"  # TEUT tie: a tied player may raise with a second card
    FOLLOW = "follow"  # TEUT raise: the other tied players follow or not (sealed)
    PASSOIRE = "passoire"  # the passoire's holder may recover a card spent in the TEUT
    OVER = "over"


class Face(NamedEnum):
    GALETTE = "galette"
    CREPE = "crepe"

    def flipped(self) -> Face:
        return Face.CREPE if self is Face.GALETTE else Face.GALETTE


_CACHE: Final[Memo[tuple[Any, ...], Action]] = Memo()
"""Keys hold the cards of a dish cooked, whose combinations are many: bounded all the same."""


def act(kind: str, **fields: str | int | None) -> Action:
    """A shared, immutable action (built once per distinct content)."""
    key = (kind, *sorted(fields.items()))
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE.remember(key, Action(type=kind, **fields))
    return found


def cook_action(cards: tuple[str, ...]) -> Action:
    key = ("cook", cards)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE.remember(key, Action(type="cook", cards=cards))  # a tuple: it hashes
    return found


class ActionTable(dict[tuple[Any, ...], Action]):
    """The shared actions of one kind, looked up by their fields' values in a fixed order.

    A lookup costs one dict access: legal actions are listed at every decision, and
    :func:`act` sorts its fields to build its key.
    """

    def __init__(self, kind: str, *fields: str) -> None:
        super().__init__()
        self.kind = kind
        self.fields = fields

    def __missing__(self, values: tuple[Any, ...]) -> Action:
        found = self[values] = act(self.kind, **dict(zip(self.fields, values, strict=True)))
        return found


class EventTable(dict[tuple[Any, ...], FrozenDict]):
    """The frozen events of one type by their fields' values, each built once: the match
    hands out a frozen event as it is, so the hot events cost one dict access. Only for
    events of few distinct values: a table keeps every one it has built.

    A field given as a tuple (of atoms or tuples) is a list in the event, as JSON has it.
    """

    def __init__(self, kind: str, *fields: str) -> None:
        super().__init__()
        self.kind = kind
        self.fields = fields

    def __missing__(self, values: tuple[Any, ...]) -> FrozenDict:
        fields = {key: _listed(value) for key, value in zip(self.fields, values, strict=True)}
        found = self[values] = FrozenDict(type=self.kind, **fields)
        return found


def _listed(value: Any) -> Any:
    return FrozenList(map(_listed, value)) if type(value) is tuple else value


class SecretTable(dict[tuple[Any, ...], tuple[Event, ...]]):
    """A secret answer's pair of events (in full for its seat, redacted for the others) by
    the seat and the answer's fields, each pair built once."""

    def __init__(self, kind: str, fields: tuple[str, ...], secret: tuple[str, ...]) -> None:
        super().__init__()
        self.kind = kind
        self.fields = ("seat", *fields)
        self.secret = secret

    def __missing__(self, values: tuple[Any, ...]) -> tuple[Event, ...]:
        event = {"type": self.kind, **dict(zip(self.fields, values, strict=True))}
        found = self[values] = tuple(secret_event(event, self.secret, [values[0]]))
        return found


TAKE: Final = ActionTable("take", "card", "drop", "give_back")
STEAL: Final = ActionTable("steal", "target", "card", "give_back")
TAKE_UTENSIL: Final = ActionTable("utensil", "utensil", "drop")
RECOVER: Final = ActionTable("recover", "card", "give_back")
PASS: Final = act("pass")
STOP: Final = act("stop")
TOSS: Final = act("toss")
WITHDRAW: Final = act("withdraw")


@dataclass
class Teut:
    """One TEUT!: who claims the utensil, their sealed bids, raises and spent cards."""

    utensil: str
    claims: dict[int, str | None]  # seat -> the utensil it drops if it wins
    contenders: tuple[int, ...]
    bids: SealedBids[str | None] | None = None
    raise_window: ReactionWindow | None = None
    raiser: int | None = None
    raise_cards: dict[int, str] = field(default_factory=dict)  # face down until revealed
    follow: SealedBids[str | None] | None = None
    spent: list[str] = field(default_factory=list)

    def clone(self) -> Teut:
        return Teut(
            self.utensil,
            dict(self.claims),
            self.contenders,
            None if self.bids is None else self.bids.clone(),
            None if self.raise_window is None else self.raise_window.clone(),
            self.raiser,
            dict(self.raise_cards),
            None if self.follow is None else self.follow.clone(),
            list(self.spent),
        )
