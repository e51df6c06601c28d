"""The heuristic Bigouden: plans a recipe, fights for the utensils it needs, bids with spares.

It reads only its own view (everything it uses is public or its own).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Final, final

from popote.core.actions import Action
from popote.core.bot import Bot
from popote.core.game import View
from popote.core.match import Match
from popote.games.ar_seizh_bigoudenn.cards import (
    BIGOUDENS,
    INGREDIENTS,
    MENU,
    UTENSIL_OF,
    Dish,
    Recipe,
    dish_points,
)


@final
class Plan:
    """A recipe to aim at: its cards, those not yet on the surface, and its points (a plain
    class: a named tuple is built through Python code even in the compiled build, and every
    decision of every rollout weighs a plan or two)."""

    __slots__ = ("cards", "missing", "points")

    def __init__(self, cards: tuple[str, ...], missing: tuple[str, ...], points: int) -> None:
        self.cards = cards
        self.missing = missing
        self.points = points


Needs = tuple[tuple[str, str | None], ...]
"""A recipe's cards, each with the utensil that takes it."""
Choice = tuple[tuple[str, ...], Needs, int]
"""A recipe's cards, their needs and its points for one Bigouden."""

# Per Bigouden, per recipe: the plan is weighed at every decision of every rollout.
_CHOICES: Final[dict[str, dict[str, Choice]]] = {
    bigouden: {
        recipe.key: (
            recipe.cards,
            tuple((card, UTENSIL_OF[card]) for card in recipe.cards),
            dish_points(recipe.dish, recipe.cards, bigouden)[0],
        )
        for recipe in MENU
    }
    for bigouden in BIGOUDENS
}


_FACE_OF: Final[dict[str, str]] = {recipe.key: recipe.dish.value for recipe in MENU}
_FACES: Final = tuple(dish.value for dish in Dish)
"""The faces' names, listed once: iterating the enum and reading ``value`` runs Python code
even in the compiled build, and every rollout makes a menu for each of its bots."""


class Menu:
    """A bot's menu in its own order: the recipes' keys per face (a search's rollouts make
    four bots per iteration)."""

    def __init__(self, recipes: Sequence[Recipe] = MENU) -> None:
        self.by_face: dict[str, list[str]] = {face: [] for face in _FACES}
        for recipe in recipes:
            self.by_face[_FACE_OF[recipe.key]].append(recipe.key)


def best_plan(
    surface: set[str],
    centre: set[str],
    hands: list[str],
    choices: dict[str, Choice],
    keys: list[str],
) -> Plan:
    """The recipe of ``keys`` (one face of a bot's menu, in its order) worth most once the
    cost of what is missing from ``surface`` is counted.

    Ties go to the first in ``keys``: each bot shuffles its menu once, so that no recipe
    (and no Bigouden's specialty) is everybody's first choice. No menu recipe repeats an
    ingredient, so a card is missing or not.
    """
    best_score = 0.0
    best: Choice | None = None
    for key in keys:
        choice = choices[key]
        cost = 0.0
        for card, need in choice[1]:
            if card in surface:
                continue
            cost += 1.0 if card in centre else 2.0
            if need is not None and need not in hands:
                cost += 0.7
        score = choice[2] - 3.0 * cost
        if best is None or score > best_score:
            best, best_score = choice, score
    assert best is not None
    cards = best[0]
    return Plan(cards, tuple([card for card in cards if card not in surface]), best[2])


