"""The server's state: identities, the tables in memory, the lobby, and what happens at the end.

HTTP and WebSocket handlers call this; it calls the store and each :class:`LiveTable`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

import popote
from popote.core.chance import secret_seed
from popote.core.i18n import Lang, Text
from popote.server import lobby, pauses, texts
from popote.server.auth import clean_text, same_token, token_hash
from popote.server.bots import BotPool
from popote.server.chat import RateLimit
from popote.server.clocks import table_clock
from popote.server.cluster import RESTART, Cluster
from popote.server.codes import Lookups, new_code
from popote.server.deadlines import DeadlineWatch, Span, due_after
from popote.server.errors import Refused, refused, unavailable
from popote.server.hints import Hints
from popote.server.holidays import HolidayBook
from popote.server.identities import Identities, PasswordWork
from popote.server.live import LiveTable, describe
from popote.server.lobby import Lobby
from popote.server.metrics import Latency
from popote.server.models import (
    ActionRow,
    ChatRow,
    DeadlineRow,
    RatingRow,
    ResultRow,
    Table,
    User,
)
from popote.server.ratings import (
    NEWCOMER,
    Skill,
    bot_skills,
    last_for_leaving,
    left_it,
    rate,
    seat_ranks,
)
from popote.server.results import save_json
from popote.server.seats import Seat, levels_for
from popote.server.sessions import Sockets
from popote.server.settings import Settings
from popote.server.store import Store
from popote.server.turns import TURN_BASED_CLOCKS, Waiting

NAME_LENGTH = 32
ID_LIMIT = 2**31
"""Identities' ids are below this (32-bit integers in PostgreSQL)."""
SEED_LIMIT = 2**256
"""Seeds a creator may choose: from 0 up to this one (an online game's seed included)."""
EXPIRY_SWEEP = 60.0
"""Seconds at most between two looks for tables nobody uses."""
log = logging.getLogger("popote.server")


@dataclass
class TableRequest:
    """What a player asks for when creating a table (checked by the engine and here)."""

    game: str
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    public: bool = True
    rated: bool = False
    clock: str | None = None
    turn_seconds: float | None = None
    window_seconds: float | None = None
    bots: list[str] = field(default_factory=list)
    bot_level: str = "moyen"
    sit: bool = True
    seed: int | None = None


