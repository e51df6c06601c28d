"""The table drawn for sighted players: the manche's rule is a rule, never a card in play."""

from __future__ import annotations

from popote.core.i18n import Lang
from popote.core.picture import RULE, Pile
from popote.games.bouillabaisse import GAME
from popote.games.bouillabaisse.scenario import scenario_match

PRESENTER = GAME.presenter
NAMES = ["Anne", "Bao"]


def centre(manche: int, lang: Lang, suit: str = "S") -> tuple[Pile, ...]:
    match = scenario_match([["KH", "3C"], ["AH", "2C"]], manche=manche, suit=suit)
    drawn = PRESENTER.picture(match.view(0), match.legal_actions(0), lang, NAMES)
    assert drawn is not None
    return tuple(part for part in drawn.centre if isinstance(part, Pile))


def test_the_manche_rule_is_a_pile_of_its_own_role_named_as_the_rule_not_a_play() -> None:
    # Manche 2 counts spades: its card reads "10" and "♠", as a ten of spades would.
    rules = [pile for pile in centre(2, "fr") if pile.role == RULE]
    assert len(rules) == 1
    (rule,) = rules
    assert rule.label == "Manche 2 sur 6 — sa règle, pas une carte jouée"
    (card,) = rule.cards
    assert (card.corner, card.sign) == ("10", "♠")
    assert card.name == "Règle : 10 points par carte de pique"
    assert card.title == "Règle" and card.plays is None and not card.choices
    assert rule.as_json()["role"] == "rule"
    english = next(pile for pile in centre(2, "en") if pile.role == RULE)
    assert english.label == "Deal 2 of 6 — its rule, not a card in play"
    assert english.cards[0].name.startswith("Rule: 10 points")


def test_cards_in_play_have_no_role_and_every_rule_of_manche_5_is_on_the_plaque() -> None:
    piles = centre(5, "fr")
    (rule,) = [pile for pile in piles if pile.role == RULE]
    assert len(rule.cards) == 4
    assert all(card.name.startswith("Règle : ") for card in rule.cards)
    assert all(pile.role == "" for pile in piles if pile is not rule)
