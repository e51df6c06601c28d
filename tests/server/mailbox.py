"""A real mail server for the tests: aiosmtpd on 127.0.0.1, on a free port, keeping every
message it accepts, and told to refuse (451) or hang when a test wants it to."""

from __future__ import annotations

import asyncio
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from email import message_from_bytes
from email.message import EmailMessage
from email.policy import default
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult

HANG_LIMIT = 60.0


class Mailbox:
    """What the mail server received, and how it behaves: ``ok``, ``refuse`` (451 to each
    message), ``hang`` (no answer to RCPT until :meth:`release`) or ``slow`` (the message is
    kept, and its answer comes ``delay`` seconds later)."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.logins: list[str] = []
        self.mode = "ok"
        self.refused = 0
        self.delay = 0.0
        self._released = threading.Event()

    def release(self) -> None:
        self.mode = "ok"
        self._released.set()

    async def handle_RCPT(
        self, server: Any, session: Any, envelope: Any, address: str, options: Any
    ) -> str:
        if self.mode == "hang":
            started = time.monotonic()
            while not self._released.is_set() and time.monotonic() - started < HANG_LIMIT:
                await asyncio.sleep(0.05)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.mode == "refuse":
            self.refused += 1
            return "451 4.3.0 try again later"
        found = message_from_bytes(envelope.content, policy=default)
        assert isinstance(found, EmailMessage)
        self.messages.append(found)
        if self.mode == "slow":
            await asyncio.sleep(self.delay)
        return "250 OK"

    def wait(self, count: int, timeout: float = 30.0) -> list[EmailMessage]:
        """The messages once there are ``count`` of them (fails after ``timeout``)."""
        wait_until(lambda: len(self.messages) >= count, timeout, f"{count} messages")
        return list(self.messages)

    def to(self, address: str) -> list[EmailMessage]:
        return [message for message in self.messages if message["To"] == address]


@contextmanager
def mail_server(
    port: int | None = None, login: tuple[str, str] | None = None
) -> Iterator[tuple[Mailbox, int]]:
    """The mailbox and the port its server listens on (a free one unless given), until the
    end of the block; with ``login``, the server takes messages only after that login
    (plain AUTH on the loopback, as a local relay may ask)."""
    box = Mailbox()
    port = port or free_port()
    auth: dict[str, Any] = {}
    if login is not None:
        auth = {"auth_required": True, "auth_require_tls": False}
        auth["authenticator"] = lambda *args: _authenticate(login, box, *args)
    controller = Controller(box, hostname="127.0.0.1", port=port, **auth)
    controller.start()
    try:
        yield box, port
    finally:
        box.release()
        controller.stop()


def _authenticate(
    login: tuple[str, str], box: Mailbox, server: Any, session: Any, envelope: Any, *rest: Any
) -> AuthResult:
    data = rest[-1]
    given = (data.login.decode(), data.password.decode())
    if given == login:
        box.logins.append(given[0])
    return AuthResult(success=given == login)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.05)


def body(message: EmailMessage, kind: str = "plain") -> str:
    part = message.get_body(preferencelist=(kind,))
    assert part is not None, f"no text/{kind} part"
    return str(part.get_content())


def link(message: EmailMessage, path: str) -> str:
    """The first address in the message's text that goes to ``path``."""
    found = re.search(rf"http://\S+{path}/\S+", body(message))
    assert found, f"no {path} link in {body(message)!r}"
    return found.group(0)