class Hub:
    """Everything the server holds while it runs."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self.bots = BotPool(settings.bot_workers, settings.reviews.workers)
        self.hints = Hints(store, self.bots, settings.reviews)
        """Hints asked at tables (``popote.server.hints``)."""
        self.tables: dict[str, LiveTable] = {}
        """Tables in the lobby or being played."""
        self._finished: OrderedDict[str, LiveTable] = OrderedDict()
        """The last finished tables asked for; older ones are read again from the database."""
        self.lobby = Lobby(settings.feed_memory)
        self.chat_limits = RateLimit(settings.chat_burst, settings.chat_period)
        self.code_lookups = Lookups()
        self.chat_address_limits = RateLimit(settings.chat_per_ip, settings.chat_period)
        """Lines per identity, and per address beside it (``popote.server.chat``)."""
        self.on_table_over: list[Callable[[LiveTable], None]] = []
        """Called with each table that ends (ratings, archives...)."""
        self.on_your_turn: list[Callable[[Waiting], None]] = []
        """Called with each decision a turn-based table newly asks of a person."""
        self.on_waiting_changed: list[Callable[[int], None]] = []
        """Called with each identity whose count of games waiting for them may have changed."""
        self.holiday_book = HolidayBook(store, settings)
        self.deadline_watch = DeadlineWatch(store, self.deadline_passed, settings.clock_scale)
        """Fires the turn-based deadlines stored in the database (``popote.server.deadlines``)."""
        self._users: dict[int, User] = {}
        work = PasswordWork(settings.password_workers, settings.password_queue)
        self.identities = Identities(
            store, settings.quotas, work, self._remember, self.token_changed
        )
        """Guests, registrations and logins."""
        self.sockets = Sockets()
        """Every open socket by identity and token, ended when its token stops working."""
        self.latency = Latency()
        self._expiry: asyncio.Task[None] | None = None
        self.cluster = (
            Cluster(self, settings.redis, store.engine.url.render_as_string(hide_password=False))
            if settings.redis
            else None
        )
        """Set when several processes share the tables (``--redis``): see ``cluster``."""

    # --- start and stop ------------------------------------------------------------------

    async def launch(self) -> None:
        """Alone, rebuild every unfinished table; in a cluster, take those nobody holds."""
        if self.cluster is None:
            self.restore()
        else:
            await self.cluster.start()
        if self.settings.table_idle or self.settings.table_rest:
            self._expiry = asyncio.create_task(self._expire_unused())
        self.deadline_watch.start()
        pauses.settle()

    async def shutdown(self) -> None:
        if self._expiry is not None:
            self._expiry.cancel()
        self.deadline_watch.stop()
        if self.cluster is not None:
            await self.cluster.stop()
        self.close()

    async def _expire_unused(self) -> None:
        """Now and then, remove the real-time tables held here that never began and that
        nobody has used for ``settings.table_idle`` seconds (nobody connected, no seat
        taken or left), and let the turn-based ones nobody used for ``settings.table_rest``
        seconds go from memory (``rest``)."""
        idle, rest = self.settings.table_idle, self.settings.table_rest
        while True:
            await asyncio.sleep(min(EXPIRY_SWEEP, *(t / 4 for t in (idle, rest) if t)))
            now = time.monotonic()
            for table in list(self.tables.values()):
                unused = now - table.used if not table.in_use else 0.0
                with contextlib.suppress(SQLAlchemyError):  # tried again next time
                    if table.turn_based:
                        if rest and unused > rest and not table.busy:
                            self.rest(table)
                    elif idle and table.row.state == "lobby" and unused > idle:
                        self.expire(table)

    def rest(self, table: LiveTable) -> None:
        """Let a turn-based table nobody uses go from memory: its log, seats and deadlines
        are in the database, and it is rebuilt from them when someone connects or acts, or
        when a deadline passes (``deadline_passed``), here or in another process."""
        self.store.update_table(table.id, resting=True)
        table.row.resting = True
        self.tables.pop(table.id, None)
        table.close()
        if self.cluster is not None:
            self.cluster.release(table)

    def expire(self, table: LiveTable) -> None:
        if not self.store.remove_unstarted(table.id):
            return
        log.info("table expired", extra={"table": table.id, "game": table.row.game})
        self.tables.pop(table.id, None)
        table.close()
        if self.cluster is not None:
            self.cluster.release(table)
        if table.row.public:
            self.to_lobby(lobby.table_event(table.id, None))

    def restore(self) -> None:
        """Rebuild every unfinished table from the action log; its clocks start again."""
        for row, actions in self.store.open_tables():
            self._rebuild(row, actions)

    def adopt(self, table_id: str) -> LiveTable | None:
        """Take over an unfinished table nobody holds, from its log (in a cluster)."""
        assert self.cluster is not None
        try:
            if not self.cluster.lock(table_id):
                return None
            found = self.store.table(table_id)
        except SQLAlchemyError:
            return None
        if found is None or found[0].state == "over":
            self.cluster.unlock(table_id)
            return None
        table = self._rebuild(*found)
        self.cluster.announce(table_id)
        return table

    def drop(self, table: LiveTable) -> None:
        """Let a table go (its database connection was lost, or another process wrote its
        log): its clients reconnect and find it again, rebuilt from the log."""
        self.tables.pop(table.id, None)
        table.close()
        for feed in table.feeds.values():
            for outlet in list(feed.connections):
                outlet.close(RESTART)
        if self.cluster is not None:
            self.cluster.release(table)

    def available(self) -> bool:
        """Whether actions may be applied: in a cluster, not while Redis is away (those
        connected elsewhere would not hear of them)."""
        return self.cluster is None or self.cluster.redis_ok

    def _rebuild(self, row: Table, actions: list[ActionRow]) -> LiveTable:
        if row.resting and row.state != "over":
            self.store.update_table(row.id, resting=False)
            row.resting = False
        table = LiveTable(self, row, [Seat.from_stored(s) for s in row.seats])
        if row.state == "over":
            self._keep_finished(table)
        else:
            self.tables[row.id] = table
        if row.state != "lobby":
            table.restore(actions)
        return table

    # --- turn-based deadlines and holidays -------------------------------------------------

    def deadline_passed(self, row: DeadlineRow) -> bool:
        """Fire a passed deadline at the table it belongs to, rebuilding that table if it
        rests; False when another process holds the table (it fires it)."""
        table = self.tables.get(row.table_id)
        if table is None:
            if self.cluster is not None:
                if self.cluster.route(row.table_id) is not None:
                    return False
                table = self.adopt(row.table_id)
                if table is None and self.store.table_state(row.table_id) == "playing":
                    return False  # taken by another process meanwhile
            else:
                found = self.store.table(row.table_id)
                table = None if found is None else self._rebuild(*found)
        if table is None or table.row.state != "playing":
            self.store.change_deadlines(row.table_id, [row.seat], [])
            return True
        table.deadline_passed(row.seat, row.decision)
        return True

    def holidays_moved(self, user_id: int) -> None:
        """``user_id``'s holidays changed: their deadlines move, here and in the database."""
        rows = self.store.waiting_for(user_id)
        spans = self.holidays(user_id)
        self.store.move_deadlines(
            {row.id: due_after(row.opened, row.seconds, spans) for row in rows}
        )
        for row in rows:
            table = self.tables.get(row.table_id)
            if table is not None:
                table.holidays_changed()
        self.deadline_watch.poke()
        self.waiting_changed({user_id})

    def holidays(self, user_id: int) -> list[Span]:
        """The spans during which ``user_id``'s turn-based clocks stop."""
        rows = self.store.holidays_of([user_id]).get(user_id, [])
        return [(row.starts, row.ends) for row in rows]

    def your_turn(self, waiting: Waiting) -> None:
        self.deadline_watch.poke()
        for hook in self.on_your_turn:
            try:
                hook(waiting)
            except Exception:  # a listener's failure (mail) never stops a game
                log.exception("your-turn listener failed")

    def waiting_changed(self, user_ids: set[int]) -> None:
        for user_id in user_ids:
            for hook in self.on_waiting_changed:
                try:
                    hook(user_id)
                except Exception:
                    log.exception("waiting listener failed")

    def _keep_finished(self, table: LiveTable) -> None:
        self._finished[table.id] = table
        self._finished.move_to_end(table.id)
        while len(self._finished) > self.settings.finished_tables:
            self._finished.popitem(last=False)

    def close(self) -> None:
        for table in self.tables.values():
            table.close()
        self.hints.close()
        self.bots.close()
        self.identities.close()
        self.store.close()

    # --- identities ----------------------------------------------------------------------

    def user(self, token: str | None) -> User:
        """The identity a token stands for; refused without a valid one."""
        found = self.store.user_by_token_hash(token_hash(token)) if token else None
        if found is None or token is None or not same_token(token, found.token_hash):
            raise refused(
                "unauthorized",
                401,
                "identité inconnue : jeton absent ou invalide",
                "unknown identity: missing or invalid token",
            )
        return self._remember(found)

    def identity(self, user_id: int) -> User:
        """The identity of ``user_id`` (a client another process vouched for)."""
        found = self._users.get(user_id) or self.store.users([user_id]).get(user_id)
        if found is None:
            raise refused("unauthorized", 401, "identité inconnue", "unknown identity")
        return self._remember(found)

    def set_lang(self, user: User, lang: Lang) -> None:
        self.store.update_user(user.id, lang=lang)
        user.lang = lang

    def names_of(self, user_ids: list[int], lang: Lang | None = None) -> dict[int, str]:
        """Each identity's name; in ``lang``, as shown to people (a guest's marked)."""
        self._know(user_ids)
        users = (self._users[uid] for uid in user_ids if uid in self._users)
        if lang is None:
            return {user.id: user.name for user in users}
        return {user.id: marked(user).get(lang) for user in users}

    def guests_among(self, user_ids: list[int]) -> set[int]:
        self._know(user_ids)
        return {uid for uid in user_ids if uid in self._users and self._users[uid].login is None}

    def _know(self, user_ids: list[int]) -> None:
        missing = [uid for uid in user_ids if uid not in self._users]
        if missing:
            for user in self.store.users(missing).values():
                self._remember(user)

    def _remember(self, user: User) -> User:
        self._users[user.id] = user
        return user

    def token_changed(self, user_id: int) -> None:
        """``user_id``'s token changed or ended: its sockets of older tokens end, here and
        in every other process (``popote.server.sessions``)."""
        self.end_stale_sockets([user_id])
        if self.cluster is not None:
            self.cluster.sessions_changed(user_id)

    def end_stale_sockets(self, user_ids: list[int] | None = None) -> None:
        """End the sockets here of ``user_ids`` (None: of everyone) whose token is no longer
        their identity's."""
        sockets = self.sockets
        wanted = sockets.identities if user_ids is None else list(filter(sockets.holds, user_ids))
        if not wanted:
            return
        try:
            current = self.store.users(wanted)
        except SQLAlchemyError:
            if user_ids is None:
                return  # looked at again when Redis is next back
            current = {}  # cannot tell which token is theirs: they come back with it
        for uid in wanted:
            found = current.get(uid)
            self.sockets.end_all_but(uid, None if found is None else found.token_hash)

    # --- the lobby -----------------------------------------------------------------------

    def open_tables(
        self, lang: Lang, spectators: dict[str, int] | None = None
    ) -> list[dict[str, Any]]:
        """Public tables waiting for players or being played: those held here as they stand,
        the others (resting, or in a cluster held by another process) as stored
        (``spectators``: how many watch each table held elsewhere)."""
        listed = []
        for row in self.store.lobby_rows():
            here = self.tables.get(row.id)
            if here is not None:
                listed.append(here.describe(lang))
                continue
            seats = [Seat.from_stored(s) for s in row.seats]
            people = [s.user for s in seats if s.user is not None]
            watching = (spectators or {}).get(row.id, 0)
            names, guests = self.names_of(people, lang), self.guests_among(people)
            listed.append(describe(row, seats, names, lang, watching, guests))
        return listed

    def create(self, user: User, request: TableRequest) -> tuple[LiveTable, str | None]:
        """A new table (and its invite code when private); the engine checks game and options."""
        offered = levels_for(request.game)
        if request.bot_level not in offered or any(level not in offered for level in request.bots):
            raise _bad_level(request.game)
        most = self.settings.quotas.open_tables_per_identity
        if most and self.store.open_tables_of(user.id) >= most:
            raise refused(
                "too_many_tables",
                429,
                "vous avez déjà {n} tables ouvertes : jouez-les, ou quittez-les et elles "
                "disparaîtront",
                "you already have {n} open tables: play them, or leave them and they will go",
                n=most,
            )
        if request.seed is not None and (request.rated or not 0 <= request.seed < SEED_LIMIT):
            raise refused(
                "bad_seed",
                422,
                "graine refusée (de 0 à 2²⁵⁶, jamais pour une table classée)",
                "seed refused (0 to 2²⁵⁶, never at a rated table)",
            )
        probe = popote.new_match(request.game, request.players, 0, request.options)
        if request.clock in TURN_BASED_CLOCKS and probe.options.get("real_time") is True:
            raise refused(
                "bad_clock",
                422,
                "une table tour par tour ne se joue pas en temps réel : retirez l'option real_time",
                "a turn-based table is not played in real time: remove the real_time option",
            )
        if len(request.bots) + request.sit > probe.players:
            raise refused("too_many", 422, "plus de bots que de sièges", "more bots than seats")
        clock = table_clock(
            request.game,
            request.clock,
            request.turn_seconds,
            request.window_seconds,
            self.settings.clock_scale,
            request.rated,
        )
        seats = [Seat(user=user.id)] if request.sit else []
        seats += [Seat(bot=level) for level in request.bots]
        seats += [Seat() for _ in range(probe.players - len(seats))]
        invite = None if request.public else secrets.token_urlsafe(12)
        row = Table(
            id=secrets.token_urlsafe(9),
            game=request.game,
            players=probe.players,
            seed=secret_seed() if request.seed is None else request.seed,
            chosen_deal=request.seed is not None,
            options=probe.options,
            seats=[s.stored() for s in seats],
            clock=clock,
            public=request.public,
            invite_hash=token_hash(invite) if invite else None,
            code=self._free_code(),
            rated=request.rated,
            bot_level=request.bot_level,
            owner=user.id,
            state="lobby",
        )
        self.store.add_table(row)
        if self.cluster is not None:
            self.cluster.lock(row.id)
        table = self.tables[row.id] = LiveTable(self, row, seats)
        self.table_changed(table)
        return table, invite

    def _free_code(self) -> str:
        """A short code no table still open holds (``popote.server.codes``)."""
        while True:
            code = new_code()
            if self.store.open_table_by_code(code) is None:
                return code

    def table(
        self, table_id: str, user: User | None = None, invite: str | None = None
    ) -> LiveTable:
        """A table the user may see: public, or private with the right invite (its link's
        invitation or its short code), or theirs."""
        table = self.tables.get(table_id) or self._finished.get(table_id)
        if table is None:
            found = self.store.table(table_id[:64])
            if found is not None and found[0].state != "over" and self.cluster is not None:
                table = self.adopt(found[0].id)  # held by a process that is gone
                if table is None:
                    raise unavailable()
            else:
                table = None if found is None else self._rebuild(*found)  # a finished game
        if (table is not None and table.row.public) or (
            table is not None
            and (
                (user is not None and table.seat_of(user.id) is not None)
                or (invite and _invited(table.row, invite))
            )
        ):
            return table
        raise refused(
            "no_table", 404, "table introuvable : {id}", "no such table: {id}", id=table_id[:40]
        )

    def join(self, user: User, table: LiveTable, seat: int | None) -> int:
        _in_lobby(table)
        if table.seat_of(user.id) is not None:
            raise refused(
                "seated", 409, "vous êtes déjà assis à cette table", "you already sit at this table"
            )
        index = _free_seat(table, seat)
        table.seats[index] = Seat(user=user.id)
        self._seats_changed(table, texts.JOINED, index)
        return index

    def add_bot(self, user: User, table: LiveTable, level: str, seat: int | None) -> int:
        _in_lobby(table)
        if level not in levels_for(table.row.game):
            raise _bad_level(table.row.game)
        if table.seat_of(user.id) is None and table.row.owner != user.id:
            raise refused(
                "not_seated",
                403,
                "seuls les joueurs de la table ajoutent des bots",
                "only players at the table add bots",
            )
        index = _free_seat(table, seat)
        table.seats[index] = Seat(bot=level)
        self._seats_changed(table, texts.BOT_ADDED, index)
        return index

    def leave(self, user: User, table: LiveTable) -> None:
        """Free the seat before the start; during the game a bot plays until they come back."""
        index = table.seat_of(user.id)
        if index is None:
            raise refused(
                "not_seated",
                409,
                "vous n'êtes pas assis à cette table",
                "you do not sit at this table",
            )
        if table.row.state == "lobby":
            table.seats[index] = Seat()
            self._seats_changed(table, texts.LEFT, None, name=marked(user))
        elif table.row.state == "playing":
            table.leave(index)

    def start(self, user: User, table: LiveTable) -> None:
        _in_lobby(table)
        if table.seat_of(user.id) is None:
            raise refused(
                "not_seated",
                403,
                "seuls les joueurs de la table la lancent",
                "only players at the table start it",
            )
        if any(seat.free for seat in table.seats):
            raise refused(
                "seats_free", 409, "des sièges sont encore libres", "some seats are still free"
            )
        table.begin()
        self.table_changed(table)

    def _seats_changed(
        self, table: LiveTable, text: Text, seat: int | None, name: Text | None = None
    ) -> None:
        table.used = time.monotonic()
        table.store_seats()
        table.notify(text, seat, name)
        self.table_changed(table)

    def table_changed(self, table: LiveTable) -> None:
        table.push_table()
        if table.row.public:
            listed = table.row.state != "over"
            self.to_lobby(lobby.table_event(table.id, table.describe if listed else None))

    def to_lobby(self, event: lobby.Event) -> None:
        """An event for everyone in the lobby, whichever process they are connected to."""
        self.lobby.push(event)
        if self.cluster is not None:
            self.cluster.lobby(event)

    def finish(self, table: LiveTable) -> list[ResultRow]:
        """Store the end of ``table`` with each person's result and, at a rated table, the
        new ratings of its registered players, all at once (so ratings move exactly once).
        A member who left once the cards were dealt (a stand-in bot made most of their
        seat's decisions, or was still playing for them at the end) is rated as the last
        place, whatever the stand-in made of it: dodging a bad deal, or leaving a strong
        stand-in to win, costs."""
        row = table.row
        assert row.result is not None and row.finished is not None
        people = [seat.user for seat in table.seats if seat.user is not None]
        rated = self._registered(people) if row.rated else set()
        left = {
            index
            for index, seat in enumerate(table.seats)
            if seat.user in rated and left_it(seat.away, table.played_it(index))
        }
        ranks = seat_ranks(row.result, row.players)
        rating_ranks = last_for_leaving(ranks, left)
        stored = self.store.ratings(row.game, list(rated))
        before = _skills(table.seats, rated, stored, bot_skills(row.game))
        entrants = sorted(before)
        after = _rated(entrants, rating_ranks, before, table.seats)
        forfeited = {seat for seat in entrants if table.seats[seat].forfeit}
        if forfeited:
            # A forfeit is the forfeiter's last place; the others are rated among themselves.
            others = [seat for seat in entrants if seat not in forfeited]
            after.update(_rated(others, rating_ranks, before, table.seats))
        results, ratings = [], []
        for index, seat in enumerate(table.seats):
            if seat.user is None:
                continue
            was, new = before.get(index), after.get(index)
            results.append(
                ResultRow(
                    table_id=row.id,
                    user_id=seat.user,
                    game=row.game,
                    seat=index,
                    rank=ranks[index],
                    won=index in row.result.get("winners", []),
                    score=_score(row.result, index),
                    before_mu=was.mu if was else None,
                    before_sigma=was.sigma if was else None,
                    after_mu=new.mu if new else None,
                    after_sigma=new.sigma if new else None,
                    finished=row.finished,
                )
            )
            if new is not None:
                played = stored[seat.user].games if seat.user in stored else 0
                ratings.append(
                    RatingRow(
                        user_id=seat.user,
                        game=row.game,
                        mu=new.mu,
                        sigma=new.sigma,
                        games=played + 1,
                        updated=row.finished,
                    )
                )
        self.store.finish_table(row.id, row.result, row.finished, results, ratings)
        return results

    def _registered(self, user_ids: list[int]) -> set[int]:
        self._know(user_ids)
        return {uid for uid in user_ids if uid in self._users and self._users[uid].login}

    def table_over(self, table: LiveTable) -> None:
        self.tables.pop(table.id, None)
        if self.cluster is not None:
            self.cluster.release(table)
        self._keep_finished(table)
        for hook in self.on_table_over:
            hook(table)

    # --- after the game ----------------------------------------------------------------

    def results(self, table: LiveTable, lang: Lang) -> dict[str, Any]:
        _over(table)
        return table.results_of(self.store.results_of(table.id), lang)

    def rematch(self, user: User, table: LiveTable) -> tuple[LiveTable, str | None, int | None]:
        """The table of the rematch of the finished ``table``, asked by one who played it:
        the same game, player count, options, clock and terms, the same bots at the same
        seats and levels, a new deal; the asker sits at their seat. Asked again, by them or
        by another player of ``table``, it is the same table (the other seated at theirs).
        Its invitation when private, and the asker's seat there (None once it started
        without them)."""
        seat = table.seat_of(user.id)
        if seat is None:
            raise refused(
                "not_seated",
                403,
                "seuls les joueurs de cette partie proposent une revanche",
                "only the players of this game offer a rematch",
            )
        if table.row.state != "over":
            raise refused("not_over", 409, "la partie n'est pas terminée", "the game is not over")
        new, invite = self._rematch_table(user, table, seat)
        index = new.seat_of(user.id)
        if index is None and new.row.state == "lobby":
            index = self.join(user, new, seat if new.seats[seat].free else None)
        return new, invite, index

    def _rematch_table(
        self, user: User, table: LiveTable, seat: int
    ) -> tuple[LiveTable, str | None]:
        """The rematch's table already opened, or a new one; the other players of ``table``
        are told of a new one over its socket."""
        if table.rematch is not None:
            opened, _, invite = table.rematch
            found = self.tables.get(opened)
            if found is not None and found.row.state != "over":
                return found, invite
        row, clock = table.row, table.row.clock
        request = TableRequest(
            game=row.game,
            players=row.players,
            options=dict(row.options),
            public=row.public,
            rated=row.rated,
            clock=clock.get("kind"),
            turn_seconds=clock.get("turn"),
            window_seconds=clock.get("window"),
            bot_level=row.bot_level,
            sit=False,
        )
        new, invite = self.create(user, request)
        for index, old in enumerate(table.seats):
            if old.bot is not None:
                new.seats[index] = Seat(bot=old.bot)
        new.seats[seat] = Seat(user=user.id)
        self._seats_changed(new, texts.JOINED, seat)
        table.rematch = (new.id, seat, invite)
        offer = {"type": "rematch", "table": new.id, "by": seat}
        for other in table.seats:
            if other.user is not None and other.user in table.feeds:
                table.feeds[other.user].push(offer)
        return new, invite

    def save(self, table: LiveTable, user: User | None, lang: Lang) -> dict[str, Any]:
        """The save file of a finished game, seen from the asker's seat if they played, the
        seats named as the table named them (in ``lang``)."""
        _over(table)
        assert table.match is not None
        seat = None if user is None else table.seat_of(user.id)
        record = table.match.to_record()
        return save_json(record, table.seats, seat, table.names(lang), table.hints)

    def leaderboard(self, game: str, limit: int) -> list[dict[str, Any]]:
        """Registered players by rating, with the bot levels (fixed) among them."""
        popote.game_info(game)  # an unknown game is refused with the engine's message
        players: list[dict[str, Any]] = [
            {
                "kind": "player",
                "id": row.user_id,
                "name": name,
                "games": row.games,
                **Skill(row.mu, row.sigma).json(),
            }
            for row, name in self.store.leaderboard(game, limit)
        ]
        bots: list[dict[str, Any]] = [
            {"kind": "bot", "level": level, **skill.json()}
            for level, skill in bot_skills(game).items()
        ]
        ranked = sorted([*players, *bots], key=lambda entry: -entry["rating"])
        return [{"rank": n, **entry} for n, entry in enumerate(ranked, 1)]

    def player(self, user_id: int, limit: int) -> dict[str, Any]:
        """A person's ratings per game and last public games. Only people who finished a
        public game have a page: anyone else is as unknown as an id nobody has, so that
        counting ids lists nobody who only played in private, or never played."""
        # Ids are 32-bit integers; a larger number would overflow SQLite's, not name anyone.
        found = self.store.users([user_id]).get(user_id) if 0 < user_id < ID_LIMIT else None
        if found is None or not self.store.played_in_public(user_id):
            raise refused("no_player", 404, "joueur introuvable", "no such player")
        recent = [
            {
                "table": table.id,
                "game": row.game,
                "finished": row.finished.isoformat(),
                "players": table.players,
                "rated": table.rated,
                "seat": row.seat,
                "rank": row.rank,
                "won": row.won,
                "score": row.score,
                "rating": None
                if row.after_mu is None or row.after_sigma is None
                else Skill(row.after_mu, row.after_sigma).json(),
            }
            for row, table in self.store.recent_results(user_id, limit)
        ]
        return {
            "id": found.id,
            "name": found.name,
            "registered": found.login is not None,
            "ratings": {
                row.game: {"games": row.games, **Skill(row.mu, row.sigma).json()}
                for row in self.store.ratings_of(user_id)
            },
            "recent": recent,
        }

    # --- chat ------------------------------------------------------------------------------

    def chat_text(self, user: User, text: object, address: str | None = None) -> str:
        """``text`` cleaned for the chat, or a refusal (empty, or too many messages from
        this identity or from ``address``, the client's key: nothing is counted then)."""
        cleaned = clean_text(text, self.settings.chat_length) if isinstance(text, str) else ""
        if not cleaned:
            raise refused("empty_chat", 422, "message vide", "empty message")
        if self.chat_limits.full(user.id):
            raise refused(
                "chat_rate",
                429,
                "trop de messages : attendez quelques secondes",
                "too many messages: wait a few seconds",
            )
        if address is not None and not self.chat_address_limits.allow(address):
            raise refused(
                "chat_rate",
                429,
                "trop de messages depuis votre adresse : attendez quelques secondes",
                "too many messages from your address: wait a few seconds",
            )
        self.chat_limits.allow(user.id)
        return cleaned

    def chat(
        self, user: User, text: object, table: LiveTable | None, address: str | None = None
    ) -> None:
        """Say ``text`` in the lobby (``table`` None) or at ``table``; ``address`` is the
        speaker's client key (None: a caller that has none, counted per identity only)."""
        cleaned = self.chat_text(user, text, address)
        self.store.add_chat(
            ChatRow(table_id=table.id if table else None, user_id=user.id, text=cleaned)
        )
        if table is None:
            said = {"type": "chat", "seat": None, "text": cleaned}
            self.to_lobby(lobby.everyone(lambda lang: {**said, "from": marked(user).get(lang)}))
        else:
            table.say(user.id, marked(user), cleaned)


