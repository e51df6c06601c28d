"""Pieces every command shares: seat names, option parsing, saved games."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from popote.core.actions import Event
from popote.core.errors import InvalidSetup, PopoteError, shown
from popote.core.game import Game
from popote.core.i18n import Lang, Text
from popote.core.match import Match, create_match
from popote.core.options import Option, OptionKind, OptionValue
from popote.core.registry import get_game

SAVE_FORMAT = 1


def seat_names(players: int, human: int | None, lang: Lang) -> list[str]:
    """People count seats from 1; the human's seat says so."""
    names = []
    for seat in range(players):
        if seat == human:
            names.append(Text("Siège {n} (vous)", "Seat {n} (you)").format(n=seat + 1).get(lang))
        else:
            names.append(Text("Siège {n}", "Seat {n}").format(n=seat + 1).get(lang))
    return names


BOOLEAN_WORDS = {True: Text("oui", "true"), False: Text("non", "false")}
"""How a yes-or-no option is written on the command line (both spellings are read back)."""


def option_value(value: OptionValue, lang: Lang) -> str:
    """A value as ``--option KEY=VALUE`` takes it: ``oui`` / ``true`` for a yes, not ``True``."""
    return BOOLEAN_WORDS[value].get(lang) if isinstance(value, bool) else str(value)


def options_line(options: Mapping[str, OptionValue], lang: Lang) -> str:
    """``assisted=non, empty_pile=reshuffle``: the options as they would be typed."""
    return ", ".join(f"{key}={option_value(value, lang)}" for key, value in options.items())


def option_usage(option: Option, lang: Lang) -> str:
    """What ``--option KEY=…`` accepts and its default, as ``popote list`` shows it."""
    if option.kind is OptionKind.BOOL:
        values = "|".join(BOOLEAN_WORDS[answer].get(lang) for answer in (True, False))
    elif option.kind is OptionKind.INT:
        values = Text("N, de {low} à {high}", "N, {low} to {high}").render(
            lang, low=option.minimum, high=option.maximum
        )
    else:
        values = "|".join(option.choices)
    return Text(
        "--option {key}={values} (défaut : {default}) : {help}",
        "--option {key}={values} (default: {default}): {help}",
    ).render(
        lang,
        key=option.key,
        values=values,
        default=option_value(option.default, lang),
        help=option.help.get(lang),
    )


def parse_options(game: Game, pairs: Sequence[str]) -> dict[str, OptionValue]:
    """``KEY=VALUE`` pairs typed on the command line, checked against the game's options."""
    specs = {option.key: option for option in game.spec.options}
    parsed: dict[str, OptionValue] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep:
            raise InvalidSetup(
                Text(
                    "option attendue sous la forme CLÉ=VALEUR : {pair!r}",
                    "expected an option as KEY=VALUE: {pair!r}",
                ).format(pair=pair)
            )
        key = key.strip()
        if key not in specs:
            raise InvalidSetup(
                Text(
                    "option inconnue : {key!r} (options : {known})",
                    "unknown option: {key!r} (options: {known})",
                ).format(key=key, known=", ".join(specs) or "-")
            )
        parsed[key] = specs[key].parse(value)
    return parsed


class SaveFileError(PopoteError):
    """A saved game that cannot be read."""


def write_save(
    path: Path,
    record: Mapping[str, Any],
    human: int | None,
    bots: Sequence[str | None] = (),
    hints: Sequence[Mapping[str, int]] = (),
) -> None:
    """``bots``: each seat's bot kind or level (None at the human's seat), for ``--resume``;
    ``hints``: the hints asked (see :func:`save_payload`)."""
    payload = save_payload(record, human, bots, hints=hints)
    path.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")


def save_payload(
    record: Mapping[str, Any],
    human: int | None,
    bots: Sequence[str | None] = (),
    names: Sequence[str] = (),
    hints: Sequence[Mapping[str, int]] = (),
) -> dict[str, Any]:
    """What a save file holds (the online server hands out the same, with ``names``: the
    players' names at its table). ``hints``: each hint asked during the game, the seat that
    asked and the move it was asked before (its index in the history); a save without
    hints has no such list, as before hints existed."""
    payload = {"popote_save": SAVE_FORMAT, **record, "human_seat": human, "bots": list(bots)}
    if names:
        payload["names"] = list(names)
    if hints:
        payload["hints"] = [{"seat": hint["seat"], "move": hint["move"]} for hint in hints]
    return payload


