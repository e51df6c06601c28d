"""The records a Stir-Fry Eighteen state is built from: its settings and a pending discard."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from popote.core.actions import Action
from popote.core.game import Options
from popote.games.stir_fry_eighteen.cards import (
    BASE_TARGET,
    DISCARD_PAIR,
    DISCARD_PROTEIN,
    DISH_BY_KEY,
    END_TURN,
    PAIR_DRAWS,
    PASS,
    PROTEIN_DRAWS,
    STAR_TARGET,
    TASTE_TEST,
    TRIM,
    DiscardKind,
    FirstPlayer,
    Overshoot,
    RoundEnd,
)


class CookedDish(NamedTuple):
    """The dish cooked this turn, laid out face up until the turn ends (a named tuple: built
    on every cook, it costs a tuple)."""

    cards: tuple[str, ...]
    points: int
    bust: bool


@dataclass(frozen=True)
class Settings:
    """The options of a match, read once."""

    target: int = BASE_TARGET
    exact: bool = False
    overshoot: Overshoot = Overshoot.BUST
    finish_round: bool = False
    round_end: RoundEnd = RoundEnd.REACHED
    empty_pantry: bool = False
    round_limit: int = 100
    first_player: FirstPlayer = FirstPlayer.RANDOM

    @classmethod
    def from_options(cls, options: Options) -> Settings:
        return cls(
            target=int(options.get("target", 0))
            or (STAR_TARGET if options.get("star_chef", False) else BASE_TARGET),
            exact=bool(options.get("bullseye", False)),
            overshoot=Overshoot(options.get("overshoot", Overshoot.BUST.value)),
            finish_round=bool(options.get("finish_round", False)),
            round_end=RoundEnd(options.get("round_end", RoundEnd.REACHED.value)),
            empty_pantry=bool(options.get("empty_pantry", False)),
            round_limit=int(options.get("round_limit", 100)),
            first_player=FirstPlayer(options.get("first_player", FirstPlayer.RANDOM.value)),
        )

    @cached_property
    def capped(self) -> bool:
        """Whether a dish may not pass the target (bullseye, overshoot forbidden)."""
        return self.exact and self.overshoot is Overshoot.FORBIDDEN

    @cached_property
    def shown(self) -> dict[str, Any]:
        """What every view tells of the settings, worked out once (views are built often)."""
        return {
            "round_limit": self.round_limit,
            "target": self.target,
            "exact": self.exact,
            "overshoot": self.overshoot.value,
            "finish_round": self.finish_round,
            "round_end": self.round_end.value,
            "empty_pantry": self.empty_pantry,
        }


class Pending(NamedTuple):
    """A face-down discard waiting for the taste-test window to close (a named tuple: built
    on every discard, it costs a tuple)."""

    seat: int
    kind: DiscardKind
    claim: str | None
    slots: tuple[int, ...]  # positions of its cards in the turn pile

    @property
    def draws(self) -> int:
        return PAIR_DRAWS if self.claim is None else PROTEIN_DRAWS[self.claim]


# A card set aside during the current turn: (card, owner, face up).
PileCard = tuple[str, int, bool]


_FIELDS: dict[str, tuple[str, ...]] = {
    "discard_pair": ("first", "second"),
    "discard_protein": ("card", "claim"),
    "cook": ("dish",),
    "trim": ("card",),
}


def lookup(action: Mapping[str, Any]) -> Action | None:
    """The shared action object ``action`` names, if any (legality is checked elsewhere)."""
    kind = action.get("type")
    if kind == "end_turn":
        return END_TURN
    if kind == "taste_test":
        return TASTE_TEST
    if kind == "pass":
        return PASS
    fields = _FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None or any(not isinstance(action.get(key), str) for key in fields):
        return None
    if kind == "discard_pair":
        return DISCARD_PAIR.get((action["first"], action["second"]))
    if kind == "discard_protein":
        return DISCARD_PROTEIN.get((action["card"], action["claim"]))
    if kind == "cook":
        dish = DISH_BY_KEY.get(action["dish"])
        return dish.action if dish else None
    return TRIM.get(action["card"])
