"""Before serving: can the database and Redis be reached? One line says why not.

A wrong ``--db`` or ``--redis`` would otherwise surface as pages of traceback from the
driver, whose cause (``role "popote" does not exist``) comes last. The check connects once
to each, the way the server would, and keeps the driver's own reason, on one line, with
any password in the URL hidden.
"""

from __future__ import annotations

import re

from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from popote.core.i18n import Text
from popote.server.settings import Settings
from popote.server.store import database_url

DATABASE = Text(
    "impossible d'ouvrir la base de données {url} : {reason}",
    "cannot open the database {url}: {reason}",
)
BAD_URL = Text("adresse de base de données illisible : {url}", "unreadable database URL: {url}")
REDIS = Text("impossible de joindre Redis {url} : {reason}", "cannot reach Redis {url}: {reason}")
REDIS_WAIT = 5.0
"""Seconds to wait for Redis to answer before calling it unreachable."""


def stores_unreachable(settings: Settings) -> Text | None:
    """Why the database or Redis cannot be used, or None when both answer."""
    try:
        url = database_url(settings.db, settings.data)
    except OSError as error:
        return DATABASE.format(url=settings.data, reason=one_line(str(error)))
    problem = _database(url)
    if problem is None and settings.redis:
        problem = _redis(settings.redis)
    return problem


def one_line(reason: str) -> str:
    """A driver's message on one line: its last meaningful line, spaces collapsed.

    >>> one_line('connection failed: connection to server at "127.0.0.1", port 5432 failed:'
    ...          ' FATAL:  role "popote" does not exist\\n')
    'connection failed: connection to server at "127.0.0.1", port 5432 failed: FATAL: role "popote" does not exist'
    >>> one_line("Error 111 connecting to 127.0.0.1:1. Connection refused.")
    'Error 111 connecting to 127.0.0.1:1. Connection refused.'
    """
    lines = [line.strip() for line in reason.splitlines() if line.strip()]
    return re.sub(r"\s+", " ", lines[-1] if lines else reason)


def _shown(url: str) -> str:
    """The URL with its password hidden."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url.rsplit("@", maxsplit=1)[-1]


def _database(url: str) -> Text | None:
    try:
        engine = create_engine(url)
    except (ArgumentError, ValueError):
        return BAD_URL.format(url=_shown(url))
    try:
        with engine.connect():
            return None
    except SQLAlchemyError as error:
        cause = getattr(error, "orig", None) or error
        return DATABASE.format(url=_shown(url), reason=one_line(str(cause)))
    except ImportError as error:
        return DATABASE.format(url=_shown(url), reason=one_line(str(error)))
    finally:
        engine.dispose()


def _redis(url: str) -> Text | None:
    import redis  # noqa: PLC0415 - only a process of a group needs it

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=REDIS_WAIT)
    except ValueError as error:
        return REDIS.format(url=_shown(url), reason=one_line(str(error)))
    try:
        client.ping()
        return None
    except (redis.RedisError, OSError) as error:
        return REDIS.format(url=_shown(url), reason=one_line(str(error)))
    finally:
        client.close()
