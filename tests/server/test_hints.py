"""Issue 47 on a real server: a hint at the table (``{"type": "hint"}``), answered to the
asking connection at unrated tables only, limited, and kept in the game's record."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from popote.server.store import Store, database_url
from tests.server.harness import Client, Frame, Server, module_server, start_table, stored_record
from tests.server.test_quotas_and_leaks import forwarded

DUEL = {"game": "pieds-dans-le-plat", "players": 2, "bots": ["random"], "seed": 4}
"""A guest (seat 0, who plays first) against a bot that answers at once."""
PER_IDENTITY, PER_ADDRESS = 3, 4


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    limits = ("--hints-per-hour", str(PER_IDENTITY), "--hints-per-hour-per-ip", str(PER_ADDRESS))
    with module_server(tmp_path_factory, "hints", *limits) as started:
        yield started


async def seated(server: Server, token: str, table: str, address: str | None = None) -> Client:
    """The guest of ``token`` connected at ``table`` (from ``address``), its snapshot read."""
    client = Client(server, token, table)
    if address is not None:
        client.headers = forwarded(address)
    await client.connect()
    await client.wait(lambda f: f["type"] == "snapshot")
    return client


async def hint(client: Client) -> Frame:
    """The answer to a hint: the ``hint``, or an ``error``."""
    await client.send({"type": "hint"})
    return await client.wait(lambda f: f["type"] in ("hint", "error"), 60.0)


async def play(client: Client, n: int) -> Frame:
    """Play the first legal action; the state where the seat is asked again (or the end)."""
    state = client.state()
    assert state is not None and state["decision"] is not None
    await client.send(
        {"type": "act", "action_id": f"m{n}", "action": state["decision"]["legal"][0]}
    )
    return await client.wait(
        lambda f: f["type"] == "update" and (f["decision"] is not None or f["result"] is not None)
    )


def test_a_hint_is_answered_to_its_asker_and_kept_in_the_record(server: Server) -> None:
    anne = server.guest("Anne")
    table = start_table(server, [anne], **DUEL)

    async def scenario() -> tuple[Frame, Frame, Frame, Frame]:
        client = await seated(server, anne, table)
        opening = client.state()
        assert opening is not None
        state = opening
        first = await hint(client)
        again = await hint(client)  # the same decision: the same hint, computed once
        n = 0
        while state["result"] is None:
            state = await play(client, n)
            n += 1
        results = await client.wait(lambda f: f["type"] == "results")
        await client.close()
        return opening, first, again, results

    opening, first, again, results = asyncio.run(scenario())
    assert first["type"] == "hint", first
    assert (again["hint"], again["decision"]) == (first["hint"], first["decision"])
    asked = first["hint"]
    assert asked["seat"] == 0 and set(asked["text"]) == {"fr", "en"}
    assert asked["action"] in opening["decision"]["legal"]
    assert first["decision"] == opening["decision"]["id"]
    assert results["hints"] == [{"seat": 0, "move": first["decision"]}]
    with server.http() as http:
        saved = http.get(f"/api/v1/tables/{table}/save").json()
        assert saved["hints"] == results["hints"]
        assert http.get(f"/api/v1/tables/{table}/results").json()["hints"] == results["hints"]


def test_a_hint_at_a_rated_table_is_refused_and_changes_nothing(server: Server) -> None:
    bao = server.guest("Bao")
    setup = {**DUEL, "rated": True, "clock": "fast"}
    del setup["seed"]
    table = start_table(server, [bao], **setup)
    url = database_url(server.db, server.data)

    async def scenario() -> tuple[Frame, Frame, Frame, list[Frame]]:
        client = await seated(server, bao, table)
        before = client.state()
        assert before is not None
        refused = await hint(client)
        await client.send({"type": "resync"})
        after = await client.wait(lambda f: f["type"] == "snapshot")
        between = client.frames[client.frames.index(refused) + 1 : client.frames.index(after)]
        await client.close()
        return before, refused, after, between

    before, refused, after, between = asyncio.run(scenario())
    assert refused["code"] == "hint_rated"
    assert between == []  # no update, no notice, no table message
    for key in ("index", "view", "decision", "to_act", "table_text"):
        assert after[key] == before[key], key
    assert 0 < after["clock"]["0"] <= before["clock"]["0"]  # not restarted
    _, actions = stored_record(url, table)
    assert len(actions) == before["index"]
    with server.http(bao) as http:
        http.post(f"/api/v1/tables/{table}/leave")


def test_a_hint_is_refused_when_the_seat_is_not_asked(server: Server) -> None:
    anne, bao, cyril = server.guest("Anne"), server.guest("Bao"), server.guest("Cyril", "en")
    table = start_table(server, [anne, bao], game="pieds-dans-le-plat", players=2, seed=4)

    async def scenario() -> tuple[Frame, Frame, Frame]:
        first, second = await seated(server, anne, table), await seated(server, bao, table)
        watcher = await seated(server, cyril, table)
        waiting = await hint(second)  # seat 0 plays first
        state = first.state()
        assert state is not None
        action = state["decision"]["legal"][0]
        await first.send({"type": "act", "action_id": "m0", "action": action})
        await second.wait(lambda f: f["type"] == "update" and f["decision"] is not None)
        after = await hint(first)
        watching = await hint(watcher)
        for client in (first, second, watcher):
            await client.close()
        return waiting, after, watching

    waiting, after, watching = asyncio.run(scenario())
    assert (waiting["code"], after["code"]) == ("not_your_turn", "not_your_turn")
    assert watching["code"] == "spectator"
    assert watching["message"] == "a spectator cannot play"


def test_hints_are_counted_per_identity_and_per_address(server: Server) -> None:
    """One identity from many addresses stops at its limit; many identities from one
    address stop at the address's; a refused hint is not kept in the record."""
    dora = server.guest("Dora")
    table = start_table(server, [dora], **DUEL)
    crowd = [server.guest(f"Foule {n}") for n in range(PER_ADDRESS + 1)]
    tables = [start_table(server, [token], **DUEL) for token in crowd]

    async def roaming() -> list[Frame]:
        answers = []
        for n in range(PER_IDENTITY + 1):
            client = await seated(server, dora, table, f"198.51.100.{n}")
            answers.append(await hint(client))
            await play(client, n)
            await client.close()
        return answers

    async def one_address() -> list[Frame]:
        answers = []
        for token, own in zip(crowd, tables, strict=True):
            client = await seated(server, token, own, "2001:db8:9::1")
            answers.append(await hint(client))
            await client.close()
        return answers

    alone = asyncio.run(roaming())
    assert [f["type"] for f in alone] == ["hint"] * PER_IDENTITY + ["error"]
    assert alone[-1]["code"] == "too_many_hints"
    together = asyncio.run(one_address())
    assert [f["type"] for f in together] == ["hint"] * PER_ADDRESS + ["error"]
    assert together[-1]["code"] == "too_many_hints"
    store = Store(database_url(server.db, server.data))
    try:
        assert store.hints_of(table) == [{"seat": 0, "move": 2 * n} for n in range(3)]
        assert store.hints_of(tables[-1]) == []  # refused: not in the record
    finally:
        store.close()