def marked(user: User) -> Text:
    """``user``'s name as people see it: a guest's says it is one (``texts.GUEST``)."""
    if user.login is None:
        return texts.GUEST.format(name=user.name)
    return Text(user.name, user.name)


def _skills(
    seats: list[Seat], rated: set[int], stored: dict[int, RatingRow], bots: dict[str, Skill]
) -> dict[int, Skill]:
    """The skill of each seat that counts: bots (``bots``: the game's measured levels, fixed)
    and rated players (``stored``: their ratings so far); guests, unrated tables' players and
    bot levels the ladder has not measured (the learned one) do not count."""
    skills: dict[int, Skill] = {}
    for index, seat in enumerate(seats):
        if seat.bot is not None:
            if seat.bot in bots:
                skills[index] = bots[seat.bot]
        elif seat.user in rated:
            found = stored.get(seat.user)
            skills[index] = Skill(found.mu, found.sigma) if found else NEWCOMER
    return skills


def _rated(
    entrants: list[int], ranks: list[int], before: dict[int, Skill], seats: list[Seat]
) -> dict[int, Skill]:
    """The new skill of each of ``entrants`` (seats) after a game they finished at
    ``ranks``, rated among themselves only (bots' skills do not move)."""
    if not entrants:
        return {}
    new = rate(
        [ranks[seat] for seat in entrants],
        [before[seat] for seat in entrants],
        [seats[seat].bot is not None for seat in entrants],
    )
    return dict(zip(entrants, new, strict=True))


