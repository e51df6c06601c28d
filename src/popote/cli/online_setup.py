"""The online client's questions before a table: who you are, and the table to create.

Each question is a short numbered list with a default taken by Enter, asked through the
same reader as the game's menus (one key when that is enough).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from popote.bots.registry import LEVEL_NAMES
from popote.cli.terminal import (
    INVALID,
    RANGE,
    RANGE_ENTER,
    SINGLE_KEY_CHOICES,
    Answer,
    MenuAsker,
    choice_number,
    excerpt,
    typed_number,
)
from popote.core.i18n import Lang, Text
from popote.core.wording import PLAYERS, Plural

CHOICE = Text(
    "Votre choix ({range}, Entrée : {default}) : ", "Your choice ({range}, Enter: {default}): "
)
CHOICE_ENTER = Text(
    "Votre choix ({range}, Entrée seule : {default}) : ",
    "Your choice ({range}, Enter alone: {default}): ",
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
    "days-1": Text("tour par tour, 1 jour par coup", "turn-based, 1 day a move"),
    "days-2": Text("tour par tour, 2 jours par coup", "turn-based, 2 days a move"),
    "days-3": Text("tour par tour, 3 jours par coup", "turn-based, 3 days a move"),
    "days-7": Text("tour par tour, 7 jours par coup", "turn-based, 7 days a move"),
}
"""Real time, then turn-based: those of ``popote.server.settings.CLOCKS``, named."""
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
    quick = count <= SINGLE_KEY_CHOICES
    # The default is named, not numbered: "2" would read as the second entry.
    prompt = (CHOICE if quick else CHOICE_ENTER).render(
        lang,
        range=(RANGE if quick else RANGE_ENTER).render(lang, count=count),
        default=labels[default],
    )
    while True:
        typed = asker.ask(prompt, Answer.KEY if quick else Answer.COMMAND).strip().lower()
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
        typed = asker.ask(prompt, Answer.COMMAND).strip().lower()
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
    """A clock the server offers (one that predates turn-based tables offers fewer)."""
    kinds = [kind for kind in CLOCKS if kind in game["clocks"]]
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
            OPTION_LINE.render(
                lang, help=_question(option, lang), value=_shown(option, values[key], lang)
            )
            for key, option in described.items()
        ]
        chosen = ask_choice(asker, OPTIONS, [*labels, DONE.get(lang)], len(labels))
        if chosen == len(labels):
            break
        key = list(described)[chosen]
        values[key] = _ask_value(asker, described[key], values[key])
    return values


def _ask_value(asker: MenuAsker, option: dict[str, Any], value: Any) -> Any:
    lang = asker.lang
    question = Text(_question(option, "fr"), _question(option, "en"))
    if option["type"] == "bool":
        return bool(ask_choice(asker, question, [t.get(lang) for t in YES_NO], int(value)))
    if option["type"] == "int":
        return ask_number(asker, question.get(lang), option["min"], option["max"], int(value))
    choices = list(option["choices"])
    labels = [_shown(option, choice, lang) for choice in choices]
    return choices[ask_choice(asker, question, labels, choices.index(value))]


def _question(option: dict[str, Any], lang: Lang) -> str:
    """The option's help without the values in parentheses that ``--option KEY=VALUE``
    needs on the command line ("(reached)"): here each value is chosen by its name."""
    text = str(option["help"][lang])
    token = "|".join(re.escape(str(choice)) for choice in option.get("choices", ()))
    return re.sub(rf" ?\((?:{token})(?:, (?:{token}))*\)", "", text) if token else text


def _shown(option: dict[str, Any], value: Any, lang: Lang) -> str:
    """A value by its name for people (the game's label, when it gives one)."""
    if isinstance(value, bool):
        return YES_NO[value].get(lang)
    label = option.get("labels", {}).get(str(value), {})
    return str(label.get(lang, value)) if isinstance(label, dict) else str(value)


def ask_name(asker: MenuAsker, stored: str | None) -> str:
    """A name for a new guest; Enter keeps the stored one."""
    hint = NAME_STORED.render(asker.lang, name=stored) if stored else ""
    while True:
        typed = asker.ask(NAME.render(asker.lang, stored=hint), Answer.LINE).strip()
        if typed or stored:
            return typed or str(stored)
