"""``popote replay``: step through a saved game, event by event."""

from __future__ import annotations

from pathlib import Path

from popote.cli.common import SaveFileError, read_save, seat_names
from popote.cli.terminal import Reader, Writer
from popote.core.actions import Event, visible_events
from popote.core.errors import PopoteError
from popote.core.i18n import Lang, Text
from popote.core.match import create_match
from popote.core.registry import get_game

STEP = Text("[Entrée : suite, q : arrêter] ", "[Enter: next, q: stop] ")


def replay_file(
    path: Path, lang: Lang, read: Reader, write: Writer, pause: bool, reveal: bool = False
) -> None:
    """Show the game as the saved human seat saw it (``reveal``: every event, all secrets)."""
    saved = read_save(path)
    game = get_game(saved["game"])
    match = create_match(game, saved["players"], saved["seed"], saved["options"])
    human = saved.get("human_seat")
    viewer = human if isinstance(human, int) and 0 <= human < match.players else None
    names = seat_names(match.players, viewer, lang)

    def show(events: list[Event]) -> None:
        for event in events if reveal else visible_events(events, viewer):
            line = game.presenter.event(event, lang, names)
            if line:
                write(line)

    show(match.all_events())
    for index, entry in enumerate(saved["history"], start=1):
        if pause and read(STEP.get(lang), True).strip().lower() == "q":
            return
        try:
            events = match.act(entry["seat"], entry["action"])
        except (PopoteError, KeyError, TypeError) as error:
            raise SaveFileError(
                Text(
                    "action {index} de la sauvegarde refusée : {error}",
                    "saved action {index} refused: {error}",
                ).format(index=index, error=error)
            ) from error
        write(Text("— Coup {index} —", "— Move {index} —").format(index=index).get(lang))
        show(events)
