"""The running scores ``popote train`` shapes Bouillabaisse with: a trick's points reach
its winner as soon as the trick ends, and each manche's true scores replace them."""

from __future__ import annotations

from typing import Any

import popote
from popote.lab.tally import MancheTally
from popote.rl.learned import make_bot


def _play_watching(seed: int) -> list[tuple[dict[str, Any], list[int]]]:
    """A match of ``moyen`` bots; the public view and the tally at every decision."""
    match = popote.new_match("bouillabaisse", 4, seed, None)
    bots = [make_bot("moyen", match.game, seat, seed) for seat in range(4)]
    tally = MancheTally(4)
    seen = []
    while not match.over:
        seat = match.to_act[0]
        seen.append((match.view(None), tally.scores(match)))
        events = match.act(seat, bots[seat].choose(match))
        for bot in bots:
            bot.observe(events)
    return seen


def test_first_manche_counts_five_points_a_trick_as_it_is_taken() -> None:
    for view, scores in _play_watching(3):
        if view["manche"] == 1:
            assert scores == [5 * taken for taken in view["tricks_taken"]]


def test_a_new_manche_starts_from_the_true_totals() -> None:
    starts: dict[int, tuple[dict[str, Any], list[int]]] = {}
    for view, scores in _play_watching(4):
        starts.setdefault(view["manche"], (view, scores))
    assert len(starts) == 6
    for view, scores in starts.values():
        assert scores == view["totals"]
