"""Issue 44's front door, on a real server over real sockets: requests whose headers or body
never finish, huge or countless headers, hoarded connections, other hosts (DNS rebinding),
cross-site forms, floods of anonymous requests, and the browser protections on every answer
the server itself writes (uvicorn's own 400, a refused handshake, the new 408/421/429/431)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import InvalidStatus

from tests.server.harness import Server, module_server
from tests.server.test_attacks import assert_no_traceback, hello, log_entries

DEADLINE = 2.0
"""The header, body and keep-alive deadlines of the module's server (seconds)."""
PROTECTIONS = (
    "content-security-policy",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
)
ATTACKER = "127.0.0.2"
"""Another loopback address, so that the attacker is not the address everyone else uses
(127.0.0.1 is the one uvicorn trusts to forward addresses, as a reverse proxy would)."""
REBOUND = "rebound.example"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    seconds = str(DEADLINE)
    with module_server(
        tmp_path_factory,
        "door",
        "--header-timeout",
        seconds,
        "--body-timeout",
        seconds,
        "--keep-alive",
        seconds,
        "--allowed-host",
        "popote.example.org",
    ) as started:
        yield started


def port_of(server: Server) -> int:
    return int(server.url.rsplit(":", 1)[1])


@dataclass
class Answer:
    """What came back on a raw connection: the first answer's status, headers and body
    (status 0: closed without a word), and whether the server closed the connection."""

    status: int = 0
    headers: dict[str, str] = field(default_factory=dict)
    body: bytes = b""
    closed: bool = False

    def message(self) -> str:
        text: str = json.loads(self.body)["message"]
        return text


def parse(data: bytes, closed: bool) -> Answer:
    head, _, body = data.partition(b"\r\n\r\n")
    if not head.startswith(b"HTTP/"):
        return Answer(closed=closed)
    lines = head.decode("latin-1").split("\r\n")
    headers: dict[str, str] = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return Answer(int(lines[0].split()[1]), headers, body, closed)


async def connect(server: Server, source: str = "127.0.0.1") -> tuple[Any, Any]:
    return await asyncio.open_connection("127.0.0.1", port_of(server), local_addr=(source, 0))


async def read_answer(reader: Any, timeout: float) -> Answer:
    """Everything the server sends until it closes, or what came within ``timeout``."""
    data = b""
    closed = False
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            while True:
                try:
                    chunk = await reader.read(65536)
                except OSError:  # a reset: the server let go
                    chunk = b""
                if not chunk:
                    closed = True
                    break
                data += chunk
                answer = parse(data, False)
                length = answer.headers.get("content-length")
                if length is not None and len(answer.body) >= int(length):
                    # One whole answer; wait a little for the close that may follow it.
                    with contextlib.suppress(TimeoutError, OSError):
                        closed = await asyncio.wait_for(reader.read(1), 1.0) == b""
                    break
    return parse(data, closed)


async def exchange(server: Server, request: bytes, timeout: float = 10.0) -> Answer:
    """Send ``request`` as it is (bytes the server may stop reading halfway), then read."""
    reader, writer = await connect(server)

    async def send() -> None:
        with contextlib.suppress(OSError):
            writer.write(request)
            await writer.drain()

    sending = asyncio.create_task(send())
    try:
        return await read_answer(reader, timeout)
    finally:
        sending.cancel()
        writer.close()


