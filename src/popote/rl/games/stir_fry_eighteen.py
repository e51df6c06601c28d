"""Stir-Fry Eighteen: numbered actions and the table as numbers (views hold all a seat knows)."""

from __future__ import annotations

from itertools import combinations

from popote.rl.actions import ActionTable, Kind
from popote.rl.features import (
    Block,
    Encoding,
    Seen,
    counts,
    flag,
    number,
    one_hot,
    per_seat_numbers,
    seat_one_hot,
    seats_many_hot,
    table_size,
)

MAX_PLAYERS = 5
KINDS = (
    "crevette",
    "porc",
    "poulet",
    "gingembre",
    "oignon_vert",
    "sauce_soja",
    "champignons",
    "nouilles",
)
PROTEINS = ("poulet", "porc", "crevette")
PHASES = ("turn", "test_window", "trim")
SCORE_SCALE = 50.0


def _dishes() -> tuple[str, ...]:
    """Every dish: noodles and two to four other kinds, named in the order of KINDS."""
    others = KINDS[:-1]
    return tuple(
        "+".join((*combo, "nouilles")) for size in (2, 3, 4) for combo in combinations(others, size)
    )


DISHES = _dishes()

ACTIONS = ActionTable(
    "stir-fry-eighteen",
    (
        Kind("end_turn"),
        Kind("taste_test"),
        Kind("pass"),
        Kind("cook", (("dish", DISHES),)),
        Kind("trim", (("card", KINDS),)),
        Kind("discard_protein", (("card", KINDS), ("claim", PROTEINS))),
        Kind("discard_pair", (("first", KINDS), ("second", KINDS))),
    ),
)


def _face_up(seen: Seen) -> list[float]:
    """Per relative seat, the kinds of its face-up cards."""
    owned: list[list[str]] = [[] for _ in range(seen.players)]
    for card in seen.view["face_up"]:
        owned[card["owner"]].append(card["card"])
    out: list[float] = []
    for cards in seen.rotated(owned):
        out += counts(cards, KINDS)
    return out


def _pending(seen: Seen) -> list[float]:
    """The discard being answered: who, a pair or a protein, the protein claimed, how many."""
    pending = seen.view["pending"] or {}
    return [
        *seat_one_hot(seen, pending.get("seat")),
        *flag(pending.get("kind") == "pair"),
        *flag(pending.get("kind") == "protein"),
        *one_hot(pending.get("claim"), PROTEINS),
        *number(pending.get("count"), 2),
    ]


def _window(seen: Seen) -> list[float]:
    window = seen.view["window"] or {}
    return [
        *seats_many_hot(seen, window.get("eligible")),
        *seats_many_hot(seen, window.get("answered")),
        *seats_many_hot(seen, window.get("callers")),
    ]


def _rules(seen: Seen) -> list[float]:
    view = seen.view
    return [
        *number(view["target"], 300),
        *flag(view["exact"]),
        *flag(view["overshoot"] == "forbidden"),
        *flag(view["finish_round"]),
        *flag(view["round_end"] == "held"),
        *flag(view["empty_pantry"]),
    ]


BLOCKS = (
    Block("hand", 8, "copies of each kind in hand", lambda s: counts(s.view["hand"], KINDS)),
    Block(
        "my_face_down",
        8,
        "the seat's own face-down cards, by kind",
        lambda s: counts(s.view["my_face_down"], KINDS),
    ),
    Block("face_up", MAX_PLAYERS * 8, "per relative seat, its face-up cards by kind", _face_up),
    Block(
        "face_down_counts",
        MAX_PLAYERS,
        "face-down cards per relative seat, / 5",
        lambda s: per_seat_numbers(s, s.view["face_down_counts"], 5),
    ),
    Block(
        "hand_sizes",
        MAX_PLAYERS,
        "cards in hand per relative seat, / 5",
        lambda s: per_seat_numbers(s, s.view["hand_sizes"], 5),
    ),
    Block(
        "scores",
        MAX_PLAYERS,
        "score per relative seat, / 50",
        lambda s: per_seat_numbers(s, s.view["scores"], SCORE_SCALE),
    ),
    Block("phase", 3, "turn, taste-test window, trim", lambda s: one_hot(s.view["phase"], PHASES)),
    Block("current", MAX_PLAYERS, "whose turn it is", lambda s: seat_one_hot(s, s.view["current"])),
    Block("first", MAX_PLAYERS, "who opened the round", lambda s: seat_one_hot(s, s.view["first"])),
    Block(
        "turn_flags",
        4,
        "this turn: pair discarded, protein discarded, cooked, caught",
        lambda s: [
            *flag(s.view["pair_used"]),
            *flag(s.view["protein_used"]),
            *flag(s.view["cooked"]),
            *flag(s.view["caught"]),
        ],
    ),
    Block(
        "pending",
        MAX_PLAYERS + 6,
        "the discard open to a taste test: seat, pair, protein, claim, count / 2",
        _pending,
    ),
    Block("window", 3 * MAX_PLAYERS, "the taste-test window: eligible, answered, callers", _window),
    Block(
        "round",
        2,
        "round / round limit, target reached",
        lambda s: [
            *number(s.view["round"], s.view["round_limit"]),
            *flag(s.view["target_reached"]),
        ],
    ),
    Block("deck", 1, "cards left in the pantry, / 18", lambda s: number(s.view["deck_size"], 18)),
    Block("seats", MAX_PLAYERS, "1 for each relative place where a player sits", table_size),
    Block(
        "rules",
        6,
        "target / 300 (300: star chef), exact, overshoot forbidden, finish the round, held, empty pantry",
        _rules,
    ),
)

OBSERVATION = Encoding("stir-fry-eighteen", MAX_PLAYERS, BLOCKS)
