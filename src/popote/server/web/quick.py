"""Races decided by the first answer get one key in the browser.

Where a game's option makes a window a race (the first hand to move wins), a seat must be
able to answer without walking a menu: the page sends the first of these actions in the
menu's order (the presenter's best first) on ``g`` or Space. Each entry names the option
that makes it a race. See ``docs/web.md``.

>>> quick_kinds("ar-seizh-bigoudenn", {"real_time": True})
['grab']
>>> quick_kinds("ar-seizh-bigoudenn", {"real_time": False}), quick_kinds("bouillabaisse", {})
([], [])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Race:
    """The kinds of actions sent at once by one key, when option ``when`` is on."""

    kinds: frozenset[str]
    when: str


RACES: dict[str, Race] = {
    # Real time: the first hand to reach a falling utensil takes it (a TEUT! is a sealed
    # bid even in real time, so it keeps its menu).
    "ar-seizh-bigoudenn": Race(frozenset({"grab"}), when="real_time"),
}


def quick_kinds(game: str, options: Mapping[str, object]) -> list[str]:
    """The kinds of actions a table of ``game`` with ``options`` sends on one key."""
    race = RACES.get(game)
    if race is None or options.get(race.when) is not True:
        return []
    return sorted(race.kinds)
