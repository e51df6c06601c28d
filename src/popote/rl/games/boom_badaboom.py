"""Boom Badaboom: its numbered actions and the kitchen as numbers (sizes in docs/rl.md).

The views hold all a seat knows (cards it was shown in others' hands are its ``known``).
"""

from __future__ import annotations

from popote.rl.actions import ActionTable, Kind
from popote.rl.features import (
    Block,
    Encoding,
    Seen,
    counts,
    flag,
    number,
    one_hot,
    per_seat_counts,
    per_seat_numbers,
    per_seat_one_hot,
    seat_one_hot,
    seats_many_hot,
    table_size,
)

MAX_PLAYERS = 5
CARDS = (
    *("heat1", "heat2", "heat3", "heat4", "heat5", "heat_x"),
    *("cool1", "cool2", "cool3", "cool4", "cool5", "cool_x"),
    *("peek", "accident", "fumble", "oven_up", "oven_down", "recover", "swap"),
    *("apron", "spatula", "boost"),
    *("cherries", "caramel", "macarons", "chantilly", "gummies"),
)
EVENTS = (
    *("ingredient_swap", "oven_broken", "surprise_inventory", "open_kitchen", "oven_haywire"),
    *("splashes", "double_intensity", "clumsiness", "power_cut", "express_service"),
    *("kitchen_mess", "progressive_rise", "emergency_vent", "auto_reheat", "final_timer"),
)
LINK_MODES = ("main", "cancel", "invert", "redirect", "boost")
ROLES = ("patissier", "farceur", "glouton")
PHASES = ("play", "react", "steal", "recover", "aim")
MODES = ("roles", "solo", "coop")
DIFFICULTIES = ("cupcake", "genoise", "eclair", "tarte_tatin", "piece_montee")
TARGETS: tuple[int | None, ...] = (None, *range(MAX_PLAYERS))
CAKE_SCALE = 30.0

ACTIONS = ActionTable(
    "boom-badaboom",
    (
        Kind("pass"),
        Kind("decline"),
        Kind("play", (("card", CARDS), ("target", TARGETS)), ("target",)),
        Kind("react", (("card", CARDS), ("mode", LINK_MODES), ("target", TARGETS)), ("target",)),
        Kind("steal", (("card", CARDS),)),
        Kind("recover", (("card", CARDS),)),
    ),
)


def _chain(seen: Seen) -> list[float]:
    """The chain being answered: its length, its first and last links, every card in it."""
    chain = seen.view["chain"]
    first = chain[0] if chain else {}
    last = chain[-1] if chain else {}
    return [
        *number(len(chain), 5),
        *one_hot(first.get("card"), CARDS),
        *seat_one_hot(seen, first.get("seat")),
        *one_hot(last.get("card"), CARDS),
        *one_hot(last.get("mode"), LINK_MODES),
        *seat_one_hot(seen, last.get("seat")),
        *seat_one_hot(seen, last.get("target")),
        *counts([link["card"] for link in chain], CARDS),
    ]


def _cake(seen: Seen) -> list[float]:
    view = seen.view
    return [
        *number(view["size"], CAKE_SCALE),
        *number(view["capacity"], CAKE_SCALE),
        *number(view["capacity"] - view["size"], CAKE_SCALE),
        *number(view["round"], CAKE_SCALE),
        *number(view["rounds_survived"], CAKE_SCALE),
        *number(view["deck_size"], 80),
        *number(view["events_left"], 15),
        *flag(view["last_round"]),
        *flag(view["forced"]),
        *flag(view["apron_on_played"]),
        *flag(view["perfect_count"]),
    ]


CHAIN_WIDTH = 1 + 2 * len(CARDS) + len(LINK_MODES) + 3 * MAX_PLAYERS + len(CARDS)

BLOCKS = (
    Block("hand", 27, "copies of each card in hand", lambda s: counts(s.view["hand"], CARDS)),
    Block(
        "role", 3, "the seat's own role, if it has one", lambda s: one_hot(s.view["role"], ROLES)
    ),
    Block(
        "roles",
        MAX_PLAYERS * 3,
        "per relative seat, its role once revealed",
        lambda s: per_seat_one_hot(s, s.view["roles"], ROLES),
    ),
    Block(
        "known",
        MAX_PLAYERS * 27,
        "per relative seat, the cards of its hand this seat was shown",
        lambda s: per_seat_counts(s, s.view["known"], CARDS),
    ),
    Block(
        "hand_sizes",
        MAX_PLAYERS,
        "cards in hand per relative seat, / 10",
        lambda s: per_seat_numbers(s, s.view["hand_sizes"], 10),
    ),
    Block(
        "discard",
        27,
        "copies of each card in the discard",
        lambda s: counts(s.view["discard"], CARDS),
    ),
    Block(
        "cake",
        11,
        "size, capacity, room left, round, rounds survived (/ 30), deck / 80, events left / 15, last round, forced, tablier on played, perfect count",
        _cake,
    ),
    Block(
        "phase", 5, "play, react, steal, recover, aim", lambda s: one_hot(s.view["phase"], PHASES)
    ),
    Block("event", 15, "the event card in force", lambda s: one_hot(s.view["event"], EVENTS)),
    Block(
        "events_seen",
        15,
        "event cards already drawn",
        lambda s: counts(s.view["events_seen"], EVENTS),
    ),
    Block(
        "chain",
        CHAIN_WIDTH,
        "the chain: length / 5, first card and seat, last card, mode, seat and target, every card in it",
        _chain,
    ),
    Block("current", MAX_PLAYERS, "whose turn it is", lambda s: seat_one_hot(s, s.view["current"])),
    Block(
        "first_player",
        MAX_PLAYERS,
        "who opened the round",
        lambda s: seat_one_hot(s, s.view["first_player"]),
    ),
    Block(
        "skipping",
        MAX_PLAYERS,
        "seats that skip their next turn",
        lambda s: seats_many_hot(s, s.view["skipping"]),
    ),
    Block(
        "steal_target",
        MAX_PLAYERS,
        "the seat being stolen from",
        lambda s: seat_one_hot(s, s.view["steal_target"]),
    ),
    Block(
        "express_card",
        27,
        "the Service express card",
        lambda s: one_hot(s.view["express_card"], CARDS),
    ),
    Block("held_card", 27, "the card held back", lambda s: one_hot(s.view["held_card"], CARDS)),
    Block("mode", 3, "roles, solo, coop", lambda s: one_hot(s.view["mode"], MODES)),
    Block(
        "difficulty",
        5,
        "cupcake to pièce montée",
        lambda s: one_hot(s.view["difficulty"], DIFFICULTIES),
    ),
    Block("seats", MAX_PLAYERS, "1 for each relative place where a player sits", table_size),
)

OBSERVATION = Encoding("boom-badaboom", MAX_PLAYERS, BLOCKS)
