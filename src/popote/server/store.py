"""The database behind the server: SQLite in a data folder by default, or PostgreSQL.

Every call commits before it returns, so what the caller sends next is already durable.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Engine,
    String,
    cast,
    create_engine,
    delete,
    event,
    func,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import InstrumentedAttribute, Session, sessionmaker
from sqlalchemy.sql.expression import Exists

from popote.server.models import (
    ActionRow,
    ChatRow,
    DeadlineRow,
    HolidayRow,
    RatingRow,
    ResultRow,
    Table,
    User,
)
from popote.server.names import login_key
from popote.server.reviewrows import HintRow

MIGRATING = 0x706F706F7465
"""The advisory lock that serialises migrations ("popote" in ASCII)."""


def database_url(db: str | None, data: Path) -> str:
    """``--db`` as given, or a SQLite file in the data folder (created if needed)."""
    if db:
        return db
    data.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{data / 'popote.sqlite3'}"


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL survives a killed process with every committed action; waiting beats failing.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def migrations() -> Config:
    """Alembic's configuration for the migrations shipped in the package (its connection is
    given in ``attributes["connection"]``)."""
    config = Config()
    config.set_main_option("script_location", str(resources.files("popote.server") / "migrations"))
    return config


def _refold_logins(connection: Any) -> None:
    """Give every registered player the login key of their name (names that look alike
    share one, see ``popote.server.names``). A player whose key an earlier one already
    holds keeps the fold they had: they still log in, and nobody else takes their key."""
    members = connection.execute(
        select(User.id, User.name, User.login).where(User.login.is_not(None)).order_by(User.id)
    ).all()
    taken = {login for _, _, login in members}
    for user_id, name, login in members:
        key = login_key(name)
        if key != login and key not in taken:
            connection.execute(update(User).where(User.id == user_id).values(login=key))
            taken.add(key)


def added_once(transaction: AbstractContextManager[Session], row: object) -> bool:
    """``row`` added in ``transaction``; False when a unique constraint says it is there
    already (another request added it first)."""
    try:
        with transaction as session:
            session.add(row)
    except IntegrityError:
        return False
    return True


class Store:
    """Users, tables, the action log and chat."""

    def __init__(self, url: str) -> None:
        self.engine: Engine = create_engine(url, pool_pre_ping=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self) -> None:
        """Bring the schema to the newest revision (the migrations ship in the package)."""
        config = migrations()
        with self.engine.begin() as connection:
            if self.engine.dialect.name == "postgresql":
                # Processes starting together upgrade one after the other.
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATING})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
            _refold_logins(connection)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    # --- users ---------------------------------------------------------------------------

    def add_user(self, user: User) -> User:
        with self._session() as session:
            session.add(user)
        return user

    def user_by_token_hash(self, token_hash: str) -> User | None:
        with self._session() as session:
            return session.scalars(select(User).where(User.token_hash == token_hash)).first()

    def user_by_login(self, login: str) -> User | None:
        with self._session() as session:
            return session.scalars(select(User).where(User.login == login)).first()

    def users(self, ids: Sequence[int]) -> dict[int, User]:
        with self._session() as session:
            found = session.scalars(select(User).where(User.id.in_(list(ids))))
            return {user.id: user for user in found}

    def update_user(self, user_id: int, **fields: Any) -> None:
        with self._session() as session:
            session.execute(update(User).where(User.id == user_id).values(**fields))

    # --- tables and their action log ---------------------------------------------------

    def add_table(self, table: Table) -> None:
        with self._session() as session:
            session.add(table)

    def update_table(self, table_id: str, **fields: Any) -> None:
        with self._session() as session:
            session.execute(update(Table).where(Table.id == table_id).values(**fields))

    def finish_table(
        self,
        table_id: str,
        result: dict[str, Any],
        finished: datetime,
        results: Sequence[ResultRow] = (),
        ratings: Sequence[RatingRow] = (),
    ) -> None:
        """The end, each person's result and the new ratings, in one transaction: a table is
        either over with its ratings applied, or still playing (and finishes again)."""
        with self._session() as session:
            session.execute(
                update(Table)
                .where(Table.id == table_id)
                .values(state="over", result=result, finished=finished)
            )
            session.add_all(results)
            for rating in ratings:
                session.merge(rating)

    def append_action(self, row: ActionRow) -> None:
        with self._session() as session:
            session.add(row)

    def open_tables(self) -> list[tuple[Table, list[ActionRow]]]:
        """Every table in the lobby or being played and not resting, with its actions in
        order (a resting table is rebuilt when next needed)."""
        with self._session() as session:
            query = select(Table).where(Table.state != "over", Table.resting.is_(False))
            tables = session.scalars(query.order_by(Table.created)).all()
            return [(table, self._actions(session, table.id)) for table in tables]

    def open_table_ids(self) -> list[str]:
        """Every table in the lobby or being played and not resting (the tables an owner
        must hold)."""
        with self._session() as session:
            query = select(Table.id).where(Table.state != "over", Table.resting.is_(False))
            return list(session.scalars(query.order_by(Table.created)).all())

    def open_tables_of(self, owner: int) -> int:
        """How many tables ``owner`` created that are not over."""
        with self._session() as session:
            query = select(func.count()).where(Table.owner == owner, Table.state != "over")
            return int(session.scalar(query) or 0)

    def remove_unstarted(self, table_id: str) -> bool:
        """Forget a table that never began (it has no action, no result); False if it began."""
        with self._session() as session:
            found = session.get(Table, table_id)
            if found is None or found.state != "lobby":
                return False
            session.delete(found)
            return True

    def lobby_rows(self) -> list[Table]:
        """Public tables in the lobby or being played, oldest first, without their log."""
        with self._session() as session:
            query = select(Table).where(Table.state != "over", Table.public.is_(True))
            return list(session.scalars(query.order_by(Table.created)).all())

    def open_table_by_code(self, code: str) -> Table | None:
        """The table not over whose short code is ``code`` (``popote.server.codes``)."""
        with self._session() as session:
            query = select(Table).where(Table.code == code, Table.state != "over")
            return session.scalars(query.limit(1)).first()

    def unfinished_rows_of(self, user_id: int) -> list[Table]:
        """The tables in the lobby or being played where ``user_id`` may hold a seat,
        oldest first: their seats' JSON names them (a cheap filter in the database; the
        caller checks the seats)."""
        named = cast(Table.seats, String).like(f'%"user": {int(user_id)},%')
        with self._session() as session:
            query = select(Table).where(Table.state != "over", named).order_by(Table.created)
            return list(session.scalars(query).all())

    def table_state(self, table_id: str) -> str | None:
        """``lobby``, ``playing`` or ``over``; None for no such table."""
        with self._session() as session:
            return session.scalar(select(Table.state).where(Table.id == table_id))

    def table(self, table_id: str) -> tuple[Table, list[ActionRow]] | None:
        with self._session() as session:
            table = session.get(Table, table_id)
            return None if table is None else (table, self._actions(session, table_id))

    @staticmethod
    def _actions(session: Session, table_id: str) -> list[ActionRow]:
        query = select(ActionRow).where(ActionRow.table_id == table_id).order_by(ActionRow.index)
        return list(session.scalars(query).all())

    # --- turn-based deadlines and holidays ------------------------------------------------

    def deadlines_of_table(self, table_id: str) -> list[DeadlineRow]:
        with self._session() as session:
            query = select(DeadlineRow).where(DeadlineRow.table_id == table_id)
            return list(session.scalars(query.order_by(DeadlineRow.seat)))

    def change_deadlines(
        self, table_id: str, closed: Sequence[int], opened: Sequence[DeadlineRow]
    ) -> None:
        """Remove the deadlines of the seats ``closed``, then add ``opened``, at once."""
        with self._session() as session:
            if closed:
                session.execute(
                    delete(DeadlineRow).where(
                        DeadlineRow.table_id == table_id, DeadlineRow.seat.in_(list(closed))
                    )
                )
                session.flush()
            session.add_all(opened)

    def due_deadlines(self, moment: datetime, limit: int) -> list[DeadlineRow]:
        """The deadlines passed at ``moment``, the earliest first."""
        with self._session() as session:
            query = select(DeadlineRow).where(DeadlineRow.due <= moment)
            return list(session.scalars(query.order_by(DeadlineRow.due).limit(limit)))

    def next_due(self) -> datetime | None:
        """The earliest deadline of all."""
        with self._session() as session:
            return session.scalar(select(func.min(DeadlineRow.due)))

    def waiting_for(self, user_id: int) -> list[DeadlineRow]:
        """The decisions waiting for ``user_id`` at turn-based tables, the most urgent first."""
        with self._session() as session:
            query = select(DeadlineRow).where(DeadlineRow.user_id == user_id)
            return list(session.scalars(query.order_by(DeadlineRow.due)))

    def waiting_count(self, user_id: int) -> int:
        with self._session() as session:
            query = select(func.count()).where(DeadlineRow.user_id == user_id)
            return int(session.scalar(query) or 0)

    def move_deadlines(self, dues: dict[int, datetime]) -> None:
        """Give each deadline (by id) its new due time (after a holiday changed)."""
        with self._session() as session:
            for deadline_id, due in dues.items():
                session.execute(
                    update(DeadlineRow).where(DeadlineRow.id == deadline_id).values(due=due)
                )

    def holidays_of(self, user_ids: Sequence[int]) -> dict[int, list[HolidayRow]]:
        """Each identity's holidays, the earliest first (those not taken: no entry)."""
        with self._session() as session:
            query = select(HolidayRow).where(HolidayRow.user_id.in_(list(user_ids)))
            found: dict[int, list[HolidayRow]] = {}
            for row in session.scalars(query.order_by(HolidayRow.starts)):
                found.setdefault(row.user_id, []).append(row)
            return found

    def add_holiday(self, row: HolidayRow) -> None:
        with self._session() as session:
            session.add(row)

    def shorten_holiday(self, holiday_id: int, ends: datetime, days: int) -> None:
        with self._session() as session:
            session.execute(
                update(HolidayRow).where(HolidayRow.id == holiday_id).values(ends=ends, days=days)
            )

    # --- results and ratings -------------------------------------------------------------

    def ratings(self, game: str, user_ids: Sequence[int]) -> dict[int, RatingRow]:
        with self._session() as session:
            query = select(RatingRow).where(
                RatingRow.game == game, RatingRow.user_id.in_(list(user_ids))
            )
            return {row.user_id: row for row in session.scalars(query)}

    def ratings_of(self, user_id: int) -> list[RatingRow]:
        with self._session() as session:
            query = select(RatingRow).where(RatingRow.user_id == user_id).order_by(RatingRow.game)
            return list(session.scalars(query))

    def leaderboard(self, game: str, limit: int) -> list[tuple[RatingRow, str]]:
        """The best rated players of ``game`` (by mu - 3 sigma) and their names, among those
        who finished a public game (the others have no page to link to)."""
        with self._session() as session:
            query = (
                select(RatingRow, User.name)
                .join(User, User.id == RatingRow.user_id)
                .where(RatingRow.game == game, _played_in_public(RatingRow.user_id))
                .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), RatingRow.user_id)
                .limit(limit)
            )
            return [(row, name) for row, name in session.execute(query).tuples()]

    def results_of(self, table_id: str) -> list[ResultRow]:
        with self._session() as session:
            query = select(ResultRow).where(ResultRow.table_id == table_id)
            return list(session.scalars(query.order_by(ResultRow.seat)))

    def played_in_public(self, user_id: int) -> bool:
        """Whether ``user_id`` finished a public game (and so has a page)."""
        with self._session() as session:
            return bool(session.scalar(select(_played_in_public(user_id))))

    def recent_results(
        self, user_id: int, limit: int, private: bool = False
    ) -> list[tuple[ResultRow, Table]]:
        """A person's last public games, newest first, with their tables (private ones
        are nobody else's business: ``private`` adds them, for the person's own list)."""
        with self._session() as session:
            query = (
                select(ResultRow, Table)
                .join(Table, Table.id == ResultRow.table_id)
                .where(ResultRow.user_id == user_id)
                .order_by(ResultRow.finished.desc(), ResultRow.id.desc())
                .limit(limit)
            )
            if not private:
                query = query.where(Table.public.is_(True))
            return [(row, table) for row, table in session.execute(query).tuples()]

    # --- hints asked at tables ------------------------------------------------------------

    def add_hint(self, row: HintRow) -> bool:
        """Keep that a hint was asked; False when it was already (the same decision)."""
        return added_once(self._session(), row)

    def hints_of(self, table_id: str) -> list[dict[str, int]]:
        """The hints asked at a table, ``{"seat", "move"}``, in the order of the game."""
        with self._session() as session:
            query = select(HintRow).where(HintRow.table_id == table_id)
            rows = session.scalars(query.order_by(HintRow.move, HintRow.seat))
            return [{"seat": row.seat, "move": row.move} for row in rows]

    # --- chat ----------------------------------------------------------------------------

    def add_chat(self, row: ChatRow) -> None:
        with self._session() as session:
            session.add(row)


def _played_in_public(user_id: InstrumentedAttribute[int] | int) -> Exists:
    """Whether ``user_id`` (a value, or a column of the query around it) has the result of
    a public game."""
    return (
        select(ResultRow.id)
        .join(Table, Table.id == ResultRow.table_id)
        .where(ResultRow.user_id == user_id, Table.public.is_(True))
        .exists()
    )
