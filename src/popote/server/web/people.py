"""Leaderboards per game and each person's page (ratings, last games), drawn on the server
from the same figures as ``GET /api/v1/leaderboards/{game}`` and ``/api/v1/players/{id}``."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

from babel.dates import format_datetime
from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse

import popote
from popote.bots.registry import LEVEL_NAMES
from popote.core.i18n import Lang
from popote.core.wording import decimal
from popote.server.api import hub_of
from popote.server.errors import Refused
from popote.server.web import texts
from popote.server.web.pages import (
    CookieLang,
    ReaderLang,
    game_card,
    missing,
    page_lang,
    render,
    visible,
)

router = APIRouter(include_in_schema=False)
LEADERS = 50
RECENT = 20
ID_DIGITS = 18
"""Longer ids are no one's (the database's integers stop at 19 digits)."""


def _rating(value: float, lang: Lang) -> str:
    return decimal(value, lang, digits=1)


def _score(value: float | None, lang: Lang) -> str:
    if value is None:
        return ""
    return decimal(value, lang, digits=0 if float(value).is_integer() else 1)


def _leader(entry: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """One line of a leaderboard: a person (with a link to their page) or a bot level."""
    person = entry["kind"] == "player"
    return {
        "rank": entry["rank"],
        "name": entry["name"]
        if person
        else texts.PAGE["bot_leader"].render(lang, level=LEVEL_NAMES[entry["level"]].get(lang)),
        "link": f"/players/{entry['id']}" if person else None,
        "games": entry["games"] if person else "",
        "rating": _rating(entry["rating"], lang),
    }


@router.get("/leaderboards/{name}", response_class=HTMLResponse)
async def leaderboard_page(request: Request, name: str, chosen: ReaderLang) -> Any:
    if name not in popote.game_names():
        return missing(request, chosen, "no_such_game")
    leaders = [_leader(entry, chosen) for entry in hub_of(request).leaderboard(name, LEADERS)]
    return render(request, chosen, "leaderboard.html", game=game_card(name, chosen), rows=leaders)


def _when(finished: str, lang: Lang) -> str:
    moment = datetime.fromisoformat(finished)
    if moment.tzinfo is None:  # the database keeps UTC without saying so
        moment = moment.replace(tzinfo=UTC)
    return format_datetime(moment, "medium", tzinfo=UTC, locale=lang) + " UTC"


def _recent(game: dict[str, Any], lang: Lang) -> dict[str, Any]:
    """One of a person's last games, with the replay's address for a public table."""
    outcome = texts.PAGE["won" if game["won"] else "not_won"].get(lang)
    place = texts.PAGE["place"].render(lang, rank=game["rank"], players=game["players"])
    rating = game["rating"]
    return {
        "title": popote.game_info(game["game"])["title"][lang],
        "when": _when(game["finished"], lang),
        "outcome": f"{outcome}, {place}",
        "score": _score(game["score"], lang),
        "rating": "" if rating is None else _rating(rating["rating"], lang),
        "replay": None if game["table"] is None else f"/replay/{game['table']}",
    }


@router.get("/players/{player_id}", response_class=HTMLResponse)
async def player_page(request: Request, player_id: str, chosen: ReaderLang) -> Any:
    try:
        if not player_id.isdecimal() or len(player_id) > ID_DIGITS:
            raise Refused("no_player", texts.PAGE["no_such_player"], 404)
        person = hub_of(request).player(int(player_id), RECENT)
    except Refused:
        return missing(request, chosen, "no_such_player")
    ratings = [
        {
            "game": game_card(game, chosen),
            "games": rating["games"],
            "rating": _rating(rating["rating"], chosen),
        }
        for game, rating in sorted(person["ratings"].items())
    ]
    return render(
        request,
        chosen,
        "player.html",
        person=person,
        ratings=ratings,
        recent=[_recent(game, chosen) for game in person["recent"]],
    )


@router.get("/tables/{table_id}/seats/{seat}")
async def seat_player(
    request: Request,
    table_id: str,
    seat: int,
    invite: Annotated[str | None, Query(max_length=64)] = None,
    remembered: CookieLang = None,
) -> Any:
    """The page of the person at ``seat`` (results name seats, not people)."""
    table = visible(request, table_id, invite)
    if table is None or not 0 <= seat < len(table.seats) or table.seats[seat].user is None:
        chosen = await page_lang(request, None, remembered)
        return missing(request, chosen, "no_such_player")
    return RedirectResponse(f"/players/{table.seats[seat].user}", status_code=303)
