"""Issue 47 on a real server: the review of a finished game (``/api/v1/tables/{id}/review``),
who may ask it, what it costs, where it is kept; it runs behind every bot."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from popote.bots.registry import THINKING_SECONDS
from tests.server.harness import Client, Frame, Server, module_server, start_table
from tests.server.test_quotas_and_leaks import forwarded

BOOM = {"game": "boom-badaboom", "players": 3, "bots": ["random", "random"], "seed": 4}
"""A small game: a guest (seat 0) and two bots that play at once."""
REVIEW_WAIT = 120.0


def finished_table(server: Server, token: str, **setup: Any) -> str:
    """A table of ``setup`` (a Boom Badaboom table by default) where the guest of ``token``
    sits at seat 0 and leaves at once: bots play it to its end."""
    table = start_table(server, [token], **{**BOOM, "bot_level": "random", **setup})
    with server.http(token) as http:
        assert http.post(f"/api/v1/tables/{table}/leave").status_code == 200
        deadline = time.monotonic() + REVIEW_WAIT
        while http.get(f"/api/v1/tables/{table}/results").status_code != 200:
            assert time.monotonic() < deadline, "the bots never finished the game"
            time.sleep(0.1)
    return table


def ask(
    server: Server, token: str | None, table: str, body: Any = None, **headers: str
) -> tuple[int, dict[str, Any]]:
    with server.http(token) as http:
        answer = http.post(f"/api/v1/tables/{table}/review", json=body, headers=headers)
        return answer.status_code, answer.json()


def done(server: Server, token: str | None, table: str, seat: int) -> dict[str, Any]:
    """The review once the workers made it."""
    deadline = time.monotonic() + REVIEW_WAIT
    with server.http(token) as http:
        while True:
            answer = http.get(f"/api/v1/tables/{table}/review", params={"seat": seat})
            assert answer.status_code == 200, answer.text
            found: dict[str, Any] = answer.json()
            if found["status"] == "done":
                return found
            assert found["status"] in ("queued", "running")
            assert time.monotonic() < deadline, "the review never came"
            time.sleep(0.2)


def test_a_review_is_asked_by_a_player_stored_and_served_after_a_restart(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    anne, bao = server.guest("Anne"), server.guest("Bao", "en")
    table = finished_table(server, anne)
    queued = ask(server, anne, table)
    assert queued[0] in (200, 202) and queued[1]["status"] in ("queued", "running", "done")
    review = done(server, anne, table, 0)
    report = review["review"]
    assert (report["game"], report["seat"], report["complete"]) == ("boom-badaboom", 0, True)
    assert report["summary"]["decisions"] == len(report["decisions"]) > 0
    # Anyone may read the review of a public game; asked again, it is the same, at once.
    assert ask(server, bao, table, {"seat": 0}) == (200, review)
    assert ask(server, bao, table, {"seat": 2})[0] == 202  # a bot's seat, for anyone
    # Killed while the next one is queued: the next start computes it, and keeps the first.
    assert ask(server, anne, table, {"seat": 1})[0] == 202
    server.kill()
    server.start()
    assert done(server, bao, table, 1)["review"]["seat"] == 1
    assert done(server, None, table, 0) == review
    assert done(server, None, table, 2)["review"]["budget"] == report["budget"]


def test_refusals_say_why_and_change_nothing(server_factory: Callable[..., Server]) -> None:
    server = server_factory()
    anne, bao = server.guest("Anne"), server.guest("Bao", "en")
    with server.http(anne) as http:
        created = http.post("/api/v1/tables", json={**BOOM, "public": False}).json()
    lobby, invite = created["id"], created["invite"]
    status, refusal = ask(server, anne, lobby)
    assert (status, refusal["error"]) == (409, "not_over")
    assert ask(server, bao, lobby)[1]["error"] == "no_table"  # private: not even seen
    assert ask(server, bao, "no-such-table")[0] == 404
    private = finished_table(server, anne, public=False)
    assert ask(server, bao, private)[1]["error"] == "no_table"
    with server.http(bao, "en") as http:
        answer = http.post(f"/api/v1/tables/{private}/review?invite={invite}")
        assert answer.status_code == 404  # the invitation of another table opens nothing
    public = finished_table(server, anne)
    for body in ({}, {"seat": 3}, {"seat": -1}, {"seat": "0"}, {"seat": True}, {"seat": 1.0}):
        status, refusal = ask(server, bao, public, body, **{"Accept-Language": "en"})
        assert (status, refusal["error"]) == (400, "bad_seat"), body
        assert refusal["message"] == "seat to review: an integer from 0 to 2"
    assert ask(server, None, public)[0] == 401
    with server.http(bao) as http:
        never = http.get(f"/api/v1/tables/{public}/review", params={"seat": 1})
        assert (never.status_code, never.json()["error"]) == (404, "no_review")
        assert http.get(f"/api/v1/tables/{private}/review?seat=0").status_code == 404


def test_a_seated_player_reviews_a_private_game_an_invited_stranger_does_not(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    anne, bao = server.guest("Anne"), server.guest("Bao")
    with server.http(anne) as http:
        created = http.post("/api/v1/tables", json={**BOOM, "public": False}).json()
        table = created["id"]
        assert http.post(f"/api/v1/tables/{table}/start").status_code == 200
        assert http.post(f"/api/v1/tables/{table}/leave").status_code == 200
    with server.http(bao) as http:
        deadline = time.monotonic() + REVIEW_WAIT
        while True:
            answer = http.post(f"/api/v1/tables/{table}/review?invite={created['invite']}")
            if answer.json()["error"] != "not_over":
                break
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert (answer.status_code, answer.json()["error"]) == (403, "not_seated")
    assert ask(server, anne, table, {"seat": 1})[0] == 202


LIMITED = ("--reviews-per-day", "2", "--reviews-per-day-per-ip", "3")


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with module_server(tmp_path_factory, "reviews", *LIMITED) as started:
        yield started


def test_reviews_are_counted_per_identity_and_per_address(limited: Server) -> None:
    """One identity from many addresses, then many identities from one address: each
    stops at its limit (429, ``Retry-After``), and what was already asked stays free."""
    anne = limited.guest("Anne")
    first, second = finished_table(limited, anne), finished_table(limited, anne)
    roaming = limited.guest("Itinérant")
    for seat in (0, 1):
        status, _ = ask(limited, roaming, first, {"seat": seat}, **forwarded(f"192.0.2.{seat}"))
        assert status == 202
    with limited.http(roaming) as http:
        refused = http.post(
            f"/api/v1/tables/{first}/review", json={"seat": 2}, headers=forwarded("192.0.2.9")
        )
    assert (refused.status_code, refused.json()["error"]) == (429, "too_many_reviews")
    assert int(refused.headers["Retry-After"]) > 0
    # Already asked, by anyone: served, and counted for nobody.
    assert ask(limited, roaming, first, {"seat": 0}, **forwarded("192.0.2.9"))[0] in (200, 202)
    crowd = [limited.guest(f"Foule {n}") for n in range(4)]
    wanted = [(first, 2), (second, 0), (second, 1), (second, 2)]
    answers = [
        ask(limited, token, table, {"seat": seat}, **forwarded("2001:db8:7::1"))
        for token, (table, seat) in zip(crowd, wanted, strict=True)
    ]
    assert [status for status, _ in answers] == [202, 202, 202, 429]
    assert answers[-1][1]["error"] == "too_many_reviews"
    with limited.http(anne) as http:
        nothing = http.get(f"/api/v1/tables/{second}/review", params={"seat": 2})
        assert nothing.status_code == 404  # the refused one was not queued
    # Another network of the same crowd's people is not held by that one.
    assert ask(limited, crowd[3], second, {"seat": 2}, **forwarded("2001:db8:8::1"))[0] == 202


def test_a_review_never_delays_a_bot_at_a_live_table(limited: Server) -> None:
    """A long review (a whole Bouillabaisse) runs on its own worker at the lowest priority:
    meanwhile a searching bot at a live table answers within its usual thinking time."""
    anne = limited.guest("Anne")
    long_game = {"game": "bouillabaisse", "players": 4, "bots": ["random"] * 3, "seed": 4}
    reviewed = finished_table(limited, anne, **long_game)
    table = start_table(
        limited, [anne], game="pieds-dans-le-plat", players=2, bots=["difficile"], seed=4
    )

    def review_running() -> None:
        assert ask(limited, anne, reviewed)[0] == 202
        with limited.http(anne) as http:
            while http.get(f"/api/v1/tables/{reviewed}/review?seat=0").json()["status"] != (
                "running"
            ):
                time.sleep(0.05)

    waits = asyncio.run(bot_answers(limited, anne, table, review_running))
    usual = THINKING_SECONDS["difficile"] + 1.5  # its search, and a loaded machine's slack
    assert max(waits) < usual, waits
    with limited.http(anne) as http:
        status = http.get(f"/api/v1/tables/{reviewed}/review?seat=0").json()["status"]
    assert status == "running", "the review ended too soon to show anything"


async def bot_answers(
    server: Server, token: str, table: str, meanwhile: Callable[[], None]
) -> list[float]:
    """Seconds the bot took to answer each of three moves of the person (seat 0, playing
    first), once a first move started the bots' worker and ``meanwhile`` was done."""
    client = Client(server, token, table)
    await client.connect()
    waits = []
    state = await client.wait(lambda f: f["type"] == "snapshot")
    for n in range(4):
        if n == 1:
            await asyncio.to_thread(meanwhile)
        action = state["decision"]["legal"][0]
        await client.send({"type": "act", "action_id": f"a{n}", "action": action})
        answered = (await client.wait(lambda f: f["type"] == "ack"))["index"] + 1
        started = time.monotonic()
        state = await client.wait(functools.partial(moved_past, answered))
        waits.append(time.monotonic() - started)
    await client.close()
    return waits[1:]


def moved_past(index: int, frame: Frame) -> bool:
    """Whether ``frame`` is a state past the move played at ``index``."""
    return bool(frame["type"] == "update" and frame["index"] > index)
