"""Errors: every one is a ``ValueError`` that speaks French by default and English on request.

>>> err = IllegalAction(Text("Coup interdit", "Illegal move"))
>>> isinstance(err, ValueError), str(err), err.message("en")
(True, 'Coup interdit', 'Illegal move')

Messages quote what the caller sent through :func:`shown`, which stays short and never fails,
whatever the value (a 5,000-digit number, a list nested 2,000 deep, an object whose ``repr``
raises):

>>> shown({"type": "play", "card": [[[[["deep"]]]]], "n": 10**5000})
"{'type': 'play', 'card': [[[[…]]]], 'n': ~10**5000}"
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from popote.core.i18n import Lang, Text

_DEPTH = 4
_ITEMS = 8
_CHARS = 200
_DIGITS = 30
_LOG10_2 = 0.30103


class PopoteError(ValueError):
    """Base of every error Popote raises on bad input."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.fr)
        self.text = text

    def message(self, lang: Lang | None = None) -> str:
        return self.text.get(lang)

    def __str__(self) -> str:
        return self.text.get()

    def __reduce__(self) -> tuple[Any, ...]:
        # Worker processes send errors back pickled: rebuild from the Text, not from str(self).
        return (type(self), (self.text,))


class IllegalAction(PopoteError):
    """An action refused: not legal now, wrong seat, malformed, or the match is over."""


class InvalidSetup(PopoteError):
    """A match that cannot be created: unknown game, player count, option or value."""


class InvalidSeat(PopoteError):
    """A seat number that does not exist in this match."""


class MatchNotOver(PopoteError):
    """``result()`` asked before the end of the match."""


def shown(value: object) -> str:
    """A short ``repr`` of anything a caller sent, for an error message."""
    text = _shown(value, 0)
    return text if len(text) <= _CHARS else text[: _CHARS - 1] + "…"


def _shown(value: object, depth: int) -> str:
    if isinstance(value, bool | float | None):
        return repr(value)
    if isinstance(value, int):
        return _shown_int(value)
    if isinstance(value, str | bytes):
        return repr(value[:_CHARS])
    if isinstance(value, Mapping | list | tuple):
        return _shown_container(value, depth)
    return f"<{type(value).__name__}>"


def _shown_int(value: int) -> str:
    # Python refuses to write out very long ints in decimal; give their order of magnitude.
    if value.bit_length() <= _DIGITS / _LOG10_2:
        return repr(int(value))
    return f"{'-' if value < 0 else ''}~10**{round(value.bit_length() * _LOG10_2)}"


def _shown_container(value: Mapping[Any, Any] | list[Any] | tuple[Any, ...], depth: int) -> str:
    opening, closing = ("{", "}") if isinstance(value, Mapping) else ("[", "]")
    if isinstance(value, tuple):
        opening, closing = "(", ")"
    if depth >= _DEPTH:
        return f"{opening}…{closing}" if value else opening + closing
    parts: list[str] = []
    items = iter(value.items()) if isinstance(value, Mapping) else iter(value)
    for index, item in enumerate(items):
        if index == _ITEMS:
            parts.append("…")
            break
        if isinstance(value, Mapping):
            parts.append(f"{_shown(item[0], depth + 1)}: {_shown(item[1], depth + 1)}")
        else:
            parts.append(_shown(item, depth + 1))
    trailing = "," if isinstance(value, tuple) and len(parts) == 1 else ""
    return opening + ", ".join(parts) + trailing + closing
