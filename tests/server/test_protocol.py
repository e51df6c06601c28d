"""The WebSocket protocol: refusals that change nothing, resent actions, reconnection, chat."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

from tests.server.harness import DUEL, Client, Frame, Server, open_table, two_clients


def numbered(frames: list[Frame]) -> list[Frame]:
    return [f for f in frames if f["type"] not in ("welcome", "ack", "error", "pong")]


async def refusal(client: Client, message: Any) -> Frame:
    await client.send(message) if isinstance(message, dict) else await client.socket.send(message)
    return await client.wait(lambda f: f["type"] in ("error", "ack", "update"))


def test_bad_messages_get_an_error_and_change_nothing(
    shared_server: Server,
) -> None:
    server = shared_server
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        me, other = Client(server, tokens[0], table), Client(server, tokens[1], table)
        await me.connect()
        await other.connect(lang="en")
        state = await me.wait(lambda f: f["type"] == "snapshot")
        legal = state["decision"]["legal"][0]
        answers = [
            await refusal(me, "x" * 17_000),
            await refusal(me, "{not json"),
            await refusal(me, {"type": "dance"}),
            await refusal(
                me, {"type": "act", "action_id": "a", "action": {"type": "play", "card": 99}}
            ),
            await refusal(me, {"type": "act", "action": legal}),
            await refusal(me, {"type": "act", "action_id": "b", "seat": 1, "action": legal}),
            await refusal(other, {"type": "act", "action_id": "c", "action": legal}),
        ]
        codes = [a.get("code") for a in answers]
        assert codes == [
            "too_large",
            "malformed",
            "unknown_type",
            "illegal",
            "action_id",
            "not_your_seat",
            "illegal",
        ]
        assert answers[3]["message"].startswith("action interdite pour le siège")
        assert answers[6]["message"].startswith("it is not seat")
        assert not [f for f in me.frames + other.frames if f["type"] == "update"]
        await me.send({"type": "act", "action_id": "ok", "action": legal})
        assert (await me.wait(lambda f: f["type"] == "ack"))["index"] == 0
        await me.close()
        await other.close()

    asyncio.run(scenario())


def test_a_spectator_cannot_act(shared_server: Server) -> None:
    server = shared_server
    table, _ = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        watcher = Client(server, server.guest("Badaud"), table)
        assert (await watcher.connect())["seat"] is None
        snapshot = await watcher.wait(lambda f: f["type"] == "snapshot")
        assert "hand" not in snapshot["view"] and snapshot["decision"] is None
        answer = await refusal(
            watcher, {"type": "act", "action_id": "x", "action": {"type": "play", "card": 0}}
        )
        assert answer["code"] == "spectator" and answer["message"] == "un spectateur ne joue pas"
        await watcher.close()

    asyncio.run(scenario())


def test_a_resent_action_is_applied_once_even_after_a_reconnect(
    shared_server: Server,
) -> None:
    server = shared_server
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        me = Client(server, tokens[0], table)
        await me.connect()
        legal = (await me.wait(lambda f: f["type"] == "snapshot"))["decision"]["legal"][0]
        act = {"type": "act", "action_id": "only-once", "action": legal}
        await me.send(act)
        first = await me.wait(lambda f: f["type"] == "ack")
        await me.send(act)
        again = await me.wait(lambda f: f["type"] == "ack")
        await me.close()
        await me.connect()
        await me.send(act)
        after = await me.wait(lambda f: f["type"] == "ack")
        assert (first["duplicate"], again["duplicate"], after["duplicate"]) == (False, True, True)
        assert first["index"] == again["index"] == after["index"] == 0
        assert [f["index"] for f in me.frames if f["type"] == "update"] == [1]
        await me.close()

    asyncio.run(scenario())


def test_a_client_coming_back_gets_exactly_what_it_missed(
    shared_server: Server,
) -> None:
    server = shared_server
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        async with two_clients(server, table, tokens) as (me, other):
            legal = (await me.wait(lambda f: f["type"] == "snapshot"))["decision"]["legal"][0]
            await me.send({"type": "act", "action_id": "mine", "action": legal})
            await me.wait(lambda f: f["type"] == "update")
            await me.close()
            seen = me.last_seq
            assert seen is not None
            answer = await other.wait(lambda f: f["type"] == "update" and f["decision"] is not None)
            await other.send(
                {"type": "act", "action_id": "theirs", "action": answer["decision"]["legal"][0]}
            )
            await other.wait(lambda f: f["type"] == "update" and f["index"] == 2)
            await other.send({"type": "chat", "text": "à toi"})
            before = len(me.frames)
            welcome = await me.connect()
            await me.wait(lambda f: f["type"] == "chat")
            missed = numbered(me.frames[before:])
            assert [f["type"] for f in missed] == ["update", "chat"]
            assert [f["seq"] for f in missed] == [seen + 1, seen + 2]
            # The welcome carries the newest number; what was missed follows it, numbered
            # up to it (docs/protocol.md, Opening).
            assert welcome["seq"] == seen + 2
            assert missed[0]["actor"] == 1 and missed[0]["decision"] is not None

    asyncio.run(scenario())


def test_chat_is_plain_text_cut_cleaned_and_rate_limited(
    server_factory: Callable[..., Server],
) -> None:
    server = server_factory()
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        async with two_clients(server, table, tokens) as (me, other):
            await me.send(
                {"type": "chat", "text": "<script>alert(1)</script>\u0007 <b>salut</b>\u202e\n!"}
            )
            said = await other.wait(lambda f: f["type"] == "chat")
            assert said["text"] == "<script>alert(1)</script> <b>salut</b> !"
            assert said["from"] == "Joueur 1 (invité)" and said["seat"] == 0
            await me.send({"type": "chat", "text": "é" * 400})
            assert len((await other.wait(lambda f: f["type"] == "chat"))["text"]) == 300
            for _ in range(3):
                await me.send({"type": "chat", "text": "encore"})
            await me.send({"type": "chat", "text": "de trop"})
            refused = await me.wait(lambda f: f["type"] == "error")
            assert refused["code"] == "chat_rate"
            assert json.dumps(said)  # plain JSON strings, nothing else

    asyncio.run(scenario())


def test_a_player_taking_a_seat_back_hears_its_welcome_first(
    shared_server: Server,
) -> None:
    """Back after leaving (a bot stood in), the first frame is still the welcome; the notice
    that the seat is taken back follows, to this connection too."""
    server = shared_server
    table, tokens = open_table(server, 2, **DUEL)
    with server.http(tokens[0]) as http:
        assert http.post(f"/api/v1/tables/{table}/leave").status_code == 200

    async def scenario() -> None:
        me = Client(server, tokens[0], table)
        await me.connect()
        await me.wait(lambda f: f["type"] == "notice" and "reprend" in f["text"])
        await me.close()
        assert me.frames[0]["type"] == "welcome" and me.frames[0]["seat"] == 0

    asyncio.run(scenario())


def test_errors_a_client_cannot_match_to_an_action_and_the_end_of_the_game(
    shared_server: Server,
) -> None:
    """What docs/protocol.md promises a client writing its own: ``too_large`` and
    ``too_fast`` name no action (nothing applied: resend later under the same id); ``ack``
    gives the action's place in the log, from 0, where a state's ``index`` counts the actions
    played; an act that reaches a finished game gets ``not_playing``; results and their
    names come in the asker's language."""
    server = shared_server
    table, tokens = open_table(server, 1, game="pieds-dans-le-plat", players=2, bots=["random"])

    async def scenario() -> None:
        me = Client(server, tokens[0], table, "me")
        await me.connect()
        state = await me.wait(lambda f: f["type"] == "snapshot")
        legal = state["decision"]["legal"][0]
        big = {"type": "act", "action_id": "big", "action": {**legal, "pad": "x" * 17_000}}
        too_large = await refusal(me, big)
        assert too_large["code"] == "too_large" and "action_id" not in too_large
        for n in range(45):
            await me.send({"type": "act", "action_id": f"flood-{n}", "action": legal})
        too_fast = await me.wait(lambda f: f["type"] == "error" and f["code"] == "too_fast")
        assert "action_id" not in too_fast
        first = next(f for f in me.frames if f["type"] == "ack")
        after = next(f for f in me.frames if f["type"] == "update" and f["actor"] == 0)
        assert first["index"] == state["index"] == 0 and after["index"] == 1
        await asyncio.sleep(2.5)  # the budget refills
        end = await me.play(random.Random(4))
        assert end["result"] is not None
        late = await refusal(me, {"type": "act", "action_id": "late", "action": legal})
        assert late["code"] == "not_playing" and late["action_id"] == "late"
        await me.close()

    asyncio.run(scenario())
    names = {}
    for lang in ("fr", "en"):
        with server.http(lang=lang) as http:
            results = http.get(f"/api/v1/tables/{table}/results").json()
            names[lang] = results["standings"][1]["name"]
    assert names == {"fr": "Robot hasard (2)", "en": "Bot random (2)"}


