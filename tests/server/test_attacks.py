"""Ways in that the server refuses: pages of other sites, floods of sockets and messages,
malformed frames, guessed or forged tokens. Each is refused with a close code or an
``error``, the server goes on serving, and its log holds no traceback."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import sqlite3
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
import websockets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tests.server.harness import DUEL, Client, Server, check_frames, open_table

ALLOWED = "https://popote.example.org"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module: at most 20 sockets from one address, one other origin."""
    data: Path = tmp_path_factory.mktemp("attacked")
    # Its tests create hundreds of guests from 127.0.0.1.
    with Server(
        data,
        None,
        1.0,
        "--max-connections-per-ip",
        "20",
        "--allowed-origin",
        ALLOWED,
        "--max-new-identities-per-ip",
        "0",
    ) as started:
        yield started


def log_entries(server: Server) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (server.data / "server.log").read_text().splitlines()]


_read_up_to: dict[Path, int] = {}


def assert_no_traceback(server: Server) -> None:
    """The server logged no traceback since the last look, and still answers."""
    entries = log_entries(server)
    start, _read_up_to[server.data] = _read_up_to.get(server.data, 0), len(entries)
    assert not [e for e in entries[start:] if "exception" in e or "Traceback" in str(e)]
    assert httpx.get(f"{server.url}/healthz", timeout=10).status_code == 200


async def hello(socket: Any, token: str) -> dict[str, Any]:
    """The first answer to a ``hello``; a socket refused for its address may have been
    closed before it could send one: its refusal is still there to read."""
    with contextlib.suppress(ConnectionClosed):
        await socket.send(json.dumps({"type": "hello", "token": token}))
    frame: dict[str, Any] = json.loads(await socket.recv())
    return frame


async def closed_with(socket: Any) -> int | None:
    """The code the server closed ``socket`` with (every frame before it read and dropped)."""
    with pytest.raises(ConnectionClosed) as closed:
        async with asyncio.timeout(10):
            while True:
                await socket.recv()
    return closed.value.rcvd.code if closed.value.rcvd is not None else None


# --- Origin -----------------------------------------------------------------------------------


def test_only_the_servers_own_origin_and_allowed_ones_open_a_socket(server: Server) -> None:
    token = server.guest("Nolwenn")
    lobby = f"{server.ws}/ws/lobby"

    async def scenario() -> None:
        with pytest.raises(InvalidStatus) as refused:
            await websockets.connect(lobby, origin="https://evil.example")  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        for origin in (server.url, ALLOWED, None):  # same site, --allowed-origin, no browser
            async with websockets.connect(lobby, origin=origin) as socket:  # type: ignore[arg-type]
                assert (await hello(socket, token))["type"] == "welcome"

    asyncio.run(scenario())
    assert_no_traceback(server)


# --- Floods -----------------------------------------------------------------------------------


def test_a_flood_of_sockets_from_one_identity_or_one_address_is_capped(server: Server) -> None:
    first, second = server.guest("Gwenola"), server.guest("Tristan")
    lobby = f"{server.ws}/ws/lobby"

    async def opened(token: str) -> Any:
        socket = await websockets.connect(lobby)
        welcome = await hello(socket, token)
        return socket, welcome

    async def room_again(token: str) -> Any:
        """A socket opened once the server has let a closed one go: it counts a socket
        against its address until its handler ends, which may be after the close."""
        for _ in range(50):
            with contextlib.suppress(ConnectionClosed):
                socket, welcome = await opened(token)
                if welcome["type"] == "welcome":
                    return socket, welcome
                await socket.close()
            await asyncio.sleep(0.1)
        return await opened(token)

    async def scenario() -> None:
        mine = [await opened(first) for _ in range(16)]
        others: list[Any] = []
        try:
            assert all(welcome["type"] == "welcome" for _, welcome in mine)
            socket, refusal = await opened(first)  # a 17th socket for one identity
            assert refusal["code"] == "too_many_connections"
            assert await closed_with(socket) == 4429
            others += [await opened(second) for _ in range(4)]  # 20 from this address now
            socket, refusal = await opened(second)
            assert refusal["code"] == "too_many_connections"
            assert await closed_with(socket) == 4429
            await mine.pop()[0].close()  # room for one more, once the server let it go
            others.append(await room_again(second))
            assert others[-1][1]["type"] == "welcome"
        finally:  # the module's other tests need this address's places back
            for open_socket, _ in [*mine, *others]:
                await open_socket.close()

    asyncio.run(scenario())


