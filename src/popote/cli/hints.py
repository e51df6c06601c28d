"""``h`` in ``popote play``: what the ``difficile`` level would play now, and why.

A hint is part of the game's record: each one asked is said in the game's log ("Conseil
demandé") and kept in the save (``hints``: the seat and the move it was asked before), so
that a review or a replay knows the move was not played alone. ``popote play`` is never
rated, so a hint is always allowed there; only the person to act may ask one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from popote.cli.terminal import Shortcut, Writer
from popote.cli.wording import bot_label, percent, quoted
from popote.core.i18n import Lang, Text
from popote.core.match import Match
from popote.lab.review import hint

KEY = "h"
SHOWN_ESTIMATES = 3
"""The actions whose estimate is said: the most searched ones."""

HELP = Text(
    "h : conseil, ce que jouerait le niveau « difficile » et pourquoi (noté dans la partie).",
    "h: hint, what the “hard” level would play and why (kept in the game's record).",
)
ASKED = Text(
    "Conseil demandé. Le niveau {level} choisirait : {action}.",
    "Hint asked. The {level} level would choose: {action}.",
)
WHY = Text("Pourquoi : {reason}", "Why: {reason}")
ESTIMATES = Text(
    "Part de victoire estimée par la recherche :",
    "Win share the search expects:",
)
NOT_NOW = Text(
    "Pas de conseil maintenant : ce n'est pas à vous de jouer.",
    "No hint now: it is not your turn.",
)


class Hints:
    """The hints asked by the person at ``seat`` in ``match`` (which is played on), with
    those of the game before it was resumed (``asked``)."""

    def __init__(
        self,
        match: Match,
        seat: int,
        names: Sequence[str],
        lang: Lang,
        write: Writer,
        asked: Sequence[Mapping[str, int]] = (),
    ) -> None:
        self.match = match
        self.seat = seat
        self.names = list(names)
        self.lang = lang
        self.write = write
        self.asked = [{"seat": entry["seat"], "move": entry["move"]} for entry in asked]

    def shortcut(self) -> dict[str, tuple[Text, Shortcut]]:
        """The key that asks a hint, for the person's menus."""
        return {KEY: (HELP, self.ask)}

    def ask(self) -> None:
        """Show what ``difficile`` would play now, and note that a hint was asked."""
        match, lang = self.match, self.lang
        if self.seat not in match.to_act:
            self.write(NOT_NOW.get(lang))
            return
        entry = {"seat": self.seat, "move": len(match.history)}
        if entry not in self.asked:
            self.asked.append(entry)
        advice = hint(match, self.seat, match.seed + len(match.history), self.names, timed=True)
        level = quoted(bot_label("difficile", lang), lang)
        lines = [ASKED.render(lang, level=level, action=advice.text[lang])]
        if advice.reason is not None:
            lines.append(WHY.render(lang, reason=advice.reason[lang]))
        if advice.shares:
            view = match.view(self.seat)
            presenter = match.game.presenter
            lines.append(ESTIMATES.get(lang))
            lines += [
                f"  {presenter.action(action, view, lang, self.names)} ({percent(share, lang, 0)})"
                for action, share, _ in advice.shares[:SHOWN_ESTIMATES]
            ]
        self.write("\n".join(lines))
