"""How the server runs, for people and for Prometheus.

The time from a client's action received to its events sent goes into a histogram with
fixed, log-spaced bounds (as Prometheus keeps them) rather than a list of samples: memory
stays constant however long the server runs, and a reader who takes two snapshots and
subtracts them gets the figures of just that stretch of time (``benchmarks/server_load/``
does so). ``GET /api/v1/stats`` publishes it whole, ``GET /metrics`` (Prometheus' text
format) with four buckets a decade, beside the tables, connections, actions, bots' thinking
time and store errors. ``GET /healthz`` says whether the server can serve.

The figures are the operator's: how busy the server is, when its bots think, how often its
stores fail, which tell an attacker when to strike and whether it worked. Both answer only
a request carrying the token the server was started with (``popote serve
--metrics-token``, or ``POPOTE_METRICS_TOKEN``), compared in constant time; without one
configured they are not served at all (404, as an unknown address). ``/healthz`` stays
public: load balancers and supervisors ask it without credentials, and it says nothing
but whether the database answers.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Annotated, Any, Protocol

from fastapi import APIRouter, Depends, Header, HTTPException, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.core import GaugeMetricFamily, HistogramMetricFamily, Metric
from prometheus_client.registry import Collector
from pydantic import BaseModel
from sqlalchemy import Engine, event, text

from popote.server.errors import refused
from popote.server.pauses import PAUSES

PER_DECADE = 40
BOUNDS: tuple[float, ...] = tuple(1e-5 * 10 ** (k / PER_DECADE) for k in range(7 * PER_DECADE + 1))
"""Upper bounds of the buckets in seconds, 10 µs to 100 s, each about 6 % above the last;
one more bucket holds anything longer."""


async def operator(request: Request, authorization: Annotated[str | None, Header()] = None) -> None:
    """Let through only the operator's collector (see the module's note)."""
    token: str | None = request.app.state.hub.settings.metrics_token
    if not token:
        raise HTTPException(404)
    scheme, _, given = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not hmac.compare_digest(
        given.strip().encode("utf-8", "surrogatepass"), token.encode("utf-8", "surrogatepass")
    ):
        raise refused(
            "unauthorized",
            401,
            "jeton des métriques absent ou invalide",
            "missing or invalid metrics token",
        )


OPERATORS: dict[int | str, dict[str, Any]] = {
    401: {"description": "Missing or wrong metrics token"},
    404: {"description": "Not served: the server has no metrics token"},
}
router = APIRouter(prefix="/api/v1", dependencies=[Depends(operator)], responses=OPERATORS)
"""``/api/v1/stats``, for the operator."""
probes = APIRouter()
"""``/healthz``, for anyone, and ``/metrics``, for the operator."""

# Counted for the whole process (a process serves one app); each app's registry adds them.
ACTIONS = Counter(
    "popote_actions", "Actions applied at tables, by players or bots", ["by"], registry=None
)
BOT_SECONDS = Histogram(
    "popote_bot_think_seconds",
    "Time from asking a bot for an action to its answer (waiting for a worker included)",
    ["level"],
    buckets=(0.003, 0.01, 0.03, 0.1, 0.3, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0),
    registry=None,
)
STORE_ERRORS = Counter(
    "popote_store_errors", "Errors raised by the database or Redis", ["store"], registry=None
)
for _by in ("player", "bot"):
    ACTIONS.labels(_by)
for _store in ("database", "redis"):
    STORE_ERRORS.labels(_store)
EXPORTED_EVERY = PER_DECADE // 4
"""Prometheus gets one bound in ten of the latency histogram: 10 µs to 100 s, 4 a decade."""


# The metrics observe the hub, its tables, bots and guard, and never import them back: what
# they read of each is named here.


class Played(Protocol):
    """A table, as far as its latency goes: the actions applied there."""

    @property
    def played(self) -> int: ...


class Row(Protocol):
    @property
    def state(self) -> str: ...


class Stored(Protocol):
    @property
    def row(self) -> Row: ...


class Queued(Protocol):
    @property
    def running(self) -> int: ...

    @property
    def waiting(self) -> int: ...


class Lane(Protocol):
    @property
    def queue(self) -> Queued: ...


class Bots(Protocol):
    @property
    def quick(self) -> Lane: ...

    @property
    def search(self) -> Lane: ...

    @property
    def reviews(self) -> Lane: ...


class Watched(Protocol):
    """What the metrics read of the hub."""

    @property
    def tables(self) -> Mapping[str, Stored]: ...

    @property
    def bots(self) -> Bots: ...

    @property
    def latency(self) -> Latency: ...


class Connections(Protocol):
    """What the metrics read of the guard of connections."""

    @property
    def open(self) -> int: ...


class Latency:
    """Action-received-to-events-sent durations of the actions clients played."""

    def __init__(self) -> None:
        self.counts = [0] * (len(BOUNDS) + 1)
        self.total = 0.0

    def record(self, seconds: float) -> None:
        self.counts[bisect_left(BOUNDS, seconds)] += 1
        self.total += seconds

    def measure(self, table: Played, act: Callable[[], None]) -> None:
        """Run ``act``, a client's action at ``table``, and record its time if it was played
        there and then: once it returns, its events are queued on every connection. A
        duplicate, a refusal or an answer held by a real-time collection window is not
        counted (the window's wait is deliberate)."""
        before = table.played
        started = time.perf_counter()
        act()
        if table.played > before:
            self.record(time.perf_counter() - started)

    def snapshot(self) -> dict[str, Any]:
        counts = list(self.counts)
        return {
            "count": sum(counts),
            "sum": self.total,
            "bounds": list(BOUNDS),
            "counts": counts,
        }


def quantile(counts: Sequence[int], q: float) -> float | None:
    """The upper bound of the bucket holding quantile ``q`` of ``counts`` (so at most ~6 %
    above the true value); None with no sample, infinity past the last bound."""
    needed = q * sum(counts)
    if needed == 0:
        return None
    seen = 0
    for bucket, count in enumerate(counts):
        seen += count
        if seen >= needed:
            return BOUNDS[bucket] if bucket < len(BOUNDS) else float("inf")
    return float("inf")


def counted_action(by_bot: bool) -> None:
    """One more action applied (``popote_actions_total``)."""
    ACTIONS.labels("bot" if by_bot else "player").inc()


def store_error(store: str) -> None:
    """One more error from ``store``: ``"database"`` or ``"redis"``."""
    STORE_ERRORS.labels(store).inc()


def watch_database(engine: Engine) -> None:
    """Count every error the database raises, whichever call met it."""
    event.listen(engine, "handle_error", lambda _context: store_error("database"))


class Watch(Collector):
    """One server's metrics: the process-wide ones and what its hub and guard hold now."""

    def __init__(self, hub: Watched, guard: Connections) -> None:
        self.hub = hub
        self.guard = guard
        self.registry = CollectorRegistry()
        for collector in (ACTIONS, BOT_SECONDS, STORE_ERRORS, self):
            self.registry.register(collector)

    def collect(self) -> Iterator[Metric]:
        tables = GaugeMetricFamily(
            "popote_tables", "Tables in memory, waiting or being played", labels=["state"]
        )
        for state in ("lobby", "playing"):
            count = sum(1 for table in self.hub.tables.values() if table.row.state == state)
            tables.add_metric([state], count)
        yield tables
        yield GaugeMetricFamily(
            "popote_connections", "Open WebSockets (tables and lobby)", value=self.guard.open
        )
        yield self._bot_jobs()
        yield self._latency()

    def _bot_jobs(self) -> GaugeMetricFamily:
        jobs = GaugeMetricFamily(
            "popote_bot_jobs",
            "Bots' questions being thought about or waiting for a worker, per lane",
            labels=["lane", "state"],
        )
        bots = self.hub.bots
        for name, lane in (
            ("quick", bots.quick),
            ("search", bots.search),
            ("review", bots.reviews),
        ):
            jobs.add_metric([name, "running"], lane.queue.running)
            jobs.add_metric([name, "waiting"], lane.queue.waiting)
        return jobs

    def _latency(self) -> HistogramMetricFamily:
        latency = self.hub.latency
        buckets, seen = [], 0
        for index, count in enumerate(latency.counts[: len(BOUNDS)]):
            seen += count
            if index % EXPORTED_EVERY == 0:
                buckets.append((f"{BOUNDS[index]:.6g}", float(seen)))
        buckets.append(("+Inf", float(sum(latency.counts))))
        return HistogramMetricFamily(
            "popote_action_latency_seconds",
            "Time from a client's action received to its events queued for every connection",
            buckets=buckets,
            sum_value=latency.total,
        )


@router.get(
    "/stats",
    summary="Tables in memory, the action-to-events latency histogram, garbage collections "
    "(with the operator's token)",
)
async def stats(request: Request) -> dict[str, Any]:
    hub = request.app.state.hub
    return {
        "tables": len(hub.tables),
        "latency": hub.latency.snapshot(),
        "collections": PAUSES.snapshot(),
    }


class Health(BaseModel):
    status: str
    """``ok``, or ``unavailable`` with a 503 status."""
    database: str
    tables: int


@probes.get(
    "/healthz",
    summary="Whether the server can serve (its database answers)",
    response_model=Health,
    responses={503: {"model": Health}},
)
async def healthz(request: Request) -> JSONResponse:
    hub = request.app.state.hub
    # In a thread: a database that does not answer must not hold every table up meanwhile.
    ok = await asyncio.to_thread(_answers, hub.store.engine)
    database = "ok" if ok else "unavailable"
    health = Health(status="ok" if ok else "unavailable", database=database, tables=len(hub.tables))
    return JSONResponse(health.model_dump(), status_code=200 if ok else 503)


def _answers(engine: Engine) -> bool:
    try:
        with engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except Exception:  # any failure to answer means the same to a load balancer
        return False
    return True


@probes.get(
    "/metrics",
    summary="Prometheus metrics (text format), with the operator's token",
    dependencies=[Depends(operator)],
    response_class=Response,
    responses={200: {"content": {"text/plain": {}}}, **OPERATORS},
)
async def metrics(request: Request) -> Response:
    watch: Watch = request.app.state.watch
    return Response(generate_latest(watch.registry), media_type=CONTENT_TYPE_LATEST)
