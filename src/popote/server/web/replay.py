"""Replays of finished tables for the browser: the terminal's ``popote replay``, as pages.

The game is played again once from the table's log (the same :class:`Replay` as the
terminal), then kept for a while, so that stepping through it replays nothing.

Replay pages are open to anyone, and one script asking for many of them must not slow the
tables down:

- **Drawn once.** A page depends only on what it shows (the table, the language, the
  position, whether every hand is shown, the invite its links carry) and a finished table
  never changes: each page is drawn once and kept. Pages and the games played again behind
  them share a bound on memory (``popote serve --replay-cache-mib``): the least recently
  asked for go first. Two requests for a page being drawn wait for the same drawing.
- **Off the event loop.** Playing a game again and drawing its pages runs on a thread of
  its own (:data:`BUILDS` at a time), never on the thread that answers every request and
  socket, so that the tables' players are answered meanwhile.
- **Bounded waiting.** At most :data:`PER_CLIENT` pages wait to be drawn for one client
  (``popote.server.addresses``), and :data:`WAITING` in all; past that, a request that
  would draw one more is answered 429 ``too_many_pages`` (503 ``busy`` past the second),
  with ``Retry-After``. A kept page, or one being drawn, is always served.
"""

from __future__ import annotations

import asyncio
import copy
import sys
import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Generic, TypeVar

from anyio import CapacityLimiter, to_thread

from popote.cli.common import save_payload
from popote.cli.replay import Replay
from popote.core.i18n import Lang, Text
from popote.core.match import Match
from popote.core.picture import Face, Part, Picture, Pile
from popote.server.errors import Refused
from popote.server.live import LiveTable
from popote.server.quotas import too_often

BUILDS = 1
"""Pages drawn at once. Python runs one thread at a time: a second would only take more of
the time the event loop needs, and draw nothing sooner."""
PER_CLIENT = 4
"""Pages that may wait to be drawn for one client."""
WAITING = 32
"""Pages that may wait to be drawn in all."""
RECENT = 5
"""Event lines the ``l`` key reads, as at a table."""
POSITION_BYTES = 2048
"""The memory a replay is counted for, per position and seat: each position keeps a copy of
the match (measured: 0.4 to 1.6 KiB per seat, whatever the game)."""

BUSY = Text(
    "le serveur dessine déjà beaucoup de pages de parties : réessayez dans une seconde",
    "the server is already drawing many game pages: try again in a second",
)

V = TypeVar("V")


@dataclass(frozen=True)
class Step:
    """What the page shows at one position."""

    lines: list[str]
    table: str
    hands: list[tuple[str, str]]
    """Each seat's name and the table as that seat saw it (only when every hand is shown)."""
    picture: dict[str, Any] | None = None
    """The table drawn as the table page draws it (:class:`Picture` as JSON), seen as a
    spectator, every seat's hand face up before it when every hand is shown; None where the
    game draws none."""
    turn: tuple[int, ...] = ()
    """The seats to act at this position."""
    recent: list[str] = field(default_factory=list)
    """The last event lines up to this position (the ``l`` key)."""


def face_only(face: Face) -> Face:
    """``face`` as it lies in a replay: drawn, never played, nothing said about playing it."""
    return replace(face, plays=None, why="", choices=())


def still(part: Part) -> Part:
    """``part`` as it lies in a replay: its cards drawn, none of them played."""
    if isinstance(part, Pile):
        return replace(part, cards=tuple(face_only(card) for card in part.cards))
    return part


def revealed(table: Picture, own: list[Picture | None]) -> Picture:
    """``table`` with each seat drawn as it sees itself: its own hand face up (the hand of
    ``own[seat]``, the picture of that seat's view), first, then what lies before it in that
    view (its hand no longer counted face down beside). Built from the seats' views only,
    as the text's hands are: it shows what the save shows once every hand is shown, and
    knows no game.

    >>> from popote.core.picture import SeatPicture
    >>> ace = Face("as de cœur", plays={"type": "play"}, why="pas à vous")
    >>> backs = Pile("1 carte en main", count=1, spread=False)
    >>> taken = Pile("Plis pris", count=2, spread=False)
    >>> spectator = Picture(seats=(SeatPicture(0, (backs, taken)), SeatPicture(1, (backs,))))
    >>> anne = Picture(seats=(SeatPicture(0, (taken,)),), hand=(Pile("Cœur", (ace,)),))
    >>> seen = revealed(spectator, [anne, None])
    >>> [[pile.label for pile in seat.parts] for seat in seen.seats]
    [['Cœur', 'Plis pris'], ['1 carte en main']]
    >>> seen.seats[0].parts[0].cards[0] == Face("as de cœur")
    True
    """
    seats = []
    for seat in table.seats:
        mine = own[seat.seat]
        if mine is None:
            seats.append(seat)
            continue
        itself = next((drawn for drawn in mine.seats if drawn.seat == seat.seat), seat)
        parts = (*mine.hand, *itself.parts)
        seats.append(replace(itself, parts=tuple(still(part) for part in parts)))
    return replace(table, seats=tuple(seats))


