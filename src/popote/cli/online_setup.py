"""The online client's questions before a table: who you are, and the table to create.

Each question is a short numbered list with a default taken by Enter, asked through the
same reader as the game's menus (one key when that is enough).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from popote.cli.terminal import (
    INVALID,
    SINGLE_KEY_CHOICES,
    MenuAsker,
    choice_number,
    excerpt,
    typed_number,
)
from popote.core.game import PLAYERS
from popote.core.i18n import Lang, Text
from popote.core.wording import Plural
from popote.server.seats import LEVEL_NAMES

CHOICE = Text(
    "Votre choix (1-{count}, Entrée : {default}) : ", "Your choice (1-{count}, Enter: {default}): "
)
NUMBER = Text(
    "Un nombre de {low} à {high} (Entrée : {default}) : ",
    "A number from {low} to {high} (Enter: {default}): ",
)
DEFAULT_HELP = Text(
    "Tapez un numéro ; Entrée garde le choix par défaut ; q quitte.",
    "Type a number; Enter keeps the default; q quits.",
)
GAME = Text("Quel jeu ?", "Which game?")
HOW_MANY = Text("Combien de joueurs ?", "How many players?")
OPTIONS = Text(
    "Options (Entrée : commencer avec celles-ci) :", "Options (Enter: go on with these):"
)
OPTION_LINE = Text("{help} : {value}", "{help}: {value}")
DONE = Text("C'est tout", "That is all")
BOTS = Text("Combien de robots ?", "How many bots?")
BOT_COUNT = Plural(("{n} robot", "{n} robots"), ("{n} bot", "{n} bots"))
LEVEL = Text(
    "Niveau des robots (ils remplacent aussi les absents) ?",
    "Bots' level (they also stand in for absent players)?",
)
CLOCK = Text("Quelle horloge ?", "Which clock?")
CLOCKS = {
    "none": Text("aucune", "none"),
    "relaxed": Text("détendue ({turn} s par tour)", "relaxed ({turn} s a turn)"),
    "normal": Text("normale ({turn} s par tour)", "normal ({turn} s a turn)"),
    "fast": Text("rapide ({turn} s par tour)", "fast ({turn} s a turn)"),
}
YES_NO = (Text("non", "no"), Text("oui", "yes"))
NAME = Text("Votre nom{stored} : ", "Your name{stored}: ")
NAME_STORED = Text(" (Entrée : {name})", " (Enter: {name})")


def ask_choice(asker: MenuAsker, question: Text, labels: Sequence[str], default: int) -> int:
    """The index of the label chosen; Enter takes ``default``."""
    lang = asker.lang
    asker.write(question.get(lang))
    for number, label in enumerate(labels, start=1):
        asker.write(f"  {number}. {label}")
    count = len(labels)
    prompt = CHOICE.format(count=count, default=default + 1).get(lang)
    while True:
        typed = asker.ask(prompt, count <= SINGLE_KEY_CHOICES).strip().lower()
        chosen = choice_number(typed, count)
        if not typed:
            return default
        if chosen is not None:
            return chosen - 1
        _not_a_choice(asker, typed, count)


def ask_number(asker: MenuAsker, question: str, low: int, high: int, default: int) -> int:
    asker.write(question)
    prompt = NUMBER.format(low=low, high=high, default=default).get(asker.lang)
    while True:
        typed = asker.ask(prompt, False).strip().lower()
        if not typed:
            return default
        chosen = typed_number(typed, low, high)
        if chosen is not None:
            return chosen
        _not_a_choice(asker, typed, high)


def _not_a_choice(asker: MenuAsker, typed: str, count: int) -> None:
    if typed == "q":
        asker.confirm_quit()
    elif typed in ("?", "h"):
        asker.write(DEFAULT_HELP.get(asker.lang))
    else:
        asker.write(INVALID.format(typed=excerpt(typed), count=count, back="").get(asker.lang))
        asker.discard()


def ask_table(asker: MenuAsker, games: list[dict[str, Any]]) -> dict[str, Any]:
    """The body of ``POST /api/v1/tables`` for the table the person describes."""
    lang = asker.lang
    game = games[ask_choice(asker, GAME, [g["title"][lang] for g in games], 0)]
    low, high = game["min_players"], game["max_players"]
    counts = list(range(low, high + 1))
    players = counts[
        ask_choice(
            asker,
            HOW_MANY,
            [PLAYERS.render(n, lang) for n in counts],
            counts.index(game["default_players"]),
        )
    ]
    options = ask_options(asker, game["options"])
    bots = ask_choice(asker, BOTS, [BOT_COUNT.render(n, lang) for n in range(players)], 0)
    levels = list(game["bot_levels"])
    level = levels[
        ask_choice(asker, LEVEL, [LEVEL_NAMES[k].get(lang) for k in levels], levels.index("moyen"))
    ]
    return {
        "game": game["name"],
        "players": players,
        "options": options,
        "bots": [level] * bots,
        "bot_level": level,
        "clock": ask_clock(asker, game),
        "public": True,
    }


def ask_clock(asker: MenuAsker, game: dict[str, Any]) -> str:
    kinds = list(CLOCKS)
    labels = [
        CLOCKS[kind].render(asker.lang, turn=round(game["clocks"][kind]["turn"] or 0))
        for kind in kinds
    ]
    return kinds[ask_choice(asker, CLOCK, labels, kinds.index(game["clock"]))]


def ask_options(asker: MenuAsker, described: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Every option at its default until the person changes some, one at a time."""
    lang = asker.lang
    values = {key: option["default"] for key, option in described.items()}
    while described:
        labels = [
            OPTION_LINE.render(lang, help=option["help"][lang], value=_shown(values[key], lang))
            for key, option in described.items()
        ]
        chosen = ask_choice(asker, OPTIONS, [*labels, DONE.get(lang)], len(labels))
        if chosen == len(labels):
            break
        key = list(described)[chosen]
        values[key] = _ask_value(asker, described[key], values[key])
    return values


