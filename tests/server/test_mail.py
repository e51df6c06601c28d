"""E-mail when it is your turn, over real connections: a server subprocess (SQLite and
PostgreSQL) and a real mail server (aiosmtpd) that receives exactly the expected messages:
a confirmation first and nothing else to an unconfirmed address, one message per game
waiting ("each") or one digest, none after unsubscribing, none twice across a server
killed while sending; a mail server that refuses or hangs only delays them."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import Client, Server
from tests.server.mailbox import Mailbox, body, link, mail_server, wait_until

PASSWORD = "soupe de poisson du port"
SCALE = 0.01
"""Clocks a hundred times quicker: a day-long move is 864 s, a retry 0.6 s, a look for
digests every 3 s."""
TURN_TABLE = {"game": "pieds-dans-le-plat", "players": 2, "bots": ["random"], "seed": 1}
QUIET = 2.0
"""Seconds during which a message that should not come would have come (several retries)."""
METRICS_TOKEN = "the operator's own metrics token"
_names = itertools.count(1)


@pytest.fixture
def mailbox() -> Iterator[tuple[Mailbox, int]]:
    with mail_server() as found:
        yield found


@pytest.fixture
def server(tmp_path: Path, database: str | None, mailbox: tuple[Mailbox, int]) -> Iterator[Server]:
    options: tuple[str, ...] = ("--smtp", f"127.0.0.1:{mailbox[1]}", "--smtp-timeout", "1")
    options += ("--public-url", "http://popote.test", "--max-new-identities-per-ip", "0")
    options += ("--metrics-token", METRICS_TOKEN)
    with Server(tmp_path, database, SCALE, *options) as started:
        yield started


def register(server: Server, lang: str = "fr", name: str = "Katell") -> tuple[str, str]:
    """A new account: its token and its name."""
    name = f"{name} {next(_names)}"
    with server.http() as http:
        answer = http.post(
            "/api/v1/accounts", json={"name": name, "password": PASSWORD, "lang": lang}
        )
    assert answer.status_code == 200, answer.text
    return answer.json()["token"], name


def ask(server: Server, token: str, **wish: Any) -> httpx.Response:
    with server.http(token) as http:
        return http.put("/api/v1/me/notifications", json=wish)


def notifications(server: Server, token: str) -> dict[str, Any]:
    with server.http(token) as http:
        answer = http.get("/api/v1/me/notifications")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def local(url: str, server: Server) -> str:
    """A link of a message (on ``--public-url``) as a path of the test's server."""
    return url.removeprefix("http://popote.test")


def confirmed(server: Server, box: Mailbox, token: str, address: str, **wish: Any) -> None:
    """Give ``address`` and confirm it by the link of the one mail it gets."""
    assert ask(server, token, address=address, **wish).status_code == 200
    wait_until(lambda: len(box.to(address)) == 1, 30, "the confirmation")
    confirmation = box.to(address)[0]
    target = local(link(confirmation, "/mail/confirm"), server)
    with server.http() as http:
        page = http.get(target)  # a link scanner's visit changes nothing...
        assert page.status_code == 200 and '<form method="post"' in page.text
        assert not notifications(server, token)["confirmed"]
        assert http.post(target).status_code == 200  # ...the button does
    assert notifications(server, token)["confirmed"]


def turn_table(server: Server, token: str) -> str:
    """A two-seat turn-based table with a bot: the person is asked, now or after the bot."""
    with server.http(token) as http:
        answer = http.post("/api/v1/tables", json={**TURN_TABLE, "clock": "days-1"})
        assert answer.status_code == 200, answer.text
        table: str = answer.json()["id"]
        http.post(f"/api/v1/tables/{table}/start")
    return table


def turn_mails(box: Mailbox, address: str) -> list[EmailMessage]:
    return [m for m in box.to(address) if "/tables/" in body(m)]


