"""Random play for every player count, level and variant: the invariants a player can check."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import popote
from popote.core.chance import Chance

LEVELS = ["cupcake", "genoise", "eclair", "tarte_tatin", "piece_montee"]
CONFIGS = [
    (players, options)
    for players in range(1, 6)
    for options in ({"difficulty": level} for level in LEVELS)
]
CONFIGS += [(p, {"mode": "coop"}) for p in (1, 3, 5)] + [(p, {"timer": "rulebook"}) for p in (2, 4)]
CONFIGS += [(4, {"roles": "two_bakers"}), (3, {"glouton_deal": "deck"})]
CONFIGS += [(p, {"glouton_deal": "deck", "roles": "two_bakers"}) for p in (4, 5)]


def check_public_invariants(match: popote.Match) -> None:
    view = match.view(None)
    in_play = (
        sum(view["hand_sizes"])
        + view["deck_size"]
        + len(view["discard"])
        + len(view["chain"])
        + (view["express_card"] is not None)
        + (view["held_card"] is not None)
    )
    assert in_play == view["total_cards"]
    assert view["size"] >= 0 and view["capacity"] >= 1
    # Only Pièce Montée starts at the brink (10/10); any change there explodes the cake.
    assert view["over"] or view["size"] < view["capacity"] or view["size"] == view["capacity"] == 10


def random_game(players: int, options: dict[str, Any], seed: int) -> popote.Match:
    match = popote.new_match("boom-badaboom", players=players, seed=seed, options=options)
    chance = Chance(seed)
    while not match.over:
        check_public_invariants(match)
        seat = chance.choice(match.to_act)
        hand = [*match.view(seat).get("hand", []), match.view(seat)["express_card"]]
        missing = next((k for k in ("heat5", "swap", "apron") if k not in hand), None)
        if missing and chance.below(8) == 0:
            before = json.dumps(match.view(seat), sort_keys=True)
            with pytest.raises(popote.IllegalAction):
                match.act(seat, {"type": "play", "card": missing})
            assert json.dumps(match.view(seat), sort_keys=True) == before
        match.act(seat, chance.choice(match.legal_actions(seat)))
    check_public_invariants(match)
    return match


@pytest.mark.parametrize(("players", "options"), CONFIGS)
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_random_play_keeps_cards_bounds_and_replays(
    players: int, options: dict[str, Any], seed: int
) -> None:
    match = random_game(players, options, seed)
    result = match.result()
    assert result["winning_side"]
    assert set(result["winners"]) == set(result["sides"].get(result["winning_side"], []))
    if match.view(None)["mode"] == "roles":
        assert result["winners"]
        assert match.view(None)["roles"] == result["roles"]
    again = popote.replay("boom-badaboom", players, seed, options, match.history)
    assert [again.view(s) for s in range(players)] == [match.view(s) for s in range(players)]
    assert again.result() == result
