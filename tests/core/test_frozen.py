"""What the engine hands out cannot be changed, yet reads, compares and serialises as JSON."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import popote
from popote.core.actions import FrozenDict, FrozenList, frozen


def test_a_frozen_value_refuses_every_change_at_every_depth() -> None:
    value = frozen({"hand": [1, [2, 3]], "seen": {"cards": [4]}, "pair": (5, [6])})
    changes = [
        lambda: value.__setitem__("hand", []),
        lambda: value.pop("hand"),
        lambda: value.update(hand=[]),
        lambda: value["hand"].append(7),
        lambda: value["hand"][1].sort(reverse=True),
        value["seen"]["cards"].clear,
        lambda: value["pair"][1].append(8),
    ]
    for change in changes:
        with pytest.raises(TypeError, match="cannot be changed"):
            change()
    FrozenDict.__init__(value, hand=[])
    FrozenList.__init__(value["hand"], [9])
    assert value == {"hand": [1, [2, 3]], "seen": {"cards": [4]}, "pair": (5, [6])}


def test_a_frozen_value_reads_as_json_and_survives_copies_and_pickling() -> None:
    value = frozen({"hand": [1, 2], "names": ("a", "b")})
    assert json.loads(json.dumps(value)) == {"hand": [1, 2], "names": ["a", "b"]}
    assert copy.deepcopy(value) is value
    again = pickle.loads(pickle.dumps(value))
    assert again == value and isinstance(again, FrozenDict)


def test_seat_1_cannot_reach_seat_0s_hand_through_what_it_was_handed() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=3)
    hand = list(match.view(0)["hand"])
    seen = match.view(1)
    with pytest.raises(TypeError):
        seen["hand"].extend(hand)
    for event in match.events(1):
        with pytest.raises(TypeError):
            event.__setitem__("visible_to", [1])
    assert match.view(0)["hand"] == hand