def test_a_client_sending_past_its_budget_is_slowed_then_closed(server: Server) -> None:
    token = server.guest("Erwan")

    async def scenario() -> None:
        async with websockets.connect(f"{server.ws}/ws/lobby") as socket:
            await hello(socket, token)
            for n in range(300):
                await socket.send(json.dumps({"type": "ping", "t": n}))
            answers = []
            with pytest.raises(ConnectionClosed) as closed:
                async with asyncio.timeout(10):
                    while True:
                        answers.append(json.loads(await socket.recv()))
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            pongs = [a for a in answers if a["type"] == "pong"]
            assert 40 <= len(pongs) < 300  # the burst answered, the rest refused
            assert any(a["type"] == "error" and a["code"] == "too_fast" for a in answers)

    asyncio.run(scenario())


def test_one_identity_shares_its_byte_budget_between_its_sockets(server: Server) -> None:
    token = server.guest("Annaig")
    big = json.dumps({"type": "ping", "t": 1, "pad": "x" * 15_000})

    async def scenario() -> None:
        async with (
            websockets.connect(f"{server.ws}/ws/lobby") as one,
            websockets.connect(f"{server.ws}/ws/lobby") as two,
        ):
            await hello(one, token)
            await hello(two, token)
            for _ in range(10):  # 20 messages of 15 KB: past 256 KiB for the identity
                await one.send(big)
                await two.send(big)
            await one.send(big)
            codes = []
            for socket in (one, two):
                async with asyncio.timeout(10):
                    for _ in range(11 if socket is one else 10):
                        answer = json.loads(await socket.recv())
                        codes.append(answer.get("code", answer["type"]))
            assert "pong" in codes and "too_fast" in codes

    asyncio.run(scenario())


# --- Malformed frames ---------------------------------------------------------------------------


def _frame(opcode: int, payload: bytes, masked: bool = True, rsv: int = 0) -> bytes:
    """One WebSocket frame as a client sends it (or must not)."""
    head = bytes([0x80 | rsv << 4 | opcode])
    size = len(payload)
    mask_bit = 0x80 if masked else 0
    if size < 126:
        head += bytes([mask_bit | size])
    elif size < 1 << 16:
        head += bytes([mask_bit | 126]) + struct.pack("!H", size)
    else:
        head += bytes([mask_bit | 127]) + struct.pack("!Q", size)
    if not masked:
        return head + payload
    key = os.urandom(4)
    return head + key + bytes(byte ^ key[n % 4] for n, byte in enumerate(payload))


