"""Turn-based tables (issue 46): what an idle table costs in memory, and how long after a
move on one the next player's e-mail is queued.

Everything runs in this one process, through the server's own ``Hub`` and ``Store`` (no
HTTP, no client: the figures are the server's), on SQLite (a file in a temporary folder)
and on PostgreSQL (``--postgresql``, a fresh schema dropped at the end). The e-mail
listener is registered as ``popote serve`` registers it (``popote.server.mail.Mail``); no
mail server is given, so messages stay queued in the outbox, which is what is timed.

1. ``--people`` registered identities (written straight into the database: setup).
2. ``--templates`` two-seat tables of Les Pieds dans le Plat with the clock ``days-1``, both
   seats people from that pool, no bots, made by the hub (``hub.create``, ``hub.join``,
   ``hub.start``), ``--moves`` random legal moves played (``LiveTable.submit``: so that a
   rebuild replays a log, not an empty one), then let rest (``hub.rest``). Playing 10,000
   tables so, one database transaction after another, would take more than an hour on a
   loaded machine: ``--tables`` copies of these templates (the table's row with a new id,
   code and two people, its log, its deadline row) are written straight into the database.
3. Every table is rebuilt and kept in memory (``hub.table``, as a connection or a move
   would), then every table is let rest again (``hub.rest``). The memory each step adds,
   over the tables, is what a **held table** and an **idle (resting) table** cost: the
   bytes Python allocated and still holds (``tracemalloc``: exact), the objects the
   garbage collector tracks, and the process's resident set (``VmRSS``: what the system
   sees, SQLite's own caches included; it does not shrink when Python frees memory, so
   for a resting table it is an upper bound).
4. Once all rest, each person's address is confirmed with the choice ``each``
   (``popote_mail_accounts`` rows written directly: setup). For ``--actions`` resting
   tables drawn at random, one at a time: the time to rebuild the table from its log
   (``hub.table``), then from ``LiveTable.submit`` of a random legal move by the seat to
   act to the moment the next player's ``turn`` message is in the outbox (a listener
   appended to ``hub.on_your_turn`` after the mail's records the clock; the row is looked
   for afterwards). The time to draw the move is left out. The table rests again after.

Memory is read after a full garbage collection; a figure per table is the growth divided by
the tables. Targets (issue 46): at most 20 KB per idle table, p99 at most 100 ms.

Run: ``python -m benchmarks.turn_based`` (``--tables 10000 --actions 300 --moves 20
--db sqlite|postgresql|both --json -``). Figures: ``benchmarks/README.md``, "Turn-based
tables".
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import platform
import random
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event, func, insert, select

from benchmarks.figures import emit
from benchmarks.server_load.processes import fresh_schema
from popote.core.errors import PopoteError
from popote.server.auth import new_token, token_hash
from popote.server.codes import new_code
from popote.server.hub import Hub, TableRequest
from popote.server.live import LiveTable
from popote.server.mail import Mail
from popote.server.mailconf import MailSettings
from popote.server.mailrows import MailAccount, OutboxRow
from popote.server.models import ActionRow, DeadlineRow, User
from popote.server.models import Table as TableRow
from popote.server.names import login_key
from popote.server.quotas import Quotas
from popote.server.settings import Settings
from popote.server.store import Store
from popote.server.turns import Waiting

GAME = "pieds-dans-le-plat"
CLOCK = "days-1"
POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
IDLE_TARGET_KB = 20.0
P99_TARGET_MS = 100.0
NO_QUOTAS = Quotas(
    identities_per_ip=0,
    login_failures_per_name_and_ip=0,
    login_failures_per_name=0,
    login_attempts_per_ip=0,
    open_tables_per_identity=0,
)


class Quiet:
    """A reply nobody reads; an action refused here would be a bug of the benchmark."""

    def ack(self, action_id: str | None, index: int, duplicate: bool) -> None:
        """The action went in."""

    def refused(self, error: PopoteError, code: str, action_id: str | None) -> None:
        raise RuntimeError(f"action refused: {code}: {error}")


QUIET = Quiet()


def memory() -> dict[str, int]:
    """After a full collection: the resident set in bytes, the bytes Python allocated and
    still holds since ``tracemalloc`` started (exact, but blind to what C libraries such
    as SQLite allocate themselves), and the objects the garbage collector tracks."""
    gc.collect()
    rss = 0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) * 1024
    traced = tracemalloc.get_traced_memory()[0]
    return {"rss": rss, "traced": traced, "objects": len(gc.get_objects())}


def per_table(before: dict[str, int], after: dict[str, int], tables: int) -> dict[str, float]:
    return {
        "kb": (after["rss"] - before["rss"]) / 1024 / tables,
        "traced_kb": (after["traced"] - before["traced"]) / 1024 / tables,
        "objects": (after["objects"] - before["objects"]) / tables,
    }


def progress(database: str, what: str, since: float) -> None:
    print(f"{database}: {what} ({time.perf_counter() - since:.0f} s)", file=sys.stderr, flush=True)


def people(store: Store, count: int) -> list[User]:
    """``count`` registered identities (no password: nobody logs in here)."""
    found = []
    for index in range(count):
        name = f"Joueuse {index}"
        user = User(name=name, login=login_key(name), token_hash=token_hash(new_token()))
        found.append(store.add_user(user))
    return found


def play(table: LiveTable, moves: int, choose: random.Random) -> None:
    """``moves`` random legal moves, each by the seat to act, as its person would."""
    for number in range(moves):
        match = table.match
        if match is None or match.over:
            return
        seat = match.to_act[0]
        action = choose.choice(match.legal_actions(seat))
        table.submit(seat, action, f"m{number}", False, QUIET)


def new_table(hub: Hub, pair: Sequence[User], moves: int, choose: random.Random) -> str | None:
    """A started turn-based duel of ``pair`` with ``moves`` played, left resting; None if
    the game ended within those moves (a short deal)."""
    request = TableRequest(game=GAME, players=2, clock=CLOCK)
    table, _ = hub.create(pair[0], request)
    hub.join(pair[1], table, None)
    hub.start(pair[0], table)
    play(table, moves, choose)
    if table.row.state != "playing":
        return None
    hub.rest(table)
    return table.id


def confirm_all(store: Store, users: Sequence[User]) -> None:
    """Every person's address confirmed, each move mailed (what the settings page does)."""
    with store.engine.begin() as connection:
        connection.execute(
            insert(MailAccount),
            [
                {
                    "user_id": user.id,
                    "address": f"joueuse{user.id}@example.org",
                    "address_key": f"joueuse{user.id}@example.org",
                    "confirmed": True,
                    "choice": "each",
                }
                for user in users
            ],
        )


