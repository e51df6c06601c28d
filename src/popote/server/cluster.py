"""Several ``popote serve`` processes sharing one PostgreSQL database and one Redis.

**Ownership.** Each unfinished table has one owner: the process holding the table's
PostgreSQL advisory lock (a session lock, taken on a connection the process keeps for that
alone). Only the owner applies the table's actions, runs its clocks and bots and numbers
what each identity is sent. PostgreSQL releases a process's locks as soon as that connection
ends (the process died, or the database restarted), and every process looks once a second
for unfinished tables whose lock nobody holds, and takes them over from the action log.
The lock only decides who works; what keeps the log right is the log itself: an action's
place is unique (``uq_popote_actions_table_index``), so a process that still believes it
owns a table another one has taken over cannot write there. Its write fails, and it lets
the table go.

**Messages.** Each process listens on its own Redis channel. A client may be connected to
any process: that process forwards the client's messages to the owner, which answers them
as it answers its own clients (a :class:`RemoteOutlet` stands for the connection in the
table's feeds) and publishes what the client must receive on that process's channel, in
order. HTTP calls about a table are forwarded the same way. Lobby messages go to every
process. Presence: each process keeps a key alive in Redis and publishes how many
spectators each of its tables has. When an identity's token changes, the process that
changed it tells every other one, which ends its sockets of the old token.

**Faults.** Without Redis a process applies nothing (clients get ``unavailable``); when
Redis is back, every relayed connection is closed, so its client reconnects and gets what
it missed. When the database connection that holds the locks is lost, the process lets
every table go; once the database is back, the tables are taken again from the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

import redis.asyncio as aioredis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import RedisError
from sqlalchemy import Connection, create_engine, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

from popote.server.errors import unavailable
from popote.server.feeds import Feed, Message, Outlet, encode
from popote.server.lobby import Lobby
from popote.server.metrics import store_error
from popote.server.store import Store

log = logging.getLogger("popote.server")

SWEEP = 1.0
"""Seconds between two looks for tables without an owner (and two heartbeats)."""
ALIVE = 5
"""Seconds a process's heartbeat key outlives its last renewal."""
REQUEST_WAIT = 10.0
RESTART = 1012
"""WebSocket close code "service restart": the client reconnects (to any process)."""
TRY_AGAIN = 1013
"""WebSocket close code "try again later": a store is away."""
RETRY = 0.3


class Owned(Protocol):
    """A table this process owns, as the cluster sees it (a ``LiveTable``: the cluster sits
    below the hub and its tables, and never imports them)."""

    @property
    def id(self) -> str: ...

    @property
    def spectators(self) -> Collection[int]: ...

    def wake_bots(self) -> None: ...

    def disconnect(self, user_id: int, connection: Outlet) -> None: ...


T = TypeVar("T", bound=Owned)


class Host(Protocol[T]):
    """What the cluster reads and asks of the hub around it."""

    @property
    def store(self) -> Store: ...

    @property
    def lobby(self) -> Lobby: ...

    @property
    def tables(self) -> Mapping[str, T]: ...

    def adopt(self, table_id: str) -> object: ...

    def drop(self, table: T) -> None: ...

    def end_stale_sockets(self, user_ids: list[int] | None = None) -> None: ...


Handler = Callable[[Any, dict[str, Any]], None]
"""A message kind's handler, given the hub (whose type the cluster, below it, does not
name) and the message."""

_HOLDERS = """
SELECT l.classid::bigint, l.objid::bigint, a.application_name
FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
WHERE l.locktype = 'advisory' AND l.objsubid = 1 AND l.granted
  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
"""
HOLDERS = text(_HOLDERS)
HOLDER = text(_HOLDERS + " AND l.classid::bigint = :high AND l.objid::bigint = :low")


