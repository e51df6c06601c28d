"""GameState.shallow_copy, the start of the games' clones, on both builds (make test runs
this file on the compiled build too, where a state keeps its attributes in fields)."""

from __future__ import annotations

import pytest

from popote.core.chance import Chance
from popote.core.registry import get_game


@pytest.mark.parametrize("name", ["ar-seizh-bigoudenn", "boom-badaboom", "stir-fry-eighteen"])
def test_a_shallow_copy_shares_the_values_but_not_the_attributes(name: str) -> None:
    state, _ = get_game(name).new_state(3, {}, Chance(9))
    twin = state.shallow_copy()
    assert type(twin) is type(state) and twin is not state
    assert twin.players == state.players and twin.to_act == state.to_act
    assert twin.legal_actions(twin.to_act[0]) == state.legal_actions(state.to_act[0])
    twin.over = True
    twin.players = 99
    assert state.over is False and state.players == 3
