"""Pieces every command shares: seat names, option parsing, saved games."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from popote.core.errors import InvalidSetup, PopoteError
from popote.core.game import Game
from popote.core.i18n import Lang, Text
from popote.core.options import OptionValue

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


def write_save(path: Path, record: Mapping[str, Any], human: int | None) -> None:
    payload = {"popote_save": SAVE_FORMAT, **record, "human_seat": human}
    path.write_text(json.dumps(payload, ensure_ascii=False, indent=1), encoding="utf-8")


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
    return payload
