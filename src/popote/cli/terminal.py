"""A person at a terminal, seen by the engine as one more agent.

Plain text a screen reader can follow: one event per line, menus of at most a dozen
numbered choices (longer lists are chosen in steps, ``0`` going back one step), single-key
shortcuts. Bad input asks again; the end of input ends the game cleanly.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence

from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.game import Game
from popote.core.i18n import Lang, Text
from popote.core.match import Match
from popote.core.menu import Menu, MenuEntry, build_menu


class Answer(enum.Enum):
    """How an answer is typed at a terminal."""

    KEY = "key"
    """One key press: a choice among at most nine, a yes or no."""
    COMMAND = "command"
    """A letter answers at once (``?``, ``r``, ``v``, ``q``...), a number is typed then
    Enter, Enter alone answers too."""
    LINE = "line"
    """A line of text ended by Enter: a name, a file name, a chat message."""


Reader = Callable[[str, Answer], str]
"""Reads an answer after a prompt."""
Writer = Callable[[str], None]

SINGLE_KEY_CHOICES = 9
"""Up to this many choices one key press chooses; from ten on, the number needs Enter."""
EXCERPT = 20
"""The most characters of a wrong answer said back."""
BACK = 0
"""The number that goes back to the previous step of a menu."""

HELP = Text(
    "Tapez le numéro d'un choix.\n"
    "Jusqu'à 9 choix, une seule touche suffit, sans Entrée.\n"
    "À partir de 10 choix, tapez le numéro puis Entrée.\n"
    "Raccourcis, toujours d'une seule touche : ? aide, r résumé des règles, "
    "v table actuelle, q quitter.",
    "Type the number of a choice.\n"
    "Up to 9 choices, a single key is enough, no Enter.\n"
    "From 10 choices on, type the number, then Enter.\n"
    "Shortcuts, always a single key: ? help, r rules summary, v current table, q quit.",
)
HELP_QUICK = Text("Ici, une seule touche suffit.", "Here, a single key is enough.")
HELP_ENTER = Text("Ici, tapez le numéro puis Entrée.", "Here, type the number, then Enter.")
HELP_BACK = Text("0 revient à l'étape précédente.", "0 goes back to the previous step.")
ASK = Text("Votre choix ({parts}) : ", "Your choice ({parts}): ")
RANGE = Text("1-{count}", "1-{count}")
RANGE_ENTER = Text("1-{count} puis Entrée", "1-{count} then Enter")
ASK_BACK = Text("0 retour", "0 back")
ASK_HELP = Text("? aide", "? help")
STEP = Text("{title} :", "{title}:")
FORCED = Text("Seul choix possible : {label}.", "Only possible choice: {label}.")
INVALID = Text(
    "Choix invalide : {typed}. Tapez un numéro de 1 à {count}{back}, ou ? pour l'aide.",
    "Invalid choice: {typed}. Type a number from 1 to {count}{back}, or ? for help.",
)
INVALID_BACK = Text(", 0 pour revenir", ", 0 to go back")
CONFIRM_QUIT = Text("Quitter la partie ? (o : oui, n : non) ", "Quit the game? (y: yes, n: no) ")
YES = ("o", "oui", "y", "yes")
GO_ON = Text("La partie continue.", "The game goes on.")


def typed_number(typed: str, low: int, high: int) -> int | None:
    """The number a person typed, from ``low`` to ``high``, or None.

    ``str.isdigit`` also accepts "²" and "①", which ``int`` refuses; decimal digits of any
    script are fine, and a number longer than ``high`` can only be out of range.
    """
    if not typed.isdecimal() or len(typed) > len(str(high)):
        return None
    number = int(typed)
    return number if low <= number <= high else None


def choice_number(typed: str, count: int, back: bool = False) -> int | None:
    """The choice a person typed, from 1 to ``count`` (0 too when ``back``), or None."""
    return typed_number(typed, BACK if back else 1, count)


def excerpt(typed: str) -> str:
    """What was typed, quoted and cut short: a pasted page is not read back."""
    return repr(typed[:EXCERPT]) + ("…" if len(typed) > EXCERPT else "")


class QuitGame(Exception):
    """The person asked to stop (``asked``), or their input ended."""

    def __init__(self, asked: bool = False) -> None:
        super().__init__()
        self.asked = asked


def keep_input() -> None:
    """Nothing typed ahead to throw away (scripts, tests)."""


Shortcut = Callable[[], None]
"""What a shortcut key does besides the menu (``c`` to chat online)."""


class MenuAsker:
    """Walks a menu tree with the person until they pick an action.

    ``game`` gives the rules summary for ``r`` and ``table`` the current table for ``v``
    (neither in the online lobby); ``extra`` adds shortcut keys, each described by one
    more help line. ``discard`` throws away what was typed ahead after a
    wrong answer, so that a pasted word gets one error, not one per letter.
    """

    def __init__(
        self,
        game: Game | None,
        lang: Lang,
        read: Reader,
        write: Writer,
        discard: Callable[[], None] = keep_input,
        extra: Mapping[str, tuple[Text, Shortcut]] | None = None,
    ) -> None:
        self.game = game
        self.lang = lang
        self.read = read
        self.write = write
        self.discard = discard
        self.extra = dict(extra or {})

    def choose(self, menu: Menu, table: Callable[[], str] | None = None) -> Action:
        """A new decision: keys typed before it was asked answered nothing, and are dropped."""
        self.discard()
        path = [menu]
        while True:
            entry = self._pick(path[-1], len(path) > 1, table)
            if entry is None:
                path.pop()
            elif entry.action is not None:
                return entry.action
            elif entry.submenu is not None:
                path.append(entry.submenu)

    def _pick(self, menu: Menu, back: bool, table: Callable[[], str] | None) -> MenuEntry | None:
        """The entry chosen in ``menu``, or None to go back one step."""
        if menu.title:
            self.write(STEP.format(title=menu.title).get(self.lang))
        for number, entry in enumerate(menu.entries, start=1):
            self.write(f"  {number}. {entry.label}")
        count = len(menu.entries)
        quick = count <= SINGLE_KEY_CHOICES
        while True:
            answer = Answer.KEY if quick else Answer.COMMAND
            typed = self.ask(self._ask(count, quick, back), answer).strip().lower()
            if not typed:
                continue
            chosen = choice_number(typed, count, back)
            if chosen is not None:
                return None if chosen == BACK else menu.entries[chosen - 1]
            self._shortcut(typed, table, count, quick, back)

    def _ask(self, count: int, quick: bool, back: bool) -> str:
        parts = [(RANGE if quick else RANGE_ENTER).format(count=count)]
        if back:
            parts.append(ASK_BACK)
        parts.append(ASK_HELP)
        return ASK.format(parts=", ".join(part.get(self.lang) for part in parts)).get(self.lang)

    def ask(self, prompt: str, answer: Answer) -> str:
        """One answer; the end of input (or Ctrl-C) quits."""
        try:
            return self.read(prompt, answer)
        except (EOFError, KeyboardInterrupt) as stop:
            raise QuitGame from stop

    def _shortcut(
        self,
        typed: str,
        table: Callable[[], str] | None,
        count: int,
        quick: bool,
        back: bool,
    ) -> None:
        if typed == "q":
            self.confirm_quit()
        elif typed in self.extra:
            self.extra[typed][1]()
        elif typed in ("?", "h"):
            lines = [
                HELP,
                *(help_line for help_line, _ in self.extra.values()),
                HELP_QUICK if quick else HELP_ENTER,
                *([HELP_BACK] if back else []),
            ]
            self.write("\n".join(line.get(self.lang) for line in lines))
        elif typed == "r" and self.game is not None:
            self.write(self.game.spec.summary.get(self.lang))
        elif typed == "v" and table is not None:
            self.write(table())
        else:
            self.write(
                INVALID.format(
                    typed=excerpt(typed),
                    count=count,
                    back=INVALID_BACK.get(self.lang) if back else "",
                ).get(self.lang)
            )
            self.discard()

    def confirm_quit(self) -> None:
        if self.ask(CONFIRM_QUIT.get(self.lang), Answer.KEY).strip().lower() in YES:
            raise QuitGame(asked=True)
        self.write(GO_ON.get(self.lang))


class TerminalPlayer(Bot):
    """Shows this seat's events and asks the person for each decision.

    ``already_seen`` events of this seat are not shown again (a resumed game); ``extra``:
    more shortcut keys at its menus (``h``, a hint, in ``popote play``).
    """

    kind = "human"

    def __init__(
        self,
        seat: int,
        game: Game,
        names: Sequence[str],
        lang: Lang,
        read: Reader,
        write: Writer,
        discard: Callable[[], None] = keep_input,
        already_seen: int = 0,
        extra: Mapping[str, tuple[Text, Shortcut]] | None = None,
    ) -> None:
        super().__init__(seat, 0)
        self.game = game
        self.names = list(names)
        self.lang = lang
        self.write = write
        self.asker = MenuAsker(game, lang, read, write, discard, extra)
        self.to_skip = already_seen

    def observe(self, events: Sequence[Event]) -> None:
        skipped = min(self.to_skip, len(events))
        self.to_skip -= skipped
        for event in events[skipped:]:
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
        menu = build_menu(presenter, legal, view, self.lang, self.names)
        return self.asker.choose(
            menu, lambda: presenter.table(match.view(self.seat), self.lang, self.names)
        )