class Mind:
    """What one seat wants right now, computed from its view."""

    def __init__(self, view: View, seat: int, menu: Menu) -> None:
        self.view = view
        self.seat = seat
        self.menu = menu
        self.surface: list[str] = view["surfaces"][seat]
        self.hands: list[str] = view["hands"][seat]
        # Sets for the plans' many lookups (the centre can hold a dozen cards).
        self.on_surface: set[str] = set(self.surface)
        self.in_centre: set[str] = set(view["centre"])
        self.choices = _CHOICES[view["bigoudens"][seat]]
        self.plan = self.best_plan(view["faces"][seat])
        self.needed_utensils: dict[str, int] = {}  # how many missing cards each utensil takes
        for card in self.plan.missing:
            need = UTENSIL_OF[card]
            if need is not None:
                self.needed_utensils[need] = self.needed_utensils.get(need, 0) + 1
        self._wanted: dict[str | None, float] = {None: 0.0}
        self._next_plan: Plan | None = None

    def next_plan(self) -> Plan:
        """The plan for the other face: weighed only by the decisions that look ahead."""
        if self._next_plan is None:
            face = "crepe" if self.view["faces"][self.seat] == "galette" else "galette"
            self._next_plan = self.best_plan(face)
        return self._next_plan

    def best_plan(self, face: str) -> Plan:
        """The best plan of this seat's menu for ``face`` (:func:`best_plan`)."""
        keys = self.menu.by_face[face]
        return best_plan(self.on_surface, self.in_centre, self.hands, self.choices, keys)

    def keep(self, card: str) -> float:
        """How much a card on the surface is worth keeping."""
        score = INGREDIENTS[card].value / 10
        if card in self.plan.cards:
            score += 3
        elif card in self.next_plan().cards:
            score += 1
        return score

    def spares(self) -> list[str]:
        """Cards not needed by the plan, cheapest to lose first."""
        plan = Counter(self.plan.cards)
        spare: list[str] = []
        for card in sorted(self.surface, key=self.keep):
            if plan[card] > 0:
                plan[card] -= 1
            else:
                spare.append(card)
        return spare

    def want(self, utensil: str | None) -> float:
        """How much the seat wants to hold ``utensil`` (weighed once per utensil)."""
        wanted = self._wanted.get(utensil)
        if wanted is None:
            assert utensil is not None
            wanted = self._wanted[utensil] = self._weigh(utensil)
        return wanted

    def _weigh(self, utensil: str) -> float:
        if utensil in self.needed_utensils:
            in_centre = any(
                INGREDIENTS[c].utensil == utensil and c in self.in_centre for c in self.plan.missing
            )
            return 5.0 + (2.0 if in_centre else 0.0)
        if utensil == "araignee":
            others = [
                s
                for s in range(self.view["players"])
                if s != self.seat and "couvercle" not in self.view["hands"][s]
            ]
            if any(c in self.view["surfaces"][s] for s in others for c in self.plan.missing):
                return 4.0
            return 1.0
        if utensil == "couvercle":
            return 2.5 if len(self.surface) >= 2 else 0.5
        if utensil == "passoire":
            return 1.0
        next_need = {INGREDIENTS[c].utensil for c in self.next_plan().missing}
        return 1.5 if utensil in next_need else 0.2

    def drop_cost(self, utensil: str | None) -> float:
        return self.want(utensil) if utensil is not None else 0.0

    def give_back_cost(self, card: str | None) -> float:
        return 0.0 if card is None else self.keep(card) + 0.5

    def score_turn_action(self, action: Action) -> float:
        kind = action["type"]
        missing = self.plan.missing
        if kind == "take":
            card = action["card"]
            gain = 10.0 if card in missing else (3.0 if card in self.next_plan().missing else -1.0)
            need = UTENSIL_OF[card]
            lost = 0.0 if need is not None else self.drop_cost(action["drop"])
            if need is not None and self.needed_utensils.get(need, 0) > 1:
                lost += 2.0
            return gain - lost - self.give_back_cost(action["give_back"])
        if kind == "steal":
            if action["card"] is None:
                return -2.0
            card = action["card"]
            gain = 9.0 if card in missing else (2.0 if card in self.next_plan().missing else -2.0)
            return gain - self.give_back_cost(action["give_back"])
        if kind == "utensil":
            # The hand that takes it has acted: it serves next turn at best, if nobody grabs it.
            return self.want(action["utensil"]) - 3.0 - self.drop_cost(action["drop"]) - 0.5
        if kind == "toss":
            here, there = len(self.plan.missing), len(self.next_plan().missing)
            return 3.0 if here >= 2 and there + 2 <= here else -5.0
        return 0.0


class BigoudenBot(Bot):
    """The heuristic opponent."""

    kind = "heuristic"

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, seed)
        menu = list(MENU)
        self.chance.shuffle(menu)
        self.menu = Menu(menu)

    def choose(self, match: Match) -> Action:
        seat = self.seat
        view = match.view(seat)
        legal = match.legal_actions(seat)
        mind = Mind(view, seat, self.menu)
        stage = view["stage"]
        if stage == "action":
            return self._act(mind, legal)
        if stage == "cook":
            cooks = [a for a in legal if a["type"] == "cook"]
            if not cooks:
                return legal[-1]
            return self._cook(view, cooks)
        window = view["window"] or {}
        utensil = window.get("utensil")
        if stage in ("grab", "challenge"):
            return self._grab(mind, legal, utensil, 4.0 if stage == "challenge" else 2.0)
        if stage in ("bid", "raise", "follow"):
            return self._bid(mind, legal, utensil, stage)
        return self._passoire(mind, legal)

    def _cook(self, view: View, cooks: list[Action]) -> Action:
        """The dish worth most (a method of its own: a closure in :meth:`choose` would cost
        the compiled build an environment object at every decision)."""
        dish = Dish(view["faces"][self.seat])
        bigouden = view["bigoudens"][self.seat]
        return max(cooks, key=lambda a: dish_points(dish, tuple(a["cards"]), bigouden)[0])

    def _act(self, mind: Mind, legal: list[Action]) -> Action:
        """The best-scored hand action, a little noise breaking ties (the first best wins)."""
        best, best_score = legal[0], -math.inf
        noise = self.chance.draws(100, len(legal))
        for action, drawn in zip(legal, noise, strict=True):
            score = mind.score_turn_action(action) + drawn / 1000
            if score > best_score:
                best, best_score = action, score
        return best

    def _grab(
        self, mind: Mind, legal: list[Action], utensil: str | None, threshold: float
    ) -> Action:
        want = mind.want(utensil)
        best = legal[-1]  # pass
        margin = threshold
        for action in legal[:-1]:
            gain = want - mind.drop_cost(action["drop"])
            if gain >= margin:
                best, margin = action, gain
        return best

    def _bid(self, mind: Mind, legal: list[Action], utensil: str | None, stage: str) -> Action:
        want = mind.want(utensil)
        spares = mind.spares()
        by_card = {a["card"]: a for a in legal if a.get("card") is not None}
        fallback = legal[-1]  # withdraw or pass
        if stage == "bid":
            if spares and want >= 3:
                pick = max(spares, key=lambda c: INGREDIENTS[c].value) if want >= 5 else spares[0]
                return by_card[pick]
            if want >= 7 and mind.surface:
                return by_card[min(mind.surface, key=mind.keep)]
            return fallback
        if spares and want >= (5 if stage == "raise" else 4):
            return by_card[max(spares, key=lambda c: INGREDIENTS[c].value)]
        return fallback

    def _passoire(self, mind: Mind, legal: list[Action]) -> Action:
        best, margin = legal[-1], 0.5
        for action in legal[:-1]:
            card = action["card"]
            gain = 6.0 if card in mind.plan.missing else INGREDIENTS[card].value / 2
            gain -= mind.give_back_cost(action["give_back"]) + mind.want("passoire")
            if gain > margin:
                best, margin = action, gain
        return best