def test_each_turn_is_mailed_once_confirmed_and_never_after_unsubscribing(
    server: Server, mailbox: tuple[Mailbox, int]
) -> None:
    box, _ = mailbox
    token, name = register(server)
    address = "katell@example.org"
    confirmed(server, box, token, address, choice="each")
    assert name in body(box.to(address)[0])
    table = turn_table(server, token)
    wait_until(lambda: len(turn_mails(box, address)) == 1, 30, "the turn's mail")
    message = turn_mails(box, address)[0]
    check_message(message, "fr")
    assert "Les Pieds dans le Plat" in message["Subject"]
    assert f"http://popote.test/tables/{table}" in body(message)
    assert "Temps restant" in body(message)
    # Unsubscribing in one click (RFC 8058), without logging in.
    unsubscribe = local(message["List-Unsubscribe"].strip("<>"), server)
    assert unsubscribe == local(link(message, "/mail/unsubscribe"), server)
    with server.http() as http:
        assert http.get(unsubscribe).status_code == 200
        assert notifications(server, token)["choice"] == "each"
        done = http.post(unsubscribe, content=b"List-Unsubscribe=One-Click")
        assert done.status_code == 200 and address in done.text
    assert notifications(server, token)["choice"] == "none"
    asyncio.run(play_one_move(server, token, table))
    time.sleep(QUIET)
    assert len(turn_mails(box, address)) == 1
    # Nothing more to that address, even a confirmation asked again.
    refused = ask(server, token, address=address, choice="each", resend=True)
    assert refused.status_code == 409 and refused.json()["error"] == "address_stopped"
    time.sleep(QUIET)
    assert len(box.to(address)) == 2


def check_message(message: EmailMessage, lang: str) -> None:
    """Text and HTML, a screen reader's HTML, and the one-click unsubscribe headers."""
    assert message.get_content_type() == "multipart/alternative"
    html = body(message, "html")
    assert f'<html lang="{lang}">' in html and "<h1>" in html
    assert "<table" not in html and "<img" not in html
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message["List-Unsubscribe"].startswith("<http://popote.test/mail/unsubscribe/")


async def play_one_move(server: Server, token: str, table: str) -> None:
    """Answer the decision asked of ``token`` at ``table``, and wait for the next one asked
    of them; the move is answered at once."""
    client = Client(server, token, table)
    await client.connect()
    try:
        state = await client.wait(lambda f: f["type"] in ("snapshot", "update") and f["decision"])
        action = state["decision"]["legal"][0]
        await client.send({"type": "act", "action_id": "m1", "action": action})
        ack = await client.wait(lambda f: f["type"] in ("ack", "error"), 5.0)
        assert ack["type"] == "ack", ack
        await client.wait(
            lambda f: f["type"] == "update" and bool(f["decision"]) and f["index"] > state["index"]
        )
    finally:
        await client.close()


def test_an_unconfirmed_address_gets_the_confirmation_and_nothing_else(
    server: Server, mailbox: tuple[Mailbox, int]
) -> None:
    box, _ = mailbox
    token, name = register(server, "en", "Bao <i>&amp;")
    address = "bao@example.org"
    answer = ask(server, token, address=address, choice="each")
    assert answer.status_code == 200 and answer.json()["confirmation_queued"]
    confirmation = box.wait(1)[0]
    check_message(confirmation, "en")
    assert confirmation["Subject"] == "Popote: confirm your address"
    assert name in body(confirmation)  # the plain text as it is; the HTML escaped:
    assert name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in body(
        confirmation, "html"
    )
    assert "<i>" not in body(confirmation, "html")
    turn_table(server, token)
    time.sleep(QUIET)
    assert box.to(address) == [confirmation]


