"""Les Pieds dans le Plat: one action per number card, and the table as numbers.

The seat remembers every island it was shown (dealt face up at the start, drawn when the
direction turns) and how many of each number card were played.
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
    per_seat_numbers,
    table_size,
)

MAX_PLAYERS = 5
NUMBERS = tuple(range(10))
ISLANDS = tuple(range(10, 31))
TOTAL_SCALE = 40.0
PILE_SCALE = 60.0
PENALTY_SCALE = 4.0

ACTIONS = ActionTable("pieds-dans-le-plat", (Kind("play", (("card", NUMBERS),)),))


def new_memory() -> Memory:
    return {"islands": None, "played": []}


def remember(memory: Memory, event: Mapping[str, Any]) -> None:
    kind = event["type"]
    if kind == "islands_shown":
        memory["islands"] = [list(islands) for islands in event["islands"]]
    elif kind == "island_drawn":
        memory["islands"][event["seat"]].append(event["island"])
    elif kind == "card_played":
        memory["played"].append(event["card"])
    elif kind == "pile_reshuffled":
        memory["played"] = []


def _islands(seen: Seen) -> list[float]:
    """Per relative seat, the islands it holds as the seat saw them dealt and drawn."""
    held = seen.memory["islands"] or [[] for _ in range(seen.players)]
    out: list[float] = []
    for islands in seen.rotated(held):
        out += counts(islands, ISLANDS)
    return out


BLOCKS = (
    Block(
        "hand",
        10,
        "copies of each number card (0-9) in hand",
        lambda s: counts(s.view["hand"], NUMBERS),
    ),
    Block("islands", MAX_PLAYERS * 21, "per relative seat, the islands (10-30) it holds", _islands),
    Block(
        "played",
        10,
        "copies of each number card played since the last reshuffle",
        lambda s: counts(s.memory["played"], NUMBERS),
    ),
    Block("total", 1, "the running total, / 40", lambda s: number(s.view["total"], TOTAL_SCALE)),
    Block(
        "direction", 1, "1 going down, 0 going up", lambda s: flag(s.view["direction"] == "down")
    ),
    Block(
        "top_card",
        10,
        "the card on top of the discard",
        lambda s: counts([s.view["top_card"]], NUMBERS),
    ),
    Block(
        "draw_pile",
        1,
        "cards left to draw, / 60",
        lambda s: number(s.view["draw_pile_size"], PILE_SCALE),
    ),
    Block(
        "islands_left",
        1,
        "islands left to draw, / 21",
        lambda s: number(s.view["islands_left"], 21),
    ),
    Block(
        "penalties",
        MAX_PLAYERS,
        "penalties per relative seat, / 4",
        lambda s: per_seat_numbers(s, s.view["penalties"], PENALTY_SCALE),
    ),
    Block(
        "hand_sizes",
        MAX_PLAYERS,
        "cards in hand per relative seat, / 3",
        lambda s: per_seat_numbers(s, s.view["hand_sizes"], 3),
    ),
    Block("seats", MAX_PLAYERS, "1 for each relative place where a player sits", table_size),
    Block(
        "options",
        2,
        "assisted, an empty pile ends the game",
        lambda s: [*flag(s.view["assisted"]), *flag(s.options["empty_pile"] == "end")],
    ),
)

OBSERVATION = Encoding("pieds-dans-le-plat", MAX_PLAYERS, BLOCKS, remember, new_memory)
