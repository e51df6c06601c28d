"""The server's logs on standard error, from one ``logging`` setup: plain short lines for a
person at a terminal (the default), or one JSON object a line for a log collector
(``--log-format json``).

A JSON line holds the time, the level, the logger, the message and, when the record carries
them, a few known fields (``table``, ``user``, ``seat``...): a log collector filters by
table without parsing prose. Only those fields are written, never a record's other
attributes, and anything shaped like a token is masked, so a secret passed by mistake
still does not reach the log.

>>> import logging
>>> record = logging.LogRecord("popote.server", logging.INFO, "", 0, "GET /ws?token=abc&x=1",
...                            None, None)
>>> record.table = "t1"
>>> JsonLines().format(record).split(', ', 2)[2]
'"logger": "popote.server", "message": "GET /ws?token=*&x=1", "table": "t1"}'
"""

from __future__ import annotations

import json
import logging
import re
import sys
from datetime import UTC, datetime
from typing import Any, TextIO

FIELDS = ("table", "user", "seat", "game", "players", "state", "code", "client", "reason")
"""The extra fields a record may carry into its line."""

_SECRET = re.compile(
    r"(?P<key>\b(?:token|invite|password)\b[\"']?\s*[=:]\s*[\"']?)[^\s\"'&,;}]+"
    r"|(?P<scheme>\bBearer\s+)\S+",
    re.IGNORECASE,
)
LEVELS = ("debug", "info", "warning", "error")
FORMATS = ("plain", "json")
QUIET_IN_PLAIN = ("alembic",)
"""Loggers whose information lines (the migrations run at every start) a person at a
terminal does not need; their warnings still show."""


def mask(text: str) -> str:
    """``text`` with the values of tokens, invites, passwords and bearer headers hidden.

    >>> mask('Authorization: Bearer abc.def {"token": "xyz", "name": "Nolwenn"}')
    'Authorization: Bearer * {"token": "*", "name": "Nolwenn"}'
    """
    return _SECRET.sub(lambda found: (found["key"] or found["scheme"]) + "*", text)


class JsonLines(logging.Formatter):
    """A record as one line of JSON (a traceback stays inside its line)."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": mask(record.getMessage()),
        }
        for key in FIELDS:
            value = getattr(record, key, None)
            if value is not None:
                entry[key] = value
        if record.exc_info:
            entry["exception"] = mask(self.formatException(record.exc_info))
        return json.dumps(entry, ensure_ascii=False, default=str)


class PlainLines(logging.Formatter):
    """A record as one short line: the time, the level unless it is information, the
    message and its known fields; a traceback follows on its own lines.

    >>> record = logging.LogRecord("popote.server", logging.INFO, "", 0, "table created",
    ...                            None, None)
    >>> record.table, record.game = "t1", "bouillabaisse"
    >>> PlainLines().format(record)[8:]
    ' table created (table t1, game bouillabaisse)'
    """

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created).strftime("%H:%M:%S")
        level = "" if record.levelno == logging.INFO else f" {record.levelname.lower()}:"
        fields = [
            f"{key} {getattr(record, key)}"
            for key in FIELDS
            if getattr(record, key, None) is not None
        ]
        line = f"{when}{level} {mask(record.getMessage())}"
        if fields:
            line += f" ({', '.join(fields)})"
        if record.exc_info:
            line += "\n" + mask(self.formatException(record.exc_info))
        return line


def client_fault(record: logging.LogRecord) -> bool:
    """Keep a client's malformed text frame (uvicorn logs it with its traceback, as an error
    of the server's) as one warning line: the socket is closed with 1007 and nothing broke.

    >>> try:
    ...     b"\\xff".decode()
    ... except UnicodeDecodeError:
    ...     record = logging.LogRecord("uvicorn.error", logging.ERROR, "", 0, "Invalid UTF-8",
    ...                                None, sys.exc_info())
    >>> client_fault(record), record.levelname, record.exc_info
    (True, 'WARNING', None)
    """
    if record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError):
        record.exc_info = None
        record.levelno, record.levelname = logging.WARNING, "WARNING"
    return True


def setup(level: str = "info", stream: TextIO | None = None, form: str = "json") -> None:
    """Send every logger's records (uvicorn's included) to ``stream``, as JSON lines or as
    plain lines (``form``)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonLines() if form == "json" else PlainLines())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True
    logging.getLogger("uvicorn.error").addFilter(client_fault)
    for name in QUIET_IN_PLAIN:
        logging.getLogger(name).setLevel(logging.NOTSET if form == "json" else logging.WARNING)
