"""A player who plays the review's best move (issue 47; figures and reading in docs/bots.md,
*The review checked against duplicate*): does following the review win what it says a
``moyen`` seat lost?

On each seeded deal one seat (turning with the deals) chooses every move as the review
would call best (each legal move tried in the review's worlds, ``moyen`` after, the move
with the most points), the others are ``moyen``; the same deal is played again with
``moyen`` at that seat. The paired difference of that seat's points (more is better:
negated where fewer points win) is printed after each deal, with its 95 % interval.

    python -m benchmarks.review_player GAME [--players 4] [--deals 30] [--worlds 32]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from popote.bots.registry import heuristic
from popote.bots.runner import play_out
from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.match import Match, create_match
from popote.core.registry import get_game
from popote.lab.review import Budget, action_values
from popote.lab.stats import paired_difference

FIRST_SEED = 90000


class ReviewPlayer(Bot):
    """Plays, at each decision, the move the review would call best."""

    kind = "review"

    def __init__(self, seat: int, seed: int, worlds: int) -> None:
        super().__init__(seat, seed)
        self.budget = Budget(worlds, seed)
        self.decisions = 0

    def observe(self, events: Sequence[Event]) -> None:
        """Nothing to remember: the worlds are drawn from what the seat's view shows."""

    def choose(self, match: Match) -> Action:
        legal = match.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        self.decisions += 1
        values = action_values(match, self.seat, legal, self.budget.worlds_at(self.decisions))
        return max(legal, key=lambda action: sum(values[action].points))


def points_gained(name: str, players: int, deal: int, worlds: int) -> float:
    """The review player's points at its seat minus ``moyen``'s, on the same deal."""
    game = get_game(name)
    seed, seat = FIRST_SEED + deal, deal % players
    scored: list[float] = []
    for follows in (True, False):
        match = create_match(game, players, seed, {})
        bots = [heuristic(game, other, seed) for other in range(players)]
        if follows:
            bots[seat] = ReviewPlayer(seat, seed, worlds)
        result = play_out(match, bots).result()
        sign = -1 if result.get("lower_is_better") else 1
        scored.append(sign * result["scores"][seat])
    return scored[0] - scored[1]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--worlds", type=int, default=32)
    args = parser.parse_args(argv)
    gains: list[float] = []
    for deal in range(args.deals):
        gains.append(points_gained(args.game, args.players, deal, args.worlds))
        summary = paired_difference(gains)
        low, high = summary["ci95_low"], summary["ci95_high"]
        print(f"{args.game} deal {deal + 1}: {summary['mean']:+.2f} [{low:+.2f}, {high:+.2f}]")


if __name__ == "__main__":
    main()
