"""Table options beyond the rules as written: the box's second Pâtissier at four players and
objective cards shuffled into the deck (decisions 31 and 32), and the balanced preset."""

from __future__ import annotations

import pytest

import popote
from popote.games.boom_badaboom import BALANCED_PRESET, GAME
from popote.games.boom_badaboom.scenario import scenario_match

from .helpers import OBJECTIVES, dealt_counts, opening


def dealt_roles(m: popote.Match) -> tuple[int, int, int]:
    roles = [m.view(s)["role"] for s in range(m.players)]
    return tuple(roles.count(r) for r in ("patissier", "farceur", "glouton"))  # type: ignore[return-value]


@pytest.mark.parametrize(("players", "counts"), [(3, (1, 1, 1)), (4, (2, 1, 1)), (5, (2, 2, 1))])
def test_two_bakers_deals_the_second_patissier_instead_of_a_farceur_at_four(
    players: int, counts: tuple[int, int, int]
) -> None:
    for seed in range(5):
        m = popote.new_match(
            "boom-badaboom", players=players, seed=seed, options={"roles": "two_bakers"}
        )
        assert dealt_roles(m) == counts


def test_the_opening_names_the_roles_actually_dealt() -> None:
    assert "2 Bakers, 1 Prankster, 1 Glutton" in opening(4, "en", roles="two_bakers")
    assert "1 Pâtissier, 2 Farceurs, 1 Glouton" in opening(4, "fr")


@pytest.mark.parametrize("players", [3, 4, 5])
def test_objectives_in_the_deck_deal_five_cards_to_everyone(players: int) -> None:
    m = popote.new_match(
        "boom-badaboom", players=players, seed=players, options={"glouton_deal": "deck"}
    )
    assert dealt_counts(m) == [5] * players
    assert m.view(None)["total_cards"] == 78 + 5
    in_hands = sum(k in OBJECTIVES for s in range(players) for k in m.view(s)["hand"])
    assert in_hands < 5


def test_a_glouton_nobody_saw_dealt_may_be_anyone_in_a_world() -> None:
    m = popote.new_match("boom-badaboom", players=4, seed=2, options={"glouton_deal": "deck"})
    roles = [m.view(s)["role"] for s in range(4)]
    glouton = roles.index("glouton")
    seat = next(s for s in range(4) if s != glouton)
    worlds = [m.determinize(seat, salt) for salt in range(30)]
    gloutons = {s for w in worlds for s in range(4) if w.view(s)["role"] == "glouton"}
    assert gloutons == {s for s in range(4) if s != seat}


def test_a_glouton_without_its_two_cards_keeps_the_cake_safe() -> None:
    hand = ["heat2", "cool1", "heat1"]
    m = scenario_match(
        hands=[hand, ["cool1"], ["cool1"]],
        roles=["glouton", "patissier", "farceur"],
        size=12,
        difficulty="cupcake",
    )
    assert GAME.heuristic_bot(0, 1).choose(m) == {"type": "play", "card": "cool1"}


def test_the_balanced_preset_is_two_table_options() -> None:
    assert BALANCED_PRESET == {"glouton_deal": "deck", "roles": "two_bakers"}
    m = popote.new_match("boom-badaboom", players=4, seed=0, options=BALANCED_PRESET)
    assert dealt_roles(m) == (2, 1, 1)
    assert dealt_counts(m) == [5, 5, 5, 5]