def _ask_value(asker: MenuAsker, option: dict[str, Any], value: Any) -> Any:
    question = Text(option["help"]["fr"], option["help"]["en"])
    if option["type"] == "bool":
        return bool(ask_choice(asker, question, [t.get(asker.lang) for t in YES_NO], int(value)))
    if option["type"] == "int":
        return ask_number(asker, question.get(asker.lang), option["min"], option["max"], int(value))
    choices = list(option["choices"])
    return choices[ask_choice(asker, question, choices, choices.index(value))]


def _shown(value: Any, lang: Lang) -> str:
    return YES_NO[value].get(lang) if isinstance(value, bool) else str(value)


def ask_name(asker: MenuAsker, stored: str | None) -> str:
    """A name for a new guest; Enter keeps the stored one."""
    hint = NAME_STORED.render(asker.lang, name=stored) if stored else ""
    while True:
        typed = asker.ask(NAME.render(asker.lang, stored=hint), False).strip()
        if typed or stored:
            return typed or str(stored)


def config_file() -> Path:
    """Where guest tokens are kept, one per server (``$XDG_CONFIG_HOME/popote``)."""
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "popote" / "online.json"


class Identities:
    """Each server's guest name, token and last table, in a file only its owner reads."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def _saved(self) -> dict[str, Any]:
        """Every server's entry; nothing when the file is missing or unreadable."""
        try:
            saved = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return saved if isinstance(saved, dict) else {}

    def get(self, server: str) -> dict[str, Any]:
        return _entry(self._saved(), server)

    def put(self, server: str, **fields: Any) -> None:
        saved = self._saved()
        saved[server] = {**_entry(saved, server), **fields}
        # Losing the token only costs a new guest name: a file that cannot be written is
        # not worth stopping the game for.
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.touch(mode=0o600)
            self.path.write_text(json.dumps(saved, ensure_ascii=False), encoding="utf-8")
        except OSError:
            pass


def _entry(saved: dict[str, Any], server: str) -> dict[str, Any]:
    found = saved.get(server)
    return found if isinstance(found, dict) else {}
