"""What a seat may believe of a face-down discard it cannot see: how likely its claim is
honest. The heuristic bot weighs a taste test by it, and a sampled world (``determinize``)
deals the discard's cards by it, so that a search or a review does not take every claim
for a bluff: uniformly dealt cards seldom match a claim, honest claims often do.

>>> round(truth_chance(claim_chance("protein", "porc", 3, Counter(porc=2, oignon_vert=8)), SUSPICION), 3)
0.692
"""

from __future__ import annotations

from collections import Counter
from math import comb

from popote.games.stir_fry_eighteen.cards import DiscardKind

SUSPICION = 0.4
"""The share of bluffs a seat expects of another before it has seen any test."""


def chance_of_pair(unseen: Counter[str], size: int) -> float:
    """Chance that ``size`` cards taken from ``unseen`` hold two identical cards."""
    total = sum(unseen.values())
    if size < 2 or total < size:
        return 0.0 if size < 2 else 1.0
    # Elementary symmetric sums: ways to take ``size`` cards, at most one of each kind.
    ways = [1] + [0] * size
    for count in unseen.values():
        for k in range(size, 0, -1):
            ways[k] += ways[k - 1] * count
    return 1.0 - ways[size] / comb(total, size)


def claim_chance(kind: str, claim: str | None, size: int, unseen: Counter[str]) -> float:
    """Chance that a discarder holding ``size`` cards unseen (its hand and the discard)
    even held what the discard claims."""
    total = sum(unseen.values())
    if kind == DiscardKind.PAIR.value:
        return chance_of_pair(unseen, size)
    assert claim is not None
    return min(1.0, unseen[claim] * size / total) if total else 0.0


def truth_chance(could: float, bluff_share: float) -> float:
    """How likely the claim is honest: what the cards allow, weighed by the discarder's habits."""
    if could <= 0.0:
        return 0.0
    if could >= 1.0:
        return 1.0
    honest = could * (1.0 - bluff_share)
    return honest / (honest + (1.0 - could) * bluff_share)
