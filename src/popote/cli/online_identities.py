"""Who you are on each server: one guest token per server and name.

Two people may play from one home folder (the README's two terminals): each name keeps its
own token and last table, so Katell is never offered Rozenn's seat, and Rozenn coming back
finds her own seat. The file is read and written under a lock, whole, so two clients
writing at once lose nothing.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> kept = Identities(folder / "online.json")
>>> kept.put("http://h", "Rozenn", token="r1"); kept.put("http://h", "Katell", token="k1")
>>> kept.get("http://h", "Rozenn")["token"], kept.get("http://h", "Katell")["token"]
('r1', 'k1')
>>> kept.last_name("http://h")
'Katell'
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

Entry = dict[str, Any]


def config_file() -> Path:
    """Where guest tokens are kept (``$XDG_CONFIG_HOME/popote``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "popote" / "online.json"


class Identities:
    """Each server's names, each with its guest token and last table, in a file only its
    owner reads."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def last_name(self, server: str) -> str | None:
        """The name last used on ``server``, offered when no name is given."""
        last = _server(self._saved(), server).get("last")
        return last if isinstance(last, str) else None

    def get(self, server: str, name: str) -> Entry:
        people = _server(self._saved(), server).get("people", {})
        found = people.get(name)
        return found if isinstance(found, dict) else {}

    def put(self, server: str, name: str, **fields: Any) -> None:
        # Losing the token only costs a new guest name: a file that cannot be written is
        # not worth stopping the game for.
        with contextlib.suppress(OSError), self._locked():
            saved = self._saved()
            entry = _server(saved, server)
            people = entry.setdefault("people", {})
            people[name] = {**people.get(name, {}), **fields}
            entry["last"] = name
            saved[server] = entry
            self._write(saved)

    def _saved(self) -> dict[str, Any]:
        """Every server's entry; nothing when the file is missing or unreadable."""
        try:
            saved = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return saved if isinstance(saved, dict) else {}

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Only one client at a time reads, changes and writes the file."""
        import fcntl  # noqa: PLC0415 - POSIX only, like the terminal itself

        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock = self.path.with_name(self.path.name + ".lock")
        descriptor = os.open(lock, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX)
            yield
        finally:
            os.close(descriptor)

    def _write(self, saved: dict[str, Any]) -> None:
        """The whole file at once (a reader never sees half of it), readable by its owner."""
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".online-")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(saved, out, ensure_ascii=False)
            os.replace(temporary, self.path)
        except OSError:
            Path(temporary).unlink(missing_ok=True)
            raise


def _server(saved: dict[str, Any], server: str) -> Entry:
    """One server's entry; a file of an earlier version (one name per server) is read as
    that one name."""
    found = saved.get(server)
    if not isinstance(found, dict):
        return {}
    if "people" in found:
        return found
    name = found.get("name")
    if not isinstance(name, str):
        return {}
    earlier = {key: found[key] for key in ("token", "table") if key in found}
    return {"people": {name: earlier}, "last": name}
