"""A sampled world believes a face-down claim as often as the seat may: not every claim is
a bluff there, as uniformly dealt cards would make it."""

from __future__ import annotations

import popote
from popote.core.chance import Chance
from popote.games.stir_fry_eighteen.beliefs import SUSPICION, claim_chance, truth_chance
from popote.games.stir_fry_eighteen.bot import unseen_counts


def pending_claim(seed: int) -> tuple[popote.Match, int]:
    """A seeded random game played until some seat's protein discard awaits a taste test,
    and a seat asked whether to test it."""
    match = popote.new_match("stir-fry-eighteen", players=4, seed=seed)
    chance = Chance(seed)
    while not match.over:
        seat = match.to_act[0]
        view = match.view(seat)
        pending = view.get("pending")
        if pending and pending["kind"] == "protein" and pending["seat"] != seat:
            return match, seat
        match.act(seat, chance.choice(match.legal_actions(seat)))
    raise AssertionError("no protein discard in this game")


WORLDS = 60


def test_a_sampled_world_holds_what_a_discard_claims_as_often_as_the_seat_believes_it() -> None:
    for seed in range(6):
        match, seat = pending_claim(seed)
        view = match.view(seat)
        pending = view["pending"]
        unseen = unseen_counts(view)
        size = view["hand_sizes"][pending["seat"]] + pending["count"]
        could = claim_chance("protein", pending["claim"], size, unseen)
        believed = truth_chance(could, SUSPICION)
        honest = sum(
            match.determinize(seat, world).view(pending["seat"])["my_face_down"]
            == [pending["claim"]]
            for world in range(WORLDS)
        )
        # At least as often as believed (a uniform deal may be honest too), at most as
        # often as either way; never as seldom as uniform deals alone made it.
        expected_low = believed
        expected_high = believed + (1 - believed) * could
        assert expected_low - 0.2 <= honest / WORLDS <= expected_high + 0.2, (seed, could)
        if believed > could + 0.2:
            assert honest / WORLDS > could
