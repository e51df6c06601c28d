"""One table being played: its match, its seats, its clocks and what each identity is sent.

Every change goes the same way: try the action on a copy of the match, commit it to the
action log, keep the copy, then tell each identity what its seat may see. Nothing here
knows a game: the engine decides, the presenter words it.
"""

from __future__ import annotations

import asyncio
import copy
import logging
import time
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy.exc import IntegrityError, SQLAlchemyError

import popote
from popote.bots.registry import THINKING_SECONDS
from popote.core.actions import Action, visible_events
from popote.core.errors import IllegalAction, PopoteError
from popote.core.i18n import LANGUAGES, Lang, Text
from popote.core.match import Match
from popote.core.sheet import ScoreSheet
from popote.server import texts
from popote.server.bots import QUICK_LEVELS, BotPool, Grant, ThinkingBudget
from popote.server.clocks import Clocks
from popote.server.deadlines import DeadlineStore, TableDeadlines
from popote.server.errors import Refused, unavailable
from popote.server.fairness import Answer, Collector, Reply
from popote.server.feeds import Feed, Message, Outlet
from popote.server.metrics import counted_action
from popote.server.models import ActionRow, ResultRow, Table, now
from popote.server.ratings import played_it
from popote.server.render import (
    decision,
    event_lines,
    hand,
    line_concerns,
    picture,
    table_text,
)
from popote.server.results import results_json, table_sheet
from popote.server.seats import Seat, seat_json, seat_name
from popote.server.settings import Settings
from popote.server.store import Store
from popote.server.turns import Waiting, is_turn_based

log = logging.getLogger("popote.server")

RECENT = 30
"""Events a snapshot carries, for a client that lost the thread."""
BOT_RETRY = 1.0
"""Seconds before a bot whose move the database could not store tries again."""


STALE = Text(
    "choix refusé : il répond à une décision déjà passée (la table a avancé)",
    "choice refused: it answers a decision that has passed (the table moved on)",
)


class Host(DeadlineStore, Protocol):
    """What a table needs from the server around it."""

    store: Store
    settings: Settings
    bots: BotPool

    def your_turn(self, waiting: Waiting) -> None: ...

    def waiting_changed(self, user_ids: set[int]) -> None: ...

    def names_of(self, user_ids: list[int], lang: Lang | None = None) -> dict[int, str]: ...

    def guests_among(self, user_ids: list[int]) -> set[int]: ...

    def table_changed(self, table: LiveTable) -> None: ...

    def finish(self, table: LiveTable) -> list[ResultRow]: ...

    def table_over(self, table: LiveTable) -> None: ...

    def available(self) -> bool: ...

    def drop(self, table: LiveTable) -> None: ...