def test_a_guest_and_bad_input_are_refused_and_change_nothing(
    server: Server, mailbox: tuple[Mailbox, int]
) -> None:
    box, _ = mailbox
    guest = server.guest("Invité")
    refused = ask(server, guest, address="guest@example.org", choice="each")
    assert refused.status_code == 403 and refused.json()["error"] == "registered_only"
    token, _ = register(server)
    for address in (
        "a@example.org\r\nBcc: victim@example.org",
        "a@example.org\nSubject: spam",
        "two@at@example.org",
        "no-at.example.org",
        "spa ce@example.org",
        "a" * 64 + "@" + "b" * 63 + "." + "c" * 63 + "." + "d" * 63 + ".org",
        '"quoted"@example.org',
        "<a@example.org>",
    ):
        answer = ask(server, token, address=address, choice="each")
        assert answer.status_code == 422, address
    for wish in ({"zone": "../../etc/passwd"}, {"zone": "Mars/Olympus"}, {"hour": 24}):
        answer = ask(server, token, address="ok@example.org", choice="digest", **wish)
        assert answer.status_code == 422, wish
    assert notifications(server, token)["address"] is None
    for bad in ("nope", "../x", "x" * 200):
        with server.http() as http:
            assert http.post(f"/mail/unsubscribe/{bad}").status_code in (404, 422)
            assert http.post(f"/mail/confirm/{bad}").status_code in (404, 422)
    time.sleep(QUIET)
    assert box.messages == []


def test_nobody_can_make_the_server_mail_bomb_an_address(
    server: Server, mailbox: tuple[Mailbox, int]
) -> None:
    box, _ = mailbox
    victim = "victim@example.org"
    attacker, _ = register(server)
    answers = [ask(server, attacker, address=victim, resend=True).status_code for _ in range(5)]
    assert answers == [200, 200, 200, 429, 429]
    # Other accounts (the same attacker, or not) cannot add to what the address gets.
    accomplice, _ = register(server)
    assert ask(server, accomplice, address=victim).status_code == 429
    # One identity cannot spread it over addresses either.
    spread = [ask(server, accomplice, address=f"v{n}@example.org").status_code for n in range(4)]
    assert spread == [200, 200, 200, 429]
    box.wait(6)
    time.sleep(QUIET)
    assert len(box.to(victim)) == 3 and len(box.messages) == 6


def test_a_refusing_mail_server_delays_the_message_and_the_game_goes_on(
    server: Server, mailbox: tuple[Mailbox, int]
) -> None:
    box, _ = mailbox
    box.mode = "refuse"
    token, _ = register(server)
    assert ask(server, token, address="later@example.org").status_code == 200
    wait_until(lambda: box.refused >= 2, 30, "two refusals")
    asyncio.run(play_one_move(server, token, turn_table(server, token)))
    still_pending(server)
    box.mode = "ok"
    assert len(box.wait(1, 60)) == 1
    time.sleep(QUIET)
    assert len(box.messages) == 1
    sent = gauges(server)
    assert sent['popote_mail_messages{state="sent"}'] == 1
    assert sent['popote_mail_messages{state="pending"}'] == 0
    assert sent["popote_mail_oldest_pending_seconds"] == 0


def still_pending(server: Server) -> None:
    """The gauges show the message waiting (between two tries: during one it is claimed)."""

    def waiting() -> bool:
        figures = gauges(server)
        pending = figures['popote_mail_messages{state="pending"}'] == 1
        return pending and figures["popote_mail_oldest_pending_seconds"] > 0

    wait_until(waiting, 30, "the message pending in the gauges")
    assert gauges(server)['popote_mail_messages{state="failed"}'] == 0


def gauges(server: Server) -> dict[str, float]:
    """The outbox's figures in /metrics, as the operator's collector reads them."""
    with server.http(METRICS_TOKEN) as http:
        answer = http.get("/metrics")
    assert answer.status_code == 200, answer.text
    return {
        name: float(value)
        for name, _, value in (line.rpartition(" ") for line in answer.text.splitlines())
        if name.startswith("popote_mail_")
    }


