"""Reactive cards: out of turn, in priority order, answering one another in chains."""

from __future__ import annotations

import popote
from popote.games.boom_badaboom import GAME
from popote.games.boom_badaboom.scenario import scenario_match

from .helpers import NAMES, act, decline_all, first, kinds, reaction, window

ROLES4 = ["farceur", "patissier", "glouton", "farceur"]


def four(
    hand0: list[str], hand1: list[str], hand2: list[str], hand3: list[str], **kw: object
) -> popote.Match:
    return scenario_match(hands=[hand0, hand1, hand2, hand3], roles=ROLES4, **kw)  # type: ignore[arg-type]


def react(
    m: popote.Match, seat: int, card: str, mode: str, target: int = -1
) -> list[dict[str, object]]:
    action: dict[str, object] = {"type": "react", "card": card, "mode": mode}
    if target >= 0:
        action["target"] = target
    return m.act(seat, action)


def test_every_player_may_react_out_of_turn_even_with_nothing_to_play() -> None:
    m = four(["heat3", "cool1"], ["apron", "cool1"], ["heat1"], ["heat2"])
    act(m, 0, type="play", card="heat3")
    assert list(m.to_act) == [1, 2, 3, 0]
    assert m.legal_actions(2) == [{"type": "decline"}]
    assert m.legal_actions(0) == [{"type": "decline"}]
    assert {"type": "react", "card": "apron", "mode": "cancel"} in m.legal_actions(1)


def test_a_player_may_boost_or_turn_its_own_heat_card() -> None:
    for card, mode, size in (("boost", "boost", 16), ("spatula", "invert", 7)):
        m = four(["heat3", card], ["cool1"], ["heat1"], ["heat2"])
        act(m, 0, type="play", card="heat3")
        assert reaction(card, mode) in m.legal_actions(0)
        events = window(m, {0: reaction(card, mode)})
        assert first(events, "reaction")["seat"] == 0
        assert list(m.to_act) == [1, 2, 3], "nobody answers their own reaction"
        decline_all(m)
        assert m.view(None)["size"] == size


def test_own_card_others_keeps_reactions_to_the_other_players() -> None:
    m = four(["heat3", "boost"], ["cool1"], ["heat1"], ["heat2"], options={"own_card": "others"})
    act(m, 0, type="play", card="heat3")
    assert list(m.to_act) == [1, 2, 3]
    decline_all(m)
    assert m.view(None)["size"] == 13 and "boost" in m.view(0)["hand"]


def test_the_cards_own_player_reacts_last() -> None:
    m = four(["heat3", "boost"], ["cool1"], ["heat1"], ["spatula"])
    act(m, 0, type="play", card="heat3")
    events = window(m, {0: reaction("boost", "boost"), 3: reaction("spatula", "invert")})
    assert first(events, "reaction")["seat"] == 3
    assert "boost" in m.view(0)["hand"]


def test_tablier_cancels_the_card_and_does_not_count_as_the_reactors_card() -> None:
    m = four(["heat3", "cool1"], ["apron", "cool1"], ["heat1"], ["heat2"])
    act(m, 0, type="play", card="heat3")
    events = window(m, {1: reaction("apron", "cancel")})
    assert list(m.to_act) == [2, 3, 0]
    events += decline_all(m)
    assert first(events, "card_resolved")["cancelled"]
    assert m.view(None)["size"] == 10
    assert list(m.to_act) == [1]
    assert m.legal_actions(1) == [{"type": "play", "card": "cool1"}]


def test_a_tablier_countered_by_a_renvoi_lets_the_card_through() -> None:
    m = four(["heat3", "cool1"], ["apron", "cool1"], ["spatula"], ["heat2"])
    act(m, 0, type="play", card="heat3")
    window(m, {1: reaction("apron", "cancel")})
    assert reaction("spatula", "cancel") in m.legal_actions(2)
    window(m, {2: reaction("spatula", "cancel")})
    decline_all(m)
    assert m.view(None)["size"] == 13
    assert sorted(m.view(None)["discard"]) == ["apron", "heat3", "spatula"]


def test_a_tablier_on_a_tablier_cancels_the_cancel_at_the_chain_table() -> None:
    hands = (["heat3", "cool1"], ["apron", "cool1"], ["apron"], ["apron"])
    for tablier, size in (("chain", 13), ("played", 10)):
        m = four(*hands, options={"tablier": tablier})
        act(m, 0, type="play", card="heat3")
        window(m, {1: reaction("apron", "cancel")})
        window(m, {2: reaction("apron", "cancel")})
        decline_all(m)
        assert m.view(None)["size"] == size


