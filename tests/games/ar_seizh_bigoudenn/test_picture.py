"""The drawn table: centre, hands, work surfaces, cards, dishes and the waltz match each
seat's view, and a card clicked is a legal action."""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence

import pytest

import popote
from popote.core.actions import Action
from popote.core.i18n import LANGUAGES, Lang
from popote.core.picture import Face, Part, Picture, Pile
from popote.games.ar_seizh_bigoudenn.scenario import scenario_match
from tests.games.pictures import drawn_picture, random_moments

from .helpers import PASS, STOP, bid, cook, grab, take

GAME = "ar-seizh-bigoudenn"
NAMES = ("Ana", "Bo", "Cy", "Di", "Ed", "Flo")


def picture(match: popote.Match, seat: int | None, lang: Lang = "fr") -> Picture:
    return drawn_picture(match, seat, NAMES, lang)


def moments(seed: int, players: int, steps: int = 200, **options: object) -> Iterator[popote.Match]:
    return random_moments(GAME, seed, players, steps, {"rounds": 3, **options})


def pile(parts: Sequence[Part], prefix: str) -> Pile:
    return next(p for p in parts if isinstance(p, Pile) and p.label.startswith(prefix))


def faces(drawn: Picture) -> list[Face]:
    parts = [p for s in drawn.seats for p in s.parts] + [*drawn.centre, *drawn.hand]
    return [c for p in parts if isinstance(p, Pile) for c in p.cards]


@pytest.mark.parametrize(("seed", "players", "real_time"), [(1, 3, False), (2, 4, True)])
def test_the_table_drawn_matches_the_view_all_game_long(
    seed: int, players: int, real_time: bool
) -> None:
    for match in moments(seed, players, real_time=real_time):
        for seat in (None, *range(players)):
            view, drawn = match.view(seat), picture(match, seat)
            assert pile(drawn.centre, "Pioche").as_json()["count"] == view["draw_size"]
            assert len(pile(drawn.centre, "Ingrédients au centre").cards) == len(view["centre"])
            utensils = pile(drawn.centre, "Ustensiles au centre").cards
            window = view["window"] or {}
            fought_over = 1 if window.get("utensil") in view["centre_utensils"] else 0
            assert len(utensils) == len(view["centre_utensils"]) - fought_over
            for other in range(players):
                parts, notes = drawn.seats[other].parts, drawn.seats[other].notes
                if other == seat:
                    surface, hands = drawn.hand
                else:
                    surface, hands = pile(parts, "Plan de travail"), pile(parts, "Mains")
                assert len(surface.cards) == len(view["surfaces"][other]) <= 5
                held = [f.name for f in hands.cards if f.name != "main libre"]
                assert len(hands.cards) == 2 and len(held) == len(view["hands"][other])
                side = pile(parts, "Carte").cards[0].name
                assert ("galette" if "galette" in side else "crepe") == view["faces"][other]
                assert f"Score : {view['scores'][other]}" in notes
                dishes = view["dishes"][other]
                if dishes:
                    shown = pile(parts, "Plats").cards
                    assert [int(f.corner) for f in shown] == [d["points"] for d in dishes]


def test_a_falling_utensil_and_a_teut_are_drawn_as_they_happen() -> None:
    m = scenario_match(
        ["rozenn", "soazig", "tyfenn", "katell"],
        hands=[["fourchette"], [], [], []],
        surfaces=[[], ["oeuf"], ["tomate", "jambon", "saucisse"], []],
        centre=["jambon"],
        reveal=False,
    )
    m.act(0, take("jambon", drop="fourchette"))
    falling = picture(m, 1)
    fall = pile(falling.centre, "La fourchette tombe au centre")
    assert fall.seat is None and fall.cards[0].plays == grab()  # in the centre, where it falls
    # Drawn once: falling, not also lying among the centre's utensils.
    lying = pile(falling.centre, "Ustensiles au centre").cards
    assert "la fourchette" not in [face.name for face in lying]
    assert "a lâché la fourchette" in falling.seats[0].notes
    assert "peut répondre" in falling.seats[1].notes
    m.act(1, grab())
    m.act(2, grab())
    m.act(3, PASS)
    assert "dans le TEUT !" in picture(m, None).seats[2].notes
    surface = pile(picture(m, 2).hand, "Vos ingrédients").cards
    assert [face.plays for face in surface] == [bid(c) for c in ("tomate", "jambon", "saucisse")]
    m.act(2, bid("saucisse"))
    mine = pile(picture(m, 2).centre, "TEUT !").cards
    theirs = pile(picture(m, 1).centre, "TEUT !").cards
    assert [f.down for f in mine] == [False, False] and "saucisse" in mine[1].name
    assert [f.down for f in theirs] == [False, True]


