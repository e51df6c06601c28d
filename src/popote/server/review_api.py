"""HTTP API of the reviews of finished games (issue 47): ``POST`` and ``GET``
``/api/v1/tables/{id}/review`` (``popote.server.reviews``)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Body, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from popote.core.i18n import Lang
from popote.server.api import (
    ERRORS,
    HubDep,
    LangDep,
    MaybeUserDep,
    UserDep,
    address_of,
    at_table,
)
from popote.server.errors import refused
from popote.server.hub import Hub
from popote.server.live import LiveTable
from popote.server.models import User
from popote.server.reviews import Reviews, answer_of

router = APIRouter(prefix="/api/v1", responses=ERRORS)


class ReviewBody(BaseModel):
    seat: Any = None
    """The seat to review, from 0 (None: your own); anything else than such an integer is
    refused with ``bad_seat``."""


def reviews_of(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


async def finished_table(
    hub: Hub, table_id: str, user: User | None, lang: Lang, invite: str | None
) -> LiveTable:
    """The finished table ``table_id`` as the asker may see it: 404 when they may not see
    it, 409 ``not_over`` before its end (a table being played is asked of the process
    that holds it)."""
    if hub.store.table_state(table_id[:64]) != "over":
        await at_table(hub, "describe", table_id, user, lang, invite=invite)
        raise refused(
            "not_over",
            409,
            "la partie n'est pas terminée : sa revue révélerait les cartes cachées",
            "the game is not over: its review would reveal the hidden cards",
        )
    return hub.table(table_id, user, invite)


@router.post(
    "/tables/{table_id}/review",
    status_code=202,
    summary="Ask for the review of a seat of a finished game (yours by default): queued on "
    "the bot workers behind every bot, or answered at once when done",
    responses={200: {"description": "The review, already done"}},
)
async def ask_review(
    table_id: str,
    user: UserDep,
    hub: HubDep,
    lang: LangDep,
    request: Request,
    body: Annotated[ReviewBody | None, Body()] = None,
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> JSONResponse:
    table = await finished_table(hub, table_id, user, lang, invite)
    seat = None if body is None else body.seat
    _, row = reviews_of(request).ask(table, user, address_of(request), seat)
    return JSONResponse(answer_of(row), status_code=200 if row.status == "done" else 202)


@router.get(
    "/tables/{table_id}/review",
    summary="The review of a seat of a finished game: done (with it), queued or running",
)
async def review(
    table_id: str,
    user: MaybeUserDep,
    hub: HubDep,
    lang: LangDep,
    request: Request,
    seat: Annotated[str | None, Query(max_length=12)] = None,
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> dict[str, Any]:
    table = await finished_table(hub, table_id, user, lang, invite)
    asked = int(seat) if seat is not None and seat.isascii() and seat.isdigit() else seat
    return answer_of(reviews_of(request).asked(table, user, asked))
