"""Issue 20 on a real server: identities that cannot be impersonated or farmed.

Look-alike names of a member are refused (case, width, other scripts), invisible
characters and imitations of bots and seats too; guests are marked wherever names are
shown; common passwords are refused; login guessing and identity farming meet 429 with
``Retry-After``; Argon2 runs where it cannot hold ``/healthz`` up.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from popote.server.auth import hash_password, login_of, token_hash
from popote.server.models import User
from popote.server.store import Store, database_url
from tests.server.harness import Server, module_server

GOOD_PASSWORD = "soupe de poisson du port"
LOOK_ALIKES = [
    "ROZENN",
    "rozenn",
    "Ｒozenn",  # fullwidth R
    "Rоzenn",  # Cyrillic о
    "Rοzenn",  # Greek ο
    "𝐑𝐨𝐳𝐞𝐧𝐧",  # mathematical bold
    " Rozenn ",
]
INVISIBLE = [
    "Ro\u200bzenn",  # zero-width space
    "Ro\u200dzenn",  # zero-width joiner between letters
    "Ro\u200czenn",  # zero-width non-joiner
    "Ro\u034fzenn",  # combining grapheme joiner
    "Rozenn\u2800",  # blank Braille pattern
    "\u2800",
    "\u3164",  # Hangul filler
    "Ro\ufe0fzenn",  # variation selector
    "Ro\U000e0100zenn",  # variation selector supplement
    "\u202eRozenn",  # right-to-left override
    "Ro\u2066zenn",  # bidi isolate
    "Ro\u2060zenn",  # word joiner
    "Ro\u00adzenn",  # soft hyphen
    "Ro\x07zenn",  # bell
    "Ro\ue000zenn",  # private use
    "Z\u0301\u0302\u0303\u0304\u0305ut",  # a smear of accents
]
IMITATIONS = [
    "Robot moyen (2)",
    "Robot hasard",
    "robot DIFFICILE 3",
    "Rоbot moyen (2)",  # Cyrillic о
    "Bot medium (2)",
    "Bot hard",
    "easy bot",
    "Siège libre",
    "Siege libre (3)",
    "Free seat (1)",
    "Robot",
]
ALLOWED = ["Rozenna", "Robotine", "Anne 👩\u200d🍳", "Maël-Loïc", "Ōkami", "Иван", "李雷"]
COMMON_PASSWORDS = [
    "password",
    "12345678",
    "azertyuiop",
    "motdepasse",
    "Katell2024",
    "katellkatell",
    "aaaaaaaaaaaa",
    "qwertyuiop123",
    "marseille13",
    "court",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    unlimited = ("--max-new-identities-per-ip", "0")
    with module_server(tmp_path_factory, "identities", *unlimited) as started:
        yield started


def register(http: httpx.Client, name: str, password: str = GOOD_PASSWORD) -> httpx.Response:
    return http.post("/api/v1/accounts", json={"name": name, "password": password})


def guest(http: httpx.Client, name: str, lang: str = "fr") -> httpx.Response:
    return http.post("/api/v1/guests", json={"name": name, "lang": lang})


def test_a_members_name_cannot_be_taken_in_any_look(server: Server) -> None:
    with server.http() as http:
        assert register(http, "Rozenn").status_code == 200
        for name in LOOK_ALIKES:
            answer = guest(http, name)
            assert (answer.status_code, answer.json()["error"]) == (409, "name_reserved"), name
            assert "inscrit" in answer.json()["message"]
            answer = register(http, name)
            assert (answer.status_code, answer.json()["error"]) == (409, "name_taken"), name
        english = http.post("/api/v1/guests?lang=en", json={"name": "ROZENN"}).json()
        assert english["message"] == (
            "this name (or one that looks like it) belongs to a registered player"
        )
        # The member logs in under any look of their name.
        for name in ("ＲＯＺＥＮＮ", "Rоzenn"):
            login = http.post("/api/v1/login", json={"name": name, "password": GOOD_PASSWORD})
            assert login.status_code == 200 and login.json()["name"] == "Rozenn"


def test_invisible_characters_in_names_are_refused(server: Server) -> None:
    with server.http() as http:
        for name in INVISIBLE:
            for answer in (guest(http, name), register(http, name)):
                assert (answer.status_code, answer.json()["error"]) == (422, "bad_name"), name
        refused = guest(http, "Ro\u200bzenn").json()["message"]
        assert refused == "caractère invisible refusé dans un nom : U+200B"
        for name in ALLOWED:
            answer = guest(http, name)
            assert answer.status_code == 200, (name, answer.text)
            assert answer.json()["name"] == name


def test_names_imitating_bots_or_seats_are_refused(server: Server) -> None:
    with server.http() as http:
        for name in IMITATIONS:
            answer = guest(http, name)
            assert (answer.status_code, answer.json()["error"]) == (409, "name_reserved"), name
            assert register(http, name).status_code == 409, name
        english = http.post("/api/v1/guests?lang=en", json={"name": "Robot moyen (2)"})
        assert english.json()["message"] == "this name imitates a bot's or a seat's"


def test_common_and_trivial_passwords_are_refused_in_both_languages(server: Server) -> None:
    with server.http() as http:
        for number, password in enumerate(COMMON_PASSWORDS):
            answer = register(http, f"Katell {number}", password)
            assert (answer.status_code, answer.json()["error"]) == (422, "weak_password"), password
        french = register(http, "Katell", "password").json()["message"]
        assert french.startswith("mot de passe trop facile à deviner")
        english = http.post(
            "/api/v1/accounts?lang=en", json={"name": "Katell", "password": "password"}
        )
        assert english.json()["message"].startswith("password too easy to guess")
        assert register(http, "Katell", "crêpes au sucre et cidre").status_code == 200


def test_guests_are_marked_wherever_names_are_shown(server: Server) -> None:
    with server.http() as http:
        member = register(http, "Gwenaëlle").json()["token"]
    anne = server.guest("Anne")

    async def scenario() -> None:
        async with websockets.connect(f"{server.ws}/ws/lobby") as lobby:
            hello = {"type": "hello", "token": member, "lang": "en", "deltas": True}
            await lobby.send(json.dumps(hello))
            with server.http(member) as http:
                table = http.post("/api/v1/tables", json={"game": "boom-badaboom"}).json()["id"]
            with server.http(anne) as http:
                assert http.post(f"/api/v1/tables/{table}/join", json={}).is_success
                assert http.post("/api/v1/lobby/chat", json={"text": "salut"}).is_success
            heard = await _until(lobby, lambda f: f["type"] == "chat")
            assert heard[-1]["from"] == "Anne (guest)"
            listed = [f["table"] for f in heard if f["type"] == "table_listed"]
            assert [s["name"] for s in listed[-1]["seats"][:2]] == ["Gwenaëlle", "Anne (guest)"]
            assert [s["guest"] for s in listed[-1]["seats"][:2]] == [False, True]
        with server.http(member) as http:
            seats = http.get(f"/api/v1/tables/{table}").json()["seats"]
            assert [s["name"] for s in seats[:2]] == ["Gwenaëlle", "Anne (invité)"]
        async with websockets.connect(f"{server.ws}/ws/tables/{table}") as socket:
            await socket.send(json.dumps({"type": "hello", "token": member}))
            await _until(socket, lambda f: f["type"] == "snapshot")
            with server.http(anne) as http:
                assert http.post(f"/api/v1/tables/{table}/chat", json={"text": "ok"}).is_success
                assert http.post(f"/api/v1/tables/{table}/leave").is_success
            heard = await _until(socket, lambda f: f["type"] == "notice")
            assert heard[-1]["text"] == "Anne (invité) quitte la table."
            assert [f["from"] for f in heard if f["type"] == "chat"] == ["Anne (invité)"]

    asyncio.run(scenario())


async def _until(socket: Any, done: Any) -> list[dict[str, Any]]:
    heard: list[dict[str, Any]] = []
    async with asyncio.timeout(10):
        while not heard or not done(heard[-1]):
            heard.append(json.loads(await socket.recv()))
    return heard


def test_login_guessing_is_limited_per_name_and_per_address(tmp_path: Path) -> None:
    with Server(tmp_path, None) as server, server.http() as http:
        assert register(http, "Youenn").status_code == 200
        wrong = {"name": "Youenn", "password": "pas-le-bon"}
        statuses = [http.post("/api/v1/login", json=wrong).status_code for _ in range(6)]
        assert statuses == [401] * 5 + [429]
        locked = http.post("/api/v1/login", json={**wrong, "name": "YOUENN"})
        assert locked.status_code == 429 and locked.json()["error"] == "too_many_logins"
        assert 1 <= int(locked.headers["retry-after"]) <= 60
        assert "réessayez dans" in locked.json()["message"]
        # Another name from the same address, until the address's own limit (30 attempts).
        others = [
            http.post("/api/v1/login", json={"name": f"Personne {n}", "password": "x"})
            for n in range(30)
        ]
        assert [a.status_code for a in others].count(401) == 30 - 7
        assert others[-1].status_code == 429
        assert int(others[-1].headers["retry-after"]) >= 1


def test_hashing_passwords_does_not_hold_the_server_up(tmp_path: Path) -> None:
    """Twelve logins at once, each an Argon2 check: /healthz still answers at once."""
    with Server(tmp_path, None) as server:
        with server.http() as http:
            for number in range(12):
                assert register(http, f"Cuisinier {number}").status_code == 200

        def login(number: int) -> int:
            with server.http() as http:
                body = {"name": f"Cuisinier {number}", "password": "pas le bon mot"}
                return http.post("/api/v1/login", json=body).status_code

        def health() -> float:
            with server.http() as http:
                started = time.perf_counter()
                assert http.get("/healthz").status_code == 200
                return time.perf_counter() - started

        with ThreadPoolExecutor(13) as pool:
            logins = [pool.submit(login, number) for number in range(12)]
            waits = [pool.submit(health).result() for _ in range(10)]
            statuses = [future.result() for future in logins]
        assert set(statuses) <= {401, 503}
        assert max(waits) < 1.0, waits


def test_identities_are_limited_per_address(tmp_path: Path) -> None:
    limited = Server(tmp_path, None, 1.0, "--max-new-identities-per-ip", "3")
    with limited as server, server.http() as http:
        made = [guest(http, f"Mona {n}").status_code for n in range(3)]
        assert made == [200] * 3
        for answer in (guest(http, "Mona 4"), register(http, "Mona 5")):
            assert (answer.status_code, answer.json()["error"]) == (429, "too_many_identities")
            assert int(answer.headers["retry-after"]) >= 60 * 60 // 3 - 1


def test_members_registered_before_the_fold_keep_their_names(tmp_path: Path) -> None:
    """Accounts from before look-alikes were folded together (their login was the name's
    case fold) are refolded at start: they log in as before and nobody takes their look;
    of two that now look alike, both still log in."""
    store = Store(database_url(None, tmp_path))
    store.migrate()
    for name in ("Marie", "Rozenn", "Rоzenn"):  # the last one with a Cyrillic о
        store.add_user(
            User(
                name=name,
                login=login_of(name),
                token_hash=token_hash(name),
                password_hash=hash_password(GOOD_PASSWORD),
            )
        )
    store.close()
    with Server(tmp_path, None) as server, server.http() as http:
        for name in ("Marie", "Rozenn", "Rоzenn"):
            answer = http.post("/api/v1/login", json={"name": name, "password": GOOD_PASSWORD})
            assert answer.json()["name"] == name
        assert guest(http, "MARIE").status_code == 409
        assert guest(http, "Маrie").status_code == 409  # a Cyrillic М
        assert register(http, "ＭＡＲＩＥ").status_code == 409
