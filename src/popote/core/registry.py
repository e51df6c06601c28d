"""Finds the games: every package under ``popote.games`` that exposes ``GAME``."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import popote.games as games_package
from popote.core.errors import InvalidSetup, shown
from popote.core.game import Game
from popote.core.i18n import Text


@cache
def all_games() -> dict[str, Game]:
    found: dict[str, Game] = {}
    for module_info in pkgutil.iter_modules(games_package.__path__):
        module = importlib.import_module(f"{games_package.__name__}.{module_info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.spec.name] = game
    return dict(sorted(found.items()))


def get_game(name: object) -> Game:
    games = all_games()
    if not isinstance(name, str) or name not in games:
        raise InvalidSetup(
            Text(
                "jeu inconnu : {name} (jeux : {known})", "unknown game: {name} (games: {known})"
            ).format(name=shown(name), known=", ".join(games))
        )
    return games[name]
