"""Holidays: days an account takes off, during which its turn-based clocks stop.

Each account may take ``Settings.holiday_days`` days in a calendar year (counted by the year
a holiday starts in), a few at a time, now or later. A holiday may be ended early: the days
not begun are given back. Days are scaled like every clock (``--clock-scale``), so that
tests take a holiday of a second.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from popote.server.errors import refused
from popote.server.models import HolidayRow, now
from popote.server.settings import DAY, Settings
from popote.server.store import Store

AHEAD = timedelta(days=366)
"""How far ahead a holiday may be booked (unscaled: a date people choose)."""


class HolidayBook:
    """Every account's holidays, in the database."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self._store = store
        self._allowance = settings.holiday_days
        self._day = timedelta(seconds=DAY * settings.clock_scale)

    def summary(self, user_id: int) -> dict[str, Any]:
        """The year's allowance, what is left of it, and the holidays not over yet."""
        moment = now()
        rows = self._rows(user_id)
        return {
            "allowance": self._allowance,
            "left": self._left(rows, moment.year),
            "on_holiday": any(row.starts <= moment < row.ends for row in rows),
            "holidays": [holiday_json(row) for row in rows if row.ends > moment],
        }

    def take(self, user_id: int, days: object, starts: datetime | None) -> HolidayRow:
        """Book ``days`` days off from ``starts`` (now by default)."""
        moment = now()
        begin = moment if starts is None else starts
        if begin.tzinfo is None or not moment - timedelta(minutes=1) <= begin <= moment + AHEAD:
            raise refused(
                "bad_holiday",
                422,
                "date de début refusée : maintenant ou dans l'année qui vient, avec son fuseau",
                "start date refused: now or within the coming year, with its time zone",
            )
        rows = self._rows(user_id)
        left = self._left(rows, begin.year)
        if type(days) is not int or not 1 <= days <= left:
            raise refused(
                "bad_holiday",
                422,
                "nombre de jours refusé : de 1 à {left} cette année",
                "number of days refused: 1 to {left} this year",
                left=left,
            )
        ends = begin + days * self._day
        if any(row.starts < ends and begin < row.ends for row in rows):
            raise refused(
                "bad_holiday",
                409,
                "ces dates chevauchent des vacances déjà prises",
                "these dates overlap holidays already taken",
            )
        row = HolidayRow(user_id=user_id, starts=begin, ends=ends, days=days)
        self._store.add_holiday(row)
        return row

    def end_now(self, user_id: int) -> HolidayRow:
        """End the holiday under way; the days not begun are given back."""
        moment = now()
        current = next((r for r in self._rows(user_id) if r.starts <= moment < r.ends), None)
        if current is None:
            raise refused(
                "no_holiday", 409, "vous n'êtes pas en vacances", "you are not on holiday"
            )
        begun = max(1, math.ceil((moment - current.starts) / self._day))
        self._store.shorten_holiday(current.id, moment, min(begun, current.days))
        current.ends, current.days = moment, min(begun, current.days)
        return current

    def _rows(self, user_id: int) -> list[HolidayRow]:
        return self._store.holidays_of([user_id]).get(user_id, [])

    def _left(self, rows: list[HolidayRow], year: int) -> int:
        used = sum(row.days for row in rows if row.starts.year == year)
        return max(0, self._allowance - used)


def holiday_json(row: HolidayRow) -> dict[str, Any]:
    return {"starts": row.starts.isoformat(), "ends": row.ends.isoformat(), "days": row.days}
