"""``popote replay``: step through a saved game, forward, back, or straight to a move.

The game is played again once from the save; each position keeps a copy of the match, so
that going back or showing the table at any point replays nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from popote.cli.common import options_line, read_save, saved_moves, saved_names
from popote.cli.play import MOVES
from popote.cli.terminal import Answer, Reader, Writer, typed_number
from popote.core.actions import HIDDEN_FROM, VISIBLE_TO, Event, visible_events
from popote.core.i18n import Lang, Text
from popote.core.match import Match
from popote.core.wording import PLAYERS

HEADER = Text(
    "Revoir : {title}, {players}, graine {seed}, {moves}.",
    "Replay: {title}, {players}, seed {seed}, {moves}.",
)
OPTIONS = Text("Options : {options}.", "Options: {options}.")
SEAT = Text("Vue du siège {seat}.", "Seen from seat {seat}.")
EVERYTHING = Text("Tout est montré, secrets compris.", "Everything is shown, secrets included.")
QUIT_EARLY = Text(
    "Partie quittée avant la fin, après le coup {moves}.",
    "The game was quit before its end, after move {moves}.",
)
FINISHED = Text("Fin de la partie enregistrée.", "End of the saved game.")
START = Text("— Début de la partie —", "— Start of the game —")
MOVE = Text("— Coup {index} sur {total} —", "— Move {index} of {total} —")
ROUND = Text("— Manche {number} —", "— Round {number} —")
SECRET = Text("Pour {seats} seulement : {line}", "For {seats} only: {line}")
HINT = Text("Conseil demandé par {name}.", "Hint asked by {name}.")
STEP = Text(
    "[Entrée : suite, p : précédent, ? : aide] ",
    "[Enter: next, p: previous, ? help] ",
)
HELP = Text(
    "Entrée : coup suivant. p : coup précédent (une seule touche, comme les autres lettres).\n"
    "Un numéro puis Entrée : aller à ce coup (0 : le début).\n"
    "m : aller au début d'une manche (Entrée : la suivante, ou son numéro puis Entrée).\n"
    "v : la table à ce moment. q : arrêter.",
    "Enter: next move. p: previous move (a single key, as every letter).\n"
    "A number, then Enter: go to that move (0: the start).\n"
    "m: go to the start of a round (Enter: the next one, or its number then Enter).\n"
    "v: the table at this point. q: stop.",
)
WHICH_ROUND = Text(
    "Manche (1-{count} puis Entrée, Entrée seule : la suivante) : ",
    "Round (1-{count} then Enter, Enter alone: the next one): ",
)
INVALID = Text(
    "Commande inconnue : {typed}. Tapez ? pour l'aide.",
    "Unknown command: {typed}. Type ? for help.",
)
NO_ROUND = Text(
    "Pas de manche {number} (manches 1 à {count}).", "No round {number} (rounds 1 to {count})."
)


@dataclass(frozen=True)
class Position:
    """The match after a move (move 0: the setup) and that move's events."""

    match: Match
    events: list[Event]


