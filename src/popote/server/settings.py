"""What a server is started with: where it keeps its data, its limits and its clocks."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from popote.server.addresses import IPV6_PREFIX
from popote.server.limits import Limits
from popote.server.mailconf import MailSettings
from popote.server.quotas import Quotas
from popote.server.reviewconf import ReviewSettings

DEFAULT_DATA = Path("~/.local/share/popote").expanduser()

MESSAGE_LIMIT = 16 * 1024
"""The largest client message the server reads (bytes); larger ones get an ``error``."""
FRAME_LIMIT = 64 * 1024
"""Frames past this are not even read: the connection closes (code 1009)."""


@dataclass(frozen=True)
class ClockPreset:
    """Seconds for one decision on one's own (``turn``) or in a window of several (``window``)."""

    turn: float
    window: float


DAY = 24 * 3600.0
TURN_BASED_DAYS = (1, 2, 3, 7)
FAST = ClockPreset(turn=15, window=6)
"""The quickest preset, and the shortest clock of a rated table."""
CLOCKS: dict[str, ClockPreset | None] = {
    "none": None,
    "relaxed": ClockPreset(turn=120, window=20),
    "normal": ClockPreset(turn=45, window=12),
    "fast": FAST,
    **{f"days-{days}": ClockPreset(turn=days * DAY, window=days * DAY) for days in TURN_BASED_DAYS},
}
"""Real-time presets, then the turn-based ones (``popote.server.turns``): days per move,
the same for a decision taken together (a reaction window or a sealed bid waits for every
answer like any decision)."""

GAME_CLOCKS: dict[str, str] = {
    "ar-seizh-bigoudenn": "fast",
    "bouillabaisse": "normal",
    "boom-badaboom": "normal",
    "pieds-dans-le-plat": "normal",
    "stir-fry-eighteen": "normal",
}
"""Each game's default clock: Ar Seizh Bigoudenn is a game of speed, the others are not."""


@dataclass(frozen=True)
class HttpLimits:
    """What one HTTP request and one client may take before any page or API reads it
    (``popote.server.wire`` enforces the first six, ``popote.server.anonymous`` the last
    two; ``popote serve`` options set them all)."""

    header_bytes: int = 16 * 1024
    """The request line and headers, in all (431 past it; 414 for the address alone)."""
    headers: int = 100
    header_seconds: float = 10.0
    """Seconds to send a request's headers, from the connection's opening or from the first
    byte after an answer (408 past it)."""
    body_seconds: float = 30.0
    """Seconds to send a request's body once its headers are in (408 past it)."""
    keep_alive: float = 5.0
    """Seconds an idle connection is kept between requests (uvicorn's keep-alive)."""
    per_client: int = 64
    """HTTP connections open at once from one client (0: no limit)."""
    anonymous_burst: int = 240
    """Requests without a valid token one client may make at once (0: no limit)..."""
    anonymous_rate: float = 20.0
    """...and then per second."""


@dataclass(frozen=True)
class Settings:
    """One server's configuration; tests shrink the clocks with ``clock_scale``."""

    data: Path = DEFAULT_DATA
    db: str | None = None
    redis: str | None = None
    """A Redis URL: this process is one of several sharing the PostgreSQL ``db``."""
    clock_scale: float = 1.0
    disconnect_grace: float = 20.0
    """Seconds a seated player may be gone before a bot stands in (scaled by the clock)."""
    grab_window: float = 0.15
    """Seconds a real-time decision keeps collecting after its first answer (not scaled)."""
    bot_workers: int = 2
    chat_length: int = 300
    chat_burst: int = 5
    chat_period: float = 10.0
    chat_per_ip: int = 20
    """Chat lines from one address (an IPv6 network) in ``chat_period``, all its identities
    together, beside the ``chat_burst`` of each one; 0 is no limit."""
    feed_memory: int = 100
    """Messages each identity's feed keeps for a reconnecting client (one that missed more
    gets a snapshot): a minute or so of a table played at a human pace."""
    finished_tables: int = 64
    """Finished tables kept in memory; older ones are rebuilt from the database when asked."""
    replay_memory: int = 64 * 1024 * 1024
    """Bytes the replay pages drawn and the games played again for them may hold
    (``popote.server.web.replay``)."""
    send_queue: int = 1000
    """Messages waiting for a slow client before it is disconnected; more than
    ``feed_memory``, which a client coming back may be sent at once."""
    send_queue_bytes: int = 4 * 1024 * 1024
    """Bytes the messages waiting for a slow client may hold before it is disconnected
    (``popote.server.feeds``); more than ``feed_memory`` updates of the widest tables."""
    table_idle: float = 1800.0
    """Seconds a real-time table that has not begun may stay unused (nobody connected, no
    seat taken or left) before it is removed from the lobby; 0 keeps it for ever."""
    table_rest: float = 300.0
    """Seconds a turn-based table may stay unused (nobody connected, no bot thinking)
    before it is let go from memory, to be rebuilt from its log when next needed
    (``popote.server.turns``); 0 keeps every table in memory."""
    holiday_days: int = 30
    """Holiday days each account may take in a calendar year: its turn-based clocks stop
    meanwhile (scaled like every clock by ``clock_scale``)."""
    password_workers: int = 1
    password_queue: int = 32
    """Threads hashing passwords, and requests that may wait for them in all, at most 8
    for one name and 8 from one address (see ``popote.server.identities``)."""
    quotas: Quotas = field(default_factory=Quotas)
    """What one address or identity may create or try (identities, logins, tables)."""
    api_docs: bool = False
    """Serve Swagger UI at ``/docs`` (``popote serve --api-docs``)."""
    metrics_token: str | None = field(default=None, repr=False)
    """The token ``/metrics`` and ``/api/v1/stats`` ask for (``--metrics-token``,
    ``POPOTE_METRICS_TOKEN``); None: they are not served (``popote.server.metrics``)."""
    limits: Limits = field(default_factory=Limits)
    """Hosts, origins, connections and message rates of the WebSockets."""
    http: HttpLimits = field(default_factory=HttpLimits)
    """Header sizes, deadlines, connections and anonymous requests of HTTP."""
    ipv6_prefix: int = IPV6_PREFIX
    """Bits of an IPv6 address that name one client for every limit
    (``popote.server.addresses``)."""
    mail: MailSettings = field(default_factory=MailSettings)
    """The mail server, the sender's address and the queue's pace (``popote.server.mail``)."""
    reviews: ReviewSettings = field(default_factory=ReviewSettings)
    """The reviews and hints people may ask of the bot workers (``popote.server.reviews``)."""