class RawSocket:
    """A WebSocket spoken by hand, to send what a library would never send."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, server: Server, path: str) -> RawSocket:
        where = urlsplit(server.url)
        assert where.hostname is not None and where.port is not None
        reader, writer = await asyncio.open_connection(where.hostname, where.port)
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {where.netloc}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        answer = await reader.readuntil(b"\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 101"), answer
        return cls(reader, writer)

    async def send(self, frame: bytes) -> None:
        self.writer.write(frame)
        await self.writer.drain()

    async def next_frame(self) -> tuple[int, bytes]:
        first, second = await self.reader.readexactly(2)
        size = second & 0x7F
        if size == 126:
            (size,) = struct.unpack("!H", await self.reader.readexactly(2))
        elif size == 127:
            (size,) = struct.unpack("!Q", await self.reader.readexactly(8))
        return first & 0x0F, await self.reader.readexactly(size)

    async def until(self, kind: str) -> None:
        """Read what the server sends until a message of ``kind``."""
        async with asyncio.timeout(10):
            while True:
                opcode, payload = await self.next_frame()
                if opcode == 0x1 and json.loads(payload)["type"] == kind:
                    return

    async def texts_then_close(self) -> tuple[list[dict[str, Any]], int]:
        """The messages the server sent, then its close code."""
        texts: list[dict[str, Any]] = []
        async with asyncio.timeout(10):
            while True:
                opcode, payload = await self.next_frame()
                if opcode == 0x8:
                    self.writer.close()
                    return texts, struct.unpack("!H", payload[:2])[0]
                texts.append(json.loads(payload))


HELLO = json.dumps({"type": "hello", "token": "?"})
MALFORMED_FRAMES = {
    "text that is not UTF-8": (_frame(0x1, b'{"type": "ping", "t": "\xff\xfe"}'), 1007),
    "an unmasked frame": (_frame(0x1, b'{"type": "ping"}', masked=False), 1002),
    "a reserved bit set": (_frame(0x1, b'{"type": "ping"}', rsv=0b100), 1002),
    "a continuation with no start": (_frame(0x0, b"more"), 1002),
    "an unknown opcode": (_frame(0x3, b"?"), 1002),
    "a frame over 64 KiB": (_frame(0x1, b"x" * 70_000), 1009),
}


@pytest.mark.parametrize("kind", sorted(MALFORMED_FRAMES))
def test_a_malformed_frame_closes_the_socket_cleanly(server: Server, kind: str) -> None:
    table, tokens = open_table(server, 2, **DUEL)
    frame, code = MALFORMED_FRAMES[kind]

    async def scenario() -> None:
        raw = await RawSocket.open(server, f"/ws/tables/{table}")
        await raw.send(_frame(0x1, HELLO.replace("?", tokens[0]).encode()))
        await raw.until("snapshot")
        await raw.send(frame)
        _, closed = await raw.texts_then_close()
        assert closed == code

    asyncio.run(scenario())
    assert_no_traceback(server)


def test_odd_but_well_framed_messages_get_an_error_and_the_socket_stays(server: Server) -> None:
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        raw = await RawSocket.open(server, f"/ws/tables/{table}")
        await raw.send(_frame(0x1, HELLO.replace("?", tokens[0]).encode()))
        await raw.until("snapshot")
        await raw.send(_frame(0x2, b"\x00\xff binary garbage"))
        await raw.send(_frame(0x1, b"[" * 16_000))  # deeper than Python's JSON parser goes
        await raw.send(_frame(0x1, json.dumps({"type": "ping", "t": 5}).encode()))
        answers = [json.loads((await raw.next_frame())[1]) for _ in range(3)]
        assert [(a["type"], a.get("code")) for a in answers] == [
            ("error", "malformed"),
            ("error", "malformed"),
            ("pong", None),
        ]
        await raw.send(_frame(0x8, struct.pack("!H", 1000)))
        _, closed = await raw.texts_then_close()
        assert closed == 1000

    asyncio.run(scenario())
    assert_no_traceback(server)


@pytest.mark.parametrize("token", [12, None, ["x"], {"a": 1}, "", "x" * 5000])
def test_a_hello_with_a_token_that_is_not_one_is_refused(server: Server, token: Any) -> None:
    table, _ = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        async with websockets.connect(f"{server.ws}/ws/tables/{table}") as socket:
            refusal = await hello(socket, token)
            assert (refusal["type"], refusal["code"]) == ("error", "unauthorized")
            assert await closed_with(socket) == 4401

    asyncio.run(scenario())
    assert_no_traceback(server)


# --- Tokens -----------------------------------------------------------------------------------


def test_tokens_are_long_random_and_the_database_keeps_none(server: Server) -> None:
    tokens = [server.guest(f"Invité {n}") for n in range(40)]
    assert len(set(tokens)) == len(tokens)
    assert all(len(token) >= 43 and token.isascii() for token in tokens)  # 256 random bits
    database = sqlite3.connect(server.data / "popote.sqlite3")
    try:
        dump = "\n".join(database.iterdump())
    finally:
        database.close()
    assert not [token for token in tokens if token in dump]
    with httpx.Client(base_url=server.url, timeout=10) as http:
        for forged in (tokens[0][:-1], tokens[0] + "A", tokens[0].upper()):
            answer = http.get("/api/v1/me", headers={"Authorization": f"Bearer {forged}"})
            assert answer.status_code == 401


# --- One seat's client, whatever it sends ----------------------------------------------------

OTHERS = ("$other_token", "$other_table", "$other_feed", "$other_legal", "$legal")
"""Stand-ins for what the attacker may know or guess of the others, filled in at run time."""
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 3),
    st.text(max_size=6),
    st.sampled_from(OTHERS),
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)
ACT = st.fixed_dictionaries(
    {"type": st.just("act"), "action": st.sampled_from(("$legal", "$other_legal")) | JUNK},
    optional={
        "action_id": st.sampled_from(("a", "b", "c")) | SCALARS,
        "seat": SCALARS,
        "table": st.just("$other_table"),
        "token": st.just("$other_token"),
    },
)
PLAY = st.fixed_dictionaries(
    {"type": st.just("act"), "action_id": st.sampled_from("abcdef"), "action": st.just("$legal")},
    optional={"seat": SCALARS},
)
"""A move the seat may make, so that games move on between the attacks."""
MESSAGES = st.lists(
    PLAY
    | PLAY
    | ACT
    | st.fixed_dictionaries(
        {"type": st.sampled_from(("hello", "resync", "chat", "ping", "join", "x"))},
        optional={
            "token": SCALARS,
            "feed": SCALARS,
            "last_seq": SCALARS,
            "table": SCALARS,
            "text": SCALARS,
            "seat": SCALARS,
        },
    )
    | JUNK,
    min_size=1,
    max_size=8,
)


def _fill(value: Any, known: dict[str, Any]) -> Any:
    if isinstance(value, str) and value in known:
        return known[value]
    if isinstance(value, list):
        return [_fill(item, known) for item in value]
    if isinstance(value, dict):
        return {key: _fill(item, known) for key, item in value.items()}
    return value


def _first_legal(client: Client) -> Any:
    state = client.state()
    return state["decision"]["legal"][0] if state and state["decision"] else {"kind": "none"}


async def _synced(client: Client, mark: int) -> None:
    """Every frame the server queued for ``client`` before this ping has arrived."""
    await client.send({"type": "ping", "t": mark})
    await client.wait(lambda f: f["type"] == "pong" and f["t"] == mark)


async def _attack(server: Server, messages: list[Any]) -> None:
    table, tokens = open_table(server, 2, **DUEL)
    elsewhere, strangers = open_table(server, 2, **{**DUEL, "seed": 5})
    clients = [Client(server, token, table) for token in tokens]
    for client in clients:
        await client.connect()
        await client.wait(lambda f: f["type"] == "snapshot")
    first = clients[0].state()
    assert first is not None
    me, victim = (clients[0], clients[1]) if 0 in first["to_act"] else (clients[1], clients[0])
    my_seat, their_seat = (0, 1) if me is clients[0] else (1, 0)
    bystander = Client(server, strangers[0], elsewhere)
    await bystander.connect()
    played: list[tuple[int, Any]] = []
    for mark, message in enumerate(messages):
        known = {
            "$other_token": tokens[their_seat],
            "$other_table": elsewhere,
            "$other_feed": victim.feed,
            "$other_legal": _first_legal(victim),
            "$legal": _first_legal(me),
        }
        sent, start = _fill(message, known), len(me.frames)
        await me.socket.send(json.dumps(sent))
        await _synced(me, mark)
        ack = next((f for f in me.frames[start:] if f["type"] == "ack"), None)
        if ack is not None and not ack["duplicate"]:
            assert ack["index"] == len(played)
            played.append((my_seat, sent["action"]))
    for client in (victim, bystander):
        await _synced(client, -1)
    record = {**DUEL, "options": first["table"]["options"], "history": []}
    record["history"] = [{"seat": seat, "action": action} for seat, action in played]
    # Both seats saw exactly the engine's views after the attacker's acknowledged actions.
    assert check_frames(me.frames, my_seat, record) > 0
    assert check_frames(victim.frames, their_seat, record) > 0
    for client in (me, victim):
        last = client.state()
        assert last is not None and last["index"] == len(played)
        assert {f["actor"] for f in client.frames if f["type"] == "update"} <= {my_seat}
    # An ack or error repeats the action_id the attacker chose itself: no one else's secret.
    seen = json.dumps([{k: v for k, v in f.items() if k != "action_id"} for f in me.frames])
    assert tokens[their_seat] not in seen and elsewhere not in seen
    assert {f["seat"] for f in me.frames if f["type"] == "welcome"} == {my_seat}
    assert not [f for f in bystander.frames if f["type"] == "update"]
    for client in (*clients, bystander):
        await client.close()


@settings(
    max_examples=12,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(messages=MESSAGES)
def test_a_seat_acts_and_sees_only_its_own_whatever_it_sends(
    server: Server, messages: list[Any]
) -> None:
    asyncio.run(_attack(server, messages))