def test_renvoi_inverts_a_heat_card_into_cooling() -> None:
    m = four(["heat3", "cool1"], ["cool1"], ["spatula"], ["heat2"])
    act(m, 0, type="play", card="heat3")
    window(m, {2: reaction("spatula", "invert")})
    decline_all(m)
    assert m.view(None)["size"] == 7


def test_renvoi_redirects_an_action_aimed_at_its_player() -> None:
    m = four(["accident", "cool1"], ["spatula", "cool1"], ["heat1"], ["spatula"])
    act(m, 0, type="play", card="accident", target=1)
    assert reaction("spatula", "redirect", 2) in m.legal_actions(1)
    assert all(a.get("mode") != "redirect" for a in m.legal_actions(3))
    window(m, {1: reaction("spatula", "redirect", 2)})
    events = decline_all(m)
    assert first(events, "turn_lost")["seat"] == 2
    assert list(m.to_act) == [1]


def test_coup_de_boost_doubles_and_boosts_stack() -> None:
    m = four(["cool2", "cool1"], ["boost"], ["boost"], ["heat2"], size=12)
    act(m, 0, type="play", card="cool2")
    window(m, {1: reaction("boost", "boost")})
    window(m, {2: reaction("boost", "boost")})
    events = decline_all(m)
    assert first(events, "card_resolved")["factor"] == 4
    assert m.view(None)["size"] == 4


def test_the_first_player_clockwise_takes_the_reaction() -> None:
    m = four(["heat3", "cool1"], ["apron"], ["spatula"], ["boost"])
    act(m, 0, type="play", card="heat3")
    react(m, 3, "boost", "boost")
    react(m, 2, "spatula", "invert")
    assert list(m.to_act) == [1, 0]
    events = m.act(1, {"type": "decline"}) + m.act(0, {"type": "decline"})
    assert first(events, "reaction")["seat"] == 2
    events += decline_all(m)
    assert m.view(None)["size"] == 7
    assert m.view(None)["hand_sizes"][3] == 1
    assert kinds(events).count("reaction") == 1


def test_a_sealed_window_looks_the_same_whether_a_seat_reacted_or_not() -> None:
    for players, actor, reactor in ((3, 2, 1), (5, 3, 1)):
        hands: list[list[str]] = [["cool1", "heat1"] for _ in range(players)]
        hands[actor] = ["cool3", "heat1"]
        hands[reactor] = ["apron", "heat1"]
        views = []
        for answer in (reaction("apron", "cancel"), {"type": "decline"}):
            m = scenario_match(hands=hands, current=actor, first=actor, mode="coop")
            act(m, actor, type="play", card="cool3")
            events = m.act(reactor, answer)
            others = [s for s in range(players) if s != reactor]
            views.append(
                (
                    m.to_act,
                    [m.view(s) for s in others],
                    [popote.visible_events(events, s) for s in others],
                )
            )
        assert views[0] == views[1]


def test_no_reactions_at_all_during_a_power_cut() -> None:
    m = four(["heat3", "peek"], ["apron"], ["heat1"], ["heat2"], event="power_cut")
    assert m.legal_actions(0) == [{"type": "play", "card": "heat3"}]
    act(m, 0, type="play", card="heat3")
    assert m.view(None)["size"] == 13 and list(m.to_act) == [1]


def test_a_reaction_that_lost_is_told_who_reacted_first_and_that_its_card_stays() -> None:
    m = four(["heat3", "cool1"], ["boost"], ["heat1"], ["spatula"])
    act(m, 0, type="play", card="heat3")
    events = window(m, {1: reaction("boost", "boost"), 3: reaction("spatula", "invert")})
    assert first(events, "reaction")["seat"] == 1
    told = {
        seat: [GAME.presenter.event(e, "en", NAMES) for e in popote.visible_events(events, seat)]
        for seat in range(4)
    }
    lost = "Bob reacted first: your Spatula Return stays in your hand."
    assert lost in told[3]
    assert not any(lost in lines for seat, lines in told.items() if seat != 3)
    french = [GAME.presenter.event(e, "fr", NAMES) for e in popote.visible_events(events, 3)]
    assert "Bob a réagi avant vous : votre carte Renvoi de spatule reste dans votre main." in french
    assert "spatula" in m.view(3)["hand"]
