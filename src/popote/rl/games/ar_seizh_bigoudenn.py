"""Ar Seizh Bigoudenn: the utensil waltz and TEUT! auctions as numbers.

The views hold all a seat knows (its own sealed answers included, never the others').
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

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

MAX_PLAYERS = 7
SAVOURY = (
    *("oeuf", "oignon", "tomate", "jambon", "champignons", "poireau"),
    *("saucisse", "fromage", "saint_jacques"),
)
SWEET = ("sucre", "miel", "beurre", "caramel", "pommes", "fraises", "chocolat")
INGREDIENTS = (*SAVOURY, *SWEET)
UTENSILS = ("couteau", "fourchette", "cuillere", "spatule", "araignee", "couvercle", "passoire")
BIGOUDENS = ("rozenn", "soazig", "tyfenn", "katell", "maiwenn", "annaig", "gwenola")
RECIPES = (
    *("complete", "pont_labbe", "forestiere", "guilvinec", "penmarch", "loctudy", "lesconil"),
    *("caramel", "fraises_sucre", "pommes_miel", "chocolat_beurre", "chocolat_sucre"),
    *("fraises_miel", "pommes_beurre"),
)
STAGES = ("action", "cook", "grab", "challenge", "bid", "raise", "follow", "passoire")
DISHES: tuple[tuple[str, ...], ...] = (
    *combinations_with_replacement(SAVOURY, 3),
    *combinations_with_replacement(SWEET, 2),
)
"""Every galette (three savoury cards) and crêpe (two sweet), in the card set's order."""
MAYBE_INGREDIENT = (None, *INGREDIENTS)
MAYBE_UTENSIL = (None, *UTENSILS)
SCORE_SCALE = 30.0
PILE_SCALE = 71.0

ACTIONS = ActionTable(
    "ar-seizh-bigoudenn",
    (
        Kind("pass"),
        Kind("stop"),
        Kind("toss"),
        Kind("withdraw"),
        Kind(
            "take",
            (("card", INGREDIENTS), ("drop", MAYBE_UTENSIL), ("give_back", MAYBE_INGREDIENT)),
        ),
        Kind(
            "steal",
            (
                ("target", tuple(range(1, MAX_PLAYERS))),
                ("card", MAYBE_INGREDIENT),
                ("give_back", MAYBE_INGREDIENT),
            ),
            ("target",),
        ),
        Kind("utensil", (("utensil", UTENSILS), ("drop", MAYBE_UTENSIL))),
        Kind("cook", (("cards", DISHES),)),
        Kind("grab", (("drop", MAYBE_UTENSIL),)),
        Kind("teut", (("drop", MAYBE_UTENSIL),)),
        Kind("bid", (("card", INGREDIENTS),)),
        Kind("raise", (("card", INGREDIENTS),)),
        Kind("follow", (("card", INGREDIENTS),)),
        Kind("recover", (("card", INGREDIENTS), ("give_back", MAYBE_INGREDIENT))),
    ),
)


def _dishes(seen: Seen) -> list[float]:
    """Per relative seat: dishes cooked, galettes, on the menu, specialties, their points."""
    out: list[float] = []
    for seated in seen.rotated(seen.view["dishes"]):
        dishes = seated or []
        out += [
            len(dishes) / 5,
            sum(d["dish"] == "galette" for d in dishes) / 5,
            sum(d["recipe"] is not None for d in dishes) / 5,
            sum(bool(d["specialty"]) for d in dishes) / 5,
            sum(d["points"] for d in dishes) / SCORE_SCALE,
        ]
    return out


def _pending_drops(seen: Seen) -> list[float]:
    """Per relative seat, the utensils it dropped that still wait to fall."""
    dropped: list[list[str]] = [[] for _ in range(seen.players)]
    for utensil, seat in seen.view["pending_drops"]:
        dropped[seat].append(utensil)
    return per_seat_counts(seen, dropped, UTENSILS)


def _answer(value: Any) -> str | None:
    """The card of a seat's own sealed answer (a bid is a card, a grab an action with a drop)."""
    if isinstance(value, dict):
        return value.get("drop")
    return value if isinstance(value, str) else None