def queued_turns(store: Store, table_id: str) -> int:
    with store.engine.connect() as connection:
        query = select(func.count()).where(
            OutboxRow.kind == "turn", OutboxRow.dedup.like(f"turn:{table_id}:%")
        )
        return int(connection.scalar(query) or 0)


class Stamps:
    """``hub.on_your_turn``'s last listener: when each notification was queued, and how
    many statements and transactions the database had been sent since ``reset`` (exact
    where the times are noisy: what a change to the server saves in round trips)."""

    def __init__(self, engine: Engine) -> None:
        self.last: tuple[float, int, int] | None = None
        self.sent = {"statements": 0, "transactions": 0}
        event.listen(engine, "before_cursor_execute", lambda *_: self._count("statements"))
        event.listen(engine, "commit", lambda *_: self._count("transactions"))

    def _count(self, kind: str) -> None:
        self.sent[kind] += 1

    def reset(self) -> None:
        self.last = None
        self.sent = dict.fromkeys(self.sent, 0)

    def __call__(self, waiting: Waiting) -> None:
        self.last = (time.perf_counter(), self.sent["statements"], self.sent["transactions"])


def time_action(
    hub: Hub, table_id: str, owner: User, stamps: Stamps, choose: random.Random
) -> tuple[float, float, int, int] | None:
    """Seconds to rebuild the resting table, and from the move to the next player's mail
    queued, and the statements and transactions sent meanwhile; None if the move ended the
    game (nobody is next)."""
    stamps.reset()
    start = time.perf_counter()
    table = hub.table(table_id, owner)
    rebuilt = time.perf_counter()
    match = table.match
    assert match is not None and not match.over
    seat = match.to_act[0]
    action = choose.choice(match.legal_actions(seat))
    moved = time.perf_counter()
    table.submit(seat, action, "timed", False, QUIET)
    heard = stamps.last
    if table.id in hub.tables:
        hub.rest(table)
    if heard is None:
        return None
    if queued_turns(hub.store, table_id) != 1:
        raise RuntimeError(f"no turn message queued for table {table_id}")
    return rebuilt - start, heard[0] - moved, heard[1], heard[2]


def percentiles(seconds: Sequence[float]) -> dict[str, float]:
    ordered = sorted(seconds)

    def at(share: float) -> float:
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]

    return {
        "p50_ms": at(0.5) * 1000,
        "p99_ms": at(0.99) * 1000,
        "max_ms": ordered[-1] * 1000,
        "mean_ms": statistics.fmean(ordered) * 1000,
    }


