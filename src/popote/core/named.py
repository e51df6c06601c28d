"""Enums whose members carry their name for people and JSON as a plain attribute.

>>> class Phase(NamedEnum):
...     PLAY = "play"
>>> Phase.PLAY.text, Phase("play") is Phase.PLAY
('play', True)
"""

from __future__ import annotations

import enum


class NamedEnum(enum.Enum):
    """An enum of strings whose members also hold their value as ``text``.

    Views and results spell phases, roles and stages at every decision, and an enum's
    ``value`` is looked up through a descriptor each time; ``text`` is a plain attribute.
    """

    def __init__(self, text: str) -> None:
        self.text = text
