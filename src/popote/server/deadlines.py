"""The deadlines of turn-based tables, kept in the database rather than in timers.

A turn-based table waits days for a move: it must not hold a timer (nor memory) meanwhile,
and its deadlines must fire after a restart, a takeover by another process, or a stop
during which they passed. Each decision asked of a person is a row (``DeadlineRow``); the
hub's watch (:class:`DeadlineWatch`) fires the passed ones. A person's holidays push their
deadlines back: the clock stops while they are away.

>>> from datetime import UTC, datetime, timedelta
>>> day = timedelta(days=1)
>>> start = datetime(2026, 12, 1, tzinfo=UTC)
>>> due_after(start, day.total_seconds(), [])
datetime.datetime(2026, 12, 2, 0, 0, tzinfo=datetime.timezone.utc)
>>> due_after(start, day.total_seconds(), [(start + day / 2, start + 3 * day)])
datetime.datetime(2026, 12, 4, 12, 0, tzinfo=datetime.timezone.utc)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError

from popote.server.models import DeadlineRow, now
from popote.server.store import Store

log = logging.getLogger("popote.server")

Span = tuple[datetime, datetime]
BATCH = 100
"""Deadlines fired at most per look (the next look comes at once if there were more)."""
LONGEST_SLEEP = 30.0
"""Seconds at most between two looks at the database: deadlines another process wrote."""
SHORTEST_SLEEP = 0.02


def due_after(opened: datetime, seconds: float, holidays: Iterable[Span]) -> datetime:
    """When ``seconds`` of clock have run from ``opened``, the clock stopped during each
    holiday (``(starts, ends)``, in any order)."""
    moment, remaining = opened, timedelta(seconds=seconds)
    for starts, ends in sorted(holidays):
        if ends <= moment:
            continue
        if starts > moment:
            run = min(remaining, starts - moment)
            moment, remaining = moment + run, remaining - run
            if not remaining:
                return moment
        moment = max(moment, ends)
    return moment + remaining


def seconds_left(row: DeadlineRow, moment: datetime) -> float:
    """The seconds left at ``moment`` before ``row``'s deadline, none below zero."""
    return round(max(0.0, (row.due - moment).total_seconds()), 3)


class DeadlineStore(Protocol):
    """What the deadlines need of the hub: its store and everyone's holidays."""

    store: Store

    def holidays(self, user_id: int) -> list[Span]: ...


class TableDeadlines:
    """One turn-based table's deadlines: the rows of the seats asked now, kept in step
    with the decisions (``sync``) and read back when the table is rebuilt."""

    def __init__(self, host: DeadlineStore, table_id: str, seconds: float) -> None:
        self._host = host
        self._table_id = table_id
        self._seconds = seconds
        self.rows: dict[int, DeadlineRow] = {}

    def load(self) -> None:
        """Read the table's rows back (a rebuilt table keeps the deadlines it had)."""
        self.rows = {row.seat: row for row in self._host.store.deadlines_of_table(self._table_id)}

    def sync(self, asked: dict[int, tuple[int, int]]) -> list[DeadlineRow]:
        """Make the rows those of ``asked``: for each seat whose person must decide, its
        person and the decision's id. Returns the rows opened (new decisions)."""
        closed = [
            seat
            for seat, row in self.rows.items()
            if seat not in asked or (row.user_id, row.decision) != asked[seat]
        ]
        opened_at = now()
        opened = [
            DeadlineRow(
                table_id=self._table_id,
                seat=seat,
                user_id=user,
                decision=decision,
                opened=opened_at,
                seconds=self._seconds,
                due=due_after(opened_at, self._seconds, self._host.holidays(user)),
            )
            for seat, (user, decision) in asked.items()
            if seat in closed or seat not in self.rows
        ]
        if closed or opened:
            self._host.store.change_deadlines(self._table_id, closed, opened)
            for seat in closed:
                del self.rows[seat]
            self.rows.update((row.seat, row) for row in opened)
        return opened

    def left(self) -> dict[int, float]:
        """Seconds left to each seat asked (none below zero)."""
        moment = now()
        return {seat: seconds_left(row, moment) for seat, row in self.rows.items()}

    def people(self) -> set[int]:
        return {row.user_id for row in self.rows.values()}


class DeadlineWatch:
    """Fires passed deadlines, whoever wrote them and whenever they passed: one look at
    the database when the earliest one is due, when this process writes one (``poke``),
    and at least every :data:`LONGEST_SLEEP` seconds scaled like the clocks."""

    def __init__(
        self,
        store: Store,
        fire: Callable[[DeadlineRow], bool],
        clock_scale: float,
    ) -> None:
        self._store = store
        self._fire = fire
        self._longest = max(SHORTEST_SLEEP, min(LONGEST_SLEEP, LONGEST_SLEEP * clock_scale))
        self._poked = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    def poke(self) -> None:
        """A deadline was written or moved here: look again now."""
        self._poked.set()

    async def _run(self) -> None:
        while True:
            try:
                wait = self._look()
            except SQLAlchemyError:
                wait = self._longest  # the database is away: tried again later
            except Exception:
                log.exception("deadline watch failed")
                wait = self._longest
            self._poked.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._poked.wait(), wait)

    def _look(self) -> float:
        """Fire what is due; the seconds to wait before the next look."""
        due = self._store.due_deadlines(now(), BATCH)
        fired = [self._fire(row) for row in due]
        if len(due) == BATCH and any(fired):
            return 0.0
        if due and not all(fired):  # another process holds some: it fires them
            return self._longest
        upcoming = self._store.next_due()
        if upcoming is None:
            return self._longest
        seconds = (upcoming - now()).total_seconds()
        return max(SHORTEST_SLEEP, min(self._longest, seconds))
