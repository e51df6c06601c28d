"""Turn-based tables: days per move, deadlines kept by the database (they fire after a
restart, even one that came after them), holidays that stop them, what a missed move costs,
and tables let go from memory when nobody uses them."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import popote
from popote.server.store import Store, database_url
from tests.server.harness import Client, Frame, Server, stored_record
from tests.services import postgres_schema, shared_redis

DAY = 24 * 3600.0
SECOND_A_DAY = 1 / DAY
"""Clock scale: one day a move lasts one second."""
DUEL = {"game": "pieds-dans-le-plat", "players": 2, "seed": 4, "bots": ["random"]}
"""A person (seat 0) against a bot that plays at once."""


def db_url(server: Server) -> str:
    return database_url(server.db, server.data)


def setup_of(**changes: Any) -> dict[str, Any]:
    """A duel's setup, changed; a rated table deals from a secret seed."""
    setup = {**DUEL, "clock": "days-1", **changes}
    if setup.get("rated"):
        del setup["seed"]
    return setup


def create(server: Server, token: str, **changes: Any) -> dict[str, Any]:
    """A started duel (its setup changed by ``changes``)."""
    with server.http(token) as http:
        answer = http.post("/api/v1/tables", json=setup_of(**changes))
        assert answer.status_code == 200, answer.text
        found: dict[str, Any] = answer.json()
        assert http.post(f"/api/v1/tables/{found['id']}/start").status_code == 200
    return found


def my_games(server: Server, token: str) -> list[dict[str, Any]]:
    with server.http(token) as http:
        answer = http.get("/api/v1/me/games")
        assert answer.status_code == 200, answer.text
        playing: list[dict[str, Any]] = answer.json()["playing"]
        return playing


def waiting(server: Server, token: str) -> int:
    with server.http(token) as http:
        count: int = http.get("/api/v1/me/waiting").json()["count"]
        return count


def until(check: Callable[[], bool], seconds: float = 60.0) -> None:
    """Wait for ``check`` to hold (what the server does in its own time), or fail."""
    end = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < end, "it never happened"
        time.sleep(0.05)


def stand_in_moves(server: Server, table: str) -> int:
    """Moves a bot made for seat 0 (a person's seat), as the log keeps them."""
    _, actions = stored_record(db_url(server), table)
    return sum(1 for action in actions if action.seat == 0 and action.by_bot)


def is_resting(url: str, table: str) -> bool:
    """Whether the table is let go from memory, as the database says."""
    store = Store(url)
    try:
        found = store.table(table)
    finally:
        store.close()
    return found is not None and found[0].resting


def notice(text: str) -> Callable[[Frame], bool]:
    return lambda f: f["type"] == "notice" and text in f["text"]


