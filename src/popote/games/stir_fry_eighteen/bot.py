"""The heuristic opponent: counts the 18 cards, bluffs now and then, cooks its best dish."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, NamedTuple

from popote.core.actions import Action, Event
from popote.core.bot import Bot
from popote.core.match import Match
from popote.core.memo import Memo
from popote.games.stir_fry_eighteen.beliefs import SUSPICION, claim_chance, truth_chance
from popote.games.stir_fry_eighteen.cards import (
    COUNTS,
    DISCARD_PAIR,
    DISCARD_PROTEIN,
    DISH_BY_KEY,
    DISHES,
    END_TURN,
    KINDS,
    NOUILLES,
    ORDER,
    PAIR_DRAWS,
    PASS,
    PROTEIN_DRAWS,
    PROTEINS,
    TASTE_TEST,
    TRIM,
    mask_of,
)

# How much a first copy of each card is worth keeping; extra copies are worth 1.
KEEP: dict[str, int] = {
    NOUILLES: 10,
    "crevette": 9,
    "porc": 7,
    "gingembre": 6,
    "oignon_vert": 5,
    "poulet": 5,
    "sauce_soja": 3,
    "champignons": 3,
}
BLUFF_RATE = 0.1
SAFE_BLUFF_RATE = 0.5
SMALLEST_DISH = min(dish.points for dish in DISHES)
DENIAL = 0.5  # what each card kept from the discarder is worth to the accuser
CARD_WORTH = 2.0  # what each card of the accuser's hand is worth
POINTS_WORTH = 2.5  # what 5 points are worth, in cards


def unseen_counts(view: dict[str, Any]) -> Counter[str]:
    """The cards this seat has not seen anywhere: in others' hands, the deck or face down."""
    left = dict(COUNTS)
    for card in view.get("hand", ()):
        left[card] -= 1
    for card in view.get("my_face_down", ()):
        left[card] -= 1
    for entry in view["face_up"]:
        left[entry["card"]] -= 1
    return Counter({card: count for card, count in left.items() if count > 0})


def keep_order(hand: list[str]) -> list[str]:
    """The hand from the card least worth keeping to the most."""
    seen: Counter[str] = Counter()
    scored: list[tuple[int, int, str]] = []
    for card in sorted(hand, key=ORDER.__getitem__):
        value = KEEP[card] if not seen[card] else 1
        seen[card] += 1
        scored.append((value, ORDER[card], card))
    return [card for _, _, card in sorted(scored)]


