"""HTTP API of turn-based play: the games waiting for you, and your holidays.

``GET /api/v1/me/waiting`` counts the turn-based games waiting for your move (the header's
number); ``/api/v1/me/holidays`` books and ends holidays, which stop your clocks
(``popote.server.holidays``).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from popote.server.api import ERRORS, HubDep, UserDep
from popote.server.holidays import holiday_json

router = APIRouter(prefix="/api/v1", responses=ERRORS)


class HolidayBody(BaseModel):
    days: int = Field(ge=1, le=366)
    starts: datetime | None = None
    """When it starts, with its time zone (now if absent)."""


@router.get("/me/waiting", summary="How many turn-based games wait for your move")
async def waiting(user: UserDep, hub: HubDep) -> dict[str, int]:
    return {"count": hub.store.waiting_count(user.id)}


@router.get(
    "/me/holidays",
    summary="Your holiday days: the year's allowance, what is left, the holidays to come",
)
async def holidays(user: UserDep, hub: HubDep) -> dict[str, Any]:
    return hub.holiday_book.summary(user.id)


@router.post(
    "/me/holidays",
    status_code=201,
    summary="Take holiday days (now or later): your turn-based clocks stop meanwhile",
)
async def take_holiday(user: UserDep, hub: HubDep, body: HolidayBody) -> dict[str, Any]:
    row = hub.holiday_book.take(user.id, body.days, body.starts)
    hub.holidays_moved(user.id)
    return holiday_json(row)


@router.delete(
    "/me/holidays/current",
    summary="End the holiday under way: your clocks run again, the days not begun come back",
)
async def end_holiday(user: UserDep, hub: HubDep) -> dict[str, Any]:
    row = hub.holiday_book.end_now(user.id)
    hub.holidays_moved(user.id)
    return holiday_json(row)