def test_a_turn_based_table_says_its_days_and_what_a_missed_move_costs(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(1.0)
    me = server.guest("Anne")
    with server.http(me) as http:
        made = http.post("/api/v1/tables", json=setup_of(clock="days-2", rated=True))
        assert made.status_code == 200, made.text
        table = made.json()
        assert table["turn_based"] is True
        assert table["clock"] == {"kind": "days-2", "turn": 2 * DAY, "window": 2 * DAY}
        assert "tour par tour : 2 jours par coup" in table["terms"]
        assert "au second coup manqué c'est le forfait" in table["terms"]
        english = http.get(f"/api/v1/tables/{table['id']}", params={"lang": "en"}).json()
        assert "turn-based: 2 days a move" in english["terms"]
        listed = http.get("/api/v1/games").json()
        clocks = next(g for g in listed if g["name"] == "pieds-dans-le-plat")["clocks"]
        assert set(clocks) >= {"days-1", "days-2", "days-3", "days-7"}
        seconds = http.post("/api/v1/tables", json={**DUEL, "clock": "days-1", "turn_seconds": 60})
        assert seconds.status_code == 422
        assert "même temps à chaque coup" in seconds.json()["message"]
        race = {"game": "ar-seizh-bigoudenn", "players": 3, "options": {"real_time": True}}
        refused = http.post("/api/v1/tables", json={**race, "clock": "days-3"})
        assert refused.status_code == 422
        assert "temps réel" in refused.json()["message"]
        unknown = http.post("/api/v1/tables", json={**DUEL, "clock": "days-5"})
        assert unknown.status_code == 422


def test_a_missed_move_is_played_by_a_stand_in_and_the_seat_stays_its_players(
    server_factory: Callable[..., Server],
) -> None:
    """Unrated: a bot plays the move whose time ran out, that move only; the person is
    asked the next one with a whole day again, as many times as it happens."""
    server = server_factory(SECOND_A_DAY)
    me = server.guest("Anne")
    table = create(server, me)["id"]

    async def scenario() -> None:
        client = Client(server, me, table)
        await client.connect()
        await client.wait(notice("un robot joue ce coup à sa place"), 40)
        await client.wait(lambda f: f["type"] == "update" and f["actor"] == 0)
        await client.wait(notice("un robot joue ce coup à sa place"), 40)
        asked = await client.wait(lambda f: f["type"] == "update" and f["decision"])
        assert asked["clock"]["0"] > 0.5  # a whole day (a second here) again
        seats = await_table(client)["seats"]
        assert seats[0]["away"] is False and seats[0]["forfeit"] is False
        await client.close()

    asyncio.run(scenario())
    assert stand_in_moves(server, table) >= 2


def await_table(client: Client) -> dict[str, Any]:
    newest = next(f for f in reversed(client.frames) if f["type"] in ("snapshot", "table"))
    table: dict[str, Any] = newest["table"]
    return table


def test_the_second_missed_move_at_a_rated_table_forfeits(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(SECOND_A_DAY)
    me = server.guest("Anne")
    table = create(server, me, rated=True)["id"]

    async def scenario() -> None:
        client = Client(server, me, table)
        await client.connect()
        await client.wait(notice("un robot joue ce coup à sa place"), 40)
        await client.wait(notice("forfait, un robot finit la partie"), 40)
        seat = await client.wait(lambda f: f["type"] == "table" and f["table"]["seats"][0]["away"])
        assert seat["table"]["seats"][0]["forfeit"] is True
        await client.close()

    asyncio.run(scenario())
    assert waiting(server, me) == 0


def test_deadlines_fire_after_a_sigkill_even_when_they_passed_while_the_server_was_down(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(3 / DAY)  # three seconds a move
    me = server.guest("Anne")
    table = create(server, me)["id"]
    until(lambda: waiting(server, me) == 1)
    entry = my_games(server, me)[0]
    assert entry["table"] == table if "table" in entry else entry["id"] == table
    assert entry["your_turn"] is True and 0 < entry["left"] <= 3
    server.kill()
    assert stand_in_moves(server, table) == 0
    time.sleep(3.5)
    server.start()
    until(lambda: stand_in_moves(server, table) == 1)
    until(lambda: waiting(server, me) == 1)  # asked the next move, its own three seconds


def test_a_holiday_stops_the_clock_and_ending_it_starts_it_again(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(2 / DAY)  # two seconds a move, a holiday day of two seconds
    me = server.guest("Anne")
    with server.http(me) as http:
        taken = http.post("/api/v1/me/holidays", json={"days": 10})
        assert taken.status_code == 201, taken.text
        summary = http.get("/api/v1/me/holidays").json()
        assert summary["on_holiday"] is True and summary["left"] == 20
        assert http.post("/api/v1/me/holidays", json={"days": 21}).status_code == 422
        later = {"days": 1, "starts": taken.json()["ends"]}
        assert http.post("/api/v1/me/holidays", json={"days": 1}).status_code == 409
    table = create(server, me)["id"]
    until(lambda: waiting(server, me) == 1)
    assert my_games(server, me)[0]["left"] > 10  # two seconds, after the holiday's rest
    time.sleep(3)
    assert stand_in_moves(server, table) == 0  # stopped meanwhile
    with server.http(me) as http:
        ended = http.delete("/api/v1/me/holidays/current")
        assert ended.status_code == 200, ended.text
        begun = ended.json()["days"]
        assert 2 <= begun < 10  # the days not begun are given back
        assert http.get("/api/v1/me/holidays").json()["left"] == 30 - begun
        assert http.post("/api/v1/me/holidays", json=later).status_code == 201
        assert http.delete("/api/v1/me/holidays/current").status_code == 409
    assert my_games(server, me)[0]["left"] <= 2
    until(lambda: stand_in_moves(server, table) >= 1)


def test_an_unused_table_leaves_memory_and_comes_back_as_it_was(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory(1.0, "--table-rest", "0.3")
    me = server.guest("Anne")
    table = create(server, me)["id"]

    def resting() -> bool:
        return is_resting(db_url(server), table)

    async def look() -> Frame:
        client = Client(server, me, table)
        await client.connect()
        snapshot = await client.wait(lambda f: f["type"] == "snapshot")
        await client.close()
        return snapshot

    before = asyncio.run(look())
    until(resting)
    listed = [t["id"] for t in server.http(me).get("/api/v1/tables").json()]
    assert table in listed  # the lobby lists it all the same
    assert my_games(server, me)[0]["your_turn"] is True
    after = asyncio.run(look())
    assert not resting()
    for key in ("index", "view", "hand", "to_act", "decision"):
        assert after[key] == before[key], key
    assert 0 < after["clock"]["0"] <= before["clock"]["0"]


@pytest.mark.parametrize("rest", ["0", "0.3"], ids=["held", "resting"])
def test_another_process_fires_the_deadlines_of_one_killed(tmp_path: Path, rest: str) -> None:
    """Two processes on one PostgreSQL and Redis: the one holding a table (or one that let
    it rest) is SIGKILLed before its deadline; the other fires it."""
    redis = shared_redis()
    with postgres_schema() as db:
        servers: list[Server] = []
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
            options = ("--redis", redis, "--table-rest", rest)
            servers.append(Server(tmp_path / name, db, 3 / DAY, *options))
            servers[-1].start()
        try:
            me = servers[0].guest("Anne")
            table = create(servers[0], me)["id"]
            until(lambda: waiting(servers[0], me) == 1)
            if rest != "0":
                until(lambda: is_resting(db, table))
            servers[0].kill()
            until(lambda: stand_in_moves(servers[1], table) >= 1)
            until(lambda: waiting(servers[1], me) == 1)  # asked again, at the other one
        finally:
            for server in servers:
                server.stop()


def opening_a_window(game: str, seed: int, players: int) -> tuple[int, dict[str, Any]]:
    """The first seat asked in ``game``'s deal ``seed``, and a move of it after which
    several seats are asked together (a reaction window or a sealed bid)."""
    match = popote.new_match(game, players, seed, {})
    seat = match.to_act[0]
    for action in match.legal_actions(seat):
        trial = match.clone()
        trial.act(seat, action)
        if len(trial.to_act) > 1:
            return seat, dict(action)
    raise AssertionError("no move of the first seat opens a window in this deal")


def test_a_window_waits_for_every_seat_asked_with_the_same_days(
    server_factory: Callable[..., Server],
) -> None:
    """Boom Badaboom's reaction window at a turn-based table: each person asked has the
    whole move's time, and the game waits for both (nothing is played for them)."""
    server = server_factory(1.0)
    tokens = [server.guest("Anne"), server.guest("Bao")]
    seat, move = opening_a_window("boom-badaboom", 0, 4)
    setup = {"game": "boom-badaboom", "players": 4, "seed": 0, "clock": "days-2"}
    with server.http(tokens[0]) as http:
        table = http.post("/api/v1/tables", json={**setup, "bots": ["random", "random"]}).json()
    with server.http(tokens[1]) as http:
        assert http.post(f"/api/v1/tables/{table['id']}/join", json={"seat": 3}).is_success
    with server.http(tokens[0]) as http:
        assert http.post(f"/api/v1/tables/{table['id']}/start").is_success
    mover = tokens[0] if seat == 0 else tokens[1]

    async def scenario() -> None:
        client = Client(server, mover, table["id"])
        await client.connect()
        await client.wait(lambda f: f["type"] == "snapshot")
        await client.send({"type": "act", "action_id": "open", "action": move})
        await client.wait(lambda f: f["type"] == "update" and len(f["to_act"]) > 1)
        await client.close()

    asyncio.run(scenario())
    until(lambda: all(waiting(server, token) == 1 for token in tokens))
    for token in tokens:
        entry = my_games(server, token)[0]
        assert entry["your_turn"] is True
        assert 2 * DAY - 120 < entry["left"] <= 2 * DAY
