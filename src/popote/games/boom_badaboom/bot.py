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

from typing import Any, Final

from popote.core.actions import Action
from popote.core.bot import Bot
from popote.core.match import Match
from popote.games.boom_badaboom.cards import (
    ACCIDENT,
    FUMBLE,
    GLOUTON_ZONE,
    KIND_BY_KEY,
    MODES,
    OBJECTIVES,
    OVEN_DOWN,
    OVEN_UP,
    PEEK,
    RECOVER,
    SWAP,
    CardKind,
    Category,
    LinkMode,
)
from popote.games.boom_badaboom.chain import Link, outcome, reactions

MYSTERY_GUESS: Final = 3
REACT_THRESHOLD: Final = 1.5
OWN_REACTION_COST: Final = 1.0
"""What playing a reactive card on one's own card costs, in utility: the card is gone."""
EXPLODED: Final = 100.0
GLOUTON_FEAST: Final = 40.0
AIMED: Final = (PEEK, SWAP, FUMBLE, ACCIDENT)
OBJECTIVE_KEYS: Final = frozenset(kind.key for kind in OBJECTIVES)


class Reading:
    """What one decision reads from its seat's view, worked out once for all its choices."""

    __slots__ = (
        "apron",
        "capacity",
        "event",
        "objectives",
        "own_twists",
        "role",
        "seat",
        "size",
        "suspects",
        "values",
        "view",
    )

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        """The deciding seat, read natively: the bot's own attributes live in a plain base."""
        self.role: str | None = view.get("role")
        self.size: int = view["size"]
        self.capacity: int = view["capacity"]
        self.event: str | None = view["event"]
        self.apron: bool = view["apron_on_played"]
        hand: list[str] = view["hand"]
        self.objectives = len([key for key in hand if key in OBJECTIVE_KEYS])
        # Typed, so that the compiled build reads and compares them natively.
        roles: list[str | None] = view["roles"]
        sizes: list[int] = view["hand_sizes"]
        self.suspects = [
            s
            for s in range(len(sizes))
            if s != seat and (roles[s] == "glouton" or (roles[s] is None and sizes[s] >= 6))
        ]
        """Seats that look like the Glouton: revealed, or holding more cards than usual."""
        self.own_twists: list[tuple[int, bool]] | None = None
        self.values: dict[tuple[int, int], float] = {}


def project(reading: Reading, chain: list[Link]) -> tuple[int, int, int]:
    """Expected (size, capacity, target) once ``chain`` resolves."""
    result = outcome(chain, reading.apron)
    if result.cancelled:
        return reading.size, reading.capacity, -1
    kind = KIND_BY_KEY[chain[0][1]]
    return effect(reading, kind, result.factor, result.inverted, result.target)


