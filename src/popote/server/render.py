"""The game's own presenter turns what a seat may see into text, in the reader's language.

Clients need no game knowledge: they show these lines, this table and this menu (the same
words as the terminal client, from the same presenter and ``build_menu``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from popote.core.actions import Action, Event
from popote.core.game import Presenter, View
from popote.core.i18n import Lang
from popote.core.match import Match
from popote.core.menu import Menu, build_menu


def event_lines(
    presenter: Presenter, events: Sequence[Event], lang: Lang, names: Sequence[str]
) -> dict[str, list[Any]]:
    """``lines``: the text of the events that have one; ``line_events``: for each line, the
    place in ``events`` of the event it tells (a client may treat some kinds apart)."""
    told = [(presenter.event(event, lang, names), place) for place, event in enumerate(events)]
    kept = [(line, place) for line, place in told if line]
    return {"lines": [line for line, _ in kept], "line_events": [place for _, place in kept]}


SEAT_KEYS = ("seat", "player", "winner", "to", "target_seat", "by", "caller", "loser")
"""Event keys that name a seat: an event holding the reader's seat under one concerns it."""


def concerns(event: Event, line: str, seat: int | None, names: Sequence[str]) -> bool:
    """Whether an event's line concerns ``seat``: the event names that seat under one of
    :data:`SEAT_KEYS` (or in a list there), or the line names its player. A client's
    "what concerns me" verbosity keeps these lines (``docs/protocol.md``)."""
    if seat is None:
        return False
    for key in SEAT_KEYS:
        value = event.get(key)
        if value == seat or (isinstance(value, list) and seat in value):
            return True
    return seat < len(names) and bool(names[seat]) and names[seat] in line


def line_concerns(
    events: Sequence[Event], told: dict[str, list[Any]], seat: int | None, names: Sequence[str]
) -> list[bool]:
    """For each of ``told["lines"]``, whether it concerns ``seat`` (see :func:`concerns`)."""
    return [
        concerns(events[place], line, seat, names)
        for line, place in zip(told["lines"], told["line_events"], strict=True)
    ]


def menu_json(menu: Menu) -> dict[str, Any]:
    """A menu as JSON: entries are either an ``action`` to send or a ``menu`` to open."""
    entries: list[dict[str, Any]] = []
    for entry in menu.entries:
        if entry.submenu is not None:
            entries.append({"label": entry.label, "menu": menu_json(entry.submenu)})
        else:
            entries.append({"label": entry.label, "action": dict(entry.action or {})})
    return {"title": menu.title, "entries": entries}


def decision(
    match: Match, seat: int, view: View, lang: Lang, names: Sequence[str]
) -> dict[str, Any]:
    """What ``seat`` is asked now: the prompt, every legal action and the menu."""
    presenter = match.game.presenter
    legal = match.legal_actions(seat)
    return {
        "prompt": presenter.prompt(view, lang, names),
        "legal": [dict(action) for action in legal],
        "menu": menu_json(build_menu(presenter, legal, view, lang, names)),
    }


def table_text(match: Match, view: View, lang: Lang, names: Sequence[str]) -> str:
    return match.game.presenter.table(view, lang, names)


def hand(match: Match, view: View, lang: Lang, names: Sequence[str]) -> list[dict[str, Any]] | None:
    """The seat's own cards in the presenter's groups, for a client that draws them: each
    ``{"label": null | text, "cards": [text]}``; None where there is no hand to draw."""
    groups = match.game.presenter.hand(view, lang, names)
    return None if groups is None else [group.as_json() for group in groups]


def picture(
    match: Match, seat: int | None, view: View, lang: Lang, names: Sequence[str]
) -> dict[str, Any] | None:
    """The table drawn for sighted players (:class:`~popote.core.picture.Picture` as JSON),
    its cards carrying the seat's legal actions that play them; None where the game draws
    none. Built from ``view`` and the legal actions only, like the text."""
    legal: list[Action] = [] if seat is None else list(match.legal_actions(seat))
    drawn = match.game.presenter.picture(view, legal, lang, names)
    return None if drawn is None else drawn.as_json()
