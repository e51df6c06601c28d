"""The WebSocket half of the protocol: one socket per table (or the lobby) and identity.

A client authenticates with a first ``hello`` message (never with a token in the socket's
address, which proxies log: refused), says the last ``seq`` it saw, then sends ``act``, ``chat``, ``ping``, ``resync`` and ``hint``. Bad messages get an
``error`` and change nothing. See ``docs/protocol.md``. Among several processes, a client of
a table another process owns is relayed to it (``popote.server.cluster``): the owner
answers it with the same code as its own clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, WebSocket
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocketDisconnect

from popote.core.errors import PopoteError
from popote.core.i18n import Lang
from popote.server.addresses import client_key
from popote.server.cluster import Attached, Handler, RemoteOutlet
from popote.server.errors import Refused, refused, unavailable
from popote.server.feeds import SLOW_CLIENT, Connection, Feed, Message, Outlet, encode
from popote.server.hub import Hub
from popote.server.language import choose_lang
from popote.server.limits import FLOODING, TOO_MANY, Allowance, Guard
from popote.server.live import LiveTable
from popote.server.models import User
from popote.server.resyncs import Resyncs
from popote.server.sessions import ENDED, SESSION_ENDED
from popote.server.settings import MESSAGE_LIMIT

log = logging.getLogger("popote.server")
router = APIRouter()

HELLO_WAIT = 10.0
CLOSE_WAIT = 2.0
"""Seconds a closing socket waits for the client to take its close frame."""
TEXT_FIELDS = ("token", "invite", "feed", "lang")
CLOSE_CODES = {"unauthorized": 4401, "too_many_connections": TOO_MANY, "unavailable": 1013}
"""Close codes of refused openings (1013: try again later); others close with 4404."""


class Session:
    """One connection of one identity (here, or relayed from another process), and how it
    is answered."""

    def __init__(
        self,
        hub: Hub,
        user: User,
        lang: Lang,
        connection: Outlet,
        feed: Feed,
        address: str | None = None,
    ) -> None:
        self.hub = hub
        self.user = user
        self.lang = lang
        self.connection = connection
        self.feed = feed
        """Numbers the answers to this connection (they repeat the feed's last ``seq``)."""
        self.address = address
        """The client's key (``popote.server.addresses``), which its chat counts against."""
        self.token_hash = user.token_hash
        """The token it opened with: it ends with it (``popote.server.sessions``)."""
        self.farewell: str | None = None
        """The last message, said just before closing when the server ends the socket."""

    def end(self) -> None:
        """Its token stopped working: say so and close (``popote.server.sessions``)."""
        ended = {"type": "error", "code": "session_ended", "message": ENDED.get(self.lang)}
        self.farewell = encode({**ended, "seq": self.feed.seq})
        self.connection.close(SESSION_ENDED)

    def tell(self, message: Message) -> None:
        """A message for this identity alone, such as its count of games waiting for it."""
        self.feed.reply(self.connection, message)

    def send_error(
        self, error: PopoteError, code: str | None = None, action_id: str | None = None
    ) -> None:
        code = code or (error.code if isinstance(error, Refused) else "illegal")
        answer: Message = {"type": "error", "code": code, "message": error.message(self.lang)}
        if action_id is not None:
            answer["action_id"] = action_id
        self.feed.reply(self.connection, answer)

    # Reply, for the table's answer to an action.
    def ack(self, action_id: str | None, index: int, duplicate: bool) -> None:
        self.feed.reply(
            self.connection,
            {"type": "ack", "action_id": action_id, "index": index, "duplicate": duplicate},
        )

    def refused(self, error: PopoteError, code: str, action_id: str | None) -> None:
        self.send_error(error, code, action_id)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(socket: WebSocket, table_id: str) -> None:
    opened = await _open(socket)
    if opened is None:
        return
    allowance, hello = opened
    code = 1000
    try:
        code = await _serve_table(socket, allowance, table_id, hello)
    finally:
        _guard(socket).leave(allowance, code)


async def _serve_table(
    socket: WebSocket, allowance: Allowance, table_id: str, hello: dict[str, Any]
) -> int:
    """Serve one client of a table; returns the code its socket closed with."""
    hub: Hub = socket.app.state.hub
    try:
        user = hub.user(hello.get("token"))
        owner = None if hub.cluster is None else hub.cluster.route(table_id)
        table = None if owner is not None else hub.table(table_id, user, hello.get("invite"))
        _guard(socket).enter(allowance, user.id, table_id[:64])
    except Refused as error:
        return await _refuse(socket, error, hello, CLOSE_CODES.get(error.code, 4404))
    except SQLAlchemyError:
        log.exception("database error")
        return await _refuse(socket, unavailable(), hello, CLOSE_CODES["unavailable"])
    connection = _connection(socket, hub, allowance)
    lang = choose_lang(hello.get("lang"), user.lang, None)
    if table is None:
        assert owner is not None
        session = Session(hub, user, lang, connection, Feed(0), allowance.ip)
        with hub.sockets.held(user.id, session):
            await _relay(socket, session, allowance, owner, table_id[:64], hello)
        return connection.close_code
    feed = table.connect(user.id, lang, connection, hello.get("feed"), _seq(hello))
    session = Session(hub, user, lang, connection, feed, allowance.ip)
    try:
        with hub.sockets.held(user.id, session):
            handle = _paced(socket, allowance, connection, _at_table(session, table))
            await _serve(socket, connection, session, allowance, handle)
    finally:
        table.disconnect(user.id, connection)
    return connection.close_code


async def _relay(
    socket: WebSocket,
    session: Session,
    allowance: Allowance,
    owner: str,
    table_id: str,
    hello: dict[str, Any],
) -> None:
    """Serve a client of a table another process owns: its messages go there, the owner's
    answers come back (see ``popote.server.cluster``)."""
    cluster = session.hub.cluster
    assert cluster is not None and isinstance(session.connection, Connection)
    opening = {
        "user": session.user.id,
        "lang": session.lang,
        "invite": hello.get("invite"),
        "feed": hello.get("feed"),
        "last_seq": _seq(hello),
        "address": allowance.ip,
    }
    try:
        conn = cluster.link(owner, table_id, session.connection, session.feed, opening)
    except Refused as error:
        await _refuse(socket, error, hello, CLOSE_CODES["unavailable"])
        return
    opened = asyncio.create_task(cluster.opened(conn))
    forward = _paced(socket, allowance, session.connection, lambda m: cluster.forward(conn, m))
    try:
        await _serve(socket, session.connection, session, allowance, forward)
    finally:
        opened.cancel()
        cluster.unlink(conn)


def _attach(hub: Hub, opening: dict[str, Any]) -> None:
    """At the owner: a client relayed from another process opens the table."""
    assert hub.cluster is not None
    outlet = RemoteOutlet(hub.cluster, opening["node"], opening["conn"])
    lang: Lang = opening["lang"]
    try:
        user = hub.identity(opening["user"])
        table = hub.table(opening["table"], user, opening.get("invite"))
    except (Refused, SQLAlchemyError) as failure:
        error = failure if isinstance(failure, Refused) else unavailable()
        answer = {"type": "error", "code": error.code, "message": error.message(lang), "seq": 0}
        outlet.send(encode(answer), 0)
        outlet.close(CLOSE_CODES.get(error.code, 4404))
        return
    feed = table.connect(user.id, lang, outlet, opening.get("feed"), opening.get("last_seq"))
    session = Session(hub, user, lang, outlet, feed, opening.get("address"))
    handle = _at_table(session, table)
    hub.cluster.attached[(opening["node"], opening["conn"])] = Attached(
        table, user.id, outlet, lambda message: answer_message(session, handle, message)
    )


REMOTE: dict[str, Handler] = {"attach": _attach}
"""What the owner of a table does with the WebSocket openings other processes relay."""


def _at_table(session: Session, table: LiveTable) -> Callable[[Message], None]:
    return lambda message: _table_message(session, table, message)


@router.websocket("/ws/lobby")
async def lobby_socket(socket: WebSocket) -> None:
    opened = await _open(socket)
    if opened is None:
        return
    allowance, hello = opened
    code = 1000
    try:
        code = await _serve_lobby(socket, allowance, hello)
    finally:
        _guard(socket).leave(allowance, code)


async def _serve_lobby(socket: WebSocket, allowance: Allowance, hello: dict[str, Any]) -> int:
    hub: Hub = socket.app.state.hub
    try:
        user = hub.user(hello.get("token"))
        _guard(socket).enter(allowance, user.id, None)
    except Refused as error:
        return await _refuse(socket, error, hello, CLOSE_CODES.get(error.code, 4401))
    connection = _connection(socket, hub, allowance)
    lang = choose_lang(hello.get("lang"), user.lang, None)
    deltas = hello.get("deltas") is True
    feed = hub.lobby.feed(lang, deltas)
    session = Session(hub, user, lang, connection, feed, allowance.ip)
    feed.connections.add(connection)
    try:
        with hub.sockets.held(user.id, session):
            welcome = {"type": "welcome", "table": None, "seat": None, "feed": feed.id}
            feed.reply(connection, welcome)
            if not feed.resend(connection, hello.get("feed"), _seq(hello)) and deltas:
                spectators = None if hub.cluster is None else await hub.cluster.spectators()
                listed = hub.open_tables(lang, spectators)
                feed.reply(connection, {"type": "lobby", "tables": listed})
            await _serve(
                socket, connection, session, allowance, lambda m: _lobby_message(session, m)
            )
    finally:
        feed.connections.discard(connection)
    return connection.close_code


def _connection(socket: WebSocket, hub: Hub, allowance: Allowance) -> Connection:
    """The socket's send queue, bounded in messages and in bytes, within what waits for
    all the client's sockets (``popote.server.feeds``)."""
    settings = hub.settings
    return Connection(
        socket.send_text, settings.send_queue, settings.send_queue_bytes, allowance.backlog
    )


def _paced(
    socket: WebSocket,
    allowance: Allowance,
    connection: Connection,
    handle: Callable[[Message], None],
) -> Callable[[Message], None]:
    """``handle`` for a table socket, where a ``resync`` draws nothing while a snapshot
    still waits for the connection, and is refused past its rate (``popote.server.resyncs``),
    whichever process owns the table."""
    resyncs: Resyncs = socket.app.state.resyncs

    def paced(message: Message) -> None:
        if message["type"] == "resync":
            if connection.snapshot_waiting:
                return
            assert allowance.identity is not None
            resyncs.allow(allowance.identity, allowance.ip)
        handle(message)

    return paced


def _guard(socket: WebSocket) -> Guard:
    guard: Guard = socket.app.state.guard
    return guard


def _address(socket: WebSocket) -> str:
    """The client the limits count (``popote.server.addresses``)."""
    host = socket.client.host if socket.client else ""
    hub: Hub = socket.app.state.hub
    return client_key(host, hub.settings.ipv6_prefix)


async def _open(socket: WebSocket) -> tuple[Allowance, dict[str, Any]] | None:
    """Accept a socket, count it against its address at once, and read its ``hello``;
    None (the socket refused and let go) for a page of another site, an address with
    enough sockets open, or a client that says nothing useful."""
    guard = _guard(socket)
    if not guard.origin_allowed(socket.headers):
        log.warning("origin refused", extra={"reason": socket.headers.get("origin", "")[:200]})
        await socket.close(4403)  # before the handshake is accepted: an HTTP 403
        return None
    await socket.accept()
    try:
        allowance = guard.arrive(_address(socket))
    except Refused as error:
        await _refuse(socket, error, {}, TOO_MANY)
        return None
    try:
        hello = await _hello(socket)
    except Refused as error:
        guard.leave(allowance, await _refuse(socket, error, {}, 4400))
        return None
    return allowance, hello


async def _hello(socket: WebSocket) -> dict[str, Any]:
    """The first message, a ``hello``; refused for a token in the socket's address (a
    proxy may have logged it) and for anything else than a ``hello``."""
    if "token" in socket.query_params:
        raise refused(
            "token_in_url",
            400,
            "le jeton va dans le message hello, jamais dans l'adresse de la WebSocket",
            "the token goes in the hello message, never in the WebSocket's address",
        )
    try:
        text = await asyncio.wait_for(socket.receive_text(), HELLO_WAIT)
        message = json.loads(text) if len(text) <= MESSAGE_LIMIT else None
    except (TimeoutError, WebSocketDisconnect, ValueError, KeyError, RecursionError):
        message = None
    if not isinstance(message, dict) or message.get("type") != "hello":
        raise refused(
            "hello_expected",
            400,
            "un message hello avec un jeton est attendu",
            "a hello message with a token is expected",
        )
    # Whatever the client put there, identifying fields are text or absent.
    return {
        key: value
        for key, value in message.items()
        if key != "type" and (isinstance(value, str) or key not in TEXT_FIELDS)
    }


async def _refuse(socket: WebSocket, error: Refused, hello: dict[str, Any], code: int) -> int:
    """Say why, close with ``code``; returns ``code``."""
    lang = choose_lang(hello.get("lang"), None, socket.headers.get("accept-language"))
    with contextlib.suppress(Exception):
        await socket.send_text(
            json.dumps(
                {"type": "error", "code": error.code, "message": error.message(lang), "seq": 0}
            )
        )
        await socket.close(code)
    return code


def _seq(hello: dict[str, Any]) -> int | None:
    value = hello.get("last_seq")
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit() and len(value) < 12:
        return int(value)
    return None


async def _serve(
    socket: WebSocket,
    connection: Connection,
    session: Session,
    allowance: Allowance,
    handle: Callable[[Message], None],
) -> None:
    """Read and answer messages until the client leaves or the server drops it."""
    pump = asyncio.create_task(connection.pump())
    reader = asyncio.create_task(_read(socket, session, allowance, handle))
    dropped = asyncio.create_task(connection.closed.wait())
    try:
        await asyncio.wait({pump, reader, dropped}, return_when=asyncio.FIRST_COMPLETED)
        if connection.close_code == SLOW_CLIENT:
            where = {"table": allowance.table, "user": allowance.identity}
            log.warning("client too slow", extra={**where, "client": allowance.ip})
    finally:
        for task in (pump, reader, dropped):
            task.cancel()
        # A client that stopped reading cannot be sent the close frame either: it is let go
        # anyway, so that its seat is free for a stand-in and its place among the sockets.
        if session.farewell is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(socket.send_text(session.farewell), CLOSE_WAIT)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket.close(connection.close_code), CLOSE_WAIT)
        connection.release()