def _score(result: dict[str, Any], seat: int) -> float | None:
    scores = result.get("scores")
    value = scores[seat] if isinstance(scores, list) and seat < len(scores) else None
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _over(table: LiveTable) -> None:
    if table.row.state != "over":
        raise refused(
            "not_over",
            409,
            "la partie n'est pas terminée : son déroulé révélerait les cartes cachées",
            "the game is not over: its record would reveal the hidden cards",
        )


def _invited(row: Table, invite: str) -> bool:
    """Whether ``invite`` opens the private table ``row``: its invitation or its code."""
    link, code = row.invite_hash, row.code
    by_link = link is not None and hmac.compare_digest(token_hash(invite), link)
    typed = invite.encode("utf-8", "surrogatepass")
    by_code = code is not None and hmac.compare_digest(typed, code.encode())
    return by_link or by_code


def _bad_level(game: str) -> Refused:
    return refused(
        "bad_level",
        422,
        "niveau de bot inconnu (niveaux : {levels})",
        "unknown bot level (levels: {levels})",
        levels=", ".join(levels_for(game)),
    )


def _in_lobby(table: LiveTable) -> None:
    if table.row.state != "lobby":
        raise refused("started", 409, "la partie a déjà commencé", "the game has already started")


def _free_seat(table: LiveTable, seat: int | None) -> int:
    if seat is None:
        index = next((i for i, s in enumerate(table.seats) if s.free), None)
        if index is None:
            raise refused("full", 409, "la table est complète", "the table is full")
        return index
    if type(seat) is not int or not 0 <= seat < len(table.seats) or not table.seats[seat].free:
        raise refused(
            "seat_taken",
            409,
            "siège indisponible : {seat}",
            "seat not available: {seat}",
            seat=str(seat)[:20],
        )
    return seat