def effect(
    reading: Reading, kind: CardKind, factor: int, inverted: bool, target: int
) -> tuple[int, int, int]:
    """Expected (size, capacity, target) once a card of ``kind`` takes effect, doubled
    ``factor`` times over or ``inverted``: a lone card needs no chain worked out."""
    size, capacity = reading.size, reading.capacity
    value = kind.value or MYSTERY_GUESS
    sign = -1 if inverted else 1
    category = kind.category
    if category is Category.HEAT or category is Category.COOL:
        sign *= 1 if category is Category.HEAT else -1
        if reading.event == "oven_haywire":
            sign = -sign
        factor *= 2 if reading.event == "double_intensity" else 1
        return max(0, size + sign * value * factor), capacity, -1
    if kind.key in (OVEN_UP, OVEN_DOWN):
        sign *= 1 if kind.key == OVEN_UP else -1
        return size, max(1, capacity + sign * MYSTERY_GUESS * factor), -1
    return size, capacity, target


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
        seat = self.seat
        legal = match.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        view = match.view(seat)
        reading = Reading(view, seat)
        phase = view["phase"]
        if phase == "react":
            return self.react(reading, legal)
        if phase in ("steal", "recover"):
            return self.pick(reading, legal)
        best, best_score = legal[0], -1e9
        noise = self.chance.draws(100, len(legal))
        for action, drawn in zip(legal, noise, strict=True):
            score = self.play_score(reading, action) + drawn / 1000
            if score > best_score:
                best, best_score = action, score
        return best

    def pick(self, reading: Reading, legal: list[Action]) -> Action:
        """The card worth most to take (a method of its own: a closure in :meth:`choose`
        would cost the compiled build an environment object at every decision)."""
        return max(legal, key=lambda a: self.card_worth(reading, a["card"]))

    # --- judging positions ---------------------------------------------------------------

    @staticmethod
    def utility(reading: Reading, size: int, capacity: int) -> float:
        role = reading.role
        margin = capacity - size
        if margin <= 0:
            return EXPLODED if role == "farceur" else -EXPLODED
        danger = max(0, 7 - margin) ** 2
        low, high = GLOUTON_ZONE
        in_zone = low <= size <= high
        if role == "farceur":
            return -2.0 * margin
        if role == "glouton" and reading.objectives < 2:
            # Without its two cards the zone is no use yet; a cake that explodes loses too.
            return -float(danger) - 0.1 * abs(size - low)
        if role == "glouton":
            distance = 0 if in_zone else min(abs(size - low), abs(size - high))
            return -1.5 * distance - 0.7 * danger
        if role == "patissier":
            zone = (6.0 if reading.suspects else 2.0) if in_zone else 0.0
            return -float(danger) - zone - 0.1 * abs(size - 8)
        return -float(danger) - 0.1 * abs(size - capacity // 2)

    @staticmethod
    def card_worth(reading: Reading, key: str) -> float:
        kind = KIND_BY_KEY[key]
        role = reading.role
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

    def play_score(self, reading: Reading, action: Action) -> float:
        if action["type"] != "play":
            return 0.0
        key = action["card"]
        target = action.get("target", -1)
        kind = KIND_BY_KEY[key]
        role = reading.role
        if kind.category is Category.OBJECTIVE:
            held = reading.objectives
            utility = self.utility(reading, reading.size, reading.capacity)
            return utility - (10 if held <= 2 else -1)
        main: Link = (reading.seat, key, LinkMode.MAIN, target)
        size, capacity, _ = effect(reading, kind, 1, False, target)
        if role == "glouton" and size != reading.size and self.wins_with(reading, size):
            return EXPLODED
        score = self.chain_score(reading, size, capacity)
        if kind.signed:
            for factor, inverted in self.own_twists(reading, main):
                boosted = self.chain_score(
                    reading, *effect(reading, kind, factor, inverted, -1)[:2]
                )
                score = max(score, boosted - OWN_REACTION_COST)
        if role == "farceur" and size < capacity and kind.category is Category.HEAT:
            # Without exposing itself: no big heat, and no heat that leaves the cake at the
            # brink for someone else to finish, unless it finishes it itself.
            score -= 1.0 if (kind.value or MYSTERY_GUESS) >= 4 else 0.0
            score -= 3.0 if capacity - size <= 3 else 0.0
        return score + self.action_bonus(reading, key, target)

    def chain_score(self, reading: Reading, size: int, capacity: int) -> float:
        """What leaving the cake at ``size`` under ``capacity`` is worth; many plays of one
        decision lead to the same cake, worked out once."""
        known = reading.values.get((size, capacity))
        if known is not None:
            return known
        value = self.utility(reading, size, capacity) - self.feast_risk(reading, size, capacity, -1)
        reading.values[size, capacity] = value
        return value

    def own_twists(self, reading: Reading, main: Link) -> list[tuple[int, bool]]:
        """What the boost or turn its player may add to ``main``, its own heat, cooling or
        oven card, makes of it (factor, inverted), when the table allows it (none during a
        power cut). The same for every such card of the decision: worked out for the first."""
        if reading.own_twists is None:
            reading.own_twists = self.twists(reading, main)
        return reading.own_twists

    def twists(self, reading: Reading, main: Link) -> list[tuple[int, bool]]:
        view = reading.view
        if reading.event == "power_cut" or not view["own_card_reactions"]:
            return []
        # The card played is never reactive: the hand's reactive cards all remain.
        boost_ok = reading.event != "double_intensity"
        found = reactions([main], reading.seat, set(view["hand"]), (), boost_ok)
        outcomes = [
            outcome([main, (reading.seat, card, mode, t)], reading.apron)
            for card, mode, t in found
            if mode is not LinkMode.CANCEL
        ]
        return [(result.factor, result.inverted) for result in outcomes]

    def feast_risk(self, reading: Reading, size: int, capacity: int, player: int) -> float:
        """What a Pâtissier or Farceur loses by leaving the cake in 15–18 for a likely Glouton:
        on the Glouton's own turn card (``player``), or just before its turn, it wins at once."""
        if reading.role not in ("patissier", "farceur") or size >= capacity:
            return 0.0
        if not GLOUTON_ZONE[0] <= size <= GLOUTON_ZONE[1]:
            return 0.0
        suspects = reading.suspects
        if player in suspects or next_player(reading.view) in suspects:
            return GLOUTON_FEAST
        return 0.0

    @staticmethod
    def wins_with(reading: Reading, size: int) -> bool:
        return (
            reading.objectives >= 2
            and GLOUTON_ZONE[0] <= size <= GLOUTON_ZONE[1]
            and size < reading.capacity
        )

    @staticmethod
    def action_bonus(reading: Reading, key: str, target: int) -> float:
        role = reading.role
        suspects = reading.suspects
        if key == PEEK:
            bonus = 2.0 if role == "glouton" else 0.5
            if role == "patissier" and target in suspects:
                bonus += 3.0
            return bonus + 0.1 * float(reading.view["hand_sizes"][target])
        if key == SWAP:
            if role == "glouton":
                return -20.0
            return 3.0 if role == "patissier" and target in suspects else -1.0
        if key in (ACCIDENT, FUMBLE):
            return 0.3 + (0.5 if target in suspects and role == "patissier" else 0.0)
        if key == RECOVER:
            return 0.4 if reading.view["discard"] else -0.5
        return 0.0

    # --- reacting ------------------------------------------------------------------------

    def react(self, reading: Reading, legal: list[Action]) -> Action:
        chain: list[Link] = [
            (link["seat"], link["card"], MODES[link["mode"]], link["target"])
            for link in reading.view["chain"]
        ]
        base = self.reaction_value(reading, chain)
        best, best_gain = legal[0], REACT_THRESHOLD
        for action in legal:
            if action["type"] != "react":
                continue
            link = (reading.seat, action["card"], MODES[action["mode"]], action.get("target", -1))
            gain = self.reaction_value(reading, [*chain, link]) - base
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def reaction_value(self, reading: Reading, chain: list[Link]) -> float:
        size, capacity, target = project(reading, chain)
        player = -1 if reading.view["forced"] else chain[0][0]
        value = self.utility(reading, size, capacity) - self.feast_risk(
            reading, size, capacity, player
        )
        main = chain[0][1]
        if target == reading.seat and main in AIMED:
            value -= 6.0 if reading.role == "glouton" and main != ACCIDENT else 2.0
        return value
