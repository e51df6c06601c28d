"""Each game's numbered actions and observation encoding, by slug."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from popote.rl.actions import ActionTable
from popote.rl.features import Encoding
from popote.rl.games import (
    ar_seizh_bigoudenn,
    boom_badaboom,
    bouillabaisse,
    pieds_dans_le_plat,
    stir_fry_eighteen,
)
from popote.rl.games.bouillabaisse_fast import BouillabaisseObserver

if TYPE_CHECKING:
    from popote.core.match import Match
    from popote.rl.observers import Observer


@dataclass(frozen=True)
class GameTables:
    """What the environment needs to know of one game: its actions and its observation."""

    actions: ActionTable
    observation: Encoding
    fast_observer: Callable[[Match], Observer] | None = None
    """An observer that gives the reference's numbers faster, if the game has one."""


TABLES: dict[str, GameTables] = {
    module.ACTIONS.game: GameTables(module.ACTIONS, module.OBSERVATION)
    for module in (ar_seizh_bigoudenn, boom_badaboom, pieds_dans_le_plat, stir_fry_eighteen)
}
TABLES[bouillabaisse.ACTIONS.game] = GameTables(
    bouillabaisse.ACTIONS, bouillabaisse.OBSERVATION, BouillabaisseObserver
)
TABLES = dict(sorted(TABLES.items()))
