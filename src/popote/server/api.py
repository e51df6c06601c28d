"""The HTTP half of the protocol (JSON, described by FastAPI's OpenAPI schema at /openapi.json)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, Path, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError

import popote
from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text
from popote.server import own
from popote.server.addresses import client_key
from popote.server.clocks import table_clock
from popote.server.cluster import Handler
from popote.server.errors import Refused, unavailable
from popote.server.hub import Hub, TableRequest
from popote.server.language import choose_lang
from popote.server.models import User
from popote.server.seats import levels_for
from popote.server.settings import CLOCKS, GAME_CLOCKS

TOO_MANY_CODES = Text(
    "trop de codes essayés depuis ce client : réessayez dans {seconds} s",
    "too many codes tried from this client: try again in {seconds} s",
)
PROTOCOL = 1
REVISION = "1.9"
"""Version 1, revision 1.9: reviews of finished games (``/tables/{id}/review``) and hints
at unrated tables (``hint`` on the table's socket), listed in the results and the save;
1.8: turn-based tables (clocks ``days-1`` to ``days-7``, deadlines
kept by the server, holidays, the games waiting for you and their count: ``waiting``); 1.7:
the results' headline and score sheet, the rematch (1.6: logging
out and changing one's password, a socket closed when its token stops working
(``session_ended``, 4401); 1.5: the table as a picture for sighted
players (``picture`` in the state) and which lines concern the reader (``line_concerns``); 1.4: snapshots' first_event, clocks of the decisions a state opens,
too_late naming who was first, choice labels, tables' terms and chosen deals, secret seeds,
rated clocks and who a rated game counts for, 413 for large bodies, the lobby's socket
sending what changed, guests' names marked, tokens only in the hello; 1.3: the seat's hand
as its presenter names it; 1.2: decision ids, errors naming their action, several
processes; 1.1: results, save, ratings and leaderboards)."""


class ErrorBody(BaseModel):
    """Every refusal: a stable code and a message in the asker's language."""

    error: str
    message: str


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": meaning}
    for status, meaning in (
        (400, "Unreadable request"),
        (401, "Missing or invalid token"),
        (403, "Not allowed to this identity"),
        (404, "No such table, player or address"),
        (409, "Not in this state of the table"),
        (413, "Request body over 64 KiB: refused before it is read"),
        (422, "Malformed or refused by the rules"),
        (429, "Too many messages"),
        (503, "A store is unavailable: nothing changed"),
    )
}
router = APIRouter(prefix="/api/v1", responses=ERRORS)
log = logging.getLogger("popote.server")
# Every handler is async: the hub and its tables live on the event loop, never in threads.


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def the_hub(request: Request) -> Hub:
    return hub_of(request)


async def bearer(authorization: Annotated[str | None, Header()] = None) -> str | None:
    if authorization and authorization[:7].lower() == "bearer ":
        return authorization[7:].strip()
    return None


async def current_user(request: Request, token: Annotated[str | None, Depends(bearer)]) -> User:
    user = hub_of(request).user(token)
    request.state.user_lang = user.lang
    return user


async def lang_of(
    request: Request, lang: Annotated[str | None, Query(max_length=5)] = None
) -> Lang:
    """The language of the answer; errors use the same (see ``app.refusal``)."""
    return choose_lang(
        lang, getattr(request.state, "user_lang", None), request.headers.get("accept-language")
    )


async def maybe_user(
    request: Request, token: Annotated[str | None, Depends(bearer)]
) -> User | None:
    """Who asks, when it matters but anyone may ask (a token that is sent must be valid)."""
    return None if token is None else await current_user(request, token)


HubDep = Annotated[Hub, Depends(the_hub)]
UserDep = Annotated[User, Depends(current_user)]
MaybeUserDep = Annotated[User | None, Depends(maybe_user)]
LangDep = Annotated[Lang, Depends(lang_of)]


class NameBody(BaseModel):
    name: str = Field(max_length=200)
    lang: Literal["fr", "en"] = "fr"


class AccountBody(NameBody):
    password: str = Field(max_length=1024)


class LoginBody(BaseModel):
    name: str = Field(max_length=200)
    password: str = Field(max_length=1024)


class PasswordBody(BaseModel):
    current_password: str = Field(max_length=1024)
    new_password: str = Field(max_length=1024)


class SettingsBody(BaseModel):
    lang: Literal["fr", "en"]


class CreateBody(BaseModel):
    game: str = Field(max_length=64)
    players: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    public: bool = True
    rated: bool = False
    clock: (
        Literal["none", "relaxed", "normal", "fast", "days-1", "days-2", "days-3", "days-7"] | None
    ) = None
    turn_seconds: float | None = None
    window_seconds: float | None = None
    bots: list[str] = Field(default_factory=list, max_length=16)
    bot_level: str = "moyen"
    sit: bool = True
    seed: int | None = None


