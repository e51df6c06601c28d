"""What each seat may know, and how a seat's unknowns are resampled.

Tricks taken lie face down, as at a real table: everyone sees how many tricks each player
took and may look at the last completed trick; the cards of earlier tricks are only known
to those who remember them (the events of the match tell each card once, as it is played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from popote.core.actions import FrozenList
from popote.core.chance import Chance
from popote.core.game import View
from popote.games.bouillabaisse.cards import NAMES, SUIT_OF, SUITS, shuffle
from popote.games.bouillabaisse.scoring import RULES_OF, Targets, sign_of

if TYPE_CHECKING:
    from popote.games.bouillabaisse.rules import BouillabaisseState

RESAMPLE_ATTEMPTS = 20


def _seated(leader: int, cards: list[int], players: int) -> list[dict[str, object]]:
    return [
        {"seat": (leader + index) % players, "card": NAMES[card]}
        for index, card in enumerate(cards)
    ]


# Each manche's rules as a view lists them, shared by every view (frozen: nobody changes it).
_RULES_SHOWN = {
    manche: FrozenList(rule.value for rule in rules) for manche, rules in RULES_OF.items()
}


def static_view(state: BouillabaisseState) -> View:
    """The part of every view that never changes during a match (its one list frozen, so
    that every view may share it)."""
    config = state.config
    return {
        "game": "bouillabaisse",
        "players": state.players,
        "decks": config.decks,
        "tout_ou_rien": config.tout_ou_rien,
        "tout_ou_rien_scope": config.scope.value,
        "duplicate": config.duplicate.value,
        "draw": config.draw.value,
        "removed": FrozenList(NAMES[card] for card in state.removed),
    }


def build_view(state: BouillabaisseState, seat: int | None) -> View:
    players = state.players
    last = state.last_trick
    view: View = dict(state.static_view)
    view.update(
        seat=seat,
        to_act=list(state.to_act),
        over=state.over,
        phase=state.phase.value,
        manche=state.manche,
        rules=_RULES_SHOWN[state.manche],
        sign=sign_of(state.manche),
        targets=state.public_targets(),
        dealer=state.dealer,
        leader=state.leader,
        led=SUITS[state.led] if state.led >= 0 else None,
        trick=_seated(state.leader, state.trick, players),
        last_trick=None
        if last is None
        else {"cards": _seated(last[0], last[1], players), "winner": last[2]},
        tricks_taken=list(state.tricks),
        hand_sizes=state.hand_sizes(),
        scores=[list(scores) for scores in state.scores],
        totals=list(state.totals),
    )
    if seat is not None:
        view["hand"] = state.hand_names(seat)
    return view


def resample_hands(state: BouillabaisseState, seat: int, chance: Chance) -> list[list[int]]:
    """Deal the cards ``seat`` cannot see again among their holders, at random.

    Every hand keeps its size and no player receives a suit it has shown it lacks. The deal
    starts from the unseen cards sorted, so that, for one ``chance``, it depends only on what
    ``seat`` knows, never on who truly holds what. If a few random tries fail to respect the
    voids, a deal built to respect them is used (:func:`_deal_by_suit_counts`).
    """
    hands = [state.hand_cards(other) for other in range(state.players)]
    others = [other for other in range(state.players) if other != seat]
    pool = sorted(card for other in others for card in hands[other])
    for _ in range(RESAMPLE_ATTEMPTS):
        dealt = _deal_respecting_voids(pool, others, hands, state.voids, chance)
        if dealt is not None:
            break
    else:
        dealt = _deal_by_suit_counts(pool, others, hands, state.voids, chance)
    for other, cards in dealt.items():
        hands[other] = sorted(cards)
    return hands


def _deal_respecting_voids(
    pool: list[int],
    others: list[int],
    hands: list[list[int]],
    voids: list[int],
    chance: Chance,
) -> dict[int, list[int]] | None:
    cards = pool[:]
    shuffle(cards, chance)
    if not any(voids[other] for other in others):
        dealt, start = {}, 0
        for other in others:
            dealt[other] = cards[start : start + len(hands[other])]
            start += len(hands[other])
        return dealt
    may_hold = [[o for o in others if not voids[o] >> suit & 1] for suit in range(len(SUITS))]
    # The most constrained cards first: those fewest seats may hold.
    cards.sort(key=lambda card: len(may_hold[SUIT_OF[card]]))
    room = {other: len(hands[other]) for other in others}
    dealt = {other: [] for other in others}
    for card in cards:
        seats = [other for other in may_hold[SUIT_OF[card]] if room[other]]
        if not seats:
            return None
        pick = chance.below(sum(room[other] for other in seats))
        for other in seats:
            if pick < room[other]:
                dealt[other].append(card)
                room[other] -= 1
                break
            pick -= room[other]
    return dealt


def _deal_by_suit_counts(
    pool: list[int],
    others: list[int],
    hands: list[list[int]],
    voids: list[int],
    chance: Chance,
) -> dict[int, list[int]]:
    """A deal that respects the voids, found whenever one exists (the true hands are one):
    each seat's count of each suit is settled first (:func:`suit_counts`), then the cards of
    a suit are shuffled among the seats that receive it."""
    counts = suit_counts(pool, {other: len(hands[other]) for other in others}, voids)
    cards = pool[:]
    shuffle(cards, chance)
    dealt: dict[int, list[int]] = {other: [] for other in others}
    for card in cards:
        suit = SUIT_OF[card]
        other = next(other for other in others if counts[other][suit])
        counts[other][suit] -= 1
        dealt[other].append(card)
    return dealt


def suit_counts(pool: list[int], sizes: dict[int, int], voids: list[int]) -> dict[int, list[int]]:
    """How many cards of each suit of ``pool`` each seat of ``sizes`` receives, so that every
    seat gets its size and no suit it lacks (``voids``: a bit per suit).

    The cards are placed one by one, each along a shortest chain of moves (a seat takes the
    card and passes one of its suits to another seat, and so on, until a seat with room), a
    flow from suits to seats: it finds a placement whenever one exists.
    """
    given = {other: [0] * len(SUITS) for other in sizes}
    room = dict(sizes)
    for card in pool:
        start = SUIT_OF[card]
        came_from: dict[int, int] = {}  # a seat reached: the suit it takes
        passed_by: dict[int, int] = {start: -1}  # a suit reached: the seat that passes it on
        suits, end = [start], -1
        while suits and end < 0:
            suit = suits.pop(0)
            for other in sizes:
                if other in came_from or voids[other] >> suit & 1:
                    continue
                came_from[other] = suit
                if room[other]:
                    end = other
                    break
                for passed, count in enumerate(given[other]):
                    if count and passed not in passed_by:
                        passed_by[passed] = other
                        suits.append(passed)
        if end < 0:
            raise AssertionError("no deal gives the hidden cards without refilling a void")
        room[end] -= 1
        other = end
        while other >= 0:
            suit = came_from[other]
            given[other][suit] += 1
            other = passed_by[suit]
            if other >= 0:
                given[other][suit] -= 1
    return given


def named_targets(targets: Targets) -> dict[str, str | None]:
    """The drawn targets as every seat is told them: a suit, a figure (``"Q"``), a card."""
    return {
        "suit": None if targets.suit is None else SUITS[targets.suit],
        "figure": None if targets.rank is None else NAMES[targets.rank][:-1],
        "card": None if targets.card is None else NAMES[targets.card],
    }


def points_of(card: str, view: View) -> int:
    """What one card is worth in the view's manche, trick points aside, before any sign."""
    targets, rules = view["targets"], view["rules"]
    points = 0
    if "suit" in rules and card[-1] == targets["suit"]:
        points += 10
    if "figure" in rules and card[:-1] == targets["figure"]:
        points += 50
    if "card" in rules and card == targets["card"]:
        points += 200
    return points