class WebReplay:
    """One finished table, ready to be shown from any position, secrets hidden or shown."""

    def __init__(self, table: LiveTable, lang: Lang, names: list[str]) -> None:
        assert table.match is not None
        saved = save_payload(table.match.to_record(), None)
        self.spectator = Replay(Path(table.id), saved, lang, reveal=False)
        # The same positions with every secret shown: no seat is the viewer of either.
        self.revealed = copy.copy(self.spectator)
        self.revealed.reveal = True
        for replay in (self.spectator, self.revealed):
            replay.names = names
        self.names = names

    @property
    def last(self) -> int:
        return self.spectator.last

    @property
    def rounds(self) -> list[int]:
        """The position where each round starts, the first at 0."""
        return self.spectator.round_starts

    @property
    def weight(self) -> int:
        """The memory it is counted for (see :data:`POSITION_BYTES`)."""
        return len(self.spectator.positions) * len(self.names) * POSITION_BYTES

    def next_round(self, index: int) -> int:
        return next((start for start in self.rounds if start > index), self.last)

    def step(self, index: int, reveal: bool) -> Step:
        replay = self.revealed if reveal else self.spectator
        match = replay.positions[index].match
        presenter = match.game.presenter
        hands = [
            (name, presenter.table(match.view(seat), replay.lang, self.names))
            for seat, name in enumerate(self.names)
            if reveal
        ]
        drawn = self.picture(match, reveal)
        picture = None if drawn is None else drawn.as_json()
        turn = () if match.over else tuple(match.to_act)
        lines, recent = replay.lines_at(index), self.recent(index, reveal)
        return Step(lines, replay.table(index), hands, picture, turn, recent)

    def recent(self, index: int, reveal: bool, count: int = RECENT) -> list[str]:
        """The last ``count`` lines of events up to position ``index`` (what the table
        page's ``l`` reads), without the moves' headings."""
        replay = self.revealed if reveal else self.spectator
        lines: list[str] = []
        for at in range(index, -1, -1):
            lines[:0] = replay.lines_at(at)[1:]
            if len(lines) >= count:
                break
        return lines[-count:]

    def picture(self, match: Match, reveal: bool) -> Picture | None:
        """The table at ``match`` as a spectator sees it; with ``reveal``, every seat's hand
        drawn before it (:func:`revealed`) as the text's hands show them."""
        presenter, lang, names = match.game.presenter, self.spectator.lang, self.names
        table = presenter.picture(match.view(None), [], lang, names)
        if table is None or not reveal:
            return table
        own = [presenter.picture(match.view(seat), [], lang, names) for seat in range(len(names))]
        return revealed(table, own)


class Kept(Generic[V]):
    """Values kept within ``budget`` bytes, the least recently used let go first; safe
    to use from several threads.

    >>> kept: Kept[str] = Kept(10)
    >>> kept.put("a", "first", 6)
    >>> kept.put("b", "second", 6)
    >>> kept.get("a"), kept.get("b")
    (None, 'second')
    """

    def __init__(self, budget: int) -> None:
        self._budget = budget
        self._items: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: V, size: int) -> None:
        """Keep ``value`` (counted for ``size`` bytes), unless it alone is over the budget."""
        with self._lock:
            if key in self._items:
                self._bytes -= self._items.pop(key)[1]
            if size > self._budget:
                return
            self._items[key] = (value, size)
            self._bytes += size
            while self._bytes > self._budget:
                self._bytes -= self._items.popitem(last=False)[1][1]


class ReplayPages:
    """The replay pages of one server, kept and drawn as the module's note says, in
    ``memory`` bytes: half for pages, half for the games played again."""

    def __init__(self, memory: int) -> None:
        self.replays: Kept[WebReplay] = Kept(memory // 2)
        self._pages: Kept[str] = Kept(memory // 2)
        self._drawing: dict[Hashable, asyncio.Future[str]] = {}
        self._waiting: Counter[str] = Counter()
        self._limiter: CapacityLimiter | None = None

    def kept(self, key: Hashable) -> str | None:
        """The page for ``key`` if it is kept."""
        return self._pages.get(key)

    async def page(self, key: Hashable, client: str, draw: Callable[[], str]) -> str:
        """The page for ``key``: kept, being drawn (then waited for), or drawn by ``draw``
        on the drawing thread for ``client``; refused past the waiting bounds."""
        page = self._pages.get(key)
        if page is not None:
            return page
        drawing = self._drawing.get(key)
        if drawing is None:
            if self._waiting[client] >= PER_CLIENT:
                raise _too_many()
            if len(self._drawing) >= WAITING:
                raise Refused("busy", BUSY, 503, retry_after=1)
            self._waiting[client] += 1
            drawing = asyncio.ensure_future(self._draw(key, client, draw))
            self._drawing[key] = drawing
        # A client that leaves does not stop a drawing others may be waiting for.
        return await asyncio.shield(drawing)

    async def _draw(self, key: Hashable, client: str, draw: Callable[[], str]) -> str:
        if self._limiter is None:
            self._limiter = CapacityLimiter(BUILDS)
        try:
            page = await to_thread.run_sync(draw, limiter=self._limiter)
            self._pages.put(key, page, sys.getsizeof(page))
            return page
        finally:
            del self._drawing[key]
            self._waiting[client] -= 1
            if not self._waiting[client]:
                del self._waiting[client]

    def replay_of(self, table: LiveTable, lang: Lang, names: list[str]) -> WebReplay:
        """The replay of ``table`` (over) in ``lang``: kept, or played again now (on the
        drawing thread)."""
        key = (table.id, lang)
        replay = self.replays.get(key)
        if replay is None:
            replay = WebReplay(table, lang, names)
            self.replays.put(key, replay, replay.weight)
        return replay


def _too_many() -> Refused:
    return too_often(
        "too_many_pages",
        1.0,
        "trop de pages de parties demandées à la fois",
        "too many game pages asked for at once",
    )
