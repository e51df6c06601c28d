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
>>> play.__init__(card=99); play
{'type': 'play', 'card': 7}
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
import marshal
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn

Event = dict[str, Any]

VISIBLE_TO = "visible_to"
HIDDEN_FROM = "hidden_from"


class Action(dict[str, Any]):
    """An immutable, hashable action dict."""

    __slots__ = ()

    def __new__(cls, *args: Any, **fields: Any) -> Action:
        action = super().__new__(cls)
        dict.__init__(action, *args, **fields)
        return action

    def __init__(self, *args: Any, **fields: Any) -> None:
        """Filled once by ``__new__``: calling it again must not rewrite a shared action."""

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


_ATOMS = frozenset({str, int, float, bool, type(None), Action})


def detached(value: Any) -> Any:
    """A copy of a JSON-shaped value that shares nothing mutable with the original.

    Views, events and results are built from a match's own lists and dicts: the caller gets
    a copy to do as it likes with. ``marshal`` copies plain dicts, lists, tuples, strings
    and numbers in C, several times faster than ``copy.deepcopy``; a value holding anything
    else (an :class:`Action`, an enum) is walked in Python instead.
    """
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:
        return _walked(value)


def _walked(value: Any) -> Any:
    kind = type(value)
    if kind in _ATOMS:
        return value
    if isinstance(value, Mapping):
        return {key: _walked(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        items = [_walked(item) for item in value]
        return tuple(items) if isinstance(value, tuple) else items
    return value


def same_json(given: Any, expected: Any) -> bool:
    """Whether ``given`` equals ``expected`` with every value of the same JSON type.

    A client speaks JSON, where ``false`` is not ``0`` and ``11.0`` is not ``11``; lists and
    tuples are both arrays. The walk follows ``expected``, so it is as deep as a legal action
    and no deeper, whatever the caller sent.

    >>> same_json({"target": 1}, {"target": 1}), same_json({"target": True}, {"target": 1})
    (True, False)
    >>> same_json({"cards": ["a", "b"]}, {"cards": ("a", "b")}), same_json({"n": 11.0}, {"n": 11})
    (True, False)
    """
    if isinstance(expected, Mapping):
        return (
            isinstance(given, Mapping)
            and given.keys() == expected.keys()
            and all(same_json(given[key], item) for key, item in expected.items())
        )
    if isinstance(expected, list | tuple):
        return (
            isinstance(given, list | tuple)
            and len(given) == len(expected)
            and all(map(same_json, given, expected))
        )
    return _json_type(given) is _json_type(expected) and given == expected


def _json_type(value: Any) -> type:
    for kind in (bool, int, float, str):
        if isinstance(value, kind):
            return kind
    return type(value)


def describe_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
