"""The drawn table: the board's tokens, the event, the chain, the discard, roles and hands
match each seat's view, and a card clicked is a legal action."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import pytest

import popote
from popote.core.actions import Action
from popote.core.i18n import LANGUAGES, Lang
from popote.core.picture import Face, Part, Picture, Pile, Track
from popote.games.boom_badaboom.scenario import scenario_match
from tests.games.pictures import drawn_picture, random_moments

from .helpers import NAMES, ROLES3, decline_all

GAME = "boom-badaboom"


def picture(match: popote.Match, seat: int | None, lang: Lang = "fr") -> Picture:
    return drawn_picture(match, seat, NAMES, lang)


def moments(seed: int, players: int, steps: int = 150) -> Iterator[popote.Match]:
    return random_moments(GAME, seed, players, steps)


def pile(parts: Sequence[Part], label: str) -> Pile | None:
    return next((p for p in parts if isinstance(p, Pile) and p.label == label), None)


def board(drawn: Picture) -> Track:
    return next(p for p in drawn.centre if isinstance(p, Track))


def faces(drawn: Picture) -> list[Face]:
    found = [c for s in drawn.seats for p in s.parts if isinstance(p, Pile) for c in p.cards]
    return found + [c for p in (*drawn.centre, *drawn.hand) if isinstance(p, Pile) for c in p.cards]


@pytest.mark.parametrize(("seed", "players"), [(1, 3), (2, 4), (3, 5), (4, 1)])
def test_the_table_drawn_matches_the_view_all_game_long(seed: int, players: int) -> None:
    for match in moments(seed, players):
        for seat in (None, *range(players)):
            view, drawn = match.view(seat), picture(match, seat)
            marks = {mark.label.split(" :")[0]: mark for mark in board(drawn).marks}
            assert marks["Gâteau"].value == view["size"]
            assert marks["Four"].value == view["capacity"]
            assert ("Zone du Glouton" in marks) == (view["mode"] == "roles")
            assert (pile(drawn.centre, "Événement du tour") is not None) == bool(view["event"])
            chain = pile(drawn.centre, "Chaîne de réactions")
            assert (0 if chain is None else len(chain.cards)) == len(view["chain"])
            discard = pile(drawn.centre, "Défausse")
            assert discard is not None and discard.as_json()["count"] == len(view["discard"])
            for other in range(players):
                parts = drawn.seats[other].parts
                role = pile(parts, "Rôle")
                assert (role is not None) == (view["mode"] == "roles")
                if role is not None:
                    assert role.cards[0].down == (view["roles"][other] is None)
                hand = pile(parts, "Main")
                if other == seat:
                    assert hand is None and len(drawn.hand[0].cards) == view["hand_sizes"][seat]
                else:
                    assert hand is not None and len(hand.cards) == view["hand_sizes"][other]


def test_the_glouton_zone_and_both_tokens_sit_on_one_scale() -> None:
    match = scenario_match(hands=[["heat3"], ["cool2"], ["apron"]], roles=ROLES3, size=12)
    track = board(picture(match, 0))
    zone = next(mark for mark in track.marks if mark.upto is not None)
    assert (zone.value, zone.upto) == (15, 18) and zone.upto is not None
    assert track.low <= 12 <= track.high and track.low <= zone.upto <= track.high
    assert [m.value for m in track.marks if m.upto is None] == [12, match.view(0)["capacity"]]


def test_the_rounds_event_lies_face_up_with_its_sign_and_what_it_does() -> None:
    match = scenario_match(hands=[["heat3"], ["cool2"]], event="power_cut")
    event = pile(picture(match, None, "en").centre, "This round's event")
    assert event is not None
    (card,) = event.cards
    assert not card.down and card.sign == "⏻"
    assert card.name == "Power Cut: action and reactive cards forbidden"


def test_own_role_face_up_others_face_down_and_families_have_signs() -> None:
    match = scenario_match(hands=[["heat3", "cool_x", "apron"], [], []], roles=ROLES3)
    drawn = picture(match, 0)
    mine = pile(drawn.seats[0].parts, "Rôle")
    assert mine is not None and mine.cards[0].name == "Rôle : Farceur"
    assert all(pile(drawn.seats[s].parts, "Rôle").cards[0].down for s in (1, 2))  # type: ignore[union-attr]
    hand = {face.name: face for face in drawn.hand[0].cards}
    heat, apron = hand["Chaleur +3"], hand["Tablier de Protection"]
    cool = hand["Refroidissement mystère (−1 à −5)"]
    assert (heat.sign, heat.tone, heat.corner) == ("♨", "hot", "+3")
    assert (cool.sign, cool.tone, cool.corner) == ("❄", "cold", "−?")
    assert (apron.sign, apron.tone) == ("⛨", "green")


def test_a_peek_shows_the_hand_to_steal_from_and_a_click_steals() -> None:
    match = scenario_match(hands=[["peek", "heat1"], ["cool2", "heat3"], ["oven_up"]], roles=ROLES3)
    match.act(0, {"type": "play", "card": "peek", "target": 1})
    decline_all(match)
    shown = pile(picture(match, 0).seats[1].parts, "Main")
    assert shown is not None
    assert [face.plays for face in shown.cards] == match.legal_actions(0)
    assert "se fait voler une carte" in picture(match, 2).seats[1].notes
    hidden = pile(picture(match, 2).seats[1].parts, "Main")
    assert hidden is not None and all(face.down for face in hidden.cards)


def test_a_recovery_spreads_the_discard_to_click() -> None:
    match = scenario_match(
        hands=[["recover"], ["cool2"], ["oven_up"]], roles=ROLES3, discard=["heat2", "apron"]
    )
    match.act(0, {"type": "play", "card": "recover"})
    decline_all(match)
    discard = pile(picture(match, 0).centre, "Défausse")
    assert discard is not None
    assert {face.plays["card"] for face in discard.cards if face.plays} == {"heat2", "apron"}


def unique_card_actions(legal: Sequence[Action]) -> list[Action]:
    """The legal card actions that are the only one for their card and kind."""
    cards = [a for a in legal if "card" in a]
    return [
        a
        for a in cards
        if sum(b["type"] == a["type"] and b["card"] == a["card"] for b in cards) == 1
    ]


@pytest.mark.parametrize(("seed", "players"), [(5, 3), (6, 5), (7, 1)])
def test_every_click_is_legal_and_every_single_card_action_is_a_click(
    seed: int, players: int
) -> None:
    for match in moments(seed, players):
        for seat in match.to_act:
            legal = match.legal_actions(seat)
            drawn = faces(picture(match, seat))
            plays = [face.plays for face in drawn if face.plays is not None]
            assert all(action in legal for action in plays)
            assert all(action in plays for action in unique_card_actions(legal))
            # A card played in several ways offers them all, each legal, by that card.
            for face in drawn:
                assert len(face.choices) != 1 and all(a in legal for a in face.choices)
                assert len({a["card"] for a in face.choices}) <= 1
            offered = plays + [a for face in drawn for a in face.choices]
            assert all(a in offered for a in legal if "card" in a)
            hand = picture(match, seat).hand[0].cards
            assert all(face.plays is not None or face.why for face in hand)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_in_each_language(lang: Lang) -> None:
    for match in moments(8, players=4, steps=80):
        for seat in (None, *range(4)):
            assert all(face.name for face in faces(picture(match, seat, lang)))
    english = {face.name for face in faces(picture(match, 0, "en"))}
    assert "Hand" not in english and not english & {"carte cachée", "rôle caché"}


def test_a_seat_draws_the_same_table_in_every_world_it_cannot_tell_apart() -> None:
    for step, match in enumerate(moments(9, players=5)):
        if step % 5:
            continue
        for seat in range(5):
            world = match.determinize(seat, step)
            assert picture(world, seat) == picture(match, seat)


def test_the_picture_goes_through_json() -> None:
    for match in moments(10, players=4, steps=60):
        drawn = picture(match, match.to_act[0] if match.to_act else None, "en").as_json()
        assert json.loads(json.dumps(drawn)) == drawn
