"""Placeholder."""

from __future__ import annotations

from collections.abc import Sequence

from popote.core.actions import Action, Event
from popote.core.game import Presenter, View
from popote.core.i18n import Lang, Text

SUMMARY = Text("", "")


class BigoudenPresenter(Presenter):
    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        return str(event)

    def action(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
        return str(action)

    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        return str(view)
