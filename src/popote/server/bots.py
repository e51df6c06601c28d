"""Bots think in worker processes, so a slow search never stalls the event loop.

A worker gets the match's record, rebuilds it with the engine (``popote.replay``'s path),
lets the bot observe what its seat saw, and returns the bot's action. Each worker keeps the
last matches it rebuilt: the next decision at the same table only plays the new actions.

Thinking is shared fairly. Cheap levels (a heuristic answers in milliseconds) have their own
worker, so they never wait behind a search; the searches share the other workers through a
:class:`FairQueue`: the identity that owns the fewest running searches goes first, then the
one that used the least thinking time while busy, each identity's tables in turn. A bot's
seed is the table's plus its seat: from an online table's secret seed, a keyed generator too.
Workers die with the server, however it dies (Linux's parent-death signal).

A table with people also bounds its bots' thinking together (:class:`ThinkingBudget`):
however many bots decide between two decisions of a person, their searches add up to at
most :data:`TABLE_BUDGET` seconds; a table of bots alone keeps each level's own limit.
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import popote
from popote.bots.search import SearchBot
from popote.core.actions import visible_events
from popote.core.bot import Bot
from popote.core.match import Match
from popote.rl.learned import make_bot
from popote.server.advice import hint_json, review_json
from popote.server.metrics import BOT_SECONDS

T = TypeVar("T")
_KEPT_MATCHES = 64
NICENESS = 15
"""How much lower than the server's the search workers' CPU priority is: behind the event
loop (0) and the password checks (5, ``popote.server.identities``), whose people wait at a
form, while a search is bounded by its time and only thinks a little less."""
QUICK_NICENESS = 10
"""The cheap levels' worker: behind the password checks, ahead of the searches."""
REVIEW_NICENESS = 19
"""The reviews' workers: the lowest priority there is, behind every bot's search, so that
a review never slows a move; they run when the machine has nothing better to do."""
QUICK_LEVELS = frozenset({"random", "facile", "moyen", "appris"})
"""Levels that answer in milliseconds (no search): never queued behind one."""
_PR_SET_PDEATHSIG = 1
_worlds: OrderedDict[tuple[str, int, str], tuple[Match, Bot, float | None]] = OrderedDict()
"""Each worker's last matches rebuilt, with their bot and its level's own time limit."""


def think(
    table: str, record: dict[str, Any], seat: int, level: str, limit: float | None = None
) -> dict[str, Any]:
    """The action the bot of ``level`` at ``seat`` plays in the match ``record`` describes;
    a search stops after ``limit`` seconds (None: its level's own limit)."""
    match, bot, own_limit = _world(table, record, seat, level)
    for entry in record["history"][len(match.history) :]:
        events = match.act(entry["seat"], entry["action"])
        seen = visible_events(events, seat)
        if seen:
            bot.observe(seen)
    if isinstance(bot, SearchBot):
        bot.time_limit = own_limit if limit is None else limit
    return dict(bot.choose(match))


def _world(
    table: str, record: dict[str, Any], seat: int, level: str
) -> tuple[Match, Bot, float | None]:
    key = (table, seat, level)
    kept = _worlds.pop(key, None)
    if kept is None or len(kept[0].history) > len(record["history"]):
        match = popote.new_match(
            record["game"], record["players"], record["seed"], record["options"]
        )
        bot = make_bot(level, match.game, seat, record["seed"] + seat, timed=True)
        bot.observe(match.events(seat))
        kept = (match, bot, getattr(bot, "time_limit", None))
    _worlds[key] = kept
    while len(_worlds) > _KEPT_MATCHES:
        _worlds.popitem(last=False)
    return kept


class FairQueue(Generic[T]):
    """Who thinks next when one of ``slots`` workers is free. Each item belongs to an
    identity (``owner``: the table's creator pays for its bots) and a table. The identity
    with the fewest items running goes first, then the one that used the fewest seconds
    since it was last idle; within an identity its tables take turns, within a table first
    come first served."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self._waiting: dict[int, OrderedDict[str, deque[T]]] = {}
        self._running: Counter[int] = Counter()
        self._used: dict[int, float] = {}

    @property
    def running(self) -> int:
        return self._running.total()

    @property
    def waiting(self) -> int:
        return sum(len(q) for tables in self._waiting.values() for q in tables.values())

    def push(self, owner: int, table: str, item: T) -> None:
        self._waiting.setdefault(owner, OrderedDict()).setdefault(table, deque()).append(item)
        self._used.setdefault(owner, 0.0)

    def pop(self) -> tuple[int, T] | None:
        """The next item to run, or None while every slot is busy or nothing waits."""
        if not self._waiting or self.running >= self.slots:
            return None
        owner = min(self._waiting, key=lambda o: (self._running[o], self._used[o]))
        tables = self._waiting[owner]
        table, items = next(iter(tables.items()))
        item = items.popleft()
        tables.move_to_end(table)  # its other tables come first next time
        if not items:
            del tables[table]
        if not tables:
            del self._waiting[owner]
        self._running[owner] += 1
        return owner, item

    def finish(self, owner: int, seconds: float) -> None:
        """An item of ``owner`` ran for ``seconds``; an identity idle again starts afresh."""
        self._running[owner] -= 1
        self._used[owner] += seconds
        if self._running[owner] <= 0 and owner not in self._waiting:
            del self._running[owner]
            del self._used[owner]


TABLE_BUDGET = 5.0
"""The most seconds the bots at a table with people think, all together, between two
decisions of a person: what that person waits for them, whatever their level and number."""
THINKING_FLOOR = 0.2
"""The least a search is given while its table's budget still holds it: a couple of hundred
iterations, so that a bot many decisions away from the person's turn still searches."""


