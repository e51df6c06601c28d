"""Actions and events: plain JSON-ready dicts, with helpers for sharing and visibility.

An :class:`Action` is a dict that cannot be changed, so a game can build each of its
actions once and hand the same objects out again and again.

>>> play = Action(type="play", card=7)
>>> play == {"type": "play", "card": 7}, json.dumps(play)
(True, '{"type": "play", "card": 7}')
>>> play["card"] = 8
Traceback (most recent call last):
...
TypeError: an Action cannot be changed
>>> full, redacted = secret_event({"type": "drawn", "seat": 1, "card": 3}, ["card"], [1])
>>> full, redacted
({'type': 'drawn', 'seat': 1, 'card': 3, 'visible_to': [1]}, {'type': 'drawn', 'seat': 1, 'hidden_from': [1]})
>>> [visible_to(full, seat) for seat in (1, 0, None)]
[True, False, False]
>>> [visible_to(redacted, seat) for seat in (1, 0, None)]
[False, True, True]
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

Event = dict[str, Any]

VISIBLE_TO = "visible_to"
HIDDEN_FROM = "hidden_from"


class Action(dict[str, Any]):
    """An immutable, hashable action dict."""

    __slots__ = ()

    def _refuse(self, *_: Any, **__: Any) -> NoReturn:
        raise TypeError("an Action cannot be changed")

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items())))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_action, (dict(self),))


def _rebuild_action(fields: dict[str, Any]) -> Action:
    return Action(**fields)


def visible_to(event: Event, seat: int | None) -> bool:
    """Whether ``seat`` (``None``: a spectator) may see ``event``.

    An event is public unless it names the only seats that see it (``visible_to``) or
    the seats it is kept from (``hidden_from``, spectators seeing it).
    """
    if VISIBLE_TO in event:
        return seat is not None and seat in event[VISIBLE_TO]
    if HIDDEN_FROM in event:
        return seat not in event[HIDDEN_FROM]
    return True


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    return [event for event in events if visible_to(event, seat)]


def secret_event(event: Event, secret_keys: Sequence[str], seats: Sequence[int]) -> list[Event]:
    """Split ``event`` in two: in full for ``seats``, without ``secret_keys`` for everyone else."""
    insiders = sorted(seats)
    full = {**event, VISIBLE_TO: insiders}
    redacted = {key: value for key, value in event.items() if key not in secret_keys}
    redacted[HIDDEN_FROM] = insiders
    return [full, redacted]


def describe_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
