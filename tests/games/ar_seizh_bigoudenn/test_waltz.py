"""The utensil waltz: grab windows, their order, TEUT! bids, ties, raises and the passoire."""

from __future__ import annotations

from collections.abc import Sequence

import popote
from popote.games.ar_seizh_bigoudenn.scenario import scenario_match

from .helpers import (
    PASS,
    WITHDRAW,
    acting,
    bid,
    first,
    follow,
    grab,
    kinds,
    raise_with,
    recover,
    take,
    teut,
)

FOUR = ["rozenn", "soazig", "tyfenn", "katell"]


def fork_falls(
    hands: Sequence[Sequence[str]],
    surfaces: Sequence[Sequence[str]] | None = None,
    real_time: bool = False,
) -> popote.Match:
    """Seat 0 takes the jambon with the fork, which falls to the centre."""
    m = scenario_match(
        FOUR,
        hands=[["fourchette"], *hands],
        surfaces=surfaces,
        centre=["jambon"],
        reveal=False,
        options={"real_time": real_time},
    )
    m.act(0, take("jambon", drop="fourchette"))
    return m


def test_a_single_claim_takes_the_utensil() -> None:
    m = fork_falls([[], [], []])
    assert acting(m) == (1, 2, 3)
    m.act(1, PASS)
    m.act(3, PASS)
    events = m.act(2, grab())
    assert first(events, "grabbed")["seat"] == 2
    assert m.view(None)["hands"][2] == ["fourchette"]
    assert acting(m) == (0,)  # back to the player at the stove


def test_grab_answers_stay_secret_until_everyone_answered() -> None:
    m = fork_falls([[], [], []])
    events = m.act(1, grab())
    public = [e for e in events if popote.visible_to(e, 2)]
    assert all("grab" not in e for e in public)
    assert m.view(2)["window"]["answered"] == [1]
    assert "grabbed" not in kinds(events)
    assert m.view(1)["window"]["your_answer"] == grab()
    assert m.view(2)["window"]["your_answer"] is None


def test_two_claims_start_a_teut_and_the_highest_bid_wins() -> None:
    m = fork_falls([[], [], []], surfaces=[[], ["oeuf", "fromage"], ["saucisse"], []])
    m.act(1, grab())
    m.act(2, grab())
    events = m.act(3, PASS)
    assert first(events, "teut")["seats"] == [1, 2]
    m.act(2, bid("saucisse"))
    # The bid is secret: seat 1 sees that seat 2 bid, not what.
    assert m.view(1)["window"]["bids_answered"] == [2]
    assert "your_bids" not in m.view(1)["window"]
    assert m.view(2)["window"]["your_bids"] == "saucisse"
    assert m.view(1)["surfaces"][2] == ["saucisse"]  # still in front of her until revealed
    events = m.act(1, bid("oeuf"))
    assert first(events, "teut_won")["seat"] == 2
    view = m.view(None)
    assert view["hands"][2] == ["fourchette"]
    assert view["surfaces"][1:3] == [["fromage"], []]
    assert view["marmite"] == ["oeuf", "saucisse"]  # nobody holds the passoire


def test_a_teut_with_every_bid_withdrawn_leaves_the_utensil() -> None:
    m = fork_falls([[], [], []], surfaces=[[], ["oeuf"], [], []])
    m.act(1, grab())
    m.act(2, grab())
    m.act(3, PASS)
    assert m.legal_actions(2) == [WITHDRAW]  # nothing to bid
    m.act(1, WITHDRAW)
    events = m.act(2, WITHDRAW)
    assert first(events, "teut_won")["seat"] is None
    assert "fourchette" in m.view(None)["centre_utensils"]
    assert m.view(None)["surfaces"][1] == ["oeuf"]