async def _read(
    socket: WebSocket, session: Session, allowance: Allowance, handle: Callable[[Message], None]
) -> None:
    while True:
        raw = await socket.receive()
        if raw["type"] == "websocket.disconnect" or session.farewell is not None:
            return  # what comes after the server ended the socket is not read
        text = raw.get("text")
        if text is None:
            text = (raw.get("bytes") or b"").decode("utf-8", "replace")
        try:
            allowance.spend(len(text))
            message = _parse(text)
        except PopoteError as error:
            session.send_error(error)
            if allowance.flooding:
                session.connection.close(FLOODING)
                return
            continue
        answer_message(session, handle, message)


def answer_message(session: Session, handle: Callable[[Message], None], message: Message) -> None:
    """Meet one client message; a refusal, or a store that is away, gets an ``error`` (with
    the ``action_id`` of the action it answers)."""
    action_id = message.get("action_id") if message["type"] == "act" else None
    answering = action_id if isinstance(action_id, str) and 0 < len(action_id) <= 64 else None
    try:
        handle(message)
    except PopoteError as error:
        session.send_error(error, action_id=answering)
    except SQLAlchemyError:
        log.exception("database error")
        session.send_error(unavailable(), action_id=answering)


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
        session.hub.chat(session.user, message.get("text"), table, session.address)
    elif kind == "ping":
        session.feed.reply(session.connection, {"type": "pong", "t": _echo(message.get("t"))})
    elif kind == "resync":
        table.catch_up(session.user.id, session.connection, message.get("feed"), _seq(message))
    elif kind == "hint":
        session.hub.hints.ask(table, session.user, session.address, session)
    else:
        raise _unknown(kind)


def _lobby_message(session: Session, message: Message) -> None:
    kind = message["type"]
    if kind == "chat":
        session.hub.chat(session.user, message.get("text"), None, session.address)
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
    decision = message.get("decision")
    if decision is not None and type(decision) is not int:
        raise refused(
            "decision",
            400,
            "decision : le numéro (entier) de la décision à laquelle l'action répond",
            "decision: the number (an integer) of the decision the action answers",
        )
    action = message.get("action")
    session.hub.latency.measure(
        table, lambda: table.submit(seat, action, action_id, False, session, decision)
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