def test_a_hanging_mail_server_delays_the_message_and_the_game_goes_on(
    server: Server, mailbox: tuple[Mailbox, int]
) -> None:
    box, _ = mailbox
    box.mode = "hang"
    token, _ = register(server)
    assert ask(server, token, address="hung@example.org").status_code == 200
    time.sleep(1.5)  # the sender waits for the mail server (--smtp-timeout 1)
    asyncio.run(play_one_move(server, token, turn_table(server, token)))
    assert notifications(server, token)["address"] == "hung@example.org"
    box.release()
    assert len(box.wait(1, 60)) == 1
    time.sleep(QUIET)
    assert len(box.messages) == 1


def test_a_message_being_sent_when_the_server_is_killed_is_never_sent_again(
    server: Server, mailbox: tuple[Mailbox, int]
) -> None:
    box, _ = mailbox
    box.mode, box.delay = "slow", 5.0
    token, _ = register(server)
    assert ask(server, token, address="once@example.org").status_code == 200
    box.wait(1)  # received, its answer not yet given...
    server.kill()  # ...when the server dies
    box.mode = "ok"
    server.start()
    time.sleep(QUIET)
    assert len(box.messages) == 1
    # The queue goes on with the next message.
    assert ask(server, token, address="once@example.org", resend=True).status_code == 200
    assert len(box.wait(2)) == 2


def test_the_digest_lists_the_games_waiting_once_a_day(
    server: Server, mailbox: tuple[Mailbox, int]
) -> None:
    box, _ = mailbox
    token, _ = register(server, "en")
    address = "digest@example.org"
    confirmed(server, box, token, address)
    tables = [turn_table(server, token), turn_table(server, token)]
    asked = [asyncio.run(wait_asked(server, token, table)) for table in tables]
    assert all(asked)
    hour = datetime.now(UTC).hour  # the hour of the digest is now, in UTC
    wish = {"address": address, "choice": "digest", "hour": hour, "zone": "UTC"}
    assert not ask(server, token, **wish).json()["confirmation_queued"]
    wait_until(lambda: len(box.to(address)) == 2, 30, "the digest")
    digest = box.to(address)[1]
    check_message(digest, "en")
    assert digest["Subject"] == "Popote: 2 game(s) wait for you"
    for table in tables:
        assert f"http://popote.test/tables/{table}" in body(digest)
    time.sleep(3 * 300 * SCALE)  # three more looks for digests
    assert len(box.to(address)) == 2


async def wait_asked(server: Server, token: str, table: str) -> bool:
    """Whether a decision is asked of ``token`` at ``table`` (after the bot's, if first)."""
    client = Client(server, token, table)
    await client.connect()
    try:
        await client.wait(lambda f: f["type"] in ("snapshot", "update") and bool(f["decision"]))
        return True
    finally:
        await client.close()


def test_a_mail_server_without_starttls_gets_nothing_where_tls_is_required(
    tmp_path: Path, database: str | None, mailbox: tuple[Mailbox, int]
) -> None:
    box, port = mailbox
    options: tuple[str, ...] = ("--smtp", f"127.0.0.1:{port}", "--smtp-tls", "required")
    options += ("--metrics-token", METRICS_TOKEN)
    with Server(tmp_path, database, SCALE, *options) as server:
        token, _ = register(server)
        assert ask(server, token, address="clear@example.org").status_code == 200
        time.sleep(QUIET)
        assert box.messages == []
        still_pending(server)


def test_the_mail_servers_login_comes_from_the_environment(
    tmp_path: Path, database: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("POPOTE_SMTP_USER", "popote")
    monkeypatch.setenv("POPOTE_SMTP_PASSWORD", "relay secret")
    with mail_server(login=("popote", "relay secret")) as (box, port):
        with Server(tmp_path, database, SCALE, "--smtp", f"127.0.0.1:{port}") as server:
            token, _ = register(server)
            assert ask(server, token, address="logged@example.org").status_code == 200
            box.wait(1)
        assert box.logins[0] == "popote"
        assert "relay secret" not in (tmp_path / "server.log").read_text()
