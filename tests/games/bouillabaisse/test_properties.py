"""Properties of random play, for every player count and every option value."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import popote
from popote.core.chance import Chance

POINTS = {"tricks": 5, "suit": 10, "figure": 50, "card": 200}
VARIANTS: list[dict[str, Any]] = [
    {},
    {"decks": "one"},
    {"decks": "two"},
    {"suit": "hearts", "figure": "queens", "card": "KH"},
    {"suit": "clubs", "card": "KS"},
    {"draw": "manche"},
    {"duplicate": "last", "decks": "two"},
    {"tout_ou_rien": True},
    {"tout_ou_rien": True, "decks": "two", "draw": "manche"},
    {"tout_ou_rien": True, "tout_ou_rien_scope": "manche", "suit": "spades", "figure": "jacks"},
]


def pack_of(view: dict[str, Any]) -> Counter[str]:
    """The cards in play this match: the whole decks less the cards set aside."""
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    full = Counter({rank + suit: view["decks"] for suit in "CDHS" for rank in ranks})
    return full - Counter(view["removed"])


def available(rule: str, view: dict[str, Any], hand_size: int) -> int:
    pack = pack_of(view)
    targets = view["targets"]
    if rule == "tricks":
        return 5 * hand_size
    if rule == "suit":
        return 10 * sum(n for card, n in pack.items() if card[-1] == targets["suit"])
    if rule == "figure":
        return 50 * sum(n for card, n in pack.items() if card[:-1] == targets["figure"])
    return 200 * pack[targets["card"]]


def check_cards_conserved(match: popote.Match) -> None:
    public = match.view(None)
    in_hands = sum(public["hand_sizes"])
    in_tricks = sum(public["tricks_taken"]) * match.players + len(public["trick"])
    assert in_hands + in_tricks == sum(pack_of(public).values())
    for seat in range(match.players):
        assert len(match.view(seat)["hand"]) == public["hand_sizes"][seat]


def check_illegal_action_changes_nothing(match: popote.Match, chance: Chance) -> None:
    seat = match.to_act[0]
    legal = {action["card"] for action in match.legal_actions(seat)}
    outside = sorted(set(pack_of(match.view(None))) - legal)
    before = [match.view(s) for s in range(match.players)], match.to_act
    with pytest.raises(popote.IllegalAction):
        match.act(seat, {"type": "play", "card": chance.choice(outside)})
    with pytest.raises(popote.IllegalAction):
        match.act((seat + 1) % match.players, match.legal_actions(seat)[0])
    assert ([match.view(s) for s in range(match.players)], match.to_act) == before


def play_randomly(players: int, seed: int, options: dict[str, Any]) -> popote.Match:
    match = popote.new_match("bouillabaisse", players=players, seed=seed, options=options)
    chance = Chance(seed)
    step = 0
    hand_sizes = []
    while not match.over:
        view = match.view(None)
        if not view["trick"] and sum(view["tricks_taken"]) == 0:
            assert len(set(view["hand_sizes"])) == 1, "every hand is equal at the deal"
            hand_sizes.append(view["hand_sizes"][0])
        if step % 37 == 0:
            check_cards_conserved(match)
            check_illegal_action_changes_nothing(match, chance)
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        match.act(seat, legal[chance.below(len(legal))])
        step += 1
    assert step == sum(hand_sizes) * players
    return match


@pytest.mark.parametrize("players", range(2, 13))
@pytest.mark.parametrize(
    "options", VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults"
)
@settings(max_examples=1, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_play_keeps_every_invariant(
    players: int, options: dict[str, Any], seed: int
) -> None:
    match = play_randomly(players, seed, options)
    view = match.view(None)
    hand_size = sum(pack_of(view).values()) // players
    result = match.result()
    assert len(result["manches"]) == 6
    for number, manche in enumerate(result["manches"], start=1):
        sign = -1 if number == 6 else 1
        for rule, points in manche["detail"].items():
            expected = available(rule, view, hand_size)
            if options.get("tout_ou_rien"):
                assert sum(abs(p) for p in points) == expected
            else:
                assert sum(points) == sign * expected
        assert manche["scores"] == [
            sum(values[seat] for values in manche["detail"].values()) for seat in range(players)
        ]
    totals = [sum(m["scores"][seat] for m in result["manches"]) for seat in range(players)]
    assert result["scores"] == totals
    assert result["winners"] == [s for s in range(players) if totals[s] == min(totals)]
    history = json.loads(json.dumps(match.history))
    again = popote.replay("bouillabaisse", players, match.seed, options, history)
    assert [again.view(s) for s in range(players)] == [match.view(s) for s in range(players)]
    assert again.result() == result
