"""Heuristic bots."""

from __future__ import annotations

from popote.bots.base import Bot
from popote.core.actions import Action
from popote.core.match import Match


class BoomHeuristicBot(Bot):
    kind = "heuristic"

    def choose(self, match: Match) -> Action:
        return self.chance.choice(match.legal_actions(self.seat))
