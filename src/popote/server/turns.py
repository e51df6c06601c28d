"""Turn-based play: what the rest of the server hears when a game waits for someone.

A turn-based table (clock ``days-1``, ``days-2``, ``days-3`` or ``days-7``) waits days for a
decision. Each decision asked of a person there is a deadline row in the database
(``popote_deadlines``); listeners registered on ``Hub.on_your_turn`` hear of each new one
(e-mail, the live count of games waiting), and ``Hub.on_waiting_changed`` hears whose count
of waiting games may have changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from popote.core.i18n import Text
from popote.server.settings import TURN_BASED_DAYS

TURN_BASED_CLOCKS = tuple(f"days-{days}" for days in TURN_BASED_DAYS)
"""The clocks of turn-based tables: one, two, three or seven days per decision."""


def is_turn_based(clock: dict[str, object]) -> bool:
    """Whether a table's stored clock is a turn-based one."""
    return clock.get("kind") in TURN_BASED_CLOCKS


@dataclass(frozen=True)
class Waiting:
    """A game now waits for ``user_id``: the decision asked of their ``seat``."""

    table_id: str
    game: str
    title: Text
    """The game's title, in both languages."""
    user_id: int
    seat: int
    asked: Text
    """What is asked, in both languages (the decision's prompt)."""
    due: datetime | None
    """When the move's time runs out (UTC), None while its person is on holiday."""
    link: str
    """The table's address on the server, from its root (``/tables/...``)."""
