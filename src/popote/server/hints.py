"""Hints at a table (issue 47): a player asks ``{"type": "hint"}`` on the table's socket
and that connection alone hears what ``difficile`` would play, and why
(``popote.lab.review.hint``), computed on a bot worker (``BotPool.hint``), never on the
event loop.

- **Unrated tables only.** At a rated table the hint is refused (``hint_rated``) and
  nothing changes: no clock, no log, no state.
- **Part of the record.** A hint asked is kept in the database (``popote_hints``: seat and
  decision) before it is computed; the results and the save list them, so that everybody
  sees at the end who asked for hints, and where.
- **Not free compute.** One hint per decision (asked again, the same hint is sent again,
  computed once), and each identity may ask ``hints_per_hour`` at once and then as many an
  hour, each address ``hints_per_address_hour``, all its identities together.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import Any, Protocol

from popote.core.errors import PopoteError
from popote.core.i18n import Lang
from popote.server.bots import BotPool
from popote.server.errors import Refused, refused, unavailable
from popote.server.live import LiveTable
from popote.server.models import User
from popote.server.quotas import HOUR, RateTable, too_often
from popote.server.reviewconf import ReviewSettings
from popote.server.reviewrows import HintRow
from popote.server.store import Store

log = logging.getLogger("popote.server")
KEPT = 1024
"""Hints kept to be sent again to a player who asks again for the same decision."""
Key = tuple[str, int, int]
"""A table, a seat, a decision."""


class Asker(Protocol):
    """The connection that asked: it alone hears the hint, or why there is none."""

    lang: Lang

    def tell(self, message: dict[str, Any]) -> None: ...

    def send_error(self, error: PopoteError) -> None: ...


class Hints:
    """The hints asked of this process, and its limits on them."""

    def __init__(self, store: Store, bots: BotPool, settings: ReviewSettings) -> None:
        self.store = store
        self.bots = bots
        self._per_identity = RateTable(settings.hints_per_hour, HOUR)
        self._per_address = RateTable(settings.hints_per_address_hour, HOUR)
        self._given: OrderedDict[Key, dict[str, Any]] = OrderedDict()
        self._waiting: dict[Key, list[Asker]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def ask(self, table: LiveTable, user: User, address: str | None, asker: Asker) -> None:
        """``user``'s hint at ``table``, for their seat's decision now; refused (nothing
        changed) at a rated table, for a spectator, or when the seat is not asked."""
        seat = table.seat_of(user.id)
        if table.row.rated:
            raise refused(
                "hint_rated",
                403,
                "pas de conseil à une table classée",
                "no hint at a rated table",
            )
        if seat is None:
            raise refused("spectator", 403, "un spectateur ne joue pas", "a spectator cannot play")
        decision = table.decision_of(seat)
        if decision is None:
            raise refused(
                "not_your_turn",
                409,
                "pas de conseil : vous n'avez rien à décider maintenant",
                "no hint: you have nothing to decide now",
            )
        key = (table.id, seat, decision)
        if key in self._given:
            asker.tell(_message(self._given[key], decision))
        elif key in self._waiting:
            self._waiting[key].append(asker)
        else:
            self._count(user.id, address)
            self._record(table, seat, decision, user.id)
            self._waiting[key] = [asker]
            task = asyncio.get_running_loop().create_task(
                self._compute(table, key, user.id, asker.lang)
            )
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()

    def _count(self, user_id: int, address: str | None) -> None:
        if not self._per_identity.take(user_id):
            raise _too_many(self._per_identity.wait(user_id))
        if address is not None and not self._per_address.take(address):
            self._per_identity.give_back(user_id)
            raise _too_many(self._per_address.wait(address))

    def _record(self, table: LiveTable, seat: int, decision: int, user_id: int) -> None:
        """ "Hint asked", in the table's record (once per decision, across restarts too)."""
        row = HintRow(table_id=table.id, seat=seat, move=decision, user_id=user_id)
        if self.store.add_hint(row):
            table.hints.append({"seat": seat, "move": decision})

    async def _compute(self, table: LiveTable, key: Key, user_id: int, lang: Lang) -> None:
        assert table.match is not None
        record = table.match.to_record()
        try:
            found = await self.bots.hint(user_id, table.id, record, key[1], table.names(lang))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("hint failed", extra={"table": table.id})
            for asker in self._waiting.pop(key, []):
                asker.send_error(unavailable())
            return
        self._given[key] = found
        while len(self._given) > KEPT:
            self._given.popitem(last=False)
        for asker in self._waiting.pop(key, []):
            asker.tell(_message(found, key[2]))


def _message(found: dict[str, Any], decision: int) -> dict[str, Any]:
    return {"type": "hint", "hint": found, "decision": decision}


def _too_many(wait: float) -> Refused:
    return too_often("too_many_hints", wait, "trop de conseils demandés", "too many hints asked")