def _window(seen: Seen) -> list[float]:
    """The grab, challenge, TEUT! or passoire window, as the seat sees it."""
    window = seen.view["window"] or {}
    own = [
        _answer(window.get(key))
        for key in ("your_answer", "your_bids", "your_raise", "your_follow")
    ]
    return [
        *flag(window),
        *one_hot(window.get("utensil"), UTENSILS),
        *seat_one_hot(seen, window.get("dropper")),
        *seat_one_hot(seen, window.get("taker")),
        *seats_many_hot(seen, window.get("seats")),
        *seats_many_hot(seen, window.get("answered")),
        *seats_many_hot(seen, window.get("contenders")),
        *counts(window.get("spent"), INGREDIENTS),
        *seat_one_hot(seen, window.get("raiser")),
        *seats_many_hot(seen, window.get("bids_answered")),
        *seats_many_hot(seen, window.get("raise_seats")),
        *seats_many_hot(seen, window.get("raise_answered")),
        *seats_many_hot(seen, window.get("raised")),
        *seats_many_hot(seen, window.get("follow_answered")),
        *seat_one_hot(seen, window.get("holder")),
        *counts(window.get("cards"), INGREDIENTS),
        *flag("your_answer" in window and window["your_answer"] is not None),
        *one_hot(own[0], UTENSILS),
        *one_hot(own[1], INGREDIENTS),
        *one_hot(own[2], INGREDIENTS),
        *one_hot(own[3], INGREDIENTS),
    ]


WINDOW_WIDTH = 1 + 7 + 12 * MAX_PLAYERS + 16 + 16 + 1 + 7 + 3 * 16


def _turn(seen: Seen) -> list[float]:
    view = seen.view
    return [
        *number(view["round"], view["rounds"]),
        *number(view["rounds"], 20),
        *number(view["actions_left"], 2),
        *number(view["draw_size"], PILE_SCALE),
        *flag(view["real_time"]),
    ]


BLOCKS = (
    Block(
        "stage",
        8,
        "action, cook, grab, challenge, bid, raise, follow, passoire",
        lambda s: one_hot(s.view["stage"], STAGES),
    ),
    Block("current", MAX_PLAYERS, "whose turn it is", lambda s: seat_one_hot(s, s.view["current"])),
    Block(
        "turn", 5, "round / rounds, rounds / 20, actions left / 2, draw pile / 71, real time", _turn
    ),
    Block(
        "other_hand",
        7,
        "the utensils of the hand not in use this turn",
        lambda s: counts(s.view["other_hand"], UTENSILS),
    ),
    Block(
        "bigoudens",
        MAX_PLAYERS * 7,
        "per relative seat, its Bigouden",
        lambda s: per_seat_one_hot(s, s.view["bigoudens"], BIGOUDENS),
    ),
    Block(
        "scores",
        MAX_PLAYERS,
        "score per relative seat, / 30",
        lambda s: per_seat_numbers(s, s.view["scores"], SCORE_SCALE),
    ),
    Block(
        "faces",
        MAX_PLAYERS,
        "per relative seat, 1 when its face is crêpe",
        lambda s: [float(face == "crepe") for face in s.rotated(s.view["faces"])],
    ),
    Block(
        "surfaces",
        MAX_PLAYERS * 16,
        "per relative seat, the ingredients on its work surface",
        lambda s: per_seat_counts(s, s.view["surfaces"], INGREDIENTS),
    ),
    Block(
        "hands",
        MAX_PLAYERS * 7,
        "per relative seat, the utensils in its hands",
        lambda s: per_seat_counts(s, s.view["hands"], UTENSILS),
    ),
    Block(
        "dishes",
        MAX_PLAYERS * 5,
        "per relative seat: dishes, galettes, menu dishes, specialties (/ 5), points (/ 30)",
        _dishes,
    ),
    Block(
        "centre", 16, "ingredients in the centre", lambda s: counts(s.view["centre"], INGREDIENTS)
    ),
    Block(
        "centre_utensils",
        7,
        "utensils in the centre",
        lambda s: counts(s.view["centre_utensils"], UTENSILS),
    ),
    Block(
        "marmite",
        16,
        "ingredients in the marmite",
        lambda s: counts(s.view["marmite"], INGREDIENTS),
    ),
    Block(
        "pending_drops",
        MAX_PLAYERS * 7,
        "per relative seat, utensils dropped that wait to fall",
        _pending_drops,
    ),
    Block(
        "window",
        WINDOW_WIDTH,
        "the open window: utensil, dropper, taker, seats, answered, TEUT! contenders, spent cards, raiser, bids / raises / follows answered, passoire holder and cards, the seat's own sealed answers",
        _window,
    ),
    Block("seats", MAX_PLAYERS, "1 for each relative place where a player sits", table_size),
)

OBSERVATION = Encoding("ar-seizh-bigoudenn", MAX_PLAYERS, BLOCKS)