class JoinBody(BaseModel):
    seat: int | None = None
    invite: str | None = Field(default=None, max_length=64)


class BotBody(BaseModel):
    level: str = "moyen"
    seat: int | None = None


class ChatBody(BaseModel):
    text: str = Field(max_length=4096)


def _identity(user: User, token: str) -> dict[str, Any]:
    return {
        "id": user.id,
        "name": user.name,
        "token": token,
        "lang": user.lang,
        "registered": user.login is not None,
    }


def address_of(request: Request) -> str:
    """The client the quotas count: its address (the one a reverse proxy forwards, see
    docs/operations.md), an IPv6 one by its network (``popote.server.addresses``)."""
    host = request.client.host if request.client else ""
    return client_key(host, hub_of(request).settings.ipv6_prefix)


@router.post("/guests", summary="A guest identity: a name and a secret token")
async def create_guest(body: NameBody, hub: HubDep, request: Request) -> dict[str, Any]:
    user, token = hub.identities.guest(body.name, body.lang, address_of(request))
    return _identity(user, token)


@router.post("/accounts", summary="Register: a name kept by a password (Argon2)")
async def register(body: AccountBody, hub: HubDep, request: Request) -> dict[str, Any]:
    user, token = await hub.identities.register(
        body.name, body.password, body.lang, address_of(request)
    )
    return _identity(user, token)


@router.post(
    "/login", summary="A new token for a registered player (the old one and its sockets end)"
)
async def login(body: LoginBody, hub: HubDep, request: Request) -> dict[str, Any]:
    user, token = await hub.identities.login(body.name, body.password, address_of(request))
    return _identity(user, token)


@router.post(
    "/logout",
    summary="End this token: it stops working and every socket it opened closes (4401)",
)
async def logout(user: UserDep, hub: HubDep) -> dict[str, Any]:
    hub.identities.logout(user)
    return {"ok": True}


@router.post(
    "/password",
    summary="A registered player's new password (the current one proves it): a new token, "
    "the old one and its sockets end",
)
async def change_password(
    body: PasswordBody, user: UserDep, hub: HubDep, request: Request
) -> dict[str, Any]:
    changed, token = await hub.identities.change_password(
        user, body.current_password, body.new_password, address_of(request)
    )
    return _identity(changed, token)


@router.get("/me")
async def me(user: UserDep) -> dict[str, Any]:
    return {
        "id": user.id,
        "name": user.name,
        "lang": user.lang,
        "registered": user.login is not None,
    }


@router.get(
    "/me/games",
    summary="Your own tables: those not over (waiting for you first), then your last "
    "finished games, private ones included",
)
async def my_games(
    user: UserDep, hub: HubDep, lang: LangDep, limit: Annotated[int, Query(ge=1, le=100)] = 20
) -> dict[str, Any]:
    return own.my_games(hub, user, lang, limit)


@router.get(
    "/codes/{code}",
    summary="The open table a short code names, and its link (lookups limited per client)",
)
async def table_code(
    code: Annotated[str, Path(max_length=32)], hub: HubDep, request: Request
) -> dict[str, Any]:
    wait = hub.code_lookups.allow(address_of(request))
    if wait:
        seconds = math.ceil(wait)
        raise Refused("too_many_codes", TOO_MANY_CODES.format(seconds=seconds), 429, seconds)
    return own.by_code(hub.store, code)


@router.patch("/me", summary="Change the language the server speaks to this identity")
async def update_me(body: SettingsBody, user: UserDep, hub: HubDep) -> dict[str, Any]:
    hub.set_lang(user, body.lang)
    return await me(user)


@router.get("/games", summary="Every game, its player counts, options, clocks and bot levels")
async def games(hub: HubDep) -> list[dict[str, Any]]:
    scale = hub.settings.clock_scale
    return [
        {
            **popote.game_info(name),
            "clock": GAME_CLOCKS.get(name, "normal"),
            "clocks": {kind: table_clock(name, kind, None, None, scale) for kind in CLOCKS},
            "bot_levels": list(levels_for(name)),
        }
        for name in popote.game_names()
    ]


@router.get("/tables", summary="The lobby: public tables waiting or being played")
async def tables(hub: HubDep, lang: LangDep) -> list[dict[str, Any]]:
    spectators = None if hub.cluster is None else await hub.cluster.spectators()
    return hub.open_tables(lang, spectators)