@dataclass
class _Wait:
    """One person's wait: the bots' decisions since that person last decided."""

    expected: int
    """Bot decisions likely before the person decides again: as many as in the last wait."""
    since: float
    """When it began (by the budget's clock): a search pays it its seconds after that."""
    spent: float = 0.0
    started: int = 0


@dataclass(frozen=True)
class Grant:
    """The seconds given to one bot's search, and when it was asked."""

    seconds: float
    asked: float


class ThinkingBudget:
    """The bots' thinking at one table with people, bounded between two decisions of a
    person. Each person waiting has ``total`` seconds to share among the bot decisions
    likely before their next decision (as many as last time); a search gets its share of
    what is left, at least ``floor`` while that much is left, never more than its level's
    limit nor than what is left once the searches still running are counted. It pays the
    seconds by ``clock`` from its question until its move is played, as the person waited
    them (a worker to wait for, storing and sending the move included; a quick answer
    leaves the rest to the next bots). The worst wait pays for all, so every person's wait
    stays within ``total``. No person: no bound here (each level keeps its own limit)."""

    def __init__(
        self,
        total: float = TABLE_BUDGET,
        floor: float = THINKING_FLOOR,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.floor = floor
        self.clock = clock
        self._waits: dict[int, _Wait] = {}
        self._reserved = 0.0
        """Seconds granted to the searches still running."""

    def waiting(self, people: Iterable[int], bots: int) -> None:
        """The seats of the people at the table now; one just come expects ``bots`` bot
        decisions before their next decision."""
        present = set(people)
        for seat in [seat for seat in self._waits if seat not in present]:
            del self._waits[seat]
        for seat in present:
            if seat not in self._waits:
                self._waits[seat] = _Wait(max(1, bots), self.clock())

    def decided(self, seat: int) -> None:
        """``seat`` decided: its person's wait starts again, with the whole budget."""
        wait = self._waits.get(seat)
        if wait is not None:
            self._waits[seat] = _Wait(max(1, wait.started), self.clock())

    def grant(self, limit: float) -> Grant | None:
        """The seconds for one search whose level allows ``limit``; None without people."""
        if not self._waits:
            return None
        seconds = limit
        for wait in self._waits.values():
            left = max(0.0, self.total - wait.spent - self._reserved)
            share = left / max(1, wait.expected - wait.started)
            seconds = min(seconds, left, max(self.floor, share))
            wait.started += 1
        self._reserved += seconds
        return Grant(seconds, self.clock())

    def answered(self, grant: Grant) -> None:
        """The search ``grant`` was for answered and its move was played: each wait pays
        the seconds it took since that wait began (a window's bot still thinking when the person answered the window
        makes the person's next wait longer)."""
        now = self.clock()
        self._reserved = max(0.0, self._reserved - grant.seconds)
        for wait in self._waits.values():
            wait.spent += max(0.0, now - max(grant.asked, wait.since))


Work = Callable[..., dict[str, Any]]
"""What a worker runs (a function of the module level, whose arguments pickle)."""
Answer = asyncio.Future[dict[str, Any]]
Task = tuple[Work, tuple[Any, ...], Callable[[], None] | None]
"""A function, its arguments, and what to call when a worker starts it."""
Job = tuple[Task, Answer]


class Lane:
    """Worker processes for some levels, fed by a :class:`FairQueue` one job per worker,
    so that the queue's order is the order they run in."""

    def __init__(self, workers: int, niceness: int) -> None:
        self.queue: FairQueue[Job] = FairQueue(max(1, workers))
        self._niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    async def ask(
        self,
        owner: int,
        table: str,
        record: dict[str, Any],
        seat: int,
        level: str,
        limit: float | None = None,
    ) -> dict[str, Any]:
        return await self.run(owner, table, think, (table, record, seat, level, limit))

    async def run(
        self,
        owner: int,
        table: str,
        work: Work,
        args: tuple[Any, ...],
        started: Callable[[], None] | None = None,
    ) -> dict[str, Any]:
        """``work(*args)`` in a worker, in its turn among ``owner``'s and the others'
        (``started`` is called when a worker takes it)."""
        answer: Answer = asyncio.get_running_loop().create_future()
        self.queue.push(owner, table, ((work, args, started), answer))
        self._dispatch()
        return await answer

    def _dispatch(self) -> None:
        while not self._closed and (job := self.queue.pop()) is not None:
            owner, (task, answer) = job
            if answer.done():  # its table let it go while it waited
                self.queue.finish(owner, 0.0)
                continue
            running = asyncio.get_running_loop().create_task(self._run(owner, task, answer))
            self._tasks.add(running)
            running.add_done_callback(self._tasks.discard)

    async def _run(self, owner: int, task: Task, answer: Answer) -> None:
        started = time.monotonic()
        work, args, told = task
        try:
            if told is not None:
                told()
            result = await self._call(work, args)
        except Exception as error:  # the asking table logs it and plays on
            if not answer.done():
                answer.set_exception(error)
        else:
            if not answer.done():
                answer.set_result(result)
        finally:
            self.queue.finish(owner, time.monotonic() - started)
            self._dispatch()

    async def _call(self, work: Work, args: tuple[Any, ...]) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), work, *args)
        except BrokenProcessPool:
            self._pool = None
            return await loop.run_in_executor(self._executor(), work, *args)

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fork of a process running an event loop and threads may inherit locks.
            context = multiprocessing.get_context("spawn")
            # The workers yield the CPU to the event loop: a search that takes a little
            # longer is better than every table's clients waiting behind it.
            self._pool = ProcessPoolExecutor(
                self.queue.slots,
                mp_context=context,
                initializer=start_worker,
                initargs=(self._niceness, os.getpid()),
            )
        return self._pool

    def close(self) -> None:
        self._closed = True
        for task in self._tasks:
            task.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


