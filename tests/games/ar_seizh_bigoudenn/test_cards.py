"""The designed card set fits everything the rulebook does say."""

from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from popote.games.ar_seizh_bigoudenn.cards import (
    BIGOUDENS,
    CARD_RANK,
    CREPE_VALUE,
    GALETTE_VALUE,
    INGREDIENTS,
    MENU,
    UTENSIL_ORDER,
    UTENSIL_RANK,
    Dish,
    deck_counts,
    is_valid_dish,
    kinds,
    sort_cards,
    with_added,
)

TAKING = {"couteau", "fourchette", "cuillere", "spatule"}


def test_menu_galettes_are_three_savoury_worth_seven_and_crepes_two_sweet_worth_three() -> None:
    for recipe in MENU:
        values = [INGREDIENTS[c].value for c in recipe.cards]
        assert is_valid_dish(recipe.dish, recipe.cards)
        if recipe.dish is Dish.GALETTE:
            assert len(values) == 3 and sum(values) == GALETTE_VALUE
            assert all(INGREDIENTS[c].savoury for c in recipe.cards)
        else:
            assert len(values) == 2 and sum(values) == CREPE_VALUE
            assert not any(INGREDIENTS[c].savoury for c in recipe.cards)
    assert Counter(r.dish for r in MENU) == {Dish.GALETTE: 7, Dish.CREPE: 7}


def test_every_recipe_can_be_made_from_the_deck_and_every_card_serves() -> None:
    for players in (2, 7):
        deck = Counter(deck_counts(players))
        for recipe in MENU:
            assert not Counter(recipe.cards) - deck
    used = {c for r in MENU for c in r.cards}
    assert used == set(INGREDIENTS)


def test_utensils_required_are_the_four_taking_ones() -> None:
    assert len(UTENSIL_ORDER) == 7
    assert {c.utensil for c in INGREDIENTS.values()} == TAKING | {None}
    for recipe in MENU:
        needs = [INGREDIENTS[c].utensil for c in recipe.cards if INGREDIENTS[c].utensil]
        assert len(needs) == len(set(needs)) == (2 if recipe.dish is Dish.GALETTE else 1)


def test_seven_bigoudens_each_with_one_galette_and_one_crepe_of_her_own() -> None:
    names = {b.name for b in BIGOUDENS.values()}
    assert {"Rozenn", "Soazig", "Tyfenn", "Katell"} <= names and len(names) == 7
    owners = Counter(s for b in BIGOUDENS.values() for s in b.specialties)
    assert owners == Counter({r.key: 1 for r in MENU})
    by_key = {r.key: r for r in MENU}
    for b in BIGOUDENS.values():
        assert sorted(by_key[s].dish.value for s in b.specialties) == ["crepe", "galette"]


def test_every_ingredient_has_french_and_breton_names() -> None:
    for card in INGREDIENTS.values():
        assert card.fr and card.br and card.en and card.count > 0


def utensils_of(*recipes: str) -> set[str | None]:
    by_key = {r.key: r for r in MENU}
    return {INGREDIENTS[c].utensil for r in recipes for c in by_key[r].cards} - {None}


def test_specialties_need_three_different_utensils_except_gwenolas() -> None:
    spread = {key: len(utensils_of(*b.specialties)) for key, b in BIGOUDENS.items()}
    assert spread == {key: 2 if key == "gwenola" else 3 for key in BIGOUDENS}
    # No other crêpe would do: every crêpe needs one of the Lesconil galette's two utensils.
    crepes = [r.key for r in MENU if r.dish is Dish.CREPE]
    assert all(utensils_of(c) <= utensils_of("lesconil") for c in crepes)


_CARDS = st.sampled_from(sorted(INGREDIENTS))
_UTENSILS = st.sampled_from(UTENSIL_ORDER)


@given(st.lists(_CARDS, max_size=20), st.lists(_CARDS, max_size=4))
def test_cards_slipped_into_a_sorted_row_keep_the_card_set_order(
    row: list[str], added: list[str]
) -> None:
    kept = sort_cards(row)
    merged = with_added(kept, added, CARD_RANK)
    assert merged == sort_cards([*row, *added])
    assert kept == sort_cards(row)  # the row itself is left as it was
    assert kinds(merged) == list(dict.fromkeys(merged))


@given(st.lists(_UTENSILS, unique=True, max_size=6), _UTENSILS)
def test_a_utensil_slipped_into_a_hand_keeps_the_utensil_order(
    held: list[str], utensil: str
) -> None:
    held = [u for u in UTENSIL_ORDER if u in held and u != utensil]
    assert with_added(held, [utensil], UTENSIL_RANK) == [
        u for u in UTENSIL_ORDER if u in held or u == utensil
    ]
