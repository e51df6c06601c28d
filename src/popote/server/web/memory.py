"""What a game asks players to remember stays a memory game in the browser.

A *fleeting* event is announced (read once by the screen reader, shown for a few seconds)
but kept neither in the log nor on screen, so the page is no better a memory than a table
of friends. Each entry names the option that turns the memory part off. See ``docs/web.md``.

>>> fleeting_kinds("pieds-dans-le-plat", {"assisted": False})
['island_caught', 'island_drawn', 'islands_shown']
>>> fleeting_kinds("pieds-dans-le-plat", {"assisted": True}), fleeting_kinds("bouillabaisse", {})
([], [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Memory:
    """The events whose text reveals what players must remember, unless ``unless`` is on."""

    kinds: frozenset[str]
    unless: str


MEMORY: dict[str, Memory] = {
    # The islands: shown to all once when dealt, drawn, or caught by a penalty, then held
    # face down. The penalty itself stays in the log: its card lies before the player for
    # good (docs/rules/pieds-dans-le-plat.md, 10).
    "pieds-dans-le-plat": Memory(
        frozenset({"islands_shown", "island_drawn", "island_caught"}), unless="assisted"
    ),
}


def fleeting_kinds(game: str, options: Mapping[str, object]) -> list[str]:
    """The kinds of events a table of ``game`` with ``options`` announces without keeping."""
    memory = MEMORY.get(game)
    if memory is None or options.get(memory.unless) is True:
        return []
    return sorted(memory.kinds)