class Replay:
    """A saved game, ready to be shown from any position."""

    def __init__(self, path: Path, saved: dict[str, Any], lang: Lang, reveal: bool) -> None:
        self.saved = saved
        self.positions = [
            Position(match.clone(), events) for match, events in saved_moves(path, saved)
        ]
        self.lang = lang
        self.reveal = reveal
        human = saved.get("human_seat")
        self.viewer: int | None = None if reveal else human
        self.names = saved_names(saved, self.viewer, lang)
        self.hints = [(hint["move"], hint["seat"]) for hint in saved.get("hints", ())]
        # A round starts right after each move that ends a scoring step.
        self.round_starts = [0] + [
            index
            for index in range(1, len(self.positions))
            if self.positions[index].match.progress > self.positions[index - 1].match.progress
        ]

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    @property
    def over(self) -> bool:
        return self.positions[-1].match.over

    def header(self) -> list[str]:
        match, lang = self.positions[0].match, self.lang
        lines = [
            HEADER.render(
                lang,
                title=match.game.spec.title.get(lang),
                players=PLAYERS.render(match.players, lang),
                seed=match.seed,
                moves=MOVES.render(self.last, lang),
            )
        ]
        options = self.saved["options"]
        if options:
            lines.append(OPTIONS.render(lang, options=options_line(options, lang)))
        if self.viewer is not None:
            lines.append(SEAT.render(lang, seat=self.viewer + 1))
        elif self.reveal:
            lines.append(EVERYTHING.get(lang))
        if not self.over:
            lines.append(QUIT_EARLY.render(lang, moves=self.last))
        return lines

    def lines_at(self, index: int) -> list[str]:
        """What is said on reaching position ``index``."""
        lang = self.lang
        lines = [START.get(lang) if index == 0 else MOVE.render(lang, index=index, total=self.last)]
        lines += filter(None, (self._line(event) for event in self._shown(index)))
        if index in self.round_starts[1:]:
            lines.append(ROUND.render(lang, number=self.round_starts.index(index) + 1))
        # A hint is asked before a move: said with the position the person was looking at.
        lines += [
            HINT.render(lang, name=self.names[seat]) for move, seat in self.hints if move == index
        ]
        if index == self.last:
            lines.append(self.ending())
        return lines

    def ending(self) -> str:
        return (
            FINISHED.get(self.lang) if self.over else QUIT_EARLY.render(self.lang, moves=self.last)
        )

    def table(self, index: int) -> str:
        match = self.positions[index].match
        return match.game.presenter.table(match.view(self.viewer), self.lang, self.names)

    def _shown(self, index: int) -> list[Event]:
        events = self.positions[index].events
        if self.reveal:
            # The full line of a secret is enough: its public twin says less.
            return [event for event in events if HIDDEN_FROM not in event]
        return visible_events(events, self.viewer)

    def _line(self, event: Event) -> str | None:
        line = self.positions[0].match.game.presenter.event(event, self.lang, self.names)
        if line and self.reveal and VISIBLE_TO in event:
            seats = ", ".join(self.names[seat] for seat in event[VISIBLE_TO])
            return SECRET.render(self.lang, seats=seats, line=line)
        return line


def replay_file(
    path: Path, lang: Lang, read: Reader, write: Writer, pause: bool, reveal: bool = False
) -> None:
    """Show the game as the saved human seat saw it (``reveal``: every secret, said whose).

    ``pause``: wait for a command between moves; otherwise show it all at once.
    """
    replay = Replay(path, read_save(path), lang, reveal)
    for line in replay.header():
        write(line)
    if not pause:
        for index in range(replay.last + 1):
            _show(replay, index, write)
        return
    _step_through(replay, read, write)


def _show(replay: Replay, index: int, write: Writer) -> None:
    for line in replay.lines_at(index):
        write(line)


def _step_through(replay: Replay, read: Reader, write: Writer) -> None:
    lang = replay.lang
    position = 0
    _show(replay, position, write)
    while True:
        try:
            typed = read(STEP.get(lang), Answer.COMMAND).strip().lower()
            if typed == "m":
                count = len(replay.round_starts)
                typed += read(WHICH_ROUND.render(lang, count=count), Answer.COMMAND).strip()
        except (EOFError, KeyboardInterrupt):
            return
        if typed == "q":
            return
        if typed == "v":
            write(replay.table(position))
        elif typed in ("?", "h"):
            write(HELP.get(lang))
        else:
            target = _target(replay, typed, position, write)
            if target is not None:
                position = target
                _show(replay, position, write)


def _target(replay: Replay, typed: str, position: int, write: Writer) -> int | None:
    """The position a command moves to, or None (said why when it is a mistake)."""
    lang = replay.lang
    if typed in ("", "s", "n"):
        if position < replay.last:
            return position + 1
        write(replay.ending())
        return None
    if typed in ("p", "b"):
        return max(position - 1, 0)
    move = typed_number(typed, 0, replay.last)
    if move is not None:
        return move
    if typed.startswith("m"):
        number = typed[1:].strip()
        starts = replay.round_starts
        if not number:
            later = [start for start in starts if start > position]
            return later[0] if later else replay.last
        if number.isdecimal() and len(number) <= 4 and 1 <= int(number) <= len(starts):
            return starts[int(number) - 1]
        write(NO_ROUND.render(lang, number=number[:20], count=len(starts)))
        return None
    write(INVALID.render(lang, typed=repr(typed[:20])))
    return None
