"""Bouillabaisse: one action per card, and the table as numbers (sizes in docs/rl.md).

The seat remembers every card played in the current manche (the view shows only the trick
in progress and the last one, as at a real table; the events told each card once).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from popote.rl.actions import ActionTable, Kind
from popote.rl.features import (
    Block,
    Encoding,
    Memory,
    Seen,
    counts,
    flag,
    number,
    one_hot,
    per_seat_numbers,
    seat_one_hot,
    table_size,
)

MAX_PLAYERS = 12
SUITS = ("C", "D", "H", "S")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""Clubs 2 to ace, then diamonds, hearts, spades: the card's number in actions and vectors."""
FIGURES = ("J", "Q", "K")
RULES = ("tricks", "suit", "figure", "card")
MANCHES = 6
HAND_SCALE = 26.0
SCORE_SCALE = 1000.0

ACTIONS = ActionTable("bouillabaisse", (Kind("play", (("card", CARDS),)),))


def remember(memory: Memory, event: Mapping[str, Any]) -> None:
    kind = event["type"]
    if kind == "manche_start":
        memory["played"] = []
    elif kind == "play":
        memory.setdefault("played", []).append(event["card"])


def _trick(seen: Seen) -> list[float]:
    """Per relative seat, the card it put in the trick in progress (52 numbers each)."""
    out = [0.0] * (MAX_PLAYERS * len(CARDS))
    for play in seen.view["trick"]:
        out[seen.relative(play["seat"]) * len(CARDS) + CARDS.index(play["card"])] = 1.0
    return out


def _last_winner(seen: Seen) -> list[float]:
    last = seen.view["last_trick"]
    return seat_one_hot(seen, None if last is None else last["winner"])


def _options(seen: Seen) -> list[float]:
    view = seen.view
    return [
        *flag(view["decks"] == 2),
        *flag(view["tout_ou_rien"]),
        *flag(view["tout_ou_rien_scope"] == "manche"),
        *flag(view["duplicate"] == "last"),
    ]


BLOCKS = (
    Block(
        "hand",
        52,
        "copies of each card in the seat's hand (0-2)",
        lambda s: counts(s.view["hand"], CARDS),
    ),
    Block(
        "played",
        52,
        "copies of each card played so far this manche, tricks in progress included",
        lambda s: counts(s.memory.get("played"), CARDS),
    ),
    Block(
        "trick", MAX_PLAYERS * 52, "per relative seat, the card it put in the current trick", _trick
    ),
    Block(
        "led",
        4,
        "the suit led in the current trick (C, D, H, S)",
        lambda s: one_hot(s.view["led"], SUITS),
    ),
    Block(
        "manche",
        MANCHES,
        "the manche being played (1-6)",
        lambda s: one_hot(s.view["manche"], range(1, 7)),
    ),
    Block(
        "rules",
        4,
        "what this manche counts: tricks, suit, figure, card",
        lambda s: [float(r in s.view["rules"]) for r in RULES],
    ),
    Block(
        "sign",
        1,
        "+1, or -1 in manche 6 (points are then wanted)",
        lambda s: number(s.view["sign"], 1),
    ),
    Block(
        "target_suit",
        4,
        "the 10-point suit once drawn",
        lambda s: one_hot(s.view["targets"]["suit"], SUITS),
    ),
    Block(
        "target_figure",
        3,
        "the 50-point figure once drawn (J, Q, K)",
        lambda s: one_hot(s.view["targets"]["figure"], FIGURES),
    ),
    Block(
        "target_card",
        52,
        "the 200-point card once drawn",
        lambda s: one_hot(s.view["targets"]["card"], CARDS),
    ),
    Block(
        "dealer",
        MAX_PLAYERS,
        "the dealer, by relative seat",
        lambda s: seat_one_hot(s, s.view["dealer"]),
    ),
    Block(
        "leader",
        MAX_PLAYERS,
        "who led the current trick",
        lambda s: seat_one_hot(s, s.view["leader"]),
    ),
    Block("last_winner", MAX_PLAYERS, "who took the last trick", _last_winner),
    Block(
        "tricks_taken",
        MAX_PLAYERS,
        "tricks taken this manche per relative seat, / 26",
        lambda s: per_seat_numbers(s, s.view["tricks_taken"], HAND_SCALE),
    ),
    Block(
        "hand_sizes",
        MAX_PLAYERS,
        "cards in hand per relative seat, / 26",
        lambda s: per_seat_numbers(s, s.view["hand_sizes"], HAND_SCALE),
    ),
    Block(
        "totals",
        MAX_PLAYERS,
        "total score per relative seat, / 1000 (lower is better)",
        lambda s: per_seat_numbers(s, s.view["totals"], SCORE_SCALE),
    ),
    Block("seats", MAX_PLAYERS, "1 for each relative place where a player sits", table_size),
    Block(
        "options",
        4,
        "two decks, tout ou rien, its whole-manche scope, the later duplicate wins",
        _options,
    ),
)

OBSERVATION = Encoding("bouillabaisse", MAX_PLAYERS, BLOCKS, remember)