@router.post("/tables", summary="Create a table (and sit at it unless sit is false)")
async def create_table(
    body: CreateBody, user: UserDep, hub: HubDep, lang: LangDep
) -> dict[str, Any]:
    table, invite = hub.create(user, TableRequest(**body.model_dump()))
    log.info("table created", extra={"table": table.id, "game": table.row.game, "user": user.id})
    described = {**table.describe(lang), "code": table.row.code}
    if invite is not None:
        described["invite"] = invite
        described["invite_link"] = f"/tables/{table.id}?invite={invite}"
    return described


@router.get("/tables/{table_id}", summary="One table (a private one needs its invite)")
async def table(
    table_id: str, user: UserDep, hub: HubDep, lang: LangDep, invite: str | None = None
) -> dict[str, Any]:
    return await at_table(hub, "describe", table_id, user, lang, invite=invite)


@router.post("/tables/{table_id}/join", summary="Sit at a free seat (the first one by default)")
async def join(
    table_id: str, body: JoinBody, user: UserDep, hub: HubDep, lang: LangDep
) -> dict[str, Any]:
    return await at_table(hub, "join", table_id, user, lang, seat=body.seat, invite=body.invite)


@router.post("/tables/{table_id}/bots", summary="Seat a bot at a level before the start")
async def add_bot(
    table_id: str, body: BotBody, user: UserDep, hub: HubDep, lang: LangDep
) -> dict[str, Any]:
    return await at_table(hub, "bot", table_id, user, lang, level=body.level, seat=body.seat)


@router.post(
    "/tables/{table_id}/leave", summary="Leave (during a game a bot plays until you return)"
)
async def leave(table_id: str, user: UserDep, hub: HubDep, lang: LangDep) -> dict[str, Any]:
    return await at_table(hub, "leave", table_id, user, lang)


@router.post("/tables/{table_id}/start", summary="Start once every seat is taken")
async def start(table_id: str, user: UserDep, hub: HubDep, lang: LangDep) -> dict[str, Any]:
    return await at_table(hub, "start", table_id, user, lang)


@router.post(
    "/tables/{table_id}/rematch",
    summary="After the game, by one who played it: the rematch's table (same people and bots, "
    "a new deal), the asker seated; asked again, the same table",
)
async def rematch(table_id: str, user: UserDep, hub: HubDep, lang: LangDep) -> dict[str, Any]:
    return await at_table(hub, "rematch", table_id, user, lang)


@router.post("/tables/{table_id}/chat", summary="Say something at a table")
async def table_chat(
    table_id: str, body: ChatBody, user: UserDep, hub: HubDep, lang: LangDep, request: Request
) -> dict[str, Any]:
    address = address_of(request)
    return await at_table(hub, "chat", table_id, user, lang, text=body.text, address=address)


@router.post("/lobby/chat", summary="Say something in the lobby")
async def lobby_chat(
    body: ChatBody, user: UserDep, hub: HubDep, request: Request
) -> dict[str, Any]:
    hub.chat(user, body.text, None, address_of(request))
    return {"ok": True}


@router.get(
    "/tables/{table_id}/results",
    summary="A finished game: each seat's score, rank, win and rating change",
)
async def results(
    table_id: str, user: MaybeUserDep, hub: HubDep, lang: LangDep, invite: str | None = None
) -> dict[str, Any]:
    return await at_table(hub, "results", table_id, user, lang, invite=invite)


@router.get(
    "/tables/{table_id}/save",
    summary="A finished game as a popote replay save file (refused before the end)",
)
async def save(
    table_id: str, user: MaybeUserDep, hub: HubDep, lang: LangDep, invite: str | None = None
) -> JSONResponse:
    saved = await at_table(hub, "save", table_id, user, lang, invite=invite)
    name = f"popote-{saved['game']}-{table_id}.json"
    return JSONResponse(saved, headers={"Content-Disposition": f'attachment; filename="{name}"'})


# --- what is asked of one table, done by the process that owns it -----------------------

TableOp = Callable[[Hub, str, Any, Lang, dict[str, Any]], dict[str, Any]]


def _describe(
    hub: Hub, table_id: str, user: User, lang: Lang, args: dict[str, Any]
) -> dict[str, Any]:
    return hub.table(table_id, user, args["invite"]).describe(lang)


def _join(hub: Hub, table_id: str, user: User, lang: Lang, args: dict[str, Any]) -> dict[str, Any]:
    found = hub.table(table_id, user, args["invite"])
    return {"seat": hub.join(user, found, args["seat"]), "table": found.describe(lang)}


def _bot(hub: Hub, table_id: str, user: User, lang: Lang, args: dict[str, Any]) -> dict[str, Any]:
    found = hub.table(table_id, user)
    seat = hub.add_bot(user, found, args["level"], args["seat"])
    return {"seat": seat, "table": found.describe(lang)}