def tie_then_raise() -> popote.Match:
    m = fork_falls(
        [[], [], []], surfaces=[[], ["oeuf", "fromage"], ["tomate", "jambon"], ["oignon"]]
    )
    for seat in (1, 2, 3):
        m.act(seat, grab())
    m.act(1, bid("oeuf"))
    m.act(2, bid("tomate"))
    events = m.act(3, bid("oignon"))
    tie = first(events, "teut_tie")
    assert (tie["seats"], tie["value"], tie["can_raise"]) == ([1, 2, 3], 1, [1, 2])
    return m


def test_an_unmatched_raise_wins_and_its_card_goes_to_the_centre() -> None:
    m = tie_then_raise()
    assert acting(m) == (1, 2)  # seat 3 has no card left to raise with
    events = m.act(2, raise_with("jambon"))
    seen_by_1 = [e for e in events if popote.visible_to(e, 1)]
    assert seen_by_1 == [{"type": "raised", "seat": 2, "hidden_from": [2]}]  # face down
    m.act(1, PASS)  # seat 1 had priority but lets it go
    assert acting(m) == (1,)  # seat 1 may follow
    events = m.act(1, PASS)
    assert first(events, "raise_unmatched") == {
        "type": "raise_unmatched",
        "seat": 2,
        "card": "jambon",
    }
    assert m.view(None)["hands"][2] == ["fourchette"]
    assert "jambon" in m.view(None)["centre"]
    assert m.view(None)["marmite"] == ["oeuf", "oignon", "tomate"]


def test_a_followed_raise_is_compared_again() -> None:
    m = tie_then_raise()
    m.act(1, raise_with("fromage"))
    assert acting(m) == (2,)
    events = m.act(2, follow("jambon"))
    revealed = first(events, "follows_revealed")
    assert revealed["cards"] == [[1, "fromage"], [2, "jambon"]]
    assert first(events, "teut_won")["seat"] == 1
    assert m.view(None)["hands"][1] == ["fourchette"]


def test_a_tie_that_nobody_raises_leaves_the_utensil_in_the_centre() -> None:
    m = tie_then_raise()
    m.act(1, PASS)
    events = m.act(2, PASS)
    assert "no_raise" in kinds(events)
    assert first(events, "teut_won")["seat"] is None
    assert "fourchette" in m.view(None)["centre_utensils"]


def test_a_raise_tied_again_opens_another_raise() -> None:
    m = fork_falls(
        [[], [], []],
        surfaces=[[], ["oeuf", "jambon", "tomate"], ["oignon", "poireau", "fraises"], []],
    )
    m.act(1, grab())
    m.act(2, grab())
    m.act(3, PASS)
    m.act(1, bid("oeuf"))
    m.act(2, bid("oignon"))
    m.act(1, raise_with("jambon"))
    events = m.act(2, follow("poireau"))
    assert first(events, "teut_tie")["value"] == 2
    assert m.view(None)["stage"] == "raise"
    m.act(2, raise_with("fraises"))
    m.act(1, PASS)
    events = m.act(1, PASS)
    assert first(events, "raise_unmatched")["card"] == "fraises"
    assert m.view(None)["hands"][2] == ["fourchette"]


def test_the_passoire_recovers_a_bid_for_a_player_outside_the_teut() -> None:
    full = ["oeuf", "oignon", "tomate", "caramel", "pommes"]
    m = fork_falls([[], [], ["passoire"]], surfaces=[[], ["fromage"], ["saucisse"], full])
    m.act(1, grab())
    m.act(2, grab())
    m.act(3, PASS)
    m.act(1, bid("fromage"))
    events = m.act(2, bid("saucisse"))
    assert first(events, "passoire_offer") == {
        "type": "passoire_offer",
        "seat": 3,
        "cards": ["fromage", "saucisse"],
    }
    assert acting(m) == (3,)
    events = m.act(3, recover("saucisse", give_back="caramel"))
    assert first(events, "recovered")["card"] == "saucisse"
    view = m.view(None)
    assert "saucisse" in view["surfaces"][3] and len(view["surfaces"][3]) == 5
    assert view["marmite"] == ["fromage"]
    assert "caramel" in view["centre"]
    # Using the passoire drops it: a new grab window for everyone but seat 3 and the stove.
    assert first(events, "grab_open")["seats"] == [1, 2]


