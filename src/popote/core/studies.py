"""What a game asks ``popote balance`` to measure: its rows (player counts and options) and
how wins are counted. Plain data below the game's interface (:mod:`popote.core.game` hands a
:class:`BalanceStudy` out) and below :mod:`popote.core.calibration`, whose cells are rows
too."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

from popote.core.i18n import Lang, Text
from popote.core.options import OptionValue
from popote.core.wording import PLAYERS


class BalanceMeasure(enum.Enum):
    """What a balance study counts wins by."""

    SEATS = "seats"
    SIDES = "sides"
    LABELS = "labels"


NO_CLAIM = Text("", "")


@dataclass(frozen=True)
class BalanceConfig:
    """One row of a balance study: a player count and options, and what the designer claims.

    ``label`` is the row's key in the JSON report; ``title`` is what a person reads (the
    label when the game gives none)."""

    label: str
    players: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    claim: Text = NO_CLAIM
    title: Text | None = None

    def name(self, lang: Lang) -> str:
        return self.label if self.title is None else self.title.get(lang)

    @classmethod
    def of_players(cls, players: int) -> BalanceConfig:
        """A row that only sets the player count, named ``3 joueurs`` / ``3 players``."""
        return cls(f"{players} players", players, title=PLAYERS.text(players))


@dataclass(frozen=True)
class BalanceStudy:
    """How ``popote balance`` should measure a game (heuristic bots at every seat).

    ``LABELS`` counts wins per value of ``result()[label_key]``, a list with one label per
    seat (a character, a role...). ``group_names`` names each seat, side or label for people,
    in the order reports list them; the reports of ``popote simulate`` name the sides of
    ``result()["sides"]`` with it too.
    """

    title: Text
    measure: BalanceMeasure
    configs: tuple[BalanceConfig, ...]
    label_key: str = ""
    group_names: Mapping[str, Text] = field(default_factory=dict)

    def group_name(self, group: str, lang: Lang) -> str:
        name = self.group_names.get(group)
        return group if name is None else name.get(lang)