def copies(
    store: Store, templates: Sequence[str], pool: Sequence[User], count: int, choose: random.Random
) -> dict[str, User]:
    """``count`` tables written straight into the database, each a copy of a template
    (its row, its log and its deadline) seated by two people drawn from ``pool``: the
    owner of each."""
    codes: set[str] = set()
    owners: dict[str, User] = {}
    rows: dict[str, list[dict[str, Any]]] = {"tables": [], "actions": [], "deadlines": []}
    stored = [(store.table(table_id), store.deadlines_of_table(table_id)) for table_id in templates]
    for number in range(count):
        template, deadlines = stored[number % len(stored)]
        assert template is not None
        row, actions = template
        pair = choose.sample(list(pool), 2)
        people = {seat["user"]: pair[index].id for index, seat in enumerate(row.seats)}
        while (code := new_code()) in codes:
            pass
        codes.add(code)
        table_id = secrets.token_urlsafe(9)
        seats = [{**seat, "user": people[seat["user"]]} for seat in row.seats]
        rows["tables"].append(
            {**columns(row), "id": table_id, "code": code, "seats": seats, "owner": pair[0].id}
        )
        rows["actions"] += [{**columns(action), "table_id": table_id} for action in actions]
        rows["deadlines"] += [
            {**columns(deadline), "table_id": table_id, "user_id": people[deadline.user_id]}
            for deadline in deadlines
        ]
        owners[table_id] = pair[0]
    kinds = {"tables": TableRow, "actions": ActionRow, "deadlines": DeadlineRow}
    with store.engine.begin() as connection:
        for kind, model in kinds.items():
            for first in range(0, len(rows[kind]), 2000):
                connection.execute(insert(model), rows[kind][first : first + 2000])
    return owners


def columns(row: Any) -> dict[str, Any]:
    """A row's columns by name but its id (a copy gets its own)."""
    return {
        column.key: getattr(row, column.key)
        for column in row.__table__.columns
        if column.key != "id"
    }


async def setup(
    hub: Hub, options: argparse.Namespace, choose: random.Random
) -> tuple[list[User], dict[str, User]]:
    """The people, the templates played through the hub, and their copies: the people and
    each table's owner, every table resting."""
    pool = people(hub.store, options.people)
    templates: list[str] = []
    while len(templates) < options.templates:
        made = new_table(hub, choose.sample(pool, 2), options.moves, choose)
        if made is not None:
            templates.append(made)
        await asyncio.sleep(0)  # the hub's own tasks (its deadline watch) get their turn
    return pool, copies(hub.store, templates, pool, options.tables, choose)


async def memory_figures(hub: Hub, owners: dict[str, User], trace: bool) -> dict[str, Any]:
    """Every table rebuilt and held, then let rest: what a held and a resting table cost.
    Python's figure is exact both ways; the resident set only grows (memory freed stays
    with the allocator), so its figure for a resting table is an upper bound. Without
    ``trace``, Python's figure is 0 and the resident set is free of ``tracemalloc``'s own
    records (some 10 KB a held table)."""
    if trace:
        tracemalloc.start()
    try:
        start = memory()
        for number, (table_id, owner) in enumerate(owners.items()):
            hub.table(table_id, owner)
            if number % 100 == 99:
                await asyncio.sleep(0)  # the hub's own tasks get their turn
        held = memory()
        for table in list(hub.tables.values()):
            hub.rest(table)
        resting = memory()
    finally:
        tracemalloc.stop()
    idle = per_table(start, resting, len(owners))
    kept = per_table(start, held, len(owners))
    return {
        "memory_mib": {
            name: found["rss"] / 2**20
            for name, found in (("start", start), ("held", held), ("resting", resting))
        },
        "idle_table": idle,
        "held_table": kept,
        "held_over_idle": kept["traced_kb"] / idle["traced_kb"] if idle["traced_kb"] > 0 else None,
        "idle_target_met": (idle["traced_kb"] if trace else idle["kb"]) <= IDLE_TARGET_KB,
    }


async def latency_figures(
    hub: Hub, owners: dict[str, User], actions: int, choose: random.Random
) -> dict[str, Any]:
    """``actions`` moves, each on a resting table drawn at random, timed to the mail."""
    stamps = Stamps(hub.store.engine)
    hub.on_your_turn.append(stamps)
    rebuilds, queued, statements, transactions = [], [], [], []
    for table_id in choose.sample(list(owners), min(actions, len(owners))):
        found = time_action(hub, table_id, owners[table_id], stamps, choose)
        await asyncio.sleep(0)
        if found is not None:
            rebuilds.append(found[0])
            queued.append(found[1])
            statements.append(found[2])
            transactions.append(found[3])
    totals = percentiles([rebuild + move for rebuild, move in zip(rebuilds, queued, strict=True)])
    return {
        "actions_timed": len(rebuilds),
        "rebuild": percentiles(rebuilds),
        "move_to_queued": percentiles(queued),
        "action_to_queued": totals,
        "statements_an_action": statistics.fmean(statements),
        "transactions_an_action": statistics.fmean(transactions),
        "p99_target_met": totals["p99_ms"] <= P99_TARGET_MS,
    }


