"""The events of a match, each built once and then shared by every match.

They are frozen, so a match hands out the very objects kept here and nobody can change
them: a turn costs a cache lookup instead of building and freezing its events. Each one
is built the first time it happens (a scenario may set any total or count); only events
of few possible values are kept, never a whole hand.

>>> card_played(0, 7, 19, up=True) is card_played(0, 7, 19, up=True)
True
>>> full, redacted = card_drawn(1, 4, 30)
>>> full, redacted
({'type': 'card_drawn', 'seat': 1, 'card': 4, 'pile': 30, 'visible_to': [1]}, {'type': 'card_drawn', 'seat': 1, 'pile': 30, 'hidden_from': [1]})
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from popote.core.actions import Event, FrozenDict, FrozenList, secret_event
from popote.games.pieds_dans_le_plat.cards import Direction


def direction_name(up: bool) -> str:
    return Direction.UP.value if up else Direction.DOWN.value


@cache
def card_played(seat: int, card: int, total: int, up: bool) -> FrozenDict:
    return FrozenDict(
        type="card_played", seat=seat, card=card, total=total, direction=direction_name(up)
    )


@cache
def card_drawn(seat: int, card: int, pile: int) -> tuple[Event, Event]:
    """In full for the drawer, without its card for everyone else."""
    drawn = {"type": "card_drawn", "seat": seat, "card": card, "pile": pile}
    full, redacted = secret_event(drawn, ["card"], [seat])
    return full, redacted


@cache
def penalty(seat: int, penalties: int) -> FrozenDict:
    """``seat`` takes its ``penalties``-th penalty card: public for good, as the card lies
    before the player."""
    return FrozenDict(type="penalty", seat=seat, penalties=penalties)


@cache
def island_caught(seat: int, holder: int, island: int) -> FrozenDict:
    """``holder`` shows the island ``seat`` landed on: shown once, then held again (a memory
    game's reveal, as ``islands_shown`` and ``island_drawn``)."""
    return FrozenDict(type="island_caught", seat=seat, holder=holder, island=island)


@cache
def island_drawn(seat: int, island: int, turned_by: int, up: bool, islands_left: int) -> FrozenDict:
    return FrozenDict(
        type="island_drawn",
        seat=seat,
        island=island,
        turned_by=turned_by,
        direction=direction_name(up),
        islands_left=islands_left,
    )


def hand_dealt(seat: int, cards: tuple[int, ...]) -> tuple[Event, Event]:
    """``cards`` sorted; in full for their holder, counted only for everyone else. Built
    anew for every deal: hands are too many to keep (a long-running server would grow)."""
    dealt = {"type": "hand_dealt", "seat": seat, "count": len(cards), "cards": FrozenList(cards)}
    full, redacted = secret_event(dealt, ["cards"], [seat])
    return full, redacted


@cache
def start_card(card: int) -> FrozenDict:
    return FrozenDict(type="start_card", card=card, total=card)


def islands_shown(islands: Sequence[Sequence[int]]) -> FrozenDict:
    shown = FrozenList([own_islands(tuple(sorted(own))) for own in islands])
    return FrozenDict(type="islands_shown", islands=shown)


@cache
def own_islands(islands: tuple[int, ...]) -> FrozenList:
    """One seat's islands, sorted: a few hundred pairs at most."""
    return FrozenList(islands)
