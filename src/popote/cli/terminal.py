"""A person at a terminal, seen by the engine as one more agent.

Plain text a screen reader can follow: one event per line, numbered choices, single-key
shortcuts. Bad input asks again; the end of input ends the game cleanly.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from popote.bots.base import Bot
from popote.core.actions import Action, Event
from popote.core.game import Game
from popote.core.i18n import Lang, Text
from popote.core.match import Match

Reader = Callable[[str, bool], str]
"""Reads an answer after a prompt; ``True`` when a single key press is enough."""
Writer = Callable[[str], None]

SINGLE_KEY_CHOICES = 9

HELP = Text(
    "Tapez le numéro d'un choix puis Entrée. Raccourcis : ? aide, r résumé des règles, "
    "v table actuelle, q quitter.",
    "Type the number of a choice, then Enter. Shortcuts: ? help, r rules summary, "
    "v current table, q quit.",
)
ASK = Text("Votre choix (1-{count}, ? aide) : ", "Your choice (1-{count}, ? help): ")
FORCED = Text("Seul choix possible : {label}.", "Only possible choice: {label}.")
INVALID = Text(
    "Choix invalide : {typed!r}. Tapez un numéro de 1 à {count}, ou ? pour l'aide.",
    "Invalid choice: {typed!r}. Type a number from 1 to {count}, or ? for help.",
)


def choice_number(typed: str, count: int) -> int | None:
    """The choice a person typed, from 1 to ``count``, or None.

    ``str.isdigit`` also accepts "²" and "①", which ``int`` refuses; decimal digits of any
    script are fine, and a number longer than ``count`` can only be out of range.
    """
    if not typed.isdecimal() or len(typed) > len(str(count)):
        return None
    number = int(typed)
    return number if 1 <= number <= count else None


class QuitGame(Exception):
    """The person asked to stop, or their input ended."""


class TerminalPlayer(Bot):
    """Shows this seat's events and asks the person for each decision."""

    kind = "human"

    def __init__(
        self,
        seat: int,
        game: Game,
        names: Sequence[str],
        lang: Lang,
        read: Reader,
        write: Writer,
    ) -> None:
        super().__init__(seat, 0)
        self.game = game
        self.names = list(names)
        self.lang = lang
        self.read = read
        self.write = write

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            line = self.game.presenter.event(event, self.lang, self.names)
            if line:
                self.write(line)

    def choose(self, match: Match) -> Action:
        presenter = self.game.presenter
        view = match.view(self.seat)
        legal = match.legal_actions(self.seat)
        self.write(presenter.prompt(view, self.lang, self.names))
        if len(legal) == 1:
            label = presenter.action(legal[0], view, self.lang, self.names)
            self.write(FORCED.format(label=label).get(self.lang))
            return legal[0]
        for number, action in enumerate(legal, start=1):
            self.write(f"  {number}. {presenter.action(action, view, self.lang, self.names)}")
        while True:
            prompt = ASK.format(count=len(legal)).get(self.lang)
            typed = self._read(prompt, len(legal) <= SINGLE_KEY_CHOICES).strip().lower()
            if not typed:
                continue
            chosen = choice_number(typed, len(legal))
            if chosen is not None:
                return legal[chosen - 1]
            self._shortcut(typed, match, len(legal))

    def _read(self, prompt: str, quick: bool) -> str:
        try:
            return self.read(prompt, quick)
        except (EOFError, KeyboardInterrupt) as stop:
            raise QuitGame from stop

    def _shortcut(self, typed: str, match: Match, count: int) -> None:
        if typed == "q":
            raise QuitGame
        if typed in ("?", "h"):
            self.write(HELP.get(self.lang))
        elif typed == "r":
            self.write(self.game.spec.summary.get(self.lang))
        elif typed == "v":
            self.write(self.game.presenter.table(match.view(self.seat), self.lang, self.names))
        else:
            self.write(INVALID.format(typed=typed, count=count).get(self.lang))