class BotPool:
    """The bots' worker processes: one lane for the cheap levels, one for the searches (and
    the hints asked at tables, which a person waits for as for a bot), and one for the
    reviews of finished games, in processes of their own at the lowest priority: a bot's
    move never waits behind a review. Each started on first use and restarted if a worker
    dies."""

    def __init__(self, workers: int, review_workers: int = 1) -> None:
        self.quick = Lane(1, QUICK_NICENESS)
        self.search = Lane(workers, NICENESS)
        self.reviews = Lane(review_workers, REVIEW_NICENESS)

    async def choose(
        self,
        owner: int,
        table: str,
        record: dict[str, Any],
        seat: int,
        level: str,
        limit: float | None = None,
    ) -> dict[str, Any]:
        """What the bot of ``level`` plays; a search thinks at most ``limit`` seconds (None:
        its level's own limit, :data:`popote.bots.registry.THINKING_SECONDS`)."""
        lane = self.quick if level in QUICK_LEVELS else self.search
        with BOT_SECONDS.labels(level).time():
            return await lane.ask(owner, table, record, seat, level, limit)

    async def hint(
        self, owner: int, table: str, record: dict[str, Any], seat: int, names: list[str]
    ) -> dict[str, Any]:
        """What ``difficile`` would play at ``seat`` now, and why (``Hint.as_json``), paid
        by ``owner``, the identity that asked; its seed is the table's plus the seat's, as
        the bot's there."""
        args = (record, seat, record["seed"] + seat, names)
        return await self.search.run(owner, table, hint_json, args)

    async def review(
        self,
        owner: int,
        table: str,
        record: dict[str, Any],
        seat: int,
        budget: tuple[int, int],
        started: Callable[[], None] | None = None,
    ) -> dict[str, Any]:
        """The review of ``seat`` in the finished ``record`` (``GameReview.as_json``) with
        ``budget`` (worlds, seed), behind every bot; ``started`` when a worker takes it."""
        args = (record, seat, *budget)
        return await self.reviews.run(owner, table, review_json, args, started)

    def close(self) -> None:
        self.quick.close()
        self.search.close()
        self.reviews.close()


def start_worker(niceness: int, server: int) -> None:
    """In each new worker: a lower priority, and death with the server."""
    os.nice(niceness)
    die_with_parent()
    if os.getppid() != server:  # the server died before the line above took effect
        os._exit(1)


def die_with_parent() -> None:
    """Ask the kernel to kill this process when its parent dies (Linux), else watch the
    parent from a thread."""
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
            return
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
