"""The six manches and how each one scores.

Four scoring rules exist: 5 points per trick, 10 per card of the drawn suit, 50 per card of
the drawn figure rank, 200 per copy of the drawn card. Manches 1 to 4 use one rule each,
manche 5 all four, manche 6 all four with the sign reversed.

"Tout ou rien" works rule by rule by default: a player who took everything a rule counts
in this manche (every trick, every card of the suit, every card of the figure) has that
rule's points reversed. It never applies to the drawn card (manche 4's rule), not even
inside manches 5 and 6. With the whole-manche scope, manches 5 and 6 instead reverse the
whole manche of a player who took every point card (suit, figure and drawn card alike);
manches 1 to 4 count one rule each, so both scopes agree there.

>>> targets = Targets(suit=2, rank=10, card=37)  # hearts, queens, king of hearts
>>> won = [[36, 37], [0, 1]]  # seat 0 took a trick of QH and KH, seat 1 one of 2C and 3C
>>> score_manche(5, won, [1, 1], targets, tout_ou_rien=False)
([275, 5], {'tricks': [5, 5], 'suit': [20, 0], 'figure': [50, 0], 'card': [200, 0]}, [])
>>> score_manche(6, won, [1, 1], targets, tout_ou_rien=True)
([-135, -5], {'tricks': [-5, -5], 'suit': [20, 0], 'figure': [50, 0], 'card': [-200, 0]}, [0])
>>> score_manche(6, won, [1, 1], targets, tout_ou_rien=True, scope=Scope.MANCHE)
([275, -5], {'tricks': [5, -5], 'suit': [20, 0], 'figure': [50, 0], 'card': [200, 0]}, [0])
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from popote.games.bouillabaisse.cards import DECK_SIZE, SUIT_OF, rank_of

MANCHES = 6


class Rule(enum.Enum):
    TRICKS = "tricks"
    SUIT = "suit"
    FIGURE = "figure"
    CARD = "card"


class Scope(enum.Enum):
    """What "tout ou rien" looks at in manches 5 and 6."""

    RULE = "rule"  # each rule on its own, the drawn card excepted
    MANCHE = "manche"  # every point card of the manche at once, reversing its whole total


POINTS: dict[Rule, int] = {Rule.TRICKS: 5, Rule.SUIT: 10, Rule.FIGURE: 50, Rule.CARD: 200}
ALL_RULES: tuple[Rule, ...] = (Rule.TRICKS, Rule.SUIT, Rule.FIGURE, Rule.CARD)
RULES_OF: dict[int, tuple[Rule, ...]] = {
    1: (Rule.TRICKS,),
    2: (Rule.SUIT,),
    3: (Rule.FIGURE,),
    4: (Rule.CARD,),
    5: ALL_RULES,
    6: ALL_RULES,
}
# Rules whose points "tout ou rien" may reverse: every one but the single drawn card.
ALL_OR_NOTHING: frozenset[Rule] = frozenset({Rule.TRICKS, Rule.SUIT, Rule.FIGURE})


def sign_of(manche: int) -> int:
    return -1 if manche == MANCHES else 1


@dataclass(frozen=True)
class Targets:
    """The drawn suit, figure rank and card (``None`` while not drawn yet)."""

    suit: int | None
    rank: int | None
    card: int | None


# Counting the three card rules in one sum: a card weighs 1 in the suit field, 1 << 8 in
# the figure field and 1 << 16 in the card field when it counts for that rule, and 1 << 24
# when it counts for any (a hand of at most 104 cards never overflows a field).
_SHIFT = 8
_FIELD = (1 << _SHIFT) - 1


def card_weights(targets: Targets) -> tuple[int, ...]:
    """Each card's weight in the sums :func:`score_packed` reads: the cards a seat took,
    summed by these weights, are all a manche's card rules need to know of them."""
    return _weights(targets.suit, targets.rank, targets.card)


@cache
def _weights(suit: int | None, rank: int | None, card: int | None) -> tuple[int, ...]:
    weights = []
    for c in range(DECK_SIZE):
        fields = (
            (SUIT_OF[c] == suit) + ((rank_of(c) == rank) << _SHIFT) + ((c == card) << 2 * _SHIFT)
        )
        weights.append(fields + (bool(fields) << 3 * _SHIFT))
    return tuple(weights)


@dataclass(frozen=True, slots=True)
class _Plan:
    """What one manche counts, in the order of its rules: for each, where its units are
    (0 tricks, 1 suit, 2 figure, 3 card), its name, its points per unit with the manche's
    sign, and whether "tout ou rien" may reverse it."""

    counts: tuple[tuple[int, str, int, bool], ...]
    cards: bool  # whether a card rule counts (the cards taken must be looked at)


_PLANS: dict[int, _Plan] = {
    manche: _Plan(
        tuple(
            (
                ALL_RULES.index(rule),
                rule.value,
                sign_of(manche) * POINTS[rule],
                rule in ALL_OR_NOTHING,
            )
            for rule in rules
        ),
        rules != (Rule.TRICKS,),
    )
    for manche, rules in RULES_OF.items()
}


def score_manche(
    manche: int,
    won: Sequence[Sequence[int]],
    tricks: Sequence[int],
    targets: Targets,
    tout_ou_rien: bool,
    scope: Scope = Scope.RULE,
) -> tuple[list[int], dict[str, list[int]], list[int]]:
    """Each seat's score, each rule's points per seat, and the seats "tout ou rien" hit."""
    packed: Sequence[int] = ()
    if _PLANS[manche].cards:
        weights = card_weights(targets)
        packed = [sum(map(weights.__getitem__, cards)) for cards in won]
    return score_packed(manche, packed, tricks, tout_ou_rien, scope)


def score_packed(
    manche: int,
    packed: Sequence[int],
    tricks: Sequence[int],
    tout_ou_rien: bool,
    scope: Scope = Scope.RULE,
) -> tuple[list[int], dict[str, list[int]], list[int]]:
    """:func:`score_manche` from each seat's cards summed by :func:`card_weights` (may be
    empty in a manche that counts only tricks).

    >>> weights = card_weights(Targets(suit=2, rank=10, card=37))
    >>> score_packed(5, [weights[36] + weights[37], weights[0] + weights[1]], [1, 1], False)[0]
    [275, 5]
    """
    plan = _PLANS[manche]
    units: list[Sequence[int]] = [tricks]
    if plan.cards:
        units += (
            [p & _FIELD for p in packed],
            [p >> _SHIFT & _FIELD for p in packed],
            [p >> 2 * _SHIFT & _FIELD for p in packed],
        )
    points = {
        name: [value * count for count in units[unit]] for unit, name, value, _ in plan.counts
    }
    reversed_for: set[int] = set()
    if tout_ou_rien and scope is Scope.MANCHE and len(plan.counts) > 1:
        point_cards = [p >> 3 * _SHIFT for p in packed]
        for seat in _took_all(point_cards):
            reversed_for.add(seat)
            for per_seat in points.values():
                per_seat[seat] = -per_seat[seat]
    elif tout_ou_rien:
        for unit, name, _, reversible in plan.counts:
            for seat in _took_all(units[unit]) if reversible else ():
                reversed_for.add(seat)
                points[name][seat] = -points[name][seat]
    scores = [sum(per_seat[seat] for per_seat in points.values()) for seat in range(len(tricks))]
    return scores, points, sorted(reversed_for)


def _took_all(per_seat: Sequence[int]) -> list[int]:
    """The seat that took everything counted here, if anything was counted at all."""
    everything = sum(per_seat)
    return [seat for seat, count in enumerate(per_seat) if everything and count == everything]
