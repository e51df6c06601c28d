"""The events of every turn, each built once and then shared by every match.

They are frozen, so a match hands out the very objects kept here and nobody can change
them: a turn costs a dictionary lookup instead of building and freezing its events. Each
table fills itself the first time a key is asked for (a scenario may set any total).

>>> card_played(0, 7, 19, up=True) is card_played(0, 7, 19, up=True)
True
>>> full, redacted = card_drawn(1, 4, 30)
>>> full, redacted
({'type': 'card_drawn', 'seat': 1, 'card': 4, 'pile': 30, 'visible_to': [1]}, {'type': 'card_drawn', 'seat': 1, 'pile': 30, 'hidden_from': [1]})
"""

from __future__ import annotations

from popote.core.actions import Event, FrozenDict, secret_event
from popote.games.pieds_dans_le_plat.cards import Direction

PLAYED: dict[tuple[int, int, int, bool], FrozenDict] = {}
"""``card_played`` by (seat, card, new total, whether the total goes up)."""
DRAWN: dict[tuple[int, int, int], tuple[Event, Event]] = {}
"""``card_drawn`` in full for the drawer and without its card for the others, by (seat,
card, cards left in the draw pile)."""


def card_played(seat: int, card: int, total: int, up: bool) -> FrozenDict:
    key = (seat, card, total, up)
    event = PLAYED.get(key)
    if event is None:
        direction = (Direction.UP if up else Direction.DOWN).value
        event = PLAYED[key] = FrozenDict(
            type="card_played", seat=seat, card=card, total=total, direction=direction
        )
    return event


def card_drawn(seat: int, card: int, pile: int) -> tuple[Event, Event]:
    key = (seat, card, pile)
    pair = DRAWN.get(key)
    if pair is None:
        drawn = {"type": "card_drawn", "seat": seat, "card": card, "pile": pile}
        full, redacted = secret_event(drawn, ["card"], [seat])  # frozen already
        pair = DRAWN[key] = (full, redacted)
    return pair