def _leave(hub: Hub, table_id: str, user: User, lang: Lang, args: dict[str, Any]) -> dict[str, Any]:
    found = hub.table(table_id, user)
    hub.leave(user, found)
    return found.describe(lang)


def _start(hub: Hub, table_id: str, user: User, lang: Lang, args: dict[str, Any]) -> dict[str, Any]:
    found = hub.table(table_id, user)
    hub.start(user, found)
    log.info("table started", extra={"table": found.id, "user": user.id})
    return found.describe(lang)


def _rematch(
    hub: Hub, table_id: str, user: User, lang: Lang, args: dict[str, Any]
) -> dict[str, Any]:
    new, invite, seat = hub.rematch(user, hub.table(table_id, user))
    link = f"/tables/{new.id}" + (f"?invite={invite}" if invite else "")
    return {"table": new.describe(lang), "seat": seat, "invite": invite, "link": link}


def _chat(hub: Hub, table_id: str, user: User, lang: Lang, args: dict[str, Any]) -> dict[str, Any]:
    hub.chat(user, args["text"], hub.table(table_id, user), args.get("address"))
    return {"ok": True}


def _results(
    hub: Hub, table_id: str, user: User | None, lang: Lang, args: dict[str, Any]
) -> dict[str, Any]:
    return hub.results(hub.table(table_id, user, args["invite"]), lang)


def _save(
    hub: Hub, table_id: str, user: User | None, lang: Lang, args: dict[str, Any]
) -> dict[str, Any]:
    return hub.save(hub.table(table_id, user, args["invite"]), user, lang)


TABLE_OPS: dict[str, TableOp] = {
    "describe": _describe,
    "join": _join,
    "bot": _bot,
    "leave": _leave,
    "start": _start,
    "chat": _chat,
    "rematch": _rematch,
    "results": _results,
    "save": _save,
}
CHANGES = {"join", "bot", "leave", "start", "chat", "rematch"}
"""Operations that change a table: refused while the cluster cannot tell everyone."""


async def at_table(
    hub: Hub, op: str, table_id: str, user: User | None, lang: Lang, **args: Any
) -> dict[str, Any]:
    """``op`` done by the process that owns the table: here, or asked through the cluster."""
    cluster = hub.cluster
    owner = None if cluster is None else cluster.route(table_id)
    if owner is None:
        if op in CHANGES and not hub.available():
            raise unavailable()
        return TABLE_OPS[op](hub, table_id, user, lang, args)
    assert cluster is not None
    asked = {"op": op, "table": table_id[:64], "user": user and user.id, "lang": lang, "args": args}
    answer = await cluster.request(owner, asked)
    if "error" in answer:
        error = answer["error"]
        raise Refused(error["code"], Text(error["fr"], error["en"]), error["status"])
    done: dict[str, Any] = answer["ok"]
    return done


def _asked(hub: Hub, message: dict[str, Any]) -> None:
    """At the owner: an operation another process forwarded; the answer goes back to it."""
    assert hub.cluster is not None
    try:
        user = None if message["user"] is None else hub.identity(message["user"])
        op = TABLE_OPS[message["op"]]
        answer = {"ok": op(hub, message["table"], user, message["lang"], message["args"])}
    except (PopoteError, SQLAlchemyError) as failure:
        error = failure if isinstance(failure, Refused) else None
        if error is None:
            error = (
                Refused("invalid", failure.text, 422)
                if isinstance(failure, PopoteError)
                else unavailable()
            )
        text = error.text.as_dict()
        answer = {"error": {"code": error.code, "status": error.status, **text}}
    hub.cluster.reply(message["node"], message["request"], answer)


REMOTE: dict[str, Handler] = {"http": _asked}
"""What the owner of a table does with the HTTP calls other processes forward."""


@router.get(
    "/leaderboards/{game}",
    summary="Registered players of a game by rating, bots among them (ratings measured by popote ladder)",
)
async def leaderboard(
    game: Annotated[str, Path(max_length=64)],
    hub: HubDep,
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> list[dict[str, Any]]:
    return hub.leaderboard(game, limit)


@router.get("/players/{player_id}", summary="A player's ratings per game and last games")
async def player(
    player_id: int, hub: HubDep, limit: Annotated[int, Query(ge=1, le=100)] = 20
) -> dict[str, Any]:
    return hub.player(player_id, limit)


@router.get("/protocol", summary="The protocol version this server speaks")
async def protocol() -> dict[str, Any]:
    return {"version": PROTOCOL, "revision": REVISION}
