"""The WebSocket half of the protocol: one socket per table (or the lobby) and identity.

A client authenticates with ``?token=`` or a first ``hello`` message, says the last ``seq``
it saw, then sends ``act``, ``chat``, ``ping`` and ``resync``. Bad messages get an
``error`` and change nothing. See ``docs/protocol.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import APIRouter, WebSocket
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect

from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text
from popote.server.errors import Refused, refused
from popote.server.feeds import Connection, Feed, Message
from popote.server.hub import Hub
from popote.server.language import choose_lang
from popote.server.limits import FLOODING, TOO_MANY, Allowance, Guard
from popote.server.live import LiveTable
from popote.server.models import User
from popote.server.settings import MESSAGE_LIMIT

log = logging.getLogger("popote.server")
router = APIRouter()

HELLO_WAIT = 10.0
TEXT_FIELDS = ("token", "invite", "feed", "lang")
CLOSE_CODES = {"unauthorized": 4401, "too_many_connections": TOO_MANY}
UNAVAILABLE = Text(
    "service momentanément indisponible : rien n'a été joué, réessayez",
    "temporarily unavailable: nothing was played, try again",
)


class Session:
    """One connection of one identity, and how it is answered."""

    def __init__(self, socket: WebSocket, hub: Hub, user: User, lang: Lang) -> None:
        self.socket = socket
        self.hub = hub
        self.user = user
        self.lang = lang
        self.connection = Connection(socket.send_text, hub.settings.send_queue)
        self.feed: Feed = hub.lobby

    def send_error(self, error: PopoteError, code: str | None = None) -> None:
        code = code or (error.code if isinstance(error, Refused) else "illegal")
        self.feed.reply(
            self.connection, {"type": "error", "code": code, "message": error.message(self.lang)}
        )

    # Reply, for the table's answer to an action.
    def ack(self, action_id: str | None, index: int, duplicate: bool) -> None:
        self.feed.reply(
            self.connection,
            {"type": "ack", "action_id": action_id, "index": index, "duplicate": duplicate},
        )

    def refused(self, error: PopoteError, code: str) -> None:
        self.send_error(error, code)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str) -> None:
    hub: Hub = socket.app.state.hub
    hello = await _hello(socket)
    if hello is None:
        return
    try:
        user = hub.user(hello.get("token"))
        table = hub.table(table_id, user, hello.get("invite"))
        allowance = _guard(socket).enter(_address(socket), user.id, table.id)
    except Refused as error:
        await _refuse(socket, error, hello, CLOSE_CODES.get(error.code, 4404))
        return
    session = Session(socket, hub, user, choose_lang(hello.get("lang"), user.lang, None))
    session.feed = table.connect(
        user.id, session.lang, session.connection, hello.get("feed"), _seq(hello)
    )
    try:
        await _serve(session, allowance, lambda message: _table_message(session, table, message))
    finally:
        table.disconnect(user.id, session.connection)
        _guard(socket).leave(allowance, session.connection.close_code)


@router.websocket("/ws/lobby")
async def lobby_socket(socket: WebSocket) -> None:
    hub: Hub = socket.app.state.hub
    hello = await _hello(socket)
    if hello is None:
        return
    try:
        user = hub.user(hello.get("token"))
        allowance = _guard(socket).enter(_address(socket), user.id, None)
    except Refused as error:
        await _refuse(socket, error, hello, CLOSE_CODES.get(error.code, 4401))
        return
    session = Session(socket, hub, user, choose_lang(hello.get("lang"), user.lang, None))
    lobby = hub.lobby
    lobby.connections.add(session.connection)
    lobby.reply(
        session.connection, {"type": "welcome", "table": None, "seat": None, "feed": lobby.id}
    )
    for message in lobby.missed(hello.get("feed"), _seq(hello)) or []:
        session.connection.send(message)
    try:
        await _serve(session, allowance, lambda message: _lobby_message(session, message))
    finally:
        lobby.connections.discard(session.connection)
        _guard(socket).leave(allowance, session.connection.close_code)


def _guard(socket: WebSocket) -> Guard:
    guard: Guard = socket.app.state.guard
    return guard


def _address(socket: WebSocket) -> str:
    return socket.client.host if socket.client else ""


async def _hello(socket: WebSocket) -> dict[str, Any] | None:
    """The query's ``token`` (and ``last_seq``, ``feed``...), or the first message's; None
    (the socket refused) for a page of another site or a client that says nothing useful."""
    if not _guard(socket).origin_allowed(socket.headers):
        log.warning("origin refused", extra={"reason": socket.headers.get("origin", "")[:200]})
        await socket.close(4403)  # before the handshake is accepted: an HTTP 403
        return None
    await socket.accept()
    query = dict(socket.query_params)
    if "token" in query:
        return query
    try:
        text = await asyncio.wait_for(socket.receive_text(), HELLO_WAIT)
        message = json.loads(text) if len(text) <= MESSAGE_LIMIT else None
    except (TimeoutError, WebSocketDisconnect, ValueError, KeyError, RecursionError):
        message = None
    if not isinstance(message, dict) or message.get("type") != "hello":
        error = refused(
            "hello_expected",
            400,
            "un message hello avec un jeton est attendu",
            "a hello message with a token is expected",
        )
        await _refuse(socket, error, query, 4400)
        return None
    # Whatever the client put there, identifying fields are text or absent.
    return {
        key: value
        for key, value in message.items()
        if key != "type" and (isinstance(value, str) or key not in TEXT_FIELDS)
    }


async def _refuse(socket: WebSocket, error: Refused, hello: dict[str, Any], code: int) -> None:
    lang = choose_lang(hello.get("lang"), None, socket.headers.get("accept-language"))
    with contextlib.suppress(Exception):
        await socket.send_text(
            json.dumps(
                {"type": "error", "code": error.code, "message": error.message(lang), "seq": 0}
            )
        )
        await socket.close(code)


def _seq(hello: dict[str, Any]) -> int | None:
    value = hello.get("last_seq")
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit() and len(value) < 12:
        return int(value)
    return None


async def _serve(session: Session, allowance: Allowance, handle: Any) -> None:
    """Read and answer messages until the client leaves or the server drops it."""
    pump = asyncio.create_task(session.connection.pump())
    reader = asyncio.create_task(_read(session, allowance, handle))
    dropped = asyncio.create_task(session.connection.closed.wait())
    try:
        await asyncio.wait({pump, reader, dropped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in (pump, reader, dropped):
            task.cancel()
        with contextlib.suppress(Exception):
            await session.socket.close(session.connection.close_code)


async def _read(session: Session, allowance: Allowance, handle: Any) -> None:
    while True:
        raw = await session.socket.receive()
        if raw["type"] == "websocket.disconnect":
            return
        text = raw.get("text")
        if text is None:
            text = (raw.get("bytes") or b"").decode("utf-8", "replace")
        try:
            allowance.spend(len(text))
            handle(_parse(text))
        except PopoteError as error:
            session.send_error(error)
            if allowance.flooding:
                session.connection.close(FLOODING)
                return
        except SQLAlchemyError:
            log.exception("database error")
            session.send_error(Refused("unavailable", UNAVAILABLE, 503))


def _parse(text: str) -> Message:
    if len(text.encode("utf-8", "surrogatepass")) > MESSAGE_LIMIT:
        raise refused(
            "too_large",
            413,
            "message trop long (au plus {limit} octets)",
            "message too large (at most {limit} bytes)",
            limit=MESSAGE_LIMIT,
        )
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):  # nested past Python's depth: as malformed
        message = None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise refused(
            "malformed",
            400,
            'message mal formé : un objet JSON avec un "type" est attendu',
            'malformed message: a JSON object with a "type" is expected',
        )
    return message


def _table_message(session: Session, table: LiveTable, message: Message) -> None:
    kind = message["type"]
    if kind == "act":
        _act(session, table, message)
    elif kind == "chat":
        session.hub.chat(session.user, message.get("text"), table)
    elif kind == "ping":
        session.feed.reply(session.connection, {"type": "pong", "t": _echo(message.get("t"))})
    elif kind == "resync":
        table.catch_up(session.user.id, session.connection, message.get("feed"), _seq(message))
    else:
        raise _unknown(kind)


def _lobby_message(session: Session, message: Message) -> None:
    kind = message["type"]
    if kind == "chat":
        session.hub.chat(session.user, message.get("text"), None)
    elif kind == "ping":
        session.feed.reply(session.connection, {"type": "pong", "t": _echo(message.get("t"))})
    else:
        raise _unknown(kind)


def _act(session: Session, table: LiveTable, message: Message) -> None:
    seat = table.seat_of(session.user.id)
    if seat is None:
        raise refused("spectator", 403, "un spectateur ne joue pas", "a spectator cannot play")
    asked = message.get("seat", seat)
    if asked != seat:
        raise refused(
            "not_your_seat",
            403,
            "vous ne jouez que pour votre siège ({seat})",
            "you only play for your own seat ({seat})",
            seat=seat + 1,
        )
    action_id = message.get("action_id")
    if not isinstance(action_id, str) or not 0 < len(action_id) <= 64:
        raise refused(
            "action_id",
            400,
            "action_id attendu (texte de 1 à 64 caractères)",
            "action_id expected (text of 1 to 64 characters)",
        )
    action = message.get("action")
    session.hub.latency.measure(
        table, lambda: table.submit(seat, action, action_id, False, session)
    )


def _echo(value: object) -> object:
    return value if isinstance(value, int | float | str) and len(str(value)) <= 64 else None


def _unknown(kind: str) -> Refused:
    return refused(
        "unknown_type",
        400,
        "type de message inconnu : {kind}",
        "unknown message type: {kind}",
        kind=kind[:40],
    )
