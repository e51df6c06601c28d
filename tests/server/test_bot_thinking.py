"""The bots' thinking at a table with people is bounded between two decisions of a person
(``ThinkingBudget``), and the table says which bot is thinking.

The budget is tested on a clock of the test's, never timed: a search here takes exactly the
seconds it was given (a loaded machine, where every search runs to its limit), so what the
bots are given between two decisions is what the person waits.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

import pytest

import popote
from popote.bots.registry import THINKING_SECONDS
from popote.server.bots import TABLE_BUDGET, ThinkingBudget
from popote.server.live import LiveTable
from popote.server.models import Table
from popote.server.seats import Seat
from tests.server.harness import Client, Server, open_table

EXPERT = THINKING_SECONDS["expert"]


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def budget_of(total: float = 5.0, floor: float = 0.2) -> tuple[ThinkingBudget, Clock]:
    clock = Clock()
    return ThinkingBudget(total, floor, clock), clock


def given(budget: ThinkingBudget, searches: int, limit: float = EXPERT) -> list[float]:
    """The seconds given to ``searches`` searches one after the other, each taking them all."""
    clock = budget.clock
    assert isinstance(clock, Clock)
    seconds = []
    for _ in range(searches):
        grant = budget.grant(limit)
        assert grant is not None
        clock.now += grant.seconds
        budget.answered(grant)
        seconds.append(grant.seconds)
    return seconds


def test_bots_alone_keep_their_level_limit() -> None:
    budget, _ = budget_of()
    budget.waiting([], 4)
    assert budget.grant(EXPERT) is None


def test_the_searches_between_two_decisions_share_the_budget() -> None:
    budget, _ = budget_of()
    budget.waiting([0], 4)
    assert given(budget, 4) == [1.25] * 4  # four bots expected, a quarter each
    assert given(budget, 3) == [0.0] * 3  # more than expected: nothing left to give
    budget.decided(0)
    # The person waited for seven searches: the next wait shares the budget seven ways.
    assert given(budget, 7) == pytest.approx([5.0 / 7] * 7)
    assert given(budget, 1) == pytest.approx([0.0])


def test_a_single_bot_keeps_its_level_limit() -> None:
    budget, _ = budget_of()
    budget.waiting([0], 1)
    assert given(budget, 1) == [EXPERT]
    assert given(budget, 1) == pytest.approx([5.0 - EXPERT])


def test_a_quick_answer_leaves_its_time_to_the_next_bots() -> None:
    budget, clock = budget_of()
    budget.waiting([0], 4)
    first = budget.grant(EXPERT)
    assert first is not None and first.seconds == 1.25
    clock.now += 0.05  # one legal action: answered at once
    budget.answered(first)
    assert given(budget, 1) == pytest.approx([4.95 / 3])


def test_a_search_gets_the_floor_while_the_budget_holds_it() -> None:
    budget, _ = budget_of(floor=0.5)
    budget.waiting([0], 20)
    assert given(budget, 9) == [0.5] * 9
    assert given(budget, 2) == [0.5, 0.0]


def test_searches_running_together_share_what_is_left() -> None:
    budget, _ = budget_of()
    budget.waiting([0], 2)
    grants = [budget.grant(EXPERT) for _ in range(3)]  # a window: three bots asked at once
    seconds = [grant.seconds for grant in grants if grant is not None]
    assert seconds == [2.5, 2.5, 0.0]


def test_every_person_waits_at_most_the_budget() -> None:
    budget, _ = budget_of()
    budget.waiting([0, 2], 2)
    given(budget, 1)
    budget.decided(0)  # seat 0's wait starts again; seat 2 still waits for the first bot
    assert sum(given(budget, 3)) <= 5.0 - 2.5


def test_a_search_running_over_a_decision_is_paid_by_the_next_wait_after_it() -> None:
    budget, clock = budget_of()
    budget.waiting([0], 1)
    window = budget.grant(EXPERT)  # a bot asked with the person, in a window
    assert window is not None
    clock.now += 1.0
    budget.decided(0)  # the person answered first: their next wait begins
    clock.now += window.seconds - 1.0
    budget.answered(window)
    assert given(budget, 1) == pytest.approx([5.0 - (EXPERT - 1.0)])


# --- a table in memory, its bots answered at once -----------------------------------------


class Store:
    """What a table asks of the database, kept nowhere."""

    def append_action(self, row: Any) -> None: ...

    def update_table(self, table_id: str, **fields: Any) -> None: ...

    def results_of(self, table_id: str) -> list[Any]:
        return []


class Bots:
    """Bots that record the limit each search is given and take exactly that long (on the
    table's budget's clock; a search without a limit, its level's)."""

    def __init__(self) -> None:
        self.limits: list[float | None] = []
        self.clock = Clock()

    async def choose(
        self,
        owner: int,
        table: str,
        record: dict[str, Any],
        seat: int,
        level: str,
        limit: float | None = None,
    ) -> dict[str, Any]:
        self.limits.append(limit)
        await asyncio.sleep(0)
        self.clock.now += EXPERT if limit is None else limit
        match = popote.replay(
            record["game"], record["players"], record["seed"], record["options"], record["history"]
        )
        return dict(random.Random(len(record["history"])).choice(match.legal_actions(seat)))


class Host:
    def __init__(self) -> None:
        self.store = Store()
        self.settings = SimpleNamespace(grab_window=0.2)
        self.bots = Bots()

    def names_of(self, user_ids: list[int], lang: Any = None) -> dict[int, str]:
        return {user: f"Personne {user}" for user in user_ids}

    def guests_among(self, user_ids: list[int]) -> set[int]:
        return set()

    def finish(self, table: Any) -> list[Any]:
        return []

    def available(self) -> bool:
        return True

    def table_changed(self, table: Any) -> None: ...

    def table_over(self, table: Any) -> None: ...

    def drop(self, table: Any) -> None: ...


class Me:
    """A person's answer: heard and forgotten."""

    def ack(self, action_id: str | None, index: int, duplicate: bool) -> None: ...

    def refused(self, error: Any, code: str, action_id: str | None) -> None:
        raise AssertionError(code)


def stir_fry_table(seats: list[Seat]) -> tuple[LiveTable, Bots]:
    host = Host()
    row = Table(
        id="budget",
        game="stir-fry-eighteen",
        players=len(seats),
        seed=7,
        options={},
        seats=[seat.stored() for seat in seats],
        clock={},
        public=True,
        rated=False,
        bot_level="expert",
        owner=1,
        state="lobby",
    )
    table = LiveTable(host, row, seats)  # type: ignore[arg-type]
    table._budget = ThinkingBudget(clock=host.bots.clock)
    return table, host.bots


async def settle(table: LiveTable, done: Callable[[], bool]) -> None:
    """Let the bots play until ``done``."""
    for _ in range(10_000):
        await asyncio.sleep(0)
        if done():
            return
    raise AssertionError("the bots never settled")


async def waits_of_a_person(decisions: int) -> tuple[list[float], list[int]]:
    """At a Stir-Fry Eighteen table of one person and four expert bots: the limits given to
    the bots between each two of the person's decisions, summed, and their number."""
    table, bots = stir_fry_table([Seat(user=1)] + [Seat(bot="expert") for _ in range(4)])
    table.begin()
    me = random.Random(3)
    sums, counts = [], []

    def my_turn() -> bool:
        match = table.match
        return match is not None and (match.over or (0 in match.to_act and not table._tasks))

    for _ in range(decisions):
        await settle(table, my_turn)
        match = table.match
        assert match is not None
        if match.over:
            break
        sums.append(sum(EXPERT if limit is None else limit for limit in bots.limits))
        counts.append(len(bots.limits))
        bots.limits.clear()
        table.submit(0, me.choice(match.legal_actions(0)), None, False, Me())
    table.close()
    return sums[1:], counts[1:]


def test_the_bots_between_two_decisions_of_a_person_are_given_at_most_the_budget() -> None:
    sums, counts = asyncio.run(waits_of_a_person(40))
    assert len(sums) >= 20
    assert max(sums) <= TABLE_BUDGET + 1e-9
    # Without the budget, the longest wait would have been many expert searches long.
    assert max(counts) * EXPERT > 2 * TABLE_BUDGET


def test_a_table_of_bots_alone_keeps_each_levels_limit() -> None:
    async def play() -> list[float | None]:
        table, bots = stir_fry_table([Seat(bot="expert") for _ in range(3)])
        table.begin()
        await settle(table, lambda: len(bots.limits) >= 30)
        table.close()
        return bots.limits

    assert set(asyncio.run(play())) == {None}


# --- which bot is thinking, told to everyone at the table ---------------------------------


def thinking(frame: dict[str, Any], seat: int) -> bool:
    return frame["type"] == "table" and frame["table"]["seats"][seat].get("thinking") is True


def told_thinking_then_done(frames: list[dict[str, Any]], seat: int) -> bool:
    tables = [frame for frame in frames if frame["type"] == "table"]
    began = next((i for i, frame in enumerate(tables) if thinking(frame, seat)), None)
    return began is not None and any(not thinking(f, seat) for f in tables[began + 1 :])


def test_the_table_says_which_bot_is_thinking(server_factory: Callable[..., Server]) -> None:
    server = server_factory()
    table, tokens = open_table(
        server, 1, game="pieds-dans-le-plat", players=2, seed=4, bots=["difficile"]
    )

    async def play() -> list[dict[str, Any]]:
        client = Client(server, tokens[0], table, "Ana")
        await client.connect()
        await client.play(random.Random(1), lambda _: told_thinking_then_done(client.frames, 1))
        await client.close()
        return client.frames

    frames = asyncio.run(play())
    assert told_thinking_then_done(frames, 1)
    # Only the bot's seat, and only while it thinks: the person's seat is never said to.
    assert not any(thinking(frame, 0) for frame in frames)
    # Only changes are told: no table message repeats the one before.
    tables = [frame["table"] for frame in frames if frame["type"] == "table"]
    assert all(before != after for before, after in pairwise(tables))
