"""Reaction windows and sealed bids, the shared mechanics of out-of-turn decisions."""

from __future__ import annotations

import pytest

from popote.core.windows import ReactionWindow, SealedBids, clockwise_after


def test_clockwise_order_starts_after_the_actor() -> None:
    assert clockwise_after(2, 4) == [3, 0, 1]


def test_priority_window_waits_for_seats_ahead_of_a_reaction() -> None:
    window = ReactionWindow.around(actor=1, players=4)
    assert window.order == (2, 3, 0)
    window.answer(0, "test")
    assert not window.closed and window.pending == (2, 3)
    window.answer(3, "test")
    assert list(window.pending) == [2]
    window.answer(2, None)
    assert window.closed and window.taker == 3 and window.reactors() == [3, 0]


def test_everyone_passing_closes_with_no_taker() -> None:
    window = ReactionWindow.around(actor=0, players=3)
    window.answer(2, None)
    window.answer(1, None)
    assert window.closed and window.taker is None and window.reaction is None


def test_first_wins_mode_gives_it_to_the_first_reaction_to_arrive() -> None:
    window = ReactionWindow.around(actor=0, players=4, first_wins=True)
    window.answer(3, None)
    window.answer(2, "grab")
    assert window.closed and window.taker == 2


def test_eligibility_limits_who_may_answer() -> None:
    window = ReactionWindow.around(actor=0, players=4, eligible=[3, 1])
    assert window.order == (1, 3)
    with pytest.raises(ValueError):
        window.answer(2, "grab")


def test_a_clone_answers_independently() -> None:
    window = ReactionWindow.around(actor=0, players=3)
    twin = window.clone()
    twin.answer(1, "x")
    assert window.pending == (1, 2) and twin.closed


def test_sealed_bids_stay_secret_until_complete() -> None:
    bids: SealedBids[int] = SealedBids((0, 1, 2))
    bids.submit(1, 4)
    assert bids.has_bid(1) and not bids.has_bid(0) and bids.pending == (0, 2)
    with pytest.raises(ValueError):
        bids.revealed()
    with pytest.raises(ValueError):
        bids.submit(1, 5)
    bids.submit(0, 2)
    bids.submit(2, 4)
    assert bids.revealed() == {0: 2, 1: 4, 2: 4}


def test_sealed_window_asks_everyone_whatever_they_answer() -> None:
    reacted = ReactionWindow.around(actor=0, players=4, sealed=True)
    declined = ReactionWindow.around(actor=0, players=4, sealed=True)
    reacted.answer(1, "apron")
    declined.answer(1, None)
    assert reacted.pending == declined.pending == (2, 3)
    assert reacted.taker is None and not reacted.closed
    reacted.answer(3, "boost")
    reacted.answer(2, None)
    assert reacted.closed and reacted.taker == 1 and reacted.reaction == "apron"


def test_passes_except_keeps_only_one_seats_answer() -> None:
    window = ReactionWindow.around(actor=0, players=4, sealed=True)
    window.answer(2, "apron")
    window.answer(1, "boost")
    seen_by_two = window.passes_except(2)
    assert seen_by_two.pending == (3,) and seen_by_two.sealed
    seen_by_two.answer(3, None)
    assert seen_by_two.taker == 2
    seen_by_three = window.passes_except(3)
    seen_by_three.answer(3, None)
    assert seen_by_three.closed and seen_by_three.taker is None
