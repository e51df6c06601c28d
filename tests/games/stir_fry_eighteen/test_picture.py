"""The drawn table: what each seat's picture shows matches its view, and a click plays."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import pytest

import popote
from popote.core.i18n import LANGUAGES, Lang
from popote.core.picture import Part, Picture, Pile
from popote.games.stir_fry_eighteen.cards import NAMES as CARD_NAMES
from tests.games.pictures import drawn_picture, random_moments

from .helpers import NAME, PASS, TEST, pair

NAMES = ("Ana", "Bo", "Cy", "Di")


def picture(match: popote.Match, seat: int | None, lang: Lang = "fr") -> Picture:
    return drawn_picture(match, seat, NAMES, lang)


def moments(seed: int, players: int = 3, steps: int = 400) -> Iterator[popote.Match]:
    return random_moments(NAME, seed, players, steps)


def piles(parts: Sequence[Part]) -> list[Pile]:
    return [p for p in parts if isinstance(p, Pile)]


def pile(parts: Sequence[Part], prefix: str) -> Pile | None:
    return next((p for p in piles(parts) if p.label.startswith(prefix)), None)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_seat_sees_hand_sizes_discards_and_the_deck_as_its_view_says(seed: int) -> None:
    for match in moments(seed):
        for seat in (None, *range(match.players)):
            view, drawn = match.view(seat), picture(match, seat)
            assert drawn.centre[0].as_json()["count"] == view["deck_size"]
            for other, size in enumerate(view["hand_sizes"]):
                hand = pile(drawn.seats[other].parts, "Main")
                if other == seat:
                    assert hand is None and len(drawn.hand[0].cards) == size
                else:
                    assert hand is not None and len(hand.cards) == size
                    assert all(card.down for card in hand.cards)
            hidden = sum(
                len(p.cards)
                for s in drawn.seats
                for p in piles(s.parts)
                if p.label.startswith("Défausse")
            )
            pending = view["pending"]["count"] if view["pending"] else 0
            assert hidden + pending == sum(view["face_down_counts"])
            if seat is None:
                assert drawn.hand == ()


def test_the_dish_is_laid_out_with_its_points_and_each_cards_value() -> None:
    for match in moments(4):
        dish = match.view(None)["dish"]
        if dish is None:
            continue
        drawn = picture(match, None)
        laid = pile(drawn.centre, "Plat de")
        assert laid is not None
        assert str(dish["points"]) in laid.label
        assert [face.name.split(" :")[0] for face in laid.cards] == [
            CARD_NAMES[c].get("fr") for c in dish["cards"]
        ]
        assert sum(int(face.corner) for face in laid.cards) == dish["points"]
        return
    raise AssertionError("no dish cooked")


def test_the_taste_test_window_shows_who_may_call_and_who_called() -> None:
    match = popote.new_match(NAME, players=3, seed=5)
    seat = match.to_act[0]
    hand = match.view(seat)["hand"]
    match.act(seat, pair(hand[0], hand[1]))
    first, second = match.to_act[0], next(s for s in range(3) if s not in (seat, match.to_act[0]))
    before = picture(match, None)
    assert "peut demander un test" in before.seats[first].notes
    assert "attend le test de goût" in before.seats[seat].notes
    waiting = pile(before.centre, "Défausse de")
    assert waiting is not None and "une paire" in waiting.label and len(waiting.cards) == 2
    assert all(card.down for card in waiting.cards)
    mine = pile(picture(match, seat).centre, "Défausse de")
    assert mine is not None and not any(card.down for card in mine.cards)
    match.act(first, TEST)
    if match.view(None)["pending"] is not None:
        assert "a demandé un test de goût" in picture(match, second).seats[first].notes
        match.act(second, PASS)


@pytest.mark.parametrize("seed", [6, 7])
def test_every_card_click_is_a_legal_action_and_every_card_action_is_on_a_card(
    seed: int,
) -> None:
    for match in moments(seed):
        for seat in match.to_act:
            legal = match.legal_actions(seat)
            faces = picture(match, seat).hand[0].cards
            offered = [a for face in faces for a in (face.plays, *face.choices) if a is not None]
            assert all(action in legal for action in offered)
            with_cards = [a for a in legal if {"card", "first", "dish"} & set(a)]
            assert all(action in offered for action in with_cards), with_cards
            assert all(face.plays is not None or face.choices or face.why for face in faces)
            assert all(len(face.choices) != 1 for face in faces)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_in_each_language(lang: Lang) -> None:
    for match in moments(8, players=4, steps=60):
        for seat in (None, *range(match.players)):
            drawn = picture(match, seat, lang).as_json()
            faces = [c for s in drawn["seats"] for p in s["parts"] for c in p["cards"]]
            faces += [c for p in drawn["centre"] + drawn["hand"] for c in p["cards"]]
            assert all(face["name"] and (face["down"] or face["sign"]) for face in faces)
    english, french = picture(match, 0, "en").hand[0], picture(match, 0).hand[0]
    assert not {face.name for face in english.cards} & {face.name for face in french.cards}


def test_a_seat_draws_the_same_table_in_every_world_it_cannot_tell_apart() -> None:
    for step, match in enumerate(moments(9, players=4)):
        if step % 7:
            continue
        for seat in range(match.players):
            world = match.determinize(seat, step)
            assert picture(world, seat) == picture(match, seat)


def test_the_picture_goes_through_json() -> None:
    for match in moments(10, steps=80):
        drawn = picture(match, match.to_act[0] if match.to_act else None).as_json()
        assert json.loads(json.dumps(drawn)) == drawn