class LiveTable:
    """A table in memory: the truth while the server runs, rebuilt from the log at start."""

    def __init__(self, host: Host, row: Table, seats: list[Seat]) -> None:
        self.host = host
        self.row = row
        self.seats = seats
        self.match: Match | None = None
        self.played = 0
        """Actions in the match's history (counting them anew would walk the whole log)."""
        self.decisions = [0] * row.players
        self.own_decisions = [0] * row.players
        """Each seat's actions, and those its person chose (not a stand-in bot)."""
        self.outcome: list[ResultRow] | None = None
        """Each person's result once the game is over."""
        self.hints: list[dict[str, int]] = []
        """The hints asked here (``{"seat", "move"}``): part of the game's record, told to
        everyone at the end (``popote.server.hints``)."""
        self._sheet: ScoreSheet | None = None
        self.rematch: tuple[str, int, str | None] | None = None
        """The rematch once asked: its table's id, the seat that asked, its invitation when
        private (kept in memory only: docs/protocol.md, *End of a game*)."""
        self.feeds: dict[int, Feed] = {}
        self.spectators: set[int] = set()
        self._applied_ids: dict[tuple[int, str], int] = {}
        self._asked_at: dict[int, int] = {}
        """For each seat asked to decide, the number of actions played when its decision
        opened: the decision's ``id``, which a client may echo so that an answer to a decision
        that has passed (a stand-in bot played it) is refused rather than applied to the next."""
        self._standing_in: set[int] = set()
        self._thinking: set[int] = set()
        self._searching: set[int] = set()
        """Seats whose bot searches now; the seats told so (``thinking``), and whether a
        ``table`` message is due to tell the change."""
        self._told_searching: set[int] = set()
        self._telling = False
        self._budget = ThinkingBudget()
        """The bots' thinking between two decisions of a person (none for bots alone)."""
        self._grace: dict[int, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.closed = False
        """Set when the server lets the table go: nothing is applied or scheduled any more."""
        self.used = time.monotonic()
        """When someone last connected, left, or took or left a seat (see ``Hub.expire``)."""
        clock = row.clock
        self.turn_based = is_turn_based(clock)
        """Days per move: deadlines in the database (``deadlines``), not timers."""
        self.deadlines: TableDeadlines | None = None
        if self.turn_based:
            self.deadlines = TableDeadlines(host, row.id, float(clock["turn"]))
            self.clocks = Clocks(None, None, self._timed_out)
        else:
            self.clocks = Clocks(clock.get("turn"), clock.get("window"), self._timed_out)
        real_time = row.options.get("real_time") is True
        self._collector = Collector(host.settings.grab_window, self._release) if real_time else None

    @property
    def id(self) -> str:
        return self.row.id

    # --- who is who ------------------------------------------------------------------------

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, seat in enumerate(self.seats) if seat.user == user_id), None)

    def names(self, lang: Lang) -> list[str]:
        """Each seat's name as the game's text says it."""
        users = self.host.names_of(self._people())
        return [seat_name(seat, i + 1, users, lang) for i, seat in enumerate(self.seats)]

    def shown_names(self, lang: Lang) -> list[str]:
        """Each seat's name as lists, notices and results show it: a guest's marked."""
        users = self.host.names_of(self._people(), lang)
        return [seat_name(seat, i + 1, users, lang) for i, seat in enumerate(self.seats)]

    def describe(self, lang: Lang) -> dict[str, Any]:
        """The table as the lobby lists it (never its seed nor its invite code)."""
        people = self._people()
        users = self.host.names_of(people, lang)
        guests = self.host.guests_among(people)
        described = describe(self.row, self.seats, users, lang, len(self.spectators), guests)
        for seat in self._told_searching:
            described["seats"][seat]["thinking"] = True
        return described

    def _people(self) -> list[int]:
        return [seat.user for seat in self.seats if seat.user is not None]

    # --- start, restore, end ------------------------------------------------------------

    def begin(self) -> None:
        """Deal: the match starts from the table's seed; every identity gets a snapshot."""
        row = self.row
        self.match = popote.new_match(row.game, row.players, row.seed, row.options)
        self._open_decisions((), None)
        row.state = "playing"
        self.host.store.update_table(row.id, state="playing")
        self.notify(texts.STARTED)
        self.clocks.follow((), self.match.to_act, None)
        self._sync_deadlines()
        for user_id in self.feeds:
            self._send_snapshot(user_id)
        self.wake_bots()

    def restore(self, actions: list[ActionRow]) -> None:
        """Rebuild the match from its log; the clocks of a game in play start again from now."""
        row = self.row
        self.match = popote.new_match(row.game, row.players, row.seed, row.options)
        self._open_decisions((), None)
        for action in actions:
            before = self.match.to_act
            choices = self._choices(before)
            self.match.act(action.seat, action.action)
            self.played += 1
            self._count(action.seat, action.by_bot)
            self._open_decisions(before, action.seat, choices)
            if action.action_id is not None:
                self._applied_ids[(action.seat, action.action_id)] = action.index
        self.hints = self.host.store.hints_of(row.id)
        if row.state == "over":
            self.outcome = self.host.store.results_of(row.id)
        if row.state != "playing":
            return
        if self.deadlines is not None:
            self.deadlines.load()
        if self.match.over:  # stopped after its last action was stored, before its end was
            self._finish()
            return
        for index, seat in enumerate(self.seats):
            if seat.user is not None and not seat.away:
                self._start_grace(index)
        # The decisions stay those the log opened (their ids too); only the clocks restart,
        # and a turn-based table's deadlines stay those stored.
        self.clocks.follow((), self.match.to_act, None)
        self._sync_deadlines()
        self.wake_bots()

    def _finish(self) -> None:
        assert self.match is not None
        self.clocks.stop_all()
        for handle in self._grace.values():
            handle.cancel()
        self._grace.clear()
        self.row.state = "over"
        self.row.result = self.match.result()
        self.row.finished = now()
        self._sync_deadlines()
        self.outcome = self.host.finish(self)
        self.notify(texts.OVER)
        self.host.table_changed(self)
        for feed in self.feeds.values():
            feed.push({"type": "results", **self.results_of(self.outcome, feed.lang)})
        self.host.table_over(self)

    def results(self, lang: Lang) -> dict[str, Any] | None:
        """Where each seat finished, once the game is over."""
        if self.outcome is None:
            return None
        return self.results_of(self.outcome, lang)

    def results_of(self, rows: list[ResultRow], lang: Lang) -> dict[str, Any]:
        """The results of the finished game with each person's ``rows``, in ``lang``."""
        assert self.match is not None
        if self._sheet is None:  # the match is played again once, not for each reader
            self._sheet = table_sheet(self.row, self.match)
        found = results_json(self.row, self.seats, self.shown_names(lang), rows, self._sheet, lang)
        offered = self.rematch
        found["rematch"] = None if offered is None else {"table": offered[0], "by": offered[1]}
        found["hints"] = list(self.hints)
        return found

    def close(self) -> None:
        """Stop every clock and task (the server is shutting down, or lets the table go)."""
        self.closed = True
        self.clocks.stop_all()
        for handle in self._grace.values():
            handle.cancel()
        if self._collector is not None:
            self._collector.cancel()
        for task in self._tasks:
            task.cancel()

    # --- actions -----------------------------------------------------------------------

    def submit(
        self,
        seat: int,
        action: Any,
        action_id: str | None,
        by_bot: bool,
        reply: Reply,
        decision: int | None = None,
    ) -> None:
        """Play ``action`` for ``seat``; ``reply`` hears an ``ack`` or an ``error``.
        ``decision``, when given, is the id of the decision the action answers."""
        if action_id is not None and (seat, action_id) in self._applied_ids:
            reply.ack(action_id, self._applied_ids[(seat, action_id)], True)
            return
        match = self._playing()
        if decision is not None and (
            seat not in match.to_act or self._asked_at.get(seat) != decision
        ):
            reply.refused(Refused("stale", STALE, 409), "stale", action_id)
            return
        if not by_bot:
            self._came_back(seat)
        if self._collector is not None and len(match.to_act) > 1:
            if not self._collector.holds(seat, action_id):
                answer = Answer(seat, action, action_id, by_bot, reply)
                self._collector.add(answer, match.to_act)
            return
        self._apply(seat, action, action_id, by_bot, reply)

    def _release(self, answers: list[Answer]) -> None:
        first = answers[0].seat
        for position, answer in enumerate(answers):
            try:
                self._apply(
                    answer.seat,
                    answer.action,
                    answer.action_id,
                    answer.by_bot,
                    answer.reply,
                    beaten_by=first if position > 0 else None,
                )
            except PopoteError as error:
                answer.reply.refused(error, "not_playing", answer.action_id)

    def _apply(
        self,
        seat: int,
        action: Any,
        action_id: str | None,
        by_bot: bool,
        reply: Reply,
        beaten_by: int | None = None,
    ) -> None:
        """``beaten_by``: the seat whose answer, gathered in the same real-time window, went
        first; if this one no longer fits, it is refused ``too_late`` naming that seat."""
        match = self._playing()
        if not self.host.available():
            reply.refused(unavailable(), "unavailable", action_id)
            return
        before = match.to_act
        choices = self._choices(before)
        trial = match.clone()
        try:
            events = trial.act(seat, action)
        except IllegalAction as error:
            if beaten_by is None:
                reply.refused(error, "illegal", action_id)
            else:
                reply.refused(self._too_late(beaten_by), "too_late", action_id)
            return
        index = self.played
        try:
            self.host.store.append_action(
                ActionRow(
                    table_id=self.id,
                    index=index,
                    seat=seat,
                    action=copy.deepcopy(dict(action)),
                    action_id=action_id,
                    by_bot=by_bot,
                )
            )
        except IntegrityError:
            # Another process took this table over and wrote this place in the log: this
            # copy is stale, so it is let go and found again from the log.
            self.host.drop(self)
            reply.refused(unavailable(), "unavailable", action_id)
            return
        self.match = trial
        self.played = index + 1
        self._count(seat, by_bot)
        self._budget.decided(seat)
        self._open_decisions(before, seat, choices)
        counted_action(by_bot)
        if action_id is not None:
            self._applied_ids[(seat, action_id)] = index
        if by_bot:
            self._standing_in.discard(seat)
        elif not self.turn_based:  # a turn-based table counts every missed move
            self.seats[seat].timeouts = 0
        self.used = time.monotonic()
        reply.ack(action_id, index, False)
        # The clocks follow first, so that the update carries those of the decisions it opens.
        self.clocks.follow(before, trial.to_act, seat)
        self._sync_deadlines()
        self._send_update(events, seat)
        if trial.over:
            self._finish()
        else:
            self.wake_bots()

    def _too_late(self, first: int) -> Refused:
        """A race lost, in words: who was first (names differ by language: bots')."""
        names = {lang: self.names(lang)[first] for lang in LANGUAGES}
        return Refused(
            "too_late",
            Text(
                texts.TOO_LATE.render("fr", name=names["fr"]),
                texts.TOO_LATE.render("en", name=names["en"]),
            ),
            409,
        )

    def _count(self, seat: int, by_bot: bool) -> None:
        self.decisions[seat] += 1
        if not by_bot:
            self.own_decisions[seat] += 1

    def played_it(self, seat: int) -> bool:
        """Whether the person at ``seat`` played the game (see ``ratings.played_it``)."""
        return played_it(self.own_decisions[seat], self.decisions[seat])

    def _playing(self) -> Match:
        if self.closed:
            raise unavailable()
        if self.match is None or self.row.state != "playing":
            raise Refused(
                "not_playing",
                Text("la partie n'est pas en cours", "the game is not being played"),
                409,
            )
        return self.match

    def _choices(self, seats: tuple[int, ...]) -> dict[int, list[Action]]:
        """What each of several seats asked together may do now (one seat asked alone is
        asked again whenever it acts: nothing to compare)."""
        match = self.match
        assert match is not None
        return {seat: match.legal_actions(seat) for seat in seats} if len(seats) > 1 else {}

    def _open_decisions(
        self,
        before: tuple[int, ...],
        acted: int | None,
        choices: dict[int, list[Action]] | None = None,
    ) -> None:
        """A seat's decision opens when it joins ``to_act``, acts and is asked again, or
        stays asked while another's move changed its choices (``choices``: each seat's
        before that move), so that an answer to the old choices is refused as stale, not
        as illegal (the clocks' rule too)."""
        match = self.match
        assert match is not None
        changed = choices or {}
        self._asked_at = {
            seat: self.played
            if seat not in before
            or seat == acted
            or (seat in changed and match.legal_actions(seat) != changed[seat])
            else self._asked_at.get(seat, self.played)
            for seat in match.to_act
        }

    # --- bots, stand-ins, clocks, absences ----------------------------------------------

    def _bot_level(self, seat: int) -> str | None:
        place = self.seats[seat]
        if place.bot is not None:
            return place.bot
        if place.away or seat in self._standing_in:
            return self.row.bot_level
        return None

    def wake_bots(self) -> None:
        match = self.match
        if match is None or match.over or self.row.state != "playing" or self.closed:
            return
        for seat in match.to_act:
            level = self._bot_level(seat)
            if level is not None and seat not in self._thinking:
                self._thinking.add(seat)
                task = asyncio.get_running_loop().create_task(self._think(seat, level, match))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _think(self, seat: int, level: str, asked: Match) -> None:
        grant = self._grant(level)
        if level not in QUICK_LEVELS:
            self._searching.add(seat)
            self._tell_searching()
        try:
            action: Any = await self.host.bots.choose(
                self.row.owner,
                self.id,
                asked.to_record(),
                seat,
                level,
                None if grant is None else grant.seconds,
            )
        except Exception:
            log.exception("bot failed at table %s seat %s", self.id, seat)
            action = asked.legal_actions(seat)[0]
        finally:
            self._thinking.discard(seat)
            self._searching.discard(seat)
            self._tell_searching()
        try:
            self._play(seat, action, asked)
        finally:
            # Paid once its move is played (stored, and sent to everyone): the person
            # waits for that too.
            if grant is not None:
                self._budget.answered(grant)

    def _play(self, seat: int, action: Any, asked: Match) -> None:
        """Play a bot's ``action``, chosen for the match ``asked``, if it still fits."""
        match = self.match
        if match is None or match.over or seat not in match.to_act or self._bot_level(seat) is None:
            return
        if match is not asked and action not in match.legal_actions(seat):
            self.wake_bots()  # the match moved on while it thought: think again
            return
        try:
            self.submit(seat, action, None, True, _BotReply(self))
        except SQLAlchemyError:
            # Nothing was applied (the database is away or full): the bot tries again later.
            log.warning("database error: a bot at table %s tries again", self.id)
            asyncio.get_running_loop().call_later(BOT_RETRY, self.wake_bots)

    def _grant(self, level: str) -> Grant | None:
        """The seconds a search of ``level`` may think now (``ThinkingBudget``), or None:
        a level that does not search, or a table without people, keeps its own limit."""
        limit = THINKING_SECONDS.get(level)
        if limit is None:
            return None
        people = [
            i for i, place in enumerate(self.seats) if place.user is not None and not place.away
        ]
        bots = sum(self._bot_level(i) is not None for i in range(len(self.seats)))
        self._budget.waiting(people, bots)
        return self._budget.grant(limit)

    def _tell_searching(self) -> None:
        """Tell the table which bots search, once for the changes of the same moment: one
        bot's answer wakes the next, whose task starts one turn of the loop later, so the
        message waits two turns (one message for the hand-over, not two)."""
        if not self._telling and not self.closed:
            self._telling = True
            loop = asyncio.get_running_loop()
            loop.call_soon(loop.call_soon, self._told)

    def _told(self) -> None:
        self._telling = False
        if self._searching != self._told_searching and not self.closed:
            self._told_searching = set(self._searching)
            self.push_table()

    def _timed_out(self, seat: int) -> None:
        place = self.seats[seat]
        if place.user is None or place.away or self.row.state != "playing":
            return
        place.timeouts += 1
        if self.turn_based:
            self._missed_move(seat)
            return
        self.notify(texts.TIMEOUT, seat)
        if place.timeouts >= 2:
            self._set_away(seat, True)
        else:
            self._standing_in.add(seat)
        self.wake_bots()

    def _missed_move(self, seat: int) -> None:
        """A turn-based move's time ran out: a stand-in bot plays it; at a rated table the
        second missed move forfeits the game (a bot plays the seat to the end, and its
        person is rated last: ``Hub.finish``)."""
        place = self.seats[seat]
        if self.row.rated and place.timeouts >= 2:
            place.forfeit = True
            self.notify(texts.FORFEIT, seat)
            self._set_away(seat, True)
        else:
            self.notify(texts.TIMEOUT_MOVE, seat)
            self._standing_in.add(seat)
            self.store_seats()
        self._sync_deadlines()
        self.wake_bots()

    def store_seats(self) -> None:
        """Write who sits where, and each seat's absence and missed moves, to the table's row."""
        self.host.store.update_table(self.id, seats=[s.stored() for s in self.seats])

    def deadline_passed(self, seat: int, decision: int) -> None:
        """The database says the deadline of ``decision`` at ``seat`` passed (it may be
        stale: the move was made meanwhile); afterwards no row of that decision is due."""
        match = self.match
        current = self._asked_at.get(seat)
        if match is not None and seat in match.to_act and current == decision:
            self._timed_out(seat)
        self._sync_deadlines()

    def _sync_deadlines(self) -> None:
        """Keep a turn-based table's deadline rows those of the decisions its people must
        make now; tell who waits on each new one."""
        if self.deadlines is None:
            return
        match = self.match
        asked: dict[int, tuple[int, int]] = {}
        if match is not None and not match.over and self.row.state == "playing":
            for seat in match.to_act:
                user = self.seats[seat].user
                if user is not None and self._bot_level(seat) is None:
                    asked[seat] = (user, self._asked_at.get(seat, self.played))
        before = self.deadlines.people()
        opened = self.deadlines.sync(asked)
        for row in opened:
            self.host.your_turn(self._waiting(row.seat, row.user_id, row.due))
        changed = before ^ self.deadlines.people() | {row.user_id for row in opened}
        if changed:
            self.host.waiting_changed(changed)

    def _waiting(self, seat: int, user_id: int, due: datetime) -> Waiting:
        match = self.match
        assert match is not None
        view = match.view(seat)
        presenter = match.game.presenter
        asked = Text(*(presenter.prompt(view, lang, self.names(lang)) for lang in LANGUAGES))
        title = popote.game_info(self.row.game)["title"]
        return Waiting(
            table_id=self.id,
            game=self.row.game,
            title=Text(title["fr"], title["en"]),
            user_id=user_id,
            seat=seat,
            asked=asked,
            due=due,
            link=f"/tables/{self.id}",
        )

    def _set_away(self, seat: int, away: bool) -> None:
        place = self.seats[seat]
        if place.away == away:
            return
        place.away = away
        place.timeouts = 0
        self.store_seats()
        self.notify(texts.TAKEN_OVER if away else texts.BACK, seat)
        self.host.table_changed(self)
        self.wake_bots()

    def leave(self, seat: int) -> None:
        """A player leaves mid-game: a bot plays for them until they come back."""
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        self._set_away(seat, True)

    def _came_back(self, seat: int) -> None:
        handle = self._grace.pop(seat, None)
        if handle is not None:
            handle.cancel()
        if self.seats[seat].away and self.row.state == "playing":
            self._set_away(seat, False)

    def _start_grace(self, seat: int) -> None:
        """A person gone from a real-time table is replaced after a grace; at a turn-based
        table, being away between moves is the point."""
        if seat in self._grace or self.row.state != "playing" or self.closed or self.turn_based:
            return
        settings = self.host.settings
        delay = settings.disconnect_grace * settings.clock_scale
        loop = asyncio.get_running_loop()
        self._grace[seat] = loop.call_later(delay, self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
        self._grace.pop(seat, None)
        self._set_away(seat, True)

    # --- connections and what they are sent -------------------------------------------

    @property
    def in_use(self) -> bool:
        """Whether anyone is connected to the table now."""
        return any(feed.connections for feed in self.feeds.values())

    def connect(
        self,
        user_id: int,
        lang: Lang,
        connection: Outlet,
        feed_id: str | None,
        last_seq: int | None,
    ) -> Feed:
        self.used = time.monotonic()
        feed = self.feeds.get(user_id)
        if feed is None:
            feed = self.feeds[user_id] = Feed(self.host.settings.feed_memory)
        feed.lang = lang
        feed.connections.add(connection)
        seat = self.seat_of(user_id)
        if seat is None:
            self.spectators.add(user_id)
        feed.reply(connection, {"type": "welcome", "table": self.id, "seat": seat, "feed": feed.id})
        self.catch_up(user_id, connection, feed_id, last_seq)
        # After the welcome: the notice that the seat is taken back reaches this connection
        # too, and a client reads its welcome first.
        if seat is not None and self.row.state == "playing":
            self._came_back(seat)
        return feed

    def catch_up(
        self, user_id: int, connection: Outlet, feed_id: object, last_seq: int | None
    ) -> None:
        """Resend what a client missed after ``last_seq``, or a snapshot if that is unknown."""
        feed = self.feeds[user_id]
        if not feed.resend(connection, feed_id if isinstance(feed_id, str) else None, last_seq):
            self._send_snapshot(user_id)

    def disconnect(self, user_id: int, connection: Outlet) -> None:
        self.used = time.monotonic()
        feed = self.feeds.get(user_id)
        if feed is None:
            return
        feed.connections.discard(connection)
        if feed.connections:
            return
        seat = self.seat_of(user_id)
        if seat is None:
            self.spectators.discard(user_id)
        else:
            self._start_grace(seat)

    def _seat_state(self, seat: int | None, lang: Lang, names: list[str]) -> dict[str, Any]:
        """What ``seat`` sees now, in ``lang``, the seats named ``names``."""
        match = self.match
        if match is None:
            return {
                "index": 0,
                "view": None,
                "table_text": None,
                "hand": None,
                "picture": None,
                "to_act": [],
                "decision": None,
                "clock": {},
                "result": None,
            }
        view = match.view(seat)
        asked = seat is not None and seat in match.to_act
        return {
            "index": self.played,
            "view": view,
            "table_text": table_text(match, view, lang, names),
            "hand": hand(match, view, lang, names),
            "picture": picture(match, seat, view, lang, names),
            "to_act": list(match.to_act),
            "decision": {"id": self._asked_at.get(seat), **decision(match, seat, view, lang, names)}
            if asked and seat is not None
            else None,
            "clock": {str(s): left for s, left in self._clocks_left().items()},
            "result": match.result() if match.over else None,
        }

    def decision_of(self, seat: int) -> int | None:
        """The id of the decision ``seat`` is asked now (None: not asked)."""
        match = self.match
        if match is None or self.row.state != "playing" or seat not in match.to_act:
            return None
        return self._asked_at.get(seat, self.played)

    def _clocks_left(self) -> dict[int, float]:
        return self.clocks.left() if self.deadlines is None else self.deadlines.left()

    def holidays_changed(self) -> None:
        """Someone here changed their holidays: read the deadlines they moved back."""
        if self.deadlines is not None:
            self.deadlines.load()

    @property
    def busy(self) -> bool:
        """Whether a bot thinks or a move waits to be applied here."""
        return bool(self._thinking or self._tasks)

    def _send_update(self, events: list[dict[str, Any]], actor: int) -> None:
        assert self.match is not None
        rendered: dict[tuple[int | None, Lang], Message] = {}
        for user_id, feed in self.feeds.items():
            seat = self.seat_of(user_id)
            key = (seat, feed.lang)
            if key not in rendered:
                seen = visible_events(events, seat)
                names = self.names(feed.lang)
                lines = event_lines(self.match.game.presenter, seen, feed.lang, names)
                lines["line_concerns"] = line_concerns(seen, lines, seat, names)
                rendered[key] = {
                    "type": "update",
                    "actor": actor,
                    "events": seen,
                    **lines,
                    **self._seat_state(seat, feed.lang, names),
                }
            feed.push(rendered[key])

    def _send_snapshot(self, user_id: int) -> None:
        feed = self.feeds[user_id]
        seat = self.seat_of(user_id)
        match = self.match
        seen = match.events(seat) if match is not None else []
        recent = seen[-RECENT:]
        names = self.names(feed.lang)
        lines = (
            event_lines(match.game.presenter, recent, feed.lang, names)
            if match
            else {"lines": [], "line_events": []}
        )
        lines["line_concerns"] = line_concerns(recent, lines, seat, names)
        feed.push(
            {
                "type": "snapshot",
                "table": self.describe(feed.lang),
                "seat": seat,
                "events": recent,
                "first_event": len(seen) - len(recent),
                **lines,
                **self._seat_state(seat, feed.lang, names),
                "results": self.results(feed.lang),
            }
        )

    def push_table(self) -> None:
        """Tell every identity how the table stands (seats, bots, absences)."""
        for feed in self.feeds.values():
            feed.push({"type": "table", "table": self.describe(feed.lang)})

    def notify(self, text: Text, seat: int | None = None, name: Text | None = None) -> None:
        """A notice for everyone at the table, about ``seat`` (or someone named ``name``)."""
        for feed in self.feeds.values():
            if seat is not None:
                who = self.shown_names(feed.lang)[seat]
            else:
                who = "" if name is None else name.get(feed.lang)
            number = "" if seat is None else seat + 1
            feed.push(
                {
                    "type": "notice",
                    "seat": seat,
                    "text": text.render(feed.lang, name=who, number=number),
                }
            )

    def say(self, user_id: int, name: Text, text: str) -> None:
        seat = self.seat_of(user_id)
        for feed in self.feeds.values():
            feed.push({"type": "chat", "from": name.get(feed.lang), "seat": seat, "text": text})


class _BotReply:
    """A bot whose action was refused (the match moved on) simply thinks again."""

    def __init__(self, table: LiveTable) -> None:
        self._table = table

    def ack(self, action_id: str | None, index: int, duplicate: bool) -> None:
        """Nothing to do: the update tells everyone."""

    def refused(self, error: PopoteError, code: str, action_id: str | None) -> None:
        if code != "unavailable":  # else the bots are woken when the server recovers
            self._table.wake_bots()


def describe(
    row: Table,
    seats: list[Seat],
    users: dict[int, str],
    lang: Lang,
    spectators: int,
    guests: set[int],
) -> dict[str, Any]:
    """A table as the lobby lists it (never its seed nor its invite code); ``users`` are
    the names as shown, ``guests`` the identities among them without an account."""
    return {
        "id": row.id,
        "game": row.game,
        "title": popote.game_info(row.game)["title"][lang],
        "players": row.players,
        "options": row.options,
        "seats": [seat_json(seat, i, users, lang, guests) for i, seat in enumerate(seats)],
        "clock": row.clock,
        "turn_based": is_turn_based(row.clock),
        "public": row.public,
        "rated": row.rated,
        "chosen_deal": row.chosen_deal,
        "terms": terms(row, lang),
        "bot_level": row.bot_level,
        "state": row.state,
        "spectators": spectators,
    }


def terms(row: Table, lang: Lang) -> str:
    """What one agrees to by sitting, in one line: the clock, whether the game is rated,
    and whether its creator chose the deal."""
    parts = [_clock_terms(row, lang), (texts.RATED if row.rated else texts.UNRATED).get(lang)]
    if row.chosen_deal:
        parts.append(texts.CHOSEN_DEAL.get(lang))
    return texts.TERMS_SEPARATOR.get(lang).join(parts)


def _clock_terms(row: Table, lang: Lang) -> str:
    """The clock in words: days a move and what a missed move costs at a turn-based
    table, else the seconds of a turn and of a window."""
    clock = row.clock
    if is_turn_based(clock):
        days = int(str(clock["kind"]).removeprefix("days-"))
        missed = texts.MISSED_RATED if row.rated else texts.MISSED_MOVE
        return texts.TERMS_SEPARATOR.get(lang).join(
            [
                texts.TURN_BASED_TERMS.render(lang, days=texts.DAYS.render(days, lang)),
                missed.get(lang),
            ]
        )
    times = [
        text.render(lang, seconds=f"{clock[key]:g}")
        for key, text in (("turn", texts.CLOCK_TURN), ("window", texts.CLOCK_WINDOW))
        if clock.get(key) is not None
    ]
    if not times:
        return texts.NO_CLOCK.get(lang)
    return texts.CLOCK_TERMS.render(lang, times=", ".join(times))