async def measure(url: str, options: argparse.Namespace) -> dict[str, Any]:
    """Every figure for one database (``url``)."""
    choose = random.Random(options.seed)
    store = Store(url)
    store.migrate()
    name = store.engine.dialect.name
    hub = Hub(Settings(db=url, quotas=NO_QUOTAS, table_rest=3600.0), store)
    mail = Mail(hub, MailSettings(), lambda: "http://127.0.0.1")
    await hub.launch()
    mail.start()
    try:
        began = time.perf_counter()
        pool, owners = await setup(hub, options, choose)
        setup_s = time.perf_counter() - began
        progress(name, f"{len(owners)} tables made", began)
        figures = await memory_figures(hub, owners, options.tracemalloc)
        progress(name, "memory measured", began)
        confirm_all(store, pool)
        figures |= await latency_figures(hub, owners, options.actions, choose)
        progress(name, "actions timed", began)
        return {"database": name, "setup_s": setup_s, **figures}
    finally:
        await mail.stop()
        await hub.shutdown()


def databases(choice: str, data: Path, stack: ExitStack, postgresql: str) -> Iterator[str]:
    if choice in ("sqlite", "both"):
        yield f"sqlite:///{data / 'popote.db'}"
    if choice in ("postgresql", "both"):
        yield stack.enter_context(fresh_schema(postgresql))


def commit() -> str:
    found = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    return found.stdout.strip() or "unknown"


def run(options: argparse.Namespace) -> dict[str, Any]:
    figures: dict[str, Any] = {
        "game": GAME,
        "clock": CLOCK,
        "tables": options.tables,
        "moves": options.moves,
        "people": options.people,
        "tracemalloc": options.tracemalloc,
        "actions": options.actions,
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"load {os.getloadavg()[0]:.1f}, Python {platform.python_version()}, plain build",
        "commit": commit(),
        "targets": {"idle_table_kb": IDLE_TARGET_KB, "p99_ms": P99_TARGET_MS},
        "databases": [],
    }
    with tempfile.TemporaryDirectory(prefix="popote-turns-") as data, ExitStack() as stack:
        for url in databases(options.db, Path(data), stack, options.postgresql):
            figures["databases"].append(asyncio.run(measure(url, options)))
    return figures


def report(figures: dict[str, Any]) -> None:
    print(
        f"{figures['tables']} turn-based tables of {figures['game']} ({figures['clock']}, 2 "
        f"people, {figures['moves']} moves played before resting), {figures['people']} people; "
        f"{figures['machine']}; commit {figures['commit']}"
    )
    for row in figures["databases"]:
        idle, held = row["idle_table"], row["held_table"]
        ratio = row["held_over_idle"]
        print(
            f"{row['database']}: setup {row['setup_s']:.0f} s; an idle table {_kb(idle)} "
            f"(target ≤ {IDLE_TARGET_KB:.0f} KB: {_met(row['idle_target_met'])}); a held table "
            f"{_kb(held)}" + (f", {ratio:.0f} times more" if ratio is not None else "")
        )
        for name in ("rebuild", "move_to_queued", "action_to_queued"):
            found = row[name]
            print(
                f"  {name.replace('_', ' ')}, {row['actions_timed']} actions: p50 "
                f"{found['p50_ms']:.1f} ms, p99 {found['p99_ms']:.1f} ms, max "
                f"{found['max_ms']:.1f} ms"
            )
        print(
            f"  p99 target ≤ {P99_TARGET_MS:.0f} ms: {_met(row['p99_target_met'])}; the database "
            f"sent {row['statements_an_action']:.1f} statements in "
            f"{row['transactions_an_action']:.1f} transactions an action"
        )


def _kb(table: dict[str, float]) -> str:
    return (
        f"{table['kb']:.2f} KB resident, {table['traced_kb']:.2f} KB held by Python, "
        f"{table['objects']:.1f} objects"
    )


def _met(met: bool) -> str:
    return "met" if met else "NOT met"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--actions", type=int, default=300, help="actions timed (300)")
    parser.add_argument("--moves", type=int, default=20, help="moves before a table rests (20)")
    parser.add_argument(
        "--templates", type=int, default=20, help="tables played through the hub and copied (20)"
    )
    parser.add_argument("--people", type=int, default=300, help="identities seated (300)")
    parser.add_argument("--db", choices=("sqlite", "postgresql", "both"), default="both")
    parser.add_argument("--postgresql", default=POSTGRES_URL, help="the database for a schema")
    parser.add_argument(
        "--no-tracemalloc",
        dest="tracemalloc",
        action="store_false",
        help="leave Python's exact count out (the resident set then lacks its records)",
    )
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--json", metavar="FILE", help="also write the figures there (- : only)")
    emit(run(parser.parse_args(argv)), parser.parse_args(argv).json, report)


if __name__ == "__main__":
    main()
