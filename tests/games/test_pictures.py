"""The tables drawn for sighted players (issue 22): what the picture shows is what the view
holds, a card that can be played carries its legal action, and nothing leaks."""

from __future__ import annotations

from typing import Any

import pytest

import popote
from popote.core.chance import Chance
from popote.core.match import Match
from popote.games.bouillabaisse.text import card_name

NAMES = [f"Chef {n}" for n in range(1, 13)]


def advance(match: Match, steps: int, seed: int = 1) -> None:
    chance = Chance(seed)
    for _ in range(steps):
        if match.over:
            return
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        match.act(seat, legal[chance.below(len(legal))])


def drawn(match: Match, seat: int | None, lang: str = "fr") -> dict[str, Any]:
    view = match.view(seat)
    legal = [] if seat is None else match.legal_actions(seat)
    picture = match.game.presenter.picture(view, legal, lang, NAMES)  # type: ignore[arg-type]
    assert picture is not None
    return picture.as_json()


def hand_faces(picture: dict[str, Any]) -> list[dict[str, Any]]:
    return [card for pile in picture["hand"] for card in pile["cards"]]


@pytest.mark.parametrize("players", [3, 12])
def test_bouillabaisse_draws_the_trick_by_seat_and_the_hand_with_its_plays(players: int) -> None:
    match = popote.new_match("bouillabaisse", players=players, seed=4)
    advance(match, players + 1)
    seat = match.to_act[0]
    picture, view = drawn(match, seat), match.view(seat)
    trick = [pile for pile in picture["centre"] if pile.get("seat") is not None]
    assert [(p["seat"], p["cards"][0]["name"]) for p in trick] == [
        (play["seat"], popote_card(play["card"])) for play in view["trick"]
    ]
    faces = hand_faces(picture)
    assert len(faces) == len(view["hand"])
    playable = sorted(face["plays"]["card"] for face in faces if face["plays"])
    assert playable == sorted(action["card"] for action in match.legal_actions(seat))
    assert all(face["why"] for face in faces if not face["plays"])
    assert len(picture["seats"]) == players
    others = [s for s in picture["seats"] if s["seat"] != seat]
    assert [s["parts"][0]["count"] for s in others] == [
        view["hand_sizes"][s["seat"]] for s in others
    ]


def popote_card(card: str) -> str:
    return card_name(card, "fr")


def test_bouillabaisse_cards_have_rank_suit_sign_and_colour() -> None:
    match = popote.new_match("bouillabaisse", players=4, seed=2)
    faces = hand_faces(drawn(match, 0, "en"))
    hearts = [face for face in faces if face["sign"] == "♥"]
    spades = [face for face in faces if face["sign"] == "♠"]
    assert hearts and all(face["tone"] == "red" and " of hearts" in face["name"] for face in hearts)
    assert spades and all(face["tone"] == "black" for face in spades)
    rule = drawn(match, None)["centre"][0]
    assert rule["label"].startswith("Manche 1 sur 6") and rule["cards"][0]["corner"] == "5"


@pytest.mark.parametrize("game", ["bouillabaisse", "pieds-dans-le-plat"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_leak_a_picture_from_a_determinized_world_is_the_same(game: str, seed: int) -> None:
    match = popote.new_match(game, players=4, seed=seed)
    advance(match, 7 * seed, seed)
    for seat in range(4):
        world = match.determinize(seat, seed)
        assert drawn(world, seat) == drawn(match, seat)
        assert drawn(world, None) == drawn(match, None)


def test_pieds_draws_the_total_on_its_track_and_penalties_before_each_seat() -> None:
    match = popote.new_match("pieds-dans-le-plat", players=3, seed=5)
    advance(match, 40)
    picture, view = drawn(match, 1, "en"), match.view(1)
    track = picture["centre"][0]
    assert (track["low"], track["high"]) == (10, 30)
    token = track["marks"][0]
    assert token["value"] == view["total"]
    assert ("going up" if view["direction"] == "up" else "going down") in token["label"]
    discard = picture["centre"][1]
    assert discard["cards"][0]["name"] == str(view["top_card"])
    for seat_picture in picture["seats"]:
        drawn_penalties = [
            card
            for part in seat_picture["parts"]
            for card in part.get("cards", [])
            if card["name"] == "penalty card"
        ]
        assert len(drawn_penalties) == view["penalties"][seat_picture["seat"]]
        assert seat_picture["notes"][0].startswith(f"{view['penalties'][seat_picture['seat']]} ")


@pytest.mark.parametrize("assisted", [False, True])
def test_pieds_shows_others_islands_only_with_assisted(assisted: bool) -> None:
    match = popote.new_match(
        "pieds-dans-le-plat", players=3, seed=5, options={"assisted": assisted}
    )
    picture = drawn(match, 0)
    others = [s for s in picture["seats"] if s["seat"] != 0]
    islands = [card for s in others for card in s["parts"][1]["cards"]]
    assert islands and all(card["down"] is not assisted for card in islands)
    own = picture["hand"][1]["cards"]
    assert [card["corner"] for card in own] == [str(v) for v in match.view(0)["islands"]]


CAPTIONED = {"boom-badaboom": 3, "stir-fry-eighteen": 2, "ar-seizh-bigoudenn": 3}
"""The games whose faces show only a sign and a value without their caption."""
SHORT = 24
"""A caption is a word or two: it fits at the bottom of a card."""


def face_up(picture: dict[str, Any]) -> list[dict[str, Any]]:
    """Every face up of the picture: the seats', the centre's and the hand's."""
    parts = [part for seat in picture["seats"] for part in seat["parts"]]
    parts += picture["centre"] + picture["hand"]
    return [card for part in parts for card in part.get("cards", []) if not card["down"]]


@pytest.mark.parametrize("game", sorted(CAPTIONED))
@pytest.mark.parametrize("seed", [1, 2])
def test_every_card_face_up_carries_a_short_caption_in_both_languages(game: str, seed: int) -> None:
    players = CAPTIONED[game]
    match = popote.new_match(game, players=players, seed=seed)
    seen = 0
    for _ in range(6):
        for seat in (None, *range(players)):
            for lang in ("fr", "en"):
                faces = face_up(drawn(match, seat, lang))
                seen += len(faces)
                untitled = [face["name"] for face in faces if not face["title"].strip()]
                assert untitled == [], (game, lang, untitled)
                long = [face["title"] for face in faces if len(face["title"]) > SHORT]
                assert long == [], (game, lang, long)
        advance(match, 9, seed)
    assert seen > 50