def read_save(path: Path) -> dict[str, Any]:
    try:
        payload = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise SaveFileError(
            Text("impossible de lire {path} : {error}", "cannot read {path}: {error}").format(
                path=path, error=error.strerror
            )
        ) from error
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise SaveFileError(
            Text(
                "{path} n'est pas du JSON valide : {error}", "{path} is not valid JSON: {error}"
            ).format(path=path, error=error)
        ) from error
    except (ValueError, RecursionError) as error:
        # json itself gives up on 5,000-digit numbers and on arrays nested thousands deep.
        raise SaveFileError(
            Text(
                "{path} contient un nombre trop long ou une imbrication trop profonde",
                "{path} holds a number too long or nesting too deep",
            ).format(path=path)
        ) from error
    required = {"game": str, "players": int, "seed": int, "options": dict, "history": list}
    if not isinstance(payload, dict) or any(
        not isinstance(payload.get(key), kind) for key, kind in required.items()
    ):
        raise SaveFileError(
            Text(
                "{path} n'est pas une partie sauvegardée par Popote (clés attendues : {keys})",
                "{path} is not a game saved by Popote (expected keys: {keys})",
            ).format(path=path, keys=", ".join(required))
        )
    _check_version(path, payload)
    _check_seats(path, payload)
    _check_names(path, payload)
    _check_hints(path, payload)
    return payload


def _check_version(path: Path, payload: dict[str, Any]) -> None:
    version = payload.get("popote_save")
    if type(version) is not int or version != SAVE_FORMAT:
        raise SaveFileError(
            Text(
                "{path} : version de sauvegarde inconnue {version} (cette version de Popote "
                "lit la version {known})",
                "{path}: unknown save version {version} (this version of Popote reads "
                "version {known})",
            ).format(path=path, version=shown(version), known=SAVE_FORMAT)
        )


def _check_seats(path: Path, payload: dict[str, Any]) -> None:
    """The human's seat and the bots, as people count seats (from 1)."""
    players = payload["players"]
    human = payload.get("human_seat")
    if human is not None and (type(human) is not int or not 0 <= human < players):
        shown_seat = human + 1 if type(human) is int else shown(human)
        raise SaveFileError(
            Text(
                "{path} : siège du joueur {seat} hors de la table (sièges 1 à {players})",
                "{path}: the player's seat {seat} is not at the table (seats 1 to {players})",
            ).format(path=path, seat=shown_seat, players=players)
        )
    bots = payload.get("bots", [])
    if not isinstance(bots, list) or (
        bots and (len(bots) != players or not all(isinstance(b, str | None) for b in bots))
    ):
        raise SaveFileError(
            Text(
                "{path} : liste de bots illisible (un nom par siège attendu)",
                "{path}: unreadable list of bots (one name per seat expected)",
            ).format(path=path)
        )


LONGEST_NAME = 64
"""The longest seat name a save may hold (online names are shorter)."""


def _check_names(path: Path, payload: dict[str, Any]) -> None:
    """Names, when the save has them: one printable name per seat (a name that could move
    the cursor or clear the screen is no name)."""
    names = payload.get("names")
    if names is None:
        return
    if not (
        isinstance(names, list)
        and len(names) == payload["players"]
        and all(
            isinstance(n, str) and n.isprintable() and 0 < len(n) <= LONGEST_NAME for n in names
        )
    ):
        raise SaveFileError(
            Text(
                "{path} : noms des joueurs illisibles (un nom par siège attendu)",
                "{path}: unreadable player names (one name per seat expected)",
            ).format(path=path)
        )


def _check_hints(path: Path, payload: dict[str, Any]) -> None:
    """Hints, when the save has them: a seat at the table and a move of the game each."""
    hints = payload.get("hints", [])
    moves = len(payload["history"])

    def readable(hint: object) -> bool:
        return (
            isinstance(hint, dict)
            and set(hint) == {"seat", "move"}
            and type(hint["seat"]) is int
            and type(hint["move"]) is int
            and 0 <= hint["seat"] < payload["players"]
            and 0 <= hint["move"] <= moves
        )

    if not isinstance(hints, list) or not all(readable(hint) for hint in hints):
        raise SaveFileError(
            Text(
                "{path} : liste de conseils illisible (un siège et un coup de la partie "
                "attendus pour chacun)",
                "{path}: unreadable list of hints (a seat and a move of the game expected "
                "for each)",
            ).format(path=path)
        )


def saved_names(saved: Mapping[str, Any], viewer: int | None, lang: Lang) -> list[str]:
    """The players' names the save keeps (an online table's), else "Siège 1 (vous)"..."""
    names = saved.get("names")
    return list(names) if names else seat_names(saved["players"], viewer, lang)


def saved_moves(path: Path, saved: Mapping[str, Any]) -> Iterator[tuple[Match, list[Event]]]:
    """The saved game move by move: the same match after each move, with that move's events
    (secrets included), the setup first."""
    match = create_match(get_game(saved["game"]), saved["players"], saved["seed"], saved["options"])
    yield match, match.all_events()
    for index, entry in enumerate(saved["history"], start=1):
        try:
            events = match.act(entry["seat"], entry["action"])
        except (PopoteError, KeyError, TypeError) as error:
            raise SaveFileError(
                Text(
                    "{path} : action {index} de la sauvegarde refusée : {error}",
                    "{path}: saved action {index} refused: {error}",
                ).format(path=path, index=index, error=error)
            ) from error
        yield match, events
