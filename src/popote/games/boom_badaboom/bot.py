"""The heuristic opponent: one rule of thumb per role, judged on the expected cake and oven.

Every choice is scored by what it would most likely leave on the table (a mystery value
counts as 3): Pâtissiers keep a wide margin under the capacity and keep the cake out of the
Glouton's 15–18 zone when they suspect someone; Farceurs edge the cake toward the capacity
with modest cards and finish it when they can; the Glouton steers into 15–18 and protects
its objective cards (holding fewer than two, it keeps the cake safe instead). Reactive
cards are spent only when they change the outcome enough; a heat, cooling or oven card is
judged with the boost or turn its player may add to it (decision 8), at a small cost.
"""

from __future__ import annotations

from typing import Any

from popote.core.actions import Action
from popote.core.bot import Bot
from popote.core.match import Match
from popote.games.boom_badaboom.cards import (
    ACCIDENT,
    FUMBLE,
    GLOUTON_ZONE,
    KIND_BY_KEY,
    OVEN_DOWN,
    OVEN_UP,
    PEEK,
    RECOVER,
    SWAP,
    Category,
    LinkMode,
)
from popote.games.boom_badaboom.chain import Link, outcome, reactions

MYSTERY_GUESS = 3
REACT_THRESHOLD = 1.5
OWN_REACTION_COST = 1.0
"""What playing a reactive card on one's own card costs, in utility: the card is gone."""
EXPLODED = 100.0
GLOUTON_FEAST = 40.0


def project(view: dict[str, Any], chain: list[Link]) -> tuple[int, int, int]:
    """Expected (size, capacity, target) once ``chain`` resolves."""
    size, capacity = view["size"], view["capacity"]
    result = outcome(chain, view["apron_on_played"])
    if result.cancelled:
        return size, capacity, -1
    kind = KIND_BY_KEY[chain[0][1]]
    value = kind.value or MYSTERY_GUESS
    sign = -1 if result.inverted else 1
    if kind.category in (Category.HEAT, Category.COOL):
        sign *= 1 if kind.category is Category.HEAT else -1
        if view["event"] == "oven_haywire":
            sign = -sign
        factor = result.factor * (2 if view["event"] == "double_intensity" else 1)
        return max(0, size + sign * value * factor), capacity, -1
    if kind.key in (OVEN_UP, OVEN_DOWN):
        sign *= 1 if kind.key == OVEN_UP else -1
        return size, max(1, capacity + sign * MYSTERY_GUESS * result.factor), -1
    return size, capacity, result.target


def next_player(view: dict[str, Any]) -> int:
    """Who plays after the current turn (the next round keeps its order, a fair guess)."""
    order: list[int] = view["order"]
    current: int = view["current"]
    after = order[order.index(current) + 1 :] + order
    return next((s for s in after if s not in view["skipping"]), current)


