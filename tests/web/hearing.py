"""What a screen reader must say at a table, worked out from what the server sent.

:class:`Frames` records a page's table socket (what the server sent, what the page sent);
:func:`expected` turns it into the lines the live regions must say, in order, and the lines
the log must keep, by the rules of ``docs/web.md``: every line of the presenters and every
notice and chat line said once, politely, in the order it came (the opening included, a
memory game's reveal said as such and never kept); each decision's prompt said once, after
the lines that led to it, and again only when its answer was refused while it is still
open; a race lost or a decision passed said calmly.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from playwright.sync_api import Page, WebSocket

from popote.core.i18n import Lang
from popote.server.web.memory import fleeting_kinds
from popote.server.web.texts import SCRIPT

Frame = dict[str, Any]
CALM = ("stale", "too_late")
ASKED_AGAIN = ("illegal", "not_playing", "not_your_seat", "spectator")
"""Refusals after which the page asks the same decision again (static/table.js)."""


class Frames:
    """Every message of the page's table sockets, in order: ``("in", message)`` from the
    server, ``("out", message)`` from the page."""

    def __init__(self, page: Page) -> None:
        self.all: list[tuple[str, Frame]] = []
        page.on("websocket", self._watch)

    def _watch(self, socket: WebSocket) -> None:
        if "/ws/tables/" not in socket.url:
            return
        socket.on("framereceived", lambda payload: self.all.append(("in", json.loads(payload))))
        socket.on("framesent", lambda payload: self.all.append(("out", json.loads(payload))))

    def received(self, kind: str) -> list[Frame]:
        return [message for way, message in self.all if way == "in" and message["type"] == kind]

    def acts(self) -> list[Frame]:
        return [message for way, message in self.all if way == "out" and message["type"] == "act"]


@dataclass
class Hearing:
    """What the page must have said (``polite``, in order) and kept in its log."""

    polite: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    steps: set[str] = field(default_factory=set)
    """What choosing a step of a menu says (its question): said between the lines, at the
    pace of the keys."""


@dataclass
class _Page:
    """The page's memory, as the rules above need it."""

    told: int = 0
    shown: int | None = None
    answered: int | None = None
    state: Frame | None = None
    pending: set[str] = field(default_factory=set)


def expected(frames: Frames, game: str, options: dict[str, Any], lang: Lang) -> Hearing:
    """What a fresh page (no story of this table in its tab) must say, given ``frames``."""
    fleeting = set(fleeting_kinds(game, options))
    hearing = Hearing()
    page = _Page()
    for way, message in frames.all:
        if way == "out":
            if message["type"] == "act":
                page.answered, page.shown = page.shown, None
                page.pending.add(message["action_id"])
            continue
        kind = message["type"]
        if kind == "notice":
            hearing.polite.append(message["text"])
            hearing.log.append(message["text"])
        elif kind == "chat":
            hearing.polite.append(
                SCRIPT["said"].render(lang, name=message["from"], text=message["text"])
            )
        elif kind in ("snapshot", "update"):
            _tell(hearing, page, message, fleeting, lang)
            page.state = message
            _ask(hearing, page, message.get("decision"))
        elif kind == "error":
            _refused(hearing, page, message, lang)
    return hearing


def _tell(hearing: Hearing, page: _Page, state: Frame, fleeting: set[str], lang: Lang) -> None:
    first = state.get("first_event", 0) if state["type"] == "snapshot" else page.told
    aloud = state["type"] == "update" or first == 0 or bool(hearing.log) or page.told > 0
    for line, at in zip(state["lines"], state["line_events"], strict=True):
        if first + at < page.told:
            continue
        if state["events"][at]["type"] in fleeting:
            if aloud:
                hearing.polite.append(SCRIPT["memory"].render(lang, line=line))
            continue
        hearing.log.append(line)
        if aloud:
            hearing.polite.append(line)
    page.told = first + len(state["events"])


def _ask(hearing: Hearing, page: _Page, decision: Frame | None) -> None:
    if decision is None:
        page.shown = None
        return
    for title in _step_questions(decision["menu"]):
        hearing.steps.add(title)
    if decision["id"] in (page.shown, page.answered):
        return
    page.shown, page.answered = decision["id"], None
    hearing.polite.append(" ".join(decision["prompt"].split("\n")))


def _refused(hearing: Hearing, page: _Page, error: Frame, lang: Lang) -> None:
    calm = error["code"] in CALM
    if calm:
        hearing.polite.append(
            SCRIPT["moved_on"].get(lang) if error["code"] == "stale" else error["message"]
        )
    if error.get("action_id") not in page.pending:
        return
    page.pending.discard(error["action_id"])
    page.answered = None
    if not calm and error["code"] not in ASKED_AGAIN:
        return
    if not calm:
        page.shown = None
    if page.state is not None:
        _ask(hearing, page, page.state.get("decision"))


def _step_questions(menu: Frame) -> list[str]:
    questions = []
    for entry in menu["entries"]:
        if "menu" in entry:
            questions.append(entry["menu"]["title"] or entry["label"])
            questions += _step_questions(entry["menu"])
    return questions