def test_the_passoire_is_not_offered_to_the_player_at_the_stove() -> None:
    m = scenario_match(
        FOUR,
        hands=[["fourchette", "passoire"], [], [], []],
        surfaces=[[], ["fromage"], ["saucisse"], []],
        centre=["jambon"],
        reveal=False,
    )
    m.act(0, take("jambon", drop="fourchette"))
    m.act(1, grab())
    m.act(2, grab())
    m.act(3, PASS)
    m.act(1, bid("fromage"))
    events = m.act(2, bid("saucisse"))
    assert "passoire_offer" not in kinds(events)
    assert sorted(m.view(None)["marmite"]) == ["fromage", "saucisse"]


def test_a_full_handed_claim_drops_only_if_it_wins() -> None:
    m = fork_falls(
        [["couteau", "spatule"], ["cuillere", "araignee"], []],
        surfaces=[[], ["oeuf"], ["fromage"], []],
    )
    m.act(1, grab(drop="spatule"))
    m.act(2, grab(drop="araignee"))
    m.act(3, PASS)
    m.act(1, bid("oeuf"))
    events = m.act(2, bid("fromage"))
    assert kinds(events)[-4:] == ["grabbed", "dropped", "to_marmite", "grab_open"]
    view = m.view(None)
    assert view["hands"][1] == ["couteau", "spatule"]  # the loser keeps both
    assert view["hands"][2] == ["fourchette", "cuillere"]
    assert first(events, "grab_open")["seats"] == [1, 3]


def test_nobody_takes_back_a_utensil_it_let_fall_in_the_same_waltz() -> None:
    m = fork_falls([["couteau", "cuillere"], ["spatule", "araignee"], []])
    m.act(1, grab(drop="couteau"))
    m.act(2, PASS)
    m.act(3, PASS)
    m.act(2, grab(drop="spatule"))  # the couteau: seats 2 and 3 are asked
    m.act(3, PASS)
    assert acting(m) == (1, 3)  # the spatule
    m.act(1, grab(drop="cuillere"))
    m.act(3, PASS)
    m.act(2, grab(drop="couteau"))  # the cuillère, to seats 2 and 3
    events = m.act(3, PASS)
    # The couteau falls again: seat 1 let it fall earlier in this waltz and is not asked.
    assert first(events, "grab_open")["seats"] == [3]


def test_real_time_the_first_claim_wins_and_late_seats_may_cry_teut() -> None:
    m = fork_falls([[], [], []], surfaces=[[], ["oeuf"], ["fromage"], ["saucisse"]], real_time=True)
    m.act(2, PASS)  # answers are public at once in real time
    events = m.act(3, grab())
    assert first(events, "challenge_open") == {
        "type": "challenge_open",
        "utensil": "fourchette",
        "taker": 3,
        "seats": [1],
    }
    assert acting(m) == (1,)
    events = m.act(1, teut())
    assert first(events, "teut")["seats"] == [1, 3]
    m.act(1, bid("oeuf"))
    events = m.act(3, bid("saucisse"))
    assert first(events, "teut_won")["seat"] == 3


def test_real_time_an_unchallenged_first_claim_takes_it() -> None:
    m = fork_falls([[], [], []], real_time=True)
    m.act(1, PASS)
    m.act(2, PASS)
    events = m.act(3, grab())
    assert first(events, "grabbed")["seat"] == 3
    assert acting(m) == (0,)


def test_a_grab_window_offers_only_the_utensil_that_fell() -> None:
    m = fork_falls([[], [], []])
    assert len(m.view(None)["centre_utensils"]) == 7  # all the others lie in the centre too
    assert m.legal_actions(1) == [grab(), PASS]
