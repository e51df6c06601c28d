"""Scores as they stand between two decisions, counting the points already taken in the
manche under way: a trick's points reach its winner when the trick ends, not a dozen
decisions later when the manche is scored.

Built from the public view alone (the last trick, the tricks taken, the manche's rules,
targets and sign), so every seat could compute it. "Tout ou rien" is left to the manche's
end: the totals then replace the running count, so the changes still add up to the
match's true scores.
"""

from __future__ import annotations

from popote.core.match import Match
from popote.games.bouillabaisse.scoring import POINTS, Rule
from popote.games.bouillabaisse.views import points_of


class MancheTally:
    """One Bouillabaisse match's running scores, fed every decision in order."""

    lower_is_better = True

    def __init__(self, players: int) -> None:
        self.manche = 0
        self.tricks = 0
        self.points = [0] * players

    def scores(self, match: Match) -> list[int]:
        view = match.view(None)
        if view["manche"] != self.manche:
            self.manche, self.tricks = view["manche"], 0
            self.points = [0] * len(self.points)
        taken = sum(view["tricks_taken"])
        last = view["last_trick"]
        if taken > self.tricks and last is not None:
            self.tricks = taken
            cards = [place["card"] for place in last["cards"]]
            points = sum(points_of(card, view) for card in cards)
            if Rule.TRICKS.value in view["rules"]:
                points += POINTS[Rule.TRICKS]
            self.points[last["winner"]] += points * view["sign"]
        return [total + running for total, running in zip(view["totals"], self.points, strict=True)]
