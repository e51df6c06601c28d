"""Your unfinished games, offered before the lobby: those waiting for you first, each with
the time you have left (``GET /api/v1/me/games``), then the others; or on to the lobby.

>>> [time_left(s, "fr") for s in (100_800, 18_720, 720, 30)]
['1 j 4 h', '5 h 12 min', '12 min', "moins d'une minute"]
>>> time_left(100_800, "en")
'1 d 4 h'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from popote.cli.online_setup import ask_choice
from popote.cli.terminal import MenuAsker
from popote.core.i18n import Lang, Text

MINE = Text("Vos parties en cours :", "Your unfinished games:")
TO_LOBBY = Text("Aller au salon", "Go to the lobby")
MINE_LINE = Text("{title}, siège {seat} : {state}", "{title}, seat {seat}: {state}")
YOUR_TURN = Text("à vous, il vous reste {time}", "your turn, {time} left")
YOUR_TURN_STOPPED = Text("à vous, horloge arrêtée", "your turn, clock stopped")
YOUR_TURN_NOW = Text("à vous", "your turn")
THEIR_TURN = Text("au tour des autres", "the others' turn")
NOT_STARTED = Text("en attente de joueurs", "waiting for players")
DAYS = Text("{days} j {hours} h", "{days} d {hours} h")
HOURS = Text("{hours} h {minutes} min", "{hours} h {minutes} min")
MINUTES = Text("{minutes} min", "{minutes} min")
SOON = Text("moins d'une minute", "under a minute")


def time_left(seconds: float, lang: Lang) -> str:
    """Seconds as days and hours, hours and minutes, or minutes (as the browser says it)."""
    minutes = int(seconds // 60)
    hours, days = minutes // 60, minutes // (24 * 60)
    if days:
        return DAYS.render(lang, days=days, hours=hours % 24)
    if hours:
        return HOURS.render(lang, hours=hours, minutes=minutes % 60)
    return MINUTES.render(lang, minutes=minutes) if minutes else SOON.get(lang)


def _waits(entry: dict[str, Any]) -> bool:
    return entry["state"] == "playing" and entry.get("your_turn") is True


def _state(entry: dict[str, Any], lang: Lang) -> str:
    if entry["state"] != "playing":
        return NOT_STARTED.get(lang)
    if not _waits(entry):
        return THEIR_TURN.get(lang)
    left = entry.get("left")
    if isinstance(left, int | float):
        return YOUR_TURN.render(lang, time=time_left(left, lang))
    return (YOUR_TURN_STOPPED if entry.get("turn_based") else YOUR_TURN_NOW).get(lang)


def mine_line(entry: dict[str, Any], lang: Lang) -> str:
    return MINE_LINE.render(
        lang, title=entry["title"], seat=entry["seat"] + 1, state=_state(entry, lang)
    )


def pick_mine(call: Callable[[str, str], Any], asker: MenuAsker) -> dict[str, Any] | None:
    """One of the person's unfinished games (a table as ``GET /tables/{id}`` gives it),
    or None for the lobby; Enter takes the first game when it waits for them."""
    playing: list[dict[str, Any]] = call("GET", "/me/games")["playing"]
    if not playing:
        return None
    playing.sort(key=lambda entry: not _waits(entry))  # stable: the server's order within
    lang = asker.lang
    labels = [*(mine_line(entry, lang) for entry in playing), TO_LOBBY.get(lang)]
    chosen = ask_choice(asker, MINE, labels, 0 if _waits(playing[0]) else len(playing))
    return playing[chosen] if chosen < len(playing) else None
