"""Errors: every one is a ``ValueError`` that speaks French by default and English on request.

>>> err = IllegalAction(Text("Coup interdit", "Illegal move"))
>>> isinstance(err, ValueError), str(err), err.message("en")
(True, 'Coup interdit', 'Illegal move')
"""

from __future__ import annotations

from popote.core.i18n import Lang, Text


class PopoteError(ValueError):
    """Base of every error Popote raises on bad input."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.fr)
        self.text = text

    def message(self, lang: Lang | None = None) -> str:
        return self.text.get(lang)

    def __str__(self) -> str:
        return self.text.get()


class IllegalAction(PopoteError):
    """An action refused: not legal now, wrong seat, malformed, or the match is over."""


class InvalidSetup(PopoteError):
    """A match that cannot be created: unknown game, player count, option or value."""


class InvalidSeat(PopoteError):
    """A seat number that does not exist in this match."""


class MatchNotOver(PopoteError):
    """``result()`` asked before the end of the match."""