def test_a_snapshot_says_where_its_events_start(shared_server: Server) -> None:
    """``first_event`` (1.4): the place of the snapshot's first event among all those the
    seat may see, so that a client coming back tells only what it had not told."""
    server = shared_server
    table, tokens = open_table(server, 1, game="stir-fry-eighteen", players=2, bots=["random"])

    async def scenario() -> None:
        me = Client(server, tokens[0], table)
        await me.connect()
        opening = await me.wait(lambda f: f["type"] == "snapshot")
        assert opening["first_event"] == 0 and opening["index"] == 0
        # Stop where only this seat has a decision, so that nothing moves while it is away.
        last = await me.play(random.Random(3), lambda f: f["index"] >= 40 and f["to_act"] == [0])
        await me.close()
        me.feed = None  # a new page: no feed to resume, a snapshot
        await me.connect()
        again = await me.wait(lambda f: f["type"] == "snapshot")
        told = sum(len(f["events"]) for f in me.frames if f["type"] == "update")
        assert again["index"] == last["index"]
        assert again["first_event"] + len(again["events"]) == len(opening["events"]) + told
        assert again["first_event"] > 0 and len(again["events"]) == 30
        await me.close()

    asyncio.run(scenario())


def test_a_state_carries_the_picture_and_which_lines_concern_the_seat(
    shared_server: Server,
) -> None:
    """``picture`` and ``line_concerns`` (1.5): the seat's own cards face up with the
    actions that play them, others' hands as counts; spectators get no hand and no line
    concerning them."""
    server = shared_server
    table, tokens = open_table(server, 2, **DUEL)

    async def scenario() -> None:
        me = Client(server, tokens[0], table)
        await me.connect()
        state = await me.wait(lambda f: f["type"] == "snapshot")
        picture = state["picture"]
        faces = [card for pile in picture["hand"] for card in pile["cards"]]
        assert [face["corner"] for face in picture["hand"][0]["cards"]] == [
            str(card) for card in state["view"]["hand"]
        ]
        if state["decision"] is not None:
            plays = [face["plays"] for face in faces if face["plays"]]
            assert all(action in state["decision"]["legal"] for action in plays) and plays
        other = next(seat for seat in picture["seats"] if seat["seat"] == 1)
        assert other["parts"][0]["count"] == state["view"]["hand_sizes"][1]
        assert len(state["line_concerns"]) == len(state["lines"])
        marked = dict(zip(state["lines"], state["line_concerns"], strict=True))
        assert all(marked[line] for line in marked if "Joueur 1" in line)
        assert any(marked[line] for line in marked if line.startswith("Votre main"))
        assert not all(marked.values())
        watcher = Client(server, server.guest("Badaud"), table)
        await watcher.connect()
        seen = await watcher.wait(lambda f: f["type"] == "snapshot")
        assert seen["picture"]["hand"] == [] and not any(seen["line_concerns"])
        await me.close()
        await watcher.close()

    asyncio.run(scenario())
