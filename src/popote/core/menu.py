"""Menus of at most a dozen choices, best first, for every client (terminal, web).

A long list of actions is split in steps: the game's presenter names the steps an action
belongs to (``Presenter.steps``: "Défausser une carte", then "Le porc"...), and what is
still too long is cut in pages. Both clients walk the same tree, so they offer the same
choices with the same words.

>>> from popote.core.actions import Action
>>> class Digits(Presenter):
...     def event(self, event, lang, names): return None
...     def table(self, view, lang, names): return ""
...     def action(self, action, view, lang, names): return str(action["n"])
...     def steps(self, action, view, lang, names):
...         return ("even",) if action["n"] % 2 == 0 else ("odd",)
>>> actions = [Action(type="pick", n=n) for n in range(20)]
>>> menu = build_menu(Digits(), actions, {}, "en", [])
>>> [entry.label for entry in menu.entries]
['even', 'odd']
>>> [entry.label for entry in menu.entries[1].submenu.entries]
['1', '3', '5', '7', '9', '11', '13', '15', '17', '19']
>>> small = build_menu(Digits(), actions[:3], {}, "en", [])
>>> [entry.label for entry in small.entries]
['0', '1', '2']
>>> paged = build_menu(Digits(), actions, {}, "en", [], limit=8)
>>> [entry.label for entry in paged.entries[0].submenu.entries]
['0', '2', '4', '6', '8', '10', '12', 'More choices…']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from popote.core.actions import Action
from popote.core.game import Presenter, View
from popote.core.i18n import Lang, Text

MENU_LIMIT = 12
"""The most choices one menu lists: about what a listener keeps in mind at once."""

MORE = Text("Plus de choix…", "More choices…")


@dataclass(frozen=True, slots=True)
class MenuEntry:
    """One line of a menu: a final choice (``action``) or a step towards more (``submenu``)."""

    label: str
    action: Action | None = None
    submenu: Menu | None = None


@dataclass(frozen=True, slots=True)
class Menu:
    """What to choose from now; ``title`` names the step (``None`` at the top)."""

    entries: tuple[MenuEntry, ...]
    title: str | None = None
    actions: tuple[Action, ...] = field(default=(), repr=False)
    """Every action reachable from here, in menu order."""


@dataclass(frozen=True, slots=True)
class _Item:
    steps: tuple[str, ...]
    label: str
    action: Action


def build_menu(
    presenter: Presenter,
    actions: Sequence[Action],
    view: View,
    lang: Lang,
    names: Sequence[str],
    limit: int = MENU_LIMIT,
) -> Menu:
    """The menu tree for ``actions``: no level longer than ``limit``, best choices first."""
    items = [
        _Item(
            tuple(presenter.steps(action, view, lang, names)),
            presenter.action(action, view, lang, names),
            action,
        )
        for action in presenter.ranked(actions, view)
    ]
    return _menu(items, 0, None, lang, max(limit, 2))


def _menu(items: list[_Item], depth: int, title: str | None, lang: Lang, limit: int) -> Menu:
    entries = _grouped(items, depth, lang, limit) if len(items) > limit else None
    if entries is None:
        entries = _paged([MenuEntry(item.label, action=item.action) for item in items], lang, limit)
    return Menu(tuple(entries), title, tuple(item.action for item in items))


def _grouped(items: list[_Item], depth: int, lang: Lang, limit: int) -> list[MenuEntry] | None:
    """One entry per step at ``depth`` (actions with no step there stay as they are)."""
    groups: dict[str, list[_Item]] = {}
    order: list[str | _Item] = []
    for item in items:
        if len(item.steps) <= depth:
            order.append(item)
            continue
        step = item.steps[depth]
        if step not in groups:
            groups[step] = []
            order.append(step)
        groups[step].append(item)
    if not groups:
        return None
    if len(order) == 1:
        return list(_menu(items, depth + 1, None, lang, limit).entries)
    entries = [
        MenuEntry(entry.label, action=entry.action)
        if isinstance(entry, _Item)
        else MenuEntry(entry, submenu=_menu(groups[entry], depth + 1, entry, lang, limit))
        for entry in order
    ]
    return _paged(entries, lang, limit)


def _paged(entries: list[MenuEntry], lang: Lang, limit: int) -> list[MenuEntry]:
    """``entries`` cut so that each page ends with a "more choices" step when needed."""
    if len(entries) <= limit:
        return entries
    rest = _paged(entries[limit - 1 :], lang, limit)
    more = Menu(tuple(rest), MORE.get(lang), _actions_of(rest))
    return [*entries[: limit - 1], MenuEntry(MORE.get(lang), submenu=more)]


def _actions_of(entries: Sequence[MenuEntry]) -> tuple[Action, ...]:
    found: list[Action] = []
    for entry in entries:
        if entry.action is not None:
            found.append(entry.action)
        elif entry.submenu is not None:
            found.extend(entry.submenu.actions)
    return tuple(found)
