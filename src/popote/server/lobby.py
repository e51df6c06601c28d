"""The lobby's feeds: the lobby's chat and what changes among the open tables.

A lobby client that says ``"deltas": true`` in its ``hello`` (protocol 1.4) is sent the
list once (``lobby``), then each table that appears or changes (``table_listed``, the
table as ``GET /api/v1/tables`` describes it) and each one that leaves the list
(``table_unlisted``): nobody fetches the whole list again because one table changed.
Older clients get ``lobby_changed`` as before and fetch it themselves.

Names are shown in each reader's language (a guest's says it is one), so there is one
feed per language and kind of client; a lobby event holds the message of each
(:func:`everyone`, :func:`table_event`), the same on every process of a cluster.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from popote.core.i18n import LANGUAGES, Lang
from popote.server.feeds import Feed, Message

Event = dict[str, dict[str, Message]]
"""``{"deltas": {lang: message}, "changed": {lang: message}}``: what each feed is sent."""
KINDS = ("deltas", "changed")


class Lobby:
    """One numbered feed per language and kind of client."""

    def __init__(self, memory: int) -> None:
        self.feeds: dict[tuple[Lang, str], Feed] = {}
        for lang in LANGUAGES:
            for kind in KINDS:
                feed = self.feeds[lang, kind] = Feed(memory)
                feed.lang = lang

    def feed(self, lang: Lang, deltas: bool) -> Feed:
        return self.feeds[lang, KINDS[0] if deltas else KINDS[1]]

    def push(self, event: Event) -> None:
        for (lang, kind), feed in self.feeds.items():
            message = event.get(kind, {}).get(lang)
            if message is not None:
                feed.push(message)

    @property
    def connections(self) -> int:
        return sum(len(feed.connections) for feed in self.feeds.values())


def everyone(message: Callable[[Lang], Message]) -> Event:
    """The same message for every client, in its language."""
    return {kind: {lang: message(lang) for lang in LANGUAGES} for kind in KINDS}


def table_event(table_id: str, described: Callable[[Lang], dict[str, Any]] | None) -> Event:
    """A public table changed: ``described`` in each language, or None when it leaves the
    list (over, or expired)."""
    changed: Message = {"type": "lobby_changed", "table": table_id}
    return {
        "deltas": {
            lang: {"type": "table_unlisted", "table": table_id}
            if described is None
            else {"type": "table_listed", "table": described(lang)}
            for lang in LANGUAGES
        },
        "changed": dict.fromkeys(LANGUAGES, changed),
    }
