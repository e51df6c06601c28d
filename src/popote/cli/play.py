"""``popote play``: one person against bots in the terminal, from the start or a save."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from popote.bots.registry import parse_bot_kinds
from popote.bots.runner import play_out
from popote.cli.common import SaveFileError, read_save, saved_moves, seat_names, write_save
from popote.cli.hints import Hints
from popote.cli.paths import OutputPathError, check_output_file
from popote.cli.terminal import Answer, QuitGame, Reader, TerminalPlayer, Writer, keep_input
from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.errors import InvalidSetup
from popote.core.i18n import Lang, Text
from popote.core.match import Match, create_match
from popote.core.options import OptionValue
from popote.core.registry import get_game
from popote.core.wording import PLAYERS, Plural
from popote.rl.learned import make_bot

THINKING_DELAY = 1.0
"""Seconds a bot may think before the person is told it is thinking."""
DEFAULT_BOT = "heuristic"
"""Bots of saves written before bot kinds were saved."""

MOVES = Plural(("{n} coup", "{n} coups"), ("{n} move", "{n} moves"))
OPENING = Text(
    "{title} : {players}, graine {seed}. Vous êtes au siège {seat}. Tapez ? pour l'aide.",
    "{title}: {players}, seed {seed}. You are seat {seat}. Type ? for help.",
)
RESUMED = Text(
    "{title} : partie reprise après {moves}, {players}, graine {seed}. "
    "Vous êtes au siège {seat}. Tapez ? pour l'aide.",
    "{title}: game resumed after {moves}, {players}, seed {seed}. "
    "You are seat {seat}. Type ? for help.",
)
THINKING = Text("Siège {n} réfléchit…", "Seat {n} is thinking…")
STOPPED = Text("Partie interrompue.", "Game stopped.")
SAVED = Text("Partie enregistrée dans {path}.", "Game saved to {path}.")
ASK_SAVE = Text(
    "Enregistrer la partie ? Nom du fichier (Entrée : ne pas enregistrer) : ",
    "Save the game? File name (Enter: do not save): ",
)
NOT_SAVED = Text("Partie non enregistrée.", "Game not saved.")


@dataclass(frozen=True)
class Console:
    """Where the person reads and types."""

    lang: Lang
    read: Reader
    write: Writer
    discard: Callable[[], None] = field(default=keep_input)


class ThinkingNotice(Bot):
    """Another bot that says so when it thinks longer than ``delay`` seconds."""

    def __init__(self, inner: Bot, lang: Lang, write: Writer, delay: float) -> None:
        super().__init__(inner.seat, 0)
        self.inner = inner
        self.notice = THINKING.render(lang, n=inner.seat + 1)
        self.write = write
        self.delay = delay

    def observe(self, events: Sequence[Event]) -> None:
        self.inner.observe(events)

    def choose(self, match: Match) -> Action:
        timer = threading.Timer(self.delay, self.write, [self.notice])
        timer.daemon = True
        timer.start()
        try:
            return self.inner.choose(match)
        finally:
            timer.cancel()
            # A notice being written ends before the bot's move is shown.
            timer.join()


def play_game(
    name: str,
    players: int | None,
    seed: int,
    bots: str,
    human: int,
    options: dict[str, OptionValue],
    lang: Lang,
    read: Reader,
    write: Writer,
    save: Path | None = None,
    discard: Callable[[], None] = keep_input,
    think_after: float = THINKING_DELAY,
) -> Match:
    """A new game; ``save`` is checked before it starts."""
    game = get_game(name)
    match = create_match(game, players, seed, options)
    _check_human(human, match.players)
    kinds: list[str | None] = list(parse_bot_kinds(bots, match.players - 1))
    kinds.insert(human, None)
    if save is not None:
        check_output_file(save)
    console = Console(lang, read, write, discard)
    console.write(_opening(OPENING, match, human, lang))
    hints = Hints(match, human, _names(match, human, lang), lang, console.write)
    return _play(match, human, kinds, console, save, think_after, hints)


def resume_game(
    path: Path,
    save: Path | None,
    lang: Lang,
    read: Reader,
    write: Writer,
    discard: Callable[[], None] = keep_input,
    game: str | None = None,
    think_after: float = THINKING_DELAY,
) -> Match:
    """The game saved in ``path``, continued where it stopped and saved there again
    (or to ``save``); bots come back at their saved kinds and levels. ``game``: the game
    the person named, refused when the save holds another one."""
    saved = read_save(path)
    if game is not None:
        _check_same_game(path, saved, game, lang)
    match = _replayed(path, saved)
    human = saved["human_seat"]
    if match.over or human is None:
        raise SaveFileError(
            Text(
                "{path} : rien à reprendre (partie finie ou sans joueur humain)",
                "{path}: nothing to resume (the game is over or has no human player)",
            ).format(path=path)
        )
    target = path if save is None else save
    check_output_file(target)
    console = Console(lang, read, write, discard)
    console.write(_opening(RESUMED, match, human, lang))
    console.write(match.game.presenter.table(match.view(human), lang, _names(match, human, lang)))
    kinds = saved.get("bots") or [
        None if seat == human else DEFAULT_BOT for seat in range(match.players)
    ]
    hints = Hints(
        match, human, _names(match, human, lang), lang, console.write, saved.get("hints", ())
    )
    return _play(match, human, kinds, console, target, think_after, hints, len(match.events(human)))


def _check_same_game(path: Path, saved: dict[str, Any], game: str, lang: Lang) -> None:
    named, held = get_game(game), get_game(saved["game"])
    if named is not held:
        raise SaveFileError(
            Text(
                "{path} est une partie de {held}, pas de {named} : pour la reprendre, "
                "popote play --resume {path}",
                "{path} holds a game of {held}, not {named}: to resume it, "
                "popote play --resume {path}",
            ).format(path=path, held=held.spec.title.get(lang), named=named.spec.title.get(lang))
        )


def _check_human(human: int, players: int) -> None:
    if not 0 <= human < players:
        raise InvalidSetup(
            Text(
                "siège inconnu : {seat} (sièges 1 à {count})",
                "unknown seat: {seat} (seats 1 to {count})",
            ).format(seat=human + 1, count=players)
        )


def _replayed(path: Path, saved: dict[str, Any]) -> Match:
    moves = saved_moves(path, saved)
    match, _ = next(moves)
    for _ in moves:
        pass
    return match


def _names(match: Match, human: int, lang: Lang) -> list[str]:
    return seat_names(match.players, human, lang)


def _opening(text: Text, match: Match, human: int, lang: Lang) -> str:
    return text.render(
        lang,
        title=match.game.spec.title.get(lang),
        moves=MOVES.render(len(match.history), lang),
        players=PLAYERS.render(match.players, lang),
        seed=match.seed,
        seat=human + 1,
    )


def _play(
    match: Match,
    human: int,
    kinds: Sequence[str | None],
    console: Console,
    save: Path | None,
    think_after: float,
    hints: Hints,
    already_seen: int = 0,
) -> Match:
    lang = console.lang
    names = hints.names
    agents: list[Bot] = []
    for seat, kind in enumerate(kinds):
        if kind is None:
            agents.append(
                TerminalPlayer(
                    seat,
                    match.game,
                    names,
                    lang,
                    console.read,
                    console.write,
                    console.discard,
                    already_seen,
                    hints.shortcut(),
                )
            )
        else:
            bot = make_bot(kind, match.game, seat, match.seed, timed=True)
            agents.append(ThinkingNotice(bot, lang, console.write, think_after))
    try:
        play_out(match, agents)
    except (QuitGame, KeyboardInterrupt) as stop:
        console.write(STOPPED.get(lang))
        if save is None and isinstance(stop, QuitGame) and stop.asked:
            save = ask_save_path(console)
    if save is not None:
        write_save(save, match.to_record(), human, kinds, hints.asked)
        console.write(SAVED.render(lang, path=save))
    return match


def ask_save_path(console: Console) -> Path | None:
    """A file to save a game the person quit, asked until it can be written."""
    while True:
        try:
            typed = console.read(ASK_SAVE.get(console.lang), Answer.LINE).strip()
        except (EOFError, KeyboardInterrupt):
            typed = ""
        if not typed:
            console.write(NOT_SAVED.get(console.lang))
            return None
        path = Path(typed).expanduser()
        try:
            check_output_file(path)
        except OutputPathError as error:
            console.write(error.message(console.lang))
            continue
        return path
