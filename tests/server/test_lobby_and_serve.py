"""The lobby's WebSocket, and ``popote serve`` itself: one line, then serving, then a clean stop."""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import select
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tests.server.harness import Server
from tests.services import POSTGRES_HOST, POSTGRES_URL, reachable, services_required


async def _next(socket: Any, kind: str) -> dict[str, Any]:
    async with asyncio.timeout(10):
        while True:
            frame: dict[str, Any] = json.loads(await socket.recv())
            if frame["type"] == kind:
                return frame


def test_the_lobby_socket(server_factory: Callable[..., Server]) -> None:
    server = server_factory()
    token, other = server.guest("Maïwenn"), server.guest("Youenn")

    async def scenario() -> None:
        async with websockets.connect(f"{server.ws}/ws/lobby") as socket:
            await socket.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
            welcome = await _next(socket, "welcome")
            assert welcome["table"] is None and welcome["seat"] is None
            with server.http(other) as http:
                made = http.post("/api/v1/tables", json={"game": "boom-badaboom", "players": 3})
                assert http.post("/api/v1/lobby/chat", json={"text": "<b>kenavo</b>"}).is_success
            changed = await _next(socket, "lobby_changed")
            assert changed["table"] == made.json()["id"]
            chat = await _next(socket, "chat")
            assert (chat["from"], chat["text"]) == ("Youenn (guest)", "<b>kenavo</b>")
            await socket.send(json.dumps({"type": "chat", "text": "demat"}))
            assert (await _next(socket, "chat"))["text"] == "demat"
            await socket.send(json.dumps({"type": "ping", "t": 7}))
            assert (await _next(socket, "pong"))["t"] == 7
            await socket.send(json.dumps({"type": "act", "action": {}}))
            error = await _next(socket, "error")
            assert error["code"] == "unknown_type" and error["message"].startswith("unknown")
        async with websockets.connect(f"{server.ws}/ws/lobby") as socket:
            await socket.send(json.dumps({"type": "hello", "token": "forged"}))
            assert (await _next(socket, "error"))["code"] == "unauthorized"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await socket.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401

    asyncio.run(scenario())


def serve(*args: str) -> subprocess.Popen[str]:
    command = [sys.executable, "-m", "popote", "serve", "--port", "0", *args]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def listening(process: subprocess.Popen[str], lang: str = "fr") -> str:
    """The URL of the first line, once the server listens (the next says how to stop it)."""
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 30)
    line = process.stdout.readline() if ready else ""
    assert line.startswith("Popote écoute sur http://127.0.0.1:"), line
    url = line.rsplit(" ", 1)[1].strip()
    assert line == f"Popote écoute sur {url} / listening on {url}\n"
    hint = "Ctrl-C pour l'arrêter.\n" if lang == "fr" else "Ctrl-C to stop it.\n"
    assert process.stdout.readline() == hint
    return url


def stopped(process: subprocess.Popen[str], how: signal.Signals) -> tuple[str, str]:
    """Standard output and error after the first line, once ``how`` stopped the server."""
    try:
        process.send_signal(how)
        return process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGINT])
def test_popote_serve_says_where_and_how_to_stop_it_then_stops_in_one_line(
    tmp_path: Path, how: signal.Signals
) -> None:
    """Ctrl-C (SIGINT, also through make run) and SIGTERM: one line, no traceback."""
    process = serve("--data", str(tmp_path))
    url = listening(process)
    games = httpx.get(f"{url}/api/v1/games", timeout=10)
    assert games.status_code == 200 and len(games.json()) == 5
    rest, errors = stopped(process, how)
    assert process.returncode == 0, errors
    assert rest == "Popote s'est arrêté.\n"
    assert "Traceback" not in errors


def test_logs_are_plain_lines_by_default_and_json_on_request(tmp_path: Path) -> None:
    process = serve("--data", str(tmp_path / "plain"), "--lang", "en")
    url = listening(process, "en")
    with httpx.Client(base_url=url, timeout=10) as http:
        token = http.post("/api/v1/guests", json={"name": "Anna"}).json()["token"]
        http.post(
            "/api/v1/tables",
            json={"game": "bouillabaisse", "players": 2},
            headers={"Authorization": f"Bearer {token}"},
        )
    rest, errors = stopped(process, signal.SIGINT)
    assert rest == "Popote has stopped.\n"
    lines = errors.splitlines()
    assert any(
        re.fullmatch(
            r"\d\d:\d\d:\d\d table created \(table .+, user \d+, game bouillabaisse\)", line
        )
        for line in lines
    ), lines
    assert not [line for line in lines if line.startswith("{") or "alembic" in line]
    process = serve("--data", str(tmp_path / "json"), "--log-format", "json")
    listening(process)
    _, errors = stopped(process, signal.SIGTERM)
    entries = [json.loads(line) for line in errors.splitlines()]
    assert any(entry["logger"].startswith("alembic") for entry in entries)


def test_a_database_or_redis_that_cannot_be_reached_is_said_in_one_line(tmp_path: Path) -> None:
    role = f"popote_nobody_{secrets.token_hex(3)}"
    cases: list[tuple[tuple[str, ...], str]] = [
        (("--data", str(tmp_path / "file")), "impossible d'ouvrir la base de données"),
        (("--db", "nonsense://x"), "adresse de base de données illisible : nonsense://x"),
    ]
    if reachable(POSTGRES_HOST):
        cases += [
            (
                ("--db", f"postgresql+psycopg://{role}:secret@127.0.0.1/test"),
                f'role "{role}" does not exist',
            ),
            (
                ("--db", POSTGRES_URL, "--redis", "redis://127.0.0.1:1/0"),
                "impossible de joindre Redis",
            ),
        ]
    elif services_required():
        pytest.fail("PostgreSQL unreachable on 127.0.0.1:5432 (POPOTE_REQUIRE_SERVICES=1)")
    (tmp_path / "file").write_text("not a folder")
    for args, reason in cases:
        process = serve(*args)
        out, errors = process.communicate(timeout=60)
        assert process.returncode == 1 and out == ""
        assert errors.count("\n") == 1 and errors.startswith("popote serve : "), errors
        assert reason in errors and "secret" not in errors
