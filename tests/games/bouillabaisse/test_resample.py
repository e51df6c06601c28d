"""Dealing the hidden cards again: every shown void kept, a deal always found."""

from __future__ import annotations

from popote.core.chance import Chance
from popote.core.options import resolve_options
from popote.games.bouillabaisse import GAME
from popote.games.bouillabaisse.cards import CARD_ID, SUIT_OF, SUITS
from popote.games.bouillabaisse.config import Config
from popote.games.bouillabaisse.rules import BouillabaisseState
from popote.games.bouillabaisse.views import resample_hands, suit_counts

ALL_SUITS = (1 << len(SUITS)) - 1


def lacks(*suits: str) -> int:
    return sum(1 << SUITS.index(suit) for suit in suits)


def test_suit_counts_place_every_card_whenever_a_deal_exists() -> None:
    chance = Chance(3)
    for _ in range(500):
        seats = 2 + chance.below(10)
        pool = sorted(chance.below(52) for _ in range(seats * (1 + chance.below(6))))
        size = len(pool) // seats
        truth = [pool[seat * size : seat * size + size] for seat in range(seats)]
        # Each seat may have shown any of the suits it truly lacks.
        voids = [
            ALL_SUITS
            & ~sum(1 << suit for suit in {SUIT_OF[card] for card in hand})
            & chance.below(ALL_SUITS + 1)
            for hand in truth
        ]
        counts = suit_counts(pool, dict.fromkeys(range(seats), size), voids)
        for seat, given in counts.items():
            assert sum(given) == size
            assert all(not count or not voids[seat] >> suit & 1 for suit, count in enumerate(given))
        for suit in range(len(SUITS)):
            held = sum(SUIT_OF[card] == suit for card in pool)
            assert sum(given[suit] for given in counts.values()) == held


def test_a_deal_random_tries_rarely_find_is_still_made() -> None:
    """Each suit has one place left once the only seat holding spades is full: random deals
    (almost) never find it, so the deal built suit by suit gives it."""
    options = resolve_options(GAME.spec.options, {})
    state = BouillabaisseState(Config.from_options(5, options), Chance(0))
    ranks = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J")
    cards = {suit: [CARD_ID[rank + suit] for rank in ranks] for suit in SUITS}
    own = [CARD_ID[rank + suit] for rank in ("Q", "K", "A") for suit in SUITS]
    truth = [own, cards["D"], cards["C"], cards["H"], cards["S"]]
    state.set_hands([sorted(hand) for hand in truth])
    state.voids = [0, lacks("H", "S"), lacks("D", "H", "S"), lacks("C", "S"), lacks("C", "D")]
    for seed in range(5):
        hands = resample_hands(state, 0, Chance(seed))
        assert hands == [sorted(hand) for hand in truth]