def lock_key(table_id: str) -> int:
    """The table's advisory lock: 64 bits of a hash of its id."""
    digest = hashlib.sha256(f"popote table {table_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _halves(key: int) -> tuple[int, int]:
    """How ``pg_locks`` shows a bigint key: its high and low 32 bits (unsigned)."""
    unsigned = key & 0xFFFF_FFFF_FFFF_FFFF
    return unsigned >> 32, unsigned & 0xFFFF_FFFF


class RemoteOutlet:
    """At a table's owner: a client connected to another process, reached through Redis."""

    def __init__(self, cluster: Cluster[Any], node: str, conn: str) -> None:
        self.cluster = cluster
        self.node = node
        self.conn = conn

    def send(self, text: str, seq: int, snapshot: bool = False) -> None:
        # The message's text is put in the envelope as it is, not decoded to be encoded again
        # (the process holding the socket tells a snapshot by its type).
        envelope = json.dumps({"kind": "send", "conn": self.conn})
        self.cluster.post_text(self.node, f'{envelope[:-1]}, "message": {text}}}')

    def close(self, code: int = 1000) -> None:
        self.cluster.post(self.node, {"kind": "close", "conn": self.conn, "code": code})


@dataclass
class Link:
    """At the process a client is connected to: the table's owner it is relayed to."""

    table: str
    owner: str
    outlet: Outlet
    feed: Feed
    """Numbers this process's own answers (errors) like the owner's last message."""
    answered: asyncio.Event
    """Set by the owner's first message: an opening lost on the way is given up."""


@dataclass
class Attached:
    """At the owner: a client relayed from another process, and how its messages are met."""

    table: Owned
    user_id: int
    outlet: RemoteOutlet
    answer: Callable[[Message], None]


class Cluster(Generic[T]):
    """This process's part in a group of processes sharing a database and a Redis."""

    def __init__(self, hub: Host[T], redis_url: str, db_url: str) -> None:
        self.hub = hub
        self.node = secrets.token_hex(6)
        # Processes on the same database form one group, whatever else uses that Redis.
        self._prefix = "popote:" + hashlib.sha256(db_url.encode()).hexdigest()[:12]
        self._redis = aioredis.Redis.from_url(
            redis_url, decode_responses=True, retry=Retry(NoBackoff(), 0), socket_connect_timeout=2
        )
        self._engine = create_engine(
            db_url,
            poolclass=NullPool,
            isolation_level="AUTOCOMMIT",
            connect_args={"application_name": f"popote {self.node}"},
        )
        self._locks: Connection | None = None
        self.locked: set[str] = set()
        self.redis_ok = False
        self._connected_once = False
        self.handlers: dict[str, Handler] = {}
        self.links: dict[str, Link] = {}
        self.attached: dict[tuple[str, str], Attached] = {}
        self._outbox: asyncio.Queue[tuple[str, str, str]] = asyncio.Queue()
        """Redis commands in order: ``("publish", channel, data)`` or ``("hdel", key, field)``."""
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._missing: set[str] = set()
        """Processes whose heartbeat was missing at the last look (gone if still missing)."""

    # --- start and stop ------------------------------------------------------------

    async def start(self) -> None:
        self.sweep_tables()
        with contextlib.suppress(RedisError, OSError):
            await self._presence()
        for work in (self._listen, self._publish, self._sweep_forever):
            self._tasks.append(asyncio.get_running_loop().create_task(work()))

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        with contextlib.suppress(RedisError, OSError):
            await self._redis.delete(self._key("alive", self.node))
        await self._redis.aclose()
        self._forget_locks()
        self._engine.dispose()

    def _key(self, *parts: str) -> str:
        return ":".join((self._prefix, *parts))

    # --- ownership -------------------------------------------------------------------

    def lock(self, table_id: str) -> bool:
        """Take the table's lock if nobody holds it (True if this process holds it now)."""
        if table_id in self.locked:
            return True
        got = self._database().execute(
            text("SELECT pg_try_advisory_lock(:key)"), {"key": lock_key(table_id)}
        )
        if got.scalar():
            self.locked.add(table_id)
            return True
        return False

    def unlock(self, table_id: str) -> None:
        if table_id in self.locked:
            self.locked.discard(table_id)
            with contextlib.suppress(SQLAlchemyError):
                self._database().execute(
                    text("SELECT pg_advisory_unlock(:key)"), {"key": lock_key(table_id)}
                )

    def owner_of(self, table_id: str) -> str | None:
        """The process holding the table's lock, if any."""
        high, low = _halves(lock_key(table_id))
        row = self._database().execute(HOLDER, {"high": high, "low": low}).first()
        return None if row is None else _node_of(row[2])

    def route(self, table_id: str) -> str | None:
        """The other process that owns ``table_id``, or None when it is met here (this
        process owns it, nobody does yet, or it is over)."""
        if table_id in self.hub.tables:
            return None
        owner = self.owner_of(table_id[:64])
        return None if owner in (None, self.node) else owner

    def announce(self, table_id: str) -> None:
        """Say that this process owns ``table_id`` now: relays to another owner close."""
        self.broadcast({"kind": "owner", "table": table_id, "owner": self.node})

    def release(self, table: T) -> None:
        """The table left this process (over, or let go): its lock and relayed clients too."""
        for key, attached in list(self.attached.items()):
            if attached.table is table:
                del self.attached[key]
        self.unlock(table.id)
        self._outbox.put_nowait(("hdel", self._key("spectators"), table.id))

    def sweep_tables(self) -> None:
        """Take every unfinished table nobody holds; let every table go if the connection
        holding the locks is lost."""
        try:
            held = {(high, low) for high, low, _ in self._database().execute(HOLDERS).all()}
        except SQLAlchemyError:
            self._database_lost()
            return
        try:
            orphans = [
                table_id
                for table_id in self.hub.store.open_table_ids()
                if table_id not in self.hub.tables and _halves(lock_key(table_id)) not in held
            ]
        except SQLAlchemyError:
            return
        for table_id in orphans:
            self.hub.adopt(table_id)

    def _database(self) -> Connection:
        if self._locks is None:
            self._locks = self._engine.connect()
        return self._locks

    def _database_lost(self) -> None:
        if self._locks is not None or self.hub.tables:
            log.warning("database lost: every table is let go until it comes back")
        self._forget_locks()
        for table in list(self.hub.tables.values()):
            self.hub.drop(table)

    def _forget_locks(self) -> None:
        self.locked.clear()
        if self._locks is not None:
            with contextlib.suppress(Exception):
                self._locks.invalidate()
                self._locks.close()
            self._locks = None

    # --- messages between processes -------------------------------------------------

    def post(self, node: str, message: dict[str, Any]) -> None:
        """Send ``message`` to process ``node`` (after everything posted before it)."""
        self.post_text(node, json.dumps(message))

    def post_text(self, node: str, data: str) -> None:
        """:meth:`post` for a message already encoded."""
        self._outbox.put_nowait(("publish", self._key("node", node), data))

    def broadcast(self, message: dict[str, Any]) -> None:
        data = json.dumps({**message, "from": self.node})
        self._outbox.put_nowait(("publish", self._key("all"), data))

    def lobby(self, message: Message) -> None:
        """A lobby message for every other process's lobby feed."""
        self.broadcast({"kind": "lobby", "message": message})

    def sessions_changed(self, user_id: int) -> None:
        """Tell every other process that ``user_id``'s token changed: each ends the sockets
        it holds of the older ones (``popote.server.sessions``)."""
        self.broadcast({"kind": "sessions", "user": user_id})

    async def request(self, owner: str, message: dict[str, Any]) -> dict[str, Any]:
        """Ask process ``owner`` (an HTTP call about one of its tables) and wait for it."""
        if not self.redis_ok:
            raise unavailable()
        request = secrets.token_hex(8)
        future = asyncio.get_running_loop().create_future()
        self._waiting[request] = future
        self.post(owner, {**message, "kind": "http", "node": self.node, "request": request})
        try:
            return await asyncio.wait_for(future, REQUEST_WAIT)
        except TimeoutError:
            raise unavailable() from None
        finally:
            self._waiting.pop(request, None)

    def reply(self, node: str, request: str, answer: dict[str, Any]) -> None:
        self.post(node, {**answer, "kind": "reply", "request": request})

    # --- clients relayed to another process --------------------------------------------

    def link(self, owner: str, table_id: str, outlet: Outlet, feed: Feed, hello: Message) -> str:
        """Relay a client of this process to the table's owner; returns the link's id."""
        if not self.redis_ok:
            raise unavailable()
        conn = secrets.token_hex(8)
        self.links[conn] = Link(table_id, owner, outlet, feed, asyncio.Event())
        self.post(
            owner,
            {"kind": "attach", "node": self.node, "conn": conn, "table": table_id, **hello},
        )
        return conn

    async def opened(self, conn: str) -> None:
        """Close a relayed connection whose owner does not answer its opening (lost with
        Redis, or the owner is gone): the client tries again."""
        link = self.links.get(conn)
        if link is None:
            return
        try:
            await asyncio.wait_for(link.answered.wait(), REQUEST_WAIT)
        except TimeoutError:
            self._close_link(conn, TRY_AGAIN)

    def forward(self, conn: str, message: Message) -> None:
        link = self.links.get(conn)
        if link is None or not self.redis_ok:
            raise unavailable()
        self.post(link.owner, {"kind": "msg", "node": self.node, "conn": conn, "message": message})

    def unlink(self, conn: str) -> None:
        link = self.links.pop(conn, None)
        if link is not None:
            self.post(link.owner, {"kind": "detach", "node": self.node, "conn": conn})

    def _detach(self, key: tuple[str, str]) -> None:
        attached = self.attached.pop(key, None)
        if attached is not None:
            attached.table.disconnect(attached.user_id, attached.outlet)

    def _close_link(self, conn: str, code: int = RESTART) -> None:
        link = self.links.pop(conn, None)
        if link is not None:
            link.outlet.close(code)

    def _reset_relays(self) -> None:
        """After a Redis outage some relayed messages may be lost: every relayed client
        reconnects and gets what it missed."""
        for conn in list(self.links):
            self._close_link(conn)
        for key, attached in list(self.attached.items()):
            attached.outlet.close(RESTART)
            self._detach(key)

    # --- the loops -------------------------------------------------------------------

    def _receive(self, data: str) -> None:
        message = json.loads(data)
        kind = message.get("kind")
        conn = message.get("conn", "")
        if kind == "send":
            link = self.links.get(conn)
            if link is not None:
                link.answered.set()
                sent = message["message"]
                link.feed.seq = sent.get("seq", link.feed.seq)
                link.outlet.send(encode(sent), link.feed.seq, sent.get("type") == "snapshot")
        elif kind == "close":
            self._close_link(conn, message["code"])
        elif kind == "msg":
            attached = self.attached.get((message["node"], conn))
            if attached is None:  # this process let the table go: the client comes again
                self.post(message["node"], {"kind": "close", "conn": conn, "code": RESTART})
            else:
                attached.answer(message["message"])
        elif kind == "detach":
            self._detach((message["node"], conn))
        elif kind == "reply":
            future = self._waiting.get(message["request"])
            if future is not None and not future.done():
                future.set_result(message)
        elif kind == "owner":
            for linked, link in list(self.links.items()):
                if link.table == message["table"] and link.owner != message["owner"]:
                    self._close_link(linked)
        elif kind == "lobby":
            if message["from"] != self.node:
                self.hub.lobby.push(message["message"])
        elif kind == "sessions":
            if message["from"] != self.node:
                self.hub.end_stale_sockets([int(message["user"])])
        elif kind in self.handlers:
            self.handlers[kind](self.hub, message)

    async def _listen(self) -> None:
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(self._key("node", self.node), self._key("all"))
                await self._redis.set(self._key("alive", self.node), "1", ex=ALIVE)
                self._redis_back()
                while self.redis_ok:
                    item = await pubsub.get_message(ignore_subscribe_messages=True, timeout=SWEEP)
                    if item is not None:
                        try:
                            self._receive(item["data"])
                        except Exception:
                            log.exception("cluster message failed")
            except (RedisError, OSError):
                self._redis_lost()
            finally:
                with contextlib.suppress(RedisError, OSError):
                    await pubsub.aclose()  # type: ignore[no-untyped-call, unused-ignore]
            await asyncio.sleep(RETRY)

    async def _publish(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 1000:
                batch.append(self._outbox.get_nowait())
            if not self.redis_ok:
                continue  # lost: the relays are reset when Redis is back
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for command, key, value in batch:
                        pipe.execute_command(command.upper(), key, value)
                    await pipe.execute()
            except (RedisError, OSError):
                self._redis_lost()

    def _redis_lost(self) -> None:
        store_error("redis")
        if self.redis_ok:
            log.warning("Redis lost: nothing is applied until it comes back")
        self.redis_ok = False

    def _redis_back(self) -> None:
        self.redis_ok = True
        if self._connected_once:
            log.warning("Redis is back: relayed clients reconnect")
            self._reset_relays()
            self.hub.end_stale_sockets()  # a token may have changed while nobody could say
            for table in list(self.hub.tables.values()):
                table.wake_bots()
        self._connected_once = True

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                self.sweep_tables()
                await self._presence()
            except (RedisError, OSError):
                self._redis_lost()
            except Exception:
                log.exception("cluster sweep failed")

    async def _presence(self) -> None:
        """Say this process is alive and how many watch its tables; forget the clients of
        processes that are gone (their clients reconnect elsewhere)."""
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.set(self._key("alive", self.node), "1", ex=ALIVE)
            counts = [x for t in self.hub.tables.values() for x in (t.id, len(t.spectators))]
            if counts:
                pipe.hset(self._key("spectators"), items=counts)
            await pipe.execute()
        owners = {link.owner for link in self.links.values()}
        nodes = sorted({node for node, _ in self.attached} | owners)
        if not nodes:
            return
        missing = {node for node in nodes if not await self._redis.exists(self._key("alive", node))}
        # Twice in a row: a heartbeat may be missing for a moment after Redis restarted.
        gone, self._missing = missing & self._missing, missing
        for key in [key for key in self.attached if key[0] in gone]:
            self._detach(key)
        for conn in [conn for conn, link in self.links.items() if link.owner in gone]:
            self._close_link(conn)

    async def spectators(self) -> dict[str, int]:
        """How many watch each table, as its owner last said (empty without Redis)."""
        try:
            found = await self._redis.hgetall(self._key("spectators"))
        except (RedisError, OSError):
            return {}
        return {str(table): int(count) for table, count in found.items()}


def _node_of(application_name: str | None) -> str | None:
    name = application_name or ""
    return name.split(" ", 1)[1] if name.startswith("popote ") else None