def request(server: Server, *headers: str, path: str = "/healthz", host: str = "") -> bytes:
    lines = [f"GET {path} HTTP/1.1", f"Host: {host or server.url.split('//')[1]}", *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def protected(headers: dict[str, str] | httpx.Headers) -> bool:
    return all(name in headers for name in PROTECTIONS) and (
        "frame-ancestors 'none'" in headers["content-security-policy"]
    )


# --- Slow and hoarded connections -------------------------------------------------------------


def test_slow_headers_from_one_address_leave_room_for_everyone_else(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Up to 1,100 connections whose headers never finish, from one address, against a
    server allowed half as many open files: a new client's /healthz still answers at once, the
    connections past the address's share are refused, and the others are closed by the
    header deadline."""
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    count = min(1100, soft - 200)  # this process's own files: the test must not run out
    if count < 400 or not hasattr(resource, "prlimit"):
        pytest.skip(f"{soft} open files are too few for the test, or no prlimit")
    files = count // 2
    with module_server(tmp_path_factory, "slow", "--header-timeout", "3") as slow:
        assert slow.process is not None
        _, hard = resource.prlimit(slow.process.pid, resource.RLIMIT_NOFILE)
        resource.prlimit(slow.process.pid, resource.RLIMIT_NOFILE, (files, hard))

        async def scenario() -> list[Answer]:
            opened = [await connect(slow, ATTACKER) for _ in range(count)]
            partial = request(slow).split(b"\r\n")[0] + b"\r\nX-Slow: "
            for _, writer in opened:
                writer.write(partial)
            started = time.monotonic()
            async with httpx.AsyncClient(base_url=slow.url, timeout=5) as http:
                health = await http.get("/healthz")
            assert health.status_code == 200
            assert time.monotonic() - started < 5
            answers = await asyncio.gather(*(read_answer(r, 30) for r, _ in opened))
            for _, writer in opened:
                writer.close()
            return answers

        answers = asyncio.run(scenario())
        assert all(answer.closed for answer in answers)
        statuses = [answer.status for answer in answers]
        # The address's share waited for the deadline; the others were refused at once
        # (a 429, or a reset that took it away before it was read).
        assert 1 <= statuses.count(408) <= 64
        assert statuses.count(429) >= count // 2
        assert set(statuses) <= {408, 429, 0}
        first = next(answer for answer in answers if answer.status == 429)
        assert protected(first.headers)
        assert "connexions" in first.message()
        assert_no_traceback(slow)


def test_headers_and_bodies_that_never_finish_are_cut_off(server: Server) -> None:
    async def scenario() -> None:
        started = time.monotonic()
        silent = await exchange(server, b"", timeout=DEADLINE + 15)
        assert (silent.status, silent.closed) == (0, True)  # nothing asked: just closed
        halfway = await exchange(server, request(server)[:-4], timeout=DEADLINE + 15)
        assert (halfway.status, halfway.closed) == (408, True)
        assert protected(halfway.headers)
        body = (
            request(server, "Content-Type: application/json", "Content-Length: 200").replace(
                b"GET /healthz", b"POST /api/v1/guests"
            )
            + b'{"name": "Lente'
        )
        unfinished = await exchange(server, body, timeout=DEADLINE + 15)
        assert (unfinished.status, unfinished.closed) == (408, True)
        assert protected(unfinished.headers)
        form = (
            request(server, f"Origin: {server.url}", "Content-Length: 100").replace(
                b"GET /healthz", b"POST /lang"
            )
            + b"lang=en&back="
        )
        assert (await exchange(server, form, timeout=DEADLINE + 15)).status == 408
        # Each waited for its deadline, not for ever.
        assert time.monotonic() - started < 4 * (DEADLINE + 10)

        reader, writer = await connect(server)
        writer.write(request(server))
        first = await read_answer(reader, DEADLINE + 15)
        assert first.status == 200
        # Idle after its answer: closed at the keep-alive timeout.
        assert first.closed or await asyncio.wait_for(reader.read(), DEADLINE + 10) == b""
        writer.close()

    asyncio.run(scenario())
    assert_no_traceback(server)


# --- Huge requests -------------------------------------------------------------------------


def test_huge_headers_are_refused_with_431(server: Server) -> None:
    async def scenario() -> None:
        huge = request(server, "X-Huge: " + "a" * (1 << 20), "Accept-Language: en")
        answer = await exchange(server, huge)
        assert answer.status == 431
        assert protected(answer.headers)
        assert answer.closed
        several = request(server, *(f"X-Big-{n}: {'b' * 12_000}" for n in range(4)))
        assert (await exchange(server, several)).status == 431
        address = request(server, path="/healthz?" + "c" * 40_000)
        assert (await exchange(server, address)).status in (414, 431)
        # Ordinary requests still pass.
        assert (await exchange(server, request(server, "X-Small: " + "d" * 4000))).status == 200

    asyncio.run(scenario())
    assert_no_traceback(server)


def test_too_many_headers_are_refused_with_431(server: Server) -> None:
    async def scenario() -> None:
        many = request(server, *(f"X-Many-{n}: {n}" for n in range(300)))
        answer = await exchange(server, many)
        assert answer.status == 431
        assert protected(answer.headers)
        assert "en-têtes" in answer.message()
        assert (await exchange(server, request(server, "X-One: 1", "X-Two: 2"))).status == 200

    asyncio.run(scenario())
    assert_no_traceback(server)


# --- Hosts, origins and forms -----------------------------------------------------------------


def test_a_socket_from_a_rebound_name_is_refused(server: Server) -> None:
    """DNS rebinding: another site's name made to point at the server; its page opens a
    socket whose Host and Origin are both that name."""
    port = port_of(server)
    token = server.guest("Maëlle")

    async def scenario() -> None:
        with pytest.raises(InvalidStatus) as refused:
            await websockets.connect(
                f"ws://{REBOUND}:{port}/ws/lobby",
                host="127.0.0.1",
                port=port,
                origin=f"http://{REBOUND}:{port}",  # type: ignore[arg-type]
            )
        assert refused.value.response.status_code == 421
        assert protected(dict(refused.value.response.headers.raw_items()))
        with pytest.raises(InvalidStatus) as refused:  # an allowed Host, a foreign Origin
            await websockets.connect(
                f"{server.ws}/ws/lobby",
                origin=f"http://{REBOUND}:{port}",  # type: ignore[arg-type]
            )
        assert refused.value.response.status_code == 403
        for where in (f"localhost:{port}", f"127.0.0.1:{port}"):
            async with websockets.connect(
                f"ws://{where}/ws/lobby",
                host="127.0.0.1",
                port=port,
                origin=f"http://{where}",  # type: ignore[arg-type]
            ) as socket:
                assert (await hello(socket, token))["type"] == "welcome"

    asyncio.run(scenario())
    assert_no_traceback(server)


def test_a_request_for_another_host_is_refused(server: Server) -> None:
    with server.http() as http:
        for host in (REBOUND, f"{REBOUND}:80", "127.0.0.1.rebound.example", "evil@127.0.0.1"):
            answer = http.get("/api/v1/games", headers={"Host": host})
            assert answer.status_code == 421, host
            assert answer.json()["error"] == "unknown_host"
            assert protected(answer.headers)
        french = http.get("/", headers={"Host": REBOUND}).json()["message"]
        english = http.get("/", headers={"Host": REBOUND, "Accept-Language": "en"})
        assert "--allowed-host" in french and "nom" in french
        assert "name" in english.json()["message"]
        for host in ("popote.example.org", "LOCALHOST", "127.0.0.1"):  # --allowed-host, loopback
            assert http.get("/api/v1/games", headers={"Host": host}).status_code == 200, host

    async def no_host() -> Answer:
        return await exchange(server, b"GET /api/v1/games HTTP/1.0\r\n\r\n")

    nameless = asyncio.run(no_host())
    assert nameless.status == 400
    assert protected(nameless.headers)
    assert_no_traceback(server)


def test_a_cross_site_language_form_is_refused(server: Server) -> None:
    form = {"lang": "en", "back": "/"}
    with server.http() as http:
        for headers in (
            {"Origin": f"http://{REBOUND}", "Sec-Fetch-Site": "cross-site"},
            {"Origin": "https://sub.popote.example.org", "Sec-Fetch-Site": "same-site"},
            {"Origin": f"http://{REBOUND}"},
            {"Origin": "null"},
            {},
        ):
            answer = http.post("/lang", data=form, headers=headers)
            assert answer.status_code == 403, headers
            assert answer.json()["error"] == "cross_site"
            assert "set-cookie" not in answer.headers
            assert protected(answer.headers)
        same = http.post("/lang", data=form, headers={"Origin": server.url})
        assert same.status_code == 303
        assert "popote_lang=en" in same.headers["set-cookie"]
        fetched = http.post("/lang", data=form, headers={"Sec-Fetch-Site": "same-origin"})
        assert fetched.status_code == 303


# --- The server's own answers --------------------------------------------------------------


def test_the_servers_own_refusals_carry_the_browser_protections(server: Server) -> None:
    async def scenario() -> None:
        garbled = await exchange(server, b"NOT HTTP AT ALL\x00\r\n\r\n")
        assert garbled.status == 400
        assert protected(garbled.headers)
        assert garbled.message()
        handshake = request(
            server, "Upgrade: websocket", "Connection: Upgrade", path="/ws/lobby"
        )  # no key, no version: websockets refuses it
        broken = await exchange(server, handshake)
        assert 400 <= broken.status < 500
        assert protected(broken.headers)
        with pytest.raises(InvalidStatus) as refused:
            await websockets.connect(
                f"{server.ws}/ws/lobby",
                origin="https://elsewhere.example",  # type: ignore[arg-type]
            )
        response = refused.value.response
        assert response.status_code == 403
        assert protected(dict(response.headers.raw_items()))
        assert json.loads(response.body)["error"] == "origin"

    asyncio.run(scenario())
    assert_no_traceback(server)
    # Refusals are the client's doing: warnings at most, never the server's errors.
    assert not [entry for entry in log_entries(server) if entry["level"] == "error"]


# --- Anonymous floods ------------------------------------------------------------------------


def test_an_anonymous_flood_from_one_network_is_limited_but_tokens_pass(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """From 127.0.0.1, which uvicorn trusts to forward addresses, as a proxy would: every
    request from another address of one IPv6 /64."""
    with module_server(
        tmp_path_factory, "anonymous", "--anonymous-burst", "20", "--anonymous-rate", "1"
    ) as flooded:
        token = flooded.guest("Jakez")

        def client(n: int) -> dict[str, str]:
            return {"X-Forwarded-For": f"2001:db8:44:1:{n:x}::1"}

        with flooded.http() as http:
            statuses = [http.get("/api/v1/games", headers=client(n)).status_code for n in range(40)]
            assert statuses.count(200) <= 30
            assert statuses[-1] == 429
            refused = http.get("/api/v1/tables", headers={**client(99), "Accept-Language": "en"})
            assert refused.status_code == 429
            assert refused.json()["error"] == "too_many_requests"
            assert int(refused.headers["retry-after"]) >= 1
            assert protected(refused.headers)
            bearer = {**client(7), "Authorization": f"Bearer {token}"}
            assert http.get("/api/v1/me", headers=bearer).status_code == 200
            assert http.get("/api/v1/games", headers=bearer).status_code == 200
            forged = {**client(8), "Authorization": "Bearer " + "x" * 43}
            assert http.get("/api/v1/games", headers=forged).status_code == 429
            assert http.get("/healthz", headers=client(9)).status_code == 200
            other = {"X-Forwarded-For": "2001:db8:45:1::1"}
            assert http.get("/api/v1/games", headers=other).status_code == 200
            assert http.get("/api/v1/games").status_code == 200
        assert_no_traceback(flooded)