def test_a_dish_cooked_lies_before_its_cook_with_its_points() -> None:
    m = scenario_match(
        ["rozenn", "soazig", "tyfenn"],
        hands=[["couteau"], [], []],
        surfaces=[["oeuf", "jambon", "fromage"], [], []],
        faces=["galette", "crepe", "galette"],
        reveal=False,
    )
    m.act(0, STOP)
    m.act(0, cook("oeuf", "jambon", "fromage"))
    seat = picture(m, 1).seats[0]
    (dish,) = pile(seat.parts, "Plats").cards
    assert dish.name == "la complète, sa spécialité : 17 points" and dish.corner == "17"
    assert "Score : 17" in seat.notes and pile(seat.parts, "Plan de travail").cards == ()
    assert pile(seat.parts, "Carte").cards[0].name == "côté crêpe : à cuisiner"


def single_card_actions(legal: Sequence[Action]) -> list[Action]:
    """Actions naming one card (or utensil) that are the only ones of their kind for it."""
    keyed = [a for a in legal if a.get("card") or a["type"] == "utensil"]

    def key(a: Action) -> tuple[object, ...]:
        return (a["type"], a.get("card"), a.get("utensil"), a.get("target"))

    return [a for a in keyed if sum(key(b) == key(a) for b in keyed) == 1]


@pytest.mark.parametrize(("seed", "players"), [(3, 3), (4, 5)])
def test_every_click_is_legal_and_every_single_card_action_is_a_click(
    seed: int, players: int
) -> None:
    for match in moments(seed, players):
        for seat in match.to_act:
            legal = match.legal_actions(seat)
            drawn = picture(match, seat)
            plays = [face.plays for face in faces(drawn) if face.plays is not None]
            assert all(action in legal for action in plays)
            assert all(action in plays for action in single_card_actions(legal))
            # A card taken in several ways (dropping this utensil or that) offers them all.
            choices = [a for face in faces(drawn) for a in face.choices]
            assert all(a in legal for a in choices)
            assert all(len(face.choices) != 1 for face in faces(drawn))
            takes = [a for a in legal if a["type"] == "take"]
            assert all(a in plays or a in choices for a in takes)
            assert all(face.plays or face.why for p in drawn.hand for face in p.cards)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_has_a_name_in_each_language(lang: Lang) -> None:
    for match in moments(5, players=4, steps=80):
        for seat in (None, *range(4)):
            assert all(face.name for face in faces(picture(match, seat, lang)))
    english = " ".join(p.label for p in picture(match, 0, "en").centre if isinstance(p, Pile))
    assert "Draw pile" in english and "Pioche" not in english


def test_a_seat_draws_the_same_table_in_every_world_it_cannot_tell_apart() -> None:
    for step, match in enumerate(moments(6, players=4, real_time=False)):
        if step % 5:
            continue
        for seat in range(4):
            world = match.determinize(seat, step)
            assert picture(world, seat) == picture(match, seat)


def test_the_picture_goes_through_json() -> None:
    for match in moments(7, players=3, steps=60):
        drawn = picture(match, match.to_act[0] if match.to_act else None, "en").as_json()
        assert json.loads(json.dumps(drawn)) == drawn
