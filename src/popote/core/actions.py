"""Actions and events: plain JSON-ready dicts, with helpers for sharing and visibility.

An :class:`Action` is a dict that cannot be changed, so a game can build each of its
actions once and hand the same objects out again and again.

>>> play = Action(type="play", card=7)
>>> play == {"type": "play", "card": 7}, json.dumps(play)
(True, '{"type": "play", "card": 7}')
>>> play["card"] = 8
Traceback (most recent call last):
...
TypeError: a value handed out by the engine cannot be changed
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
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NoReturn, Self

VISIBLE_TO = "visible_to"
HIDDEN_FROM = "hidden_from"


def _refuse(*_: Any, **__: Any) -> NoReturn:
    raise TypeError("a value handed out by the engine cannot be changed")


class FrozenDict(dict[str, Any]):
    """A dict that cannot be changed, whose values cannot be changed either.

    What a match hands out (views, events, results) is made of these, lists of
    :class:`FrozenList` and atoms: a caller may read and serialise it like any JSON value
    but never change the match through it, so nothing needs copying on the way out.
    Values are frozen as the dict is built; a frozen value inside is shared, not copied.
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **fields: Any) -> Self:
        frozen_dict = dict.__new__(cls)
        dict.__init__(frozen_dict, *args, **fields)
        if not all(map(_IS_FROZEN, map(type, dict.values(frozen_dict)))):
            for key, value in dict.items(frozen_dict):
                dict.__setitem__(frozen_dict, key, frozen(value))
        return frozen_dict

    def __init__(self, *args: Any, **fields: Any) -> None:
        """Filled once by ``__new__``: calling it again must not rewrite a shared value."""

    __setitem__ = __delitem__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (dict(self),))


class FrozenList(list[Any]):
    """A list that cannot be changed, whose items are frozen (see :class:`FrozenDict`)."""

    __slots__ = ()

    def __new__(cls, items: Iterable[Any] = ()) -> Self:
        frozen_list = list.__new__(cls)
        list.extend(frozen_list, items)
        if not all(map(_IS_FROZEN, map(type, frozen_list))):
            list.__init__(frozen_list, [frozen(item) for item in frozen_list])
        return frozen_list

    def __init__(self, items: Iterable[Any] = ()) -> None:
        """Filled once by ``__new__``."""

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (list(self),))


class Action(FrozenDict):
    """An immutable, hashable action dict."""

    __slots__ = ("_hash",)

    def __hash__(self) -> int:  # type: ignore[override]
        # Worked out once: a search tree looks its actions up at every node it passes.
        try:
            return self._hash
        except AttributeError:
            self._hash: int = hash(tuple(sorted(self.items())))
            return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_action, (dict(self),))


def _rebuild_action(fields: dict[str, Any]) -> Action:
    return Action(**fields)


Event = dict[str, Any]
_FROZEN = frozenset({str, int, float, bool, type(None), Action, FrozenDict, FrozenList})
_IS_FROZEN = _FROZEN.__contains__


def frozen(value: Any) -> Any:
    """``value`` (JSON-shaped: dicts, lists, tuples, atoms) as a value nobody can change.

    Already frozen parts are shared as they are; dicts become :class:`FrozenDict`, lists
    :class:`FrozenList`, tuples stay tuples of frozen items. Anything else (an enum) is kept.
    """
    kind = type(value)
    if kind in _FROZEN:
        return value
    if kind is dict:
        return _frozen_dict(value)
    if kind is list:
        return _frozen_list(value)
    if kind is tuple:
        return value if all(map(_IS_FROZEN, map(type, value))) else tuple(map(frozen, value))
    return FrozenDict(value) if isinstance(value, Mapping) else value


_new_dict = dict.__new__
_fill_dict = dict.update
_values = dict.values
_new_list = list.__new__
_extend = list.extend


def _frozen_dict(source: Mapping[str, Any]) -> FrozenDict:
    """``FrozenDict(source)`` without the generic call: the hot path of every event."""
    made: FrozenDict = _new_dict(FrozenDict)
    _fill_dict(made, source)
    if not all(map(_IS_FROZEN, map(type, _values(made)))):
        for key, value in dict.items(made):
            if type(value) not in _FROZEN:
                dict.__setitem__(made, key, frozen(value))
    return made


def _frozen_list(items: Iterable[Any]) -> FrozenList:
    """``FrozenList(items)`` without the generic call."""
    made: FrozenList = _new_list(FrozenList)
    _extend(made, items)
    if not all(map(_IS_FROZEN, map(type, made))):
        list.__init__(made, [item if type(item) in _FROZEN else frozen(item) for item in made])
    return made


def frozen_atoms(items: Iterable[Any]) -> FrozenList:
    """``items`` as a frozen list, without looking at them: only for items already frozen
    (atoms such as a game's card names, actions, frozen values). A game builds the lists of
    its frequent events with it, where :func:`frozen` would check every item.

    >>> frozen_atoms(["7H", "QS"])
    ['7H', 'QS']
    """
    made: FrozenList = _new_list(FrozenList)
    _extend(made, items)
    return made


def frozen_fields(**fields: Any) -> FrozenDict:
    """An event of values already frozen (atoms, :func:`frozen_atoms` lists, shared frozen
    values), built without looking at them (see :func:`frozen_atoms`).

    >>> event = frozen_fields(type="hand", cards=frozen_atoms(["7H"]))
    >>> type(event).__name__, event
    ('FrozenDict', {'type': 'hand', 'cards': ['7H']})
    """
    made: FrozenDict = _new_dict(FrozenDict)
    _fill_dict(made, fields)
    return made


def frozen_events(events: Iterable[Any]) -> tuple[FrozenDict, ...]:
    """``events`` as a tuple of frozen dicts (those already frozen shared, not copied)."""
    batch = tuple(events)
    for event in batch:
        if type(event) is not FrozenDict:
            return tuple(
                [item if type(item) is FrozenDict else _frozen_dict(item) for item in batch]
            )
    return batch


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
    insiders = FrozenList(sorted(seats))
    full = {**event, VISIBLE_TO: insiders}
    redacted = {key: value for key, value in event.items() if key not in secret_keys}
    redacted[HIDDEN_FROM] = insiders
    return [_frozen_dict(full), _frozen_dict(redacted)]


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
