"""The lobby's WebSocket, and ``popote serve`` itself: one line, then serving, then a clean stop."""

from __future__ import annotations

import asyncio
import json
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
            assert (chat["from"], chat["text"]) == ("Youenn", "<b>kenavo</b>")
            await socket.send(json.dumps({"type": "chat", "text": "demat"}))
            assert (await _next(socket, "chat"))["text"] == "demat"
            await socket.send(json.dumps({"type": "ping", "t": 7}))
            assert (await _next(socket, "pong"))["t"] == 7
            await socket.send(json.dumps({"type": "act", "action": {}}))
            error = await _next(socket, "error")
            assert error["code"] == "unknown_type" and error["message"].startswith("unknown")
        async with websockets.connect(f"{server.ws}/ws/lobby?token=forged") as socket:
            assert (await _next(socket, "error"))["code"] == "unauthorized"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await socket.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401

    asyncio.run(scenario())


def test_popote_serve_says_one_line_serves_and_stops_on_sigterm(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "popote", "serve", "--port", "0", "--data", str(tmp_path)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 30)
        line = process.stdout.readline() if ready else ""
        assert line.startswith("Popote écoute sur http://127.0.0.1:"), line
        url = line.rsplit(" ", 1)[1].strip()
        assert line == f"Popote écoute sur {url} / listening on {url}\n"
        games = httpx.get(f"{url}/api/v1/games", timeout=10)
        assert games.status_code == 200 and len(games.json()) == 5
        process.send_signal(signal.SIGTERM)
        rest, errors = process.communicate(timeout=20)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, errors
    assert rest == ""  # one line, nothing more
    assert "Traceback" not in errors