class BoomHeuristicBot(Bot):
    """Plays by its role's utility; see the module's text."""

    kind = "heuristic"

    def choose(self, match: Match) -> Action:
        legal = match.legal_actions(self.seat)
        if len(legal) == 1:
            return legal[0]
        view = match.view(self.seat)
        phase = view["phase"]
        if phase == "react":
            return self.react(view, legal)
        if phase in ("steal", "recover"):
            return max(legal, key=lambda a: self.card_worth(view, a["card"]))
        best, best_score = legal[0], -1e9
        for action in legal:
            score = self.play_score(view, action) + self.chance.below(100) / 1000
            if score > best_score:
                best, best_score = action, score
        return best

    # --- judging positions ---------------------------------------------------------------

    def suspects(self, view: dict[str, Any]) -> list[int]:
        """Seats that look like the Glouton: revealed, or holding more cards than usual."""
        roles = view["roles"]
        sizes = view["hand_sizes"]
        return [
            s
            for s in range(view["players"])
            if s != self.seat and (roles[s] == "glouton" or (roles[s] is None and sizes[s] >= 6))
        ]

    def utility(self, view: dict[str, Any], size: int, capacity: int) -> float:
        role = view.get("role")
        margin = capacity - size
        if margin <= 0:
            return EXPLODED if role == "farceur" else -EXPLODED
        danger = max(0, 7 - margin) ** 2
        low, high = GLOUTON_ZONE
        in_zone = low <= size <= high
        if role == "farceur":
            return -2.0 * margin
        if role == "glouton" and self.objectives_in_hand(view) < 2:
            # Without its two cards the zone is no use yet; a cake that explodes loses too.
            return -float(danger) - 0.1 * abs(size - low)
        if role == "glouton":
            distance = 0 if in_zone else min(abs(size - low), abs(size - high))
            return -1.5 * distance - 0.7 * danger
        if role == "patissier":
            zone = (6.0 if self.suspects(view) else 2.0) if in_zone else 0.0
            return -float(danger) - zone - 0.1 * abs(size - 8)
        return -float(danger) - 0.1 * abs(size - capacity // 2)

    def card_worth(self, view: dict[str, Any], key: str) -> float:
        kind = KIND_BY_KEY[key]
        role = view.get("role")
        if kind.category is Category.OBJECTIVE:
            # The Glouton keeps them; anyone else takes them away from the Glouton.
            return 10.0 if role == "glouton" else (8.0 if role == "patissier" else 0.0)
        if kind.category is Category.REACTIVE:
            return 3.0
        if kind.category is Category.COOL:
            return 2.0 + (0 if role == "farceur" else kind.value)
        if kind.category is Category.HEAT:
            return 2.0 + (kind.value if role == "farceur" else 0)
        return 1.0

    def play_score(self, view: dict[str, Any], action: Action) -> float:
        if action["type"] != "play":
            return 0.0
        key = action["card"]
        target = action.get("target", -1)
        kind = KIND_BY_KEY[key]
        role = view.get("role")
        if kind.category is Category.OBJECTIVE:
            held = sum(1 for k in view["hand"] if KIND_BY_KEY[k].category is Category.OBJECTIVE)
            return self.utility(view, view["size"], view["capacity"]) - (10 if held <= 2 else -1)
        main: Link = (self.seat, key, LinkMode.MAIN, target)
        size, capacity, _ = project(view, [main])
        if role == "glouton" and size != view["size"] and self.wins_with(view, size):
            return EXPLODED
        score = max(
            self.chain_score(view, [main, *extra]) - OWN_REACTION_COST * len(extra)
            for extra in self.own_followups(view, main)
        )
        if role == "farceur" and size < capacity and kind.category is Category.HEAT:
            # Without exposing itself: no big heat, and no heat that leaves the cake at the
            # brink for someone else to finish, unless it finishes it itself.
            score -= 1.0 if (kind.value or MYSTERY_GUESS) >= 4 else 0.0
            score -= 3.0 if capacity - size <= 3 else 0.0
        return score + self.action_bonus(view, key, target)

    def chain_score(self, view: dict[str, Any], chain: list[Link]) -> float:
        size, capacity, _ = project(view, chain)
        return self.utility(view, size, capacity) - self.feast_risk(view, size, capacity, -1)

    def own_followups(self, view: dict[str, Any], main: Link) -> list[list[Link]]:
        """Nothing, or one boost or turn of its own card when the table allows it."""
        plans: list[list[Link]] = [[]]
        quiet = view["event"] == "power_cut"  # no reactions at all
        if quiet or not view["own_card_reactions"] or not KIND_BY_KEY[main[1]].signed:
            return plans
        rest = list(view["hand"])
        if main[1] in rest:  # not a Service express card, drawn face up
            rest.remove(main[1])
        boost_ok = view["event"] != "double_intensity"
        for card, mode, target in reactions([main], self.seat, set(rest), (), boost_ok):
            if mode is not LinkMode.CANCEL:
                plans.append([(self.seat, card, mode, target)])
        return plans

    def feast_risk(self, view: dict[str, Any], size: int, capacity: int, player: int) -> float:
        """What a Pâtissier or Farceur loses by leaving the cake in 15–18 for a likely Glouton:
        on the Glouton's own turn card (``player``), or just before its turn, it wins at once."""
        if view.get("role") not in ("patissier", "farceur") or size >= capacity:
            return 0.0
        if not GLOUTON_ZONE[0] <= size <= GLOUTON_ZONE[1]:
            return 0.0
        suspects = self.suspects(view)
        if player in suspects or next_player(view) in suspects:
            return GLOUTON_FEAST
        return 0.0

    @staticmethod
    def objectives_in_hand(view: dict[str, Any]) -> int:
        return sum(1 for k in view["hand"] if KIND_BY_KEY[k].category is Category.OBJECTIVE)

    def wins_with(self, view: dict[str, Any], size: int) -> bool:
        return (
            self.objectives_in_hand(view) >= 2
            and GLOUTON_ZONE[0] <= size <= GLOUTON_ZONE[1]
            and size < view["capacity"]
        )

    def action_bonus(self, view: dict[str, Any], key: str, target: int) -> float:
        role = view.get("role")
        suspects = self.suspects(view)
        if key == PEEK:
            bonus = 2.0 if role == "glouton" else 0.5
            if role == "patissier" and target in suspects:
                bonus += 3.0
            return bonus + 0.1 * float(view["hand_sizes"][target])
        if key == SWAP:
            if role == "glouton":
                return -20.0
            return 3.0 if role == "patissier" and target in suspects else -1.0
        if key in (ACCIDENT, FUMBLE):
            return 0.3 + (0.5 if target in suspects and role == "patissier" else 0.0)
        if key == RECOVER:
            return 0.4 if view["discard"] else -0.5
        return 0.0

    # --- reacting ------------------------------------------------------------------------

    def react(self, view: dict[str, Any], legal: list[Action]) -> Action:
        chain: list[Link] = [
            (link["seat"], link["card"], LinkMode(link["mode"]), link["target"])
            for link in view["chain"]
        ]
        base = self.reaction_value(view, chain)
        best, best_gain = legal[0], REACT_THRESHOLD
        for action in legal:
            if action["type"] != "react":
                continue
            link = (self.seat, action["card"], LinkMode(action["mode"]), action.get("target", -1))
            gain = self.reaction_value(view, [*chain, link]) - base
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def reaction_value(self, view: dict[str, Any], chain: list[Link]) -> float:
        size, capacity, target = project(view, chain)
        player = -1 if view["forced"] else chain[0][0]
        value = self.utility(view, size, capacity) - self.feast_risk(view, size, capacity, player)
        main = chain[0][1]
        if target == self.seat and main in (PEEK, SWAP, FUMBLE, ACCIDENT):
            value -= 6.0 if view.get("role") == "glouton" and main != ACCIDENT else 2.0
        return value