class StirFryHeuristicBot(Bot):
    """Tells the truth when it can, bluffs with junk cards, and tests unlikely claims."""

    kind = "heuristic"
    bluff = BLUFF_RATE
    safe = SAFE_BLUFF_RATE
    card_worth = CARD_WORTH

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        self.honest: Counter[int] = Counter()  # revealed honest discards, per seat
        self.bluffed: Counter[int] = Counter()  # revealed bluffs, per seat
        self.my_windows = 0
        self.my_tests = 0

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            if event["type"] == "taste_test":
                (self.honest if event["truthful"] else self.bluffed)[event["seat"]] += 1
                self.my_tests += event["seat"] == self.seat
            elif event["type"] == "test_window" and event["seat"] == self.seat:
                self.my_windows += 1

    def bluff_share(self, seat: int) -> float:
        """How often ``seat``'s tested discards were bluffs (smoothed towards SUSPICION)."""
        bluffs, honest = self.bluffed[seat], self.honest[seat]
        return (bluffs + 2 * SUSPICION) / (bluffs + honest + 2)

    def boldness(self) -> float:
        """How readily to bluff: less when the others keep testing this seat."""
        tested = (self.my_tests + 1) / (self.my_windows + 3)
        return max(0.3, 1.0 - tested)

    def choose(self, match: Match) -> Action:
        view = match.view(self.seat)
        if view["phase"] == "test_window":
            return self._react(view)
        if view["phase"] == "trim":
            return TRIM[plan_for(view["hand"]).order[0]]
        legal = match.legal_actions(self.seat)
        choice = self._discard(view, legal) or self._cook(view, legal)
        return choice if choice in legal else END_TURN

    def _react(self, view: dict[str, Any]) -> Action:
        pending = view["pending"]
        size = view["hand_sizes"][pending["seat"]] + pending["count"]
        could = claim_chance(pending["kind"], pending["claim"], size, unseen_counts(view))
        truth = truth_chance(could, self.bluff_share(pending["seat"]))
        hand = view["hand"]
        if not hand and _stuck(view, self.seat):
            return TASTE_TEST  # losing 5 points is what a stuck bullseye score needs
        claimed = PAIR_DRAWS if pending["claim"] is None else PROTEIN_DRAWS[pending["claim"]]
        gain = 1.0 + DENIAL * claimed  # a card for me, cards kept from the discarder
        cost = len(hand) * self.card_worth if hand else POINTS_WORTH
        return TASTE_TEST if (1.0 - truth) * gain > truth * cost else PASS

    def _discard(self, view: dict[str, Any], legal: Sequence[Action]) -> Action | None:
        if view["deck_size"] == 0 or view["caught"]:
            return None  # a discard would draw nothing
        hand: list[str] = view["hand"]
        plan = plan_for(hand)
        if not view["pair_used"]:
            if plan.extra_pair is not None:
                return self._if_legal(plan.extra_pair, legal)
            if len(hand) >= 3 and self.chance.below(100) < self.bluff * self.boldness() * 100:
                return self._if_legal(plan.junk_pair, legal)
        if not view["protein_used"] and hand:
            return self._protein(view, hand, plan, legal)
        return None

    def _protein(
        self, view: dict[str, Any], hand: list[str], plan: HandPlan, legal: Sequence[Action]
    ) -> Action | None:
        if plan.spare_protein is not None:
            return self._if_legal(plan.spare_protein, legal)
        if (
            plan.safe_bluff is not None
            and self.chance.below(100) < self.safe * self.boldness() * 100
        ):
            return self._if_legal(plan.safe_bluff, legal)
        shown = {entry["card"] for entry in view["face_up"]}
        open_claims = [p for p in PROTEINS if p not in shown and p not in hand]
        if open_claims and self.chance.below(100) < self.bluff * self.boldness() * 100:
            claim = self.chance.choice(open_claims)
            return self._if_legal(DISCARD_PROTEIN[plan.order[0], claim], legal)
        return None

    def _cook(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        dishes = [a for a in legal if a["type"] == "cook"]
        if dishes and _stuck(view, self.seat):
            # No dish can land exactly: burn the biggest one to empty the hand, then lose 5
            # points on a taste test to get back in range.
            return max(dishes, key=lambda a: len(DISH_BY_KEY[a["dish"]].cards))
        if view["exact"]:
            room = view["target"] - view["scores"][self.seat]
            dishes = [a for a in dishes if a["points"] <= room]
        if not dishes:
            return None
        return max(dishes, key=lambda a: (a["points"], -len(DISH_BY_KEY[a["dish"]].cards)))

    @staticmethod
    def _if_legal(action: Action | None, legal: Sequence[Action]) -> Action | None:
        return action if action is not None and action in legal else None


class HandPlan(NamedTuple):
    """What the bot makes of a hand, whatever else the view shows: worked out once per hand."""

    order: tuple[str, ...]  # from the card least worth keeping to the most
    extra_pair: Action | None  # the pair of a card held too often, discarded honestly
    junk_pair: Action | None  # the two cards least worth keeping, for a bluff
    spare_protein: Action | None  # a protein that adds at most a point to the best dish
    safe_bluff: Action | None  # junk claimed as a protein held, the one that draws most


_PLANS: Memo[tuple[str, ...], HandPlan] = Memo()
"""Shared by every bot: a hand's plan depends on the hand alone."""


def plan_for(hand: Sequence[str]) -> HandPlan:
    key = tuple(hand)
    found = _PLANS.get(key)
    if found is None:
        found = _PLANS.remember(key, _plan(hand))
    return found


def _plan(hand: Sequence[str]) -> HandPlan:
    counts = Counter(hand)
    order = tuple(keep_order(list(hand)))  # shared by every bot: nobody may change it
    extra = [k for k in KINDS if counts[k] >= 3 or (counts[k] == 2 and k != NOUILLES)]
    best = max(extra, key=lambda k: (counts[k], -KEEP[k])) if extra else None
    junk = sorted(order[:2], key=ORDER.__getitem__)
    held = [p for p in PROTEINS if p in hand]
    spare = next((p for p in held if best_points(hand) - best_points(without(hand, p)) <= 1), None)
    safe = [p for p in held if p != order[0]] if order else []
    return HandPlan(
        order,
        DISCARD_PAIR[best, best] if best is not None else None,
        DISCARD_PAIR[junk[0], junk[1]] if len(junk) == 2 else None,
        DISCARD_PROTEIN[spare, spare] if spare is not None else None,
        DISCARD_PROTEIN[order[0], max(safe, key=PROTEIN_DRAWS.__getitem__)] if safe else None,
    )


def _best_by_mask() -> tuple[int, ...]:
    """The points of the best dish each set of kinds (as a mask) allows, 0 for none."""
    return tuple(
        max((d.points for d in DISHES if d.mask & ~mask == 0), default=0)
        for mask in range(1 << len(KINDS))
    )


_BEST_BY_MASK = _best_by_mask()


def best_points(hand: Sequence[str]) -> int:
    """The points of the best dish ``hand`` allows (0 for none)."""
    return _BEST_BY_MASK[mask_of(hand)]


def _stuck(view: dict[str, Any], seat: int) -> bool:
    """In bullseye, whether the score is so close to the target that no dish can land on it."""
    room = view["target"] - view["scores"][seat]
    return bool(view["exact"]) and 0 < room < SMALLEST_DISH


def without(hand: Sequence[str], card: str) -> list[str]:
    rest = list(hand)
    rest.remove(card)
    return rest
