"""Who sits where: a person, a bot at a level, or nobody yet; and how each is named."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from popote.bots.learned import shipped_games
from popote.bots.registry import LEARNED, LEVEL_NAMES
from popote.core.i18n import Lang, Text

LEVELS = ("random", "facile", "moyen", "difficile", "expert", LEARNED)
"""Bot levels a table may offer; ``random`` plays any legal move (for practice and tests),
``appris`` only in the games that ship a learned network (:func:`levels_for`)."""


def levels_for(game: str) -> tuple[str, ...]:
    """The bot levels a table of ``game`` offers."""
    return tuple(level for level in LEVELS if level != LEARNED or game in shipped_games())


BOT_NAME = Text("Robot {level} ({number})", "Bot {level} ({number})")
FREE_NAME = Text("Siège libre ({number})", "Free seat ({number})")


@dataclass
class Seat:
    """One seat. ``away``: its person is gone or out of time twice; a bot stands in.
    ``timeouts``: moves whose time ran out (kept for a turn-based table, where they add
    up: ``forfeit`` once a rated one's second ran out)."""

    user: int | None = None
    bot: str | None = None
    away: bool = False
    timeouts: int = 0
    forfeit: bool = False

    @property
    def free(self) -> bool:
        return self.user is None and self.bot is None

    def stored(self) -> dict[str, Any]:
        if self.user is not None:
            person: dict[str, Any] = {"user": self.user, "away": self.away}
            if self.timeouts:
                person["timeouts"] = self.timeouts
            if self.forfeit:
                person["forfeit"] = True
            return person
        return {"bot": self.bot} if self.bot is not None else {}

    @classmethod
    def from_stored(cls, data: dict[str, Any]) -> Seat:
        return cls(
            user=data.get("user"),
            bot=data.get("bot"),
            away=bool(data.get("away")),
            timeouts=int(data.get("timeouts", 0)),
            forfeit=bool(data.get("forfeit")),
        )


def seat_name(seat: Seat, number: int, user_names: dict[int, str], lang: Lang) -> str:
    """``number`` counts from 1, as players do."""
    if seat.user is not None:
        return user_names.get(seat.user, "?")
    if seat.bot is not None:
        return BOT_NAME.render(lang, level=LEVEL_NAMES[seat.bot].get(lang), number=number)
    return FREE_NAME.render(lang, number=number)


def seat_json(
    seat: Seat, index: int, user_names: dict[int, str], lang: Lang, guests: set[int]
) -> dict[str, Any]:
    """A seat as the lobby and the table show it (``guests``: the identities without an
    account, whose ``user_names`` carry the mark)."""
    kind = "human" if seat.user is not None else "bot" if seat.bot is not None else "free"
    return {
        "seat": index,
        "kind": kind,
        "name": seat_name(seat, index + 1, user_names, lang),
        "guest": seat.user in guests,
        "level": seat.bot,
        "away": seat.away,
        "forfeit": seat.forfeit,
    }
