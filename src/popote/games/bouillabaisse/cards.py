"""Cards of Bouillabaisse: small ints inside, short strings such as ``"QH"`` outside.

A card is ``suit * 13 + rank``: suits in bridge order clubs, diamonds, hearts, spades
(``C D H S``), ranks from 2 (index 0) to the ace (index 12). Its name is the rank followed
by the suit letter: ``"2C"``, ``"10D"``, ``"JH"``, ``"QS"``, ``"KH"``, ``"AC"``. With two
decks the two copies of a card share one name, one id and one action.

>>> CARD_ID["QH"], NAMES[36], SUIT_OF[CARD_ID["10D"]], rank_of(CARD_ID["AS"])
(36, 'QH', 1, 12)
>>> PLAY[CARD_ID["KS"]]
{'type': 'play', 'card': 'KS'}
>>> pack, removed = build_pack(players=5, decks=1)
>>> len(pack), [NAMES[card] for card in removed]
(50, ['2C', '2D'])
>>> pack, removed = build_pack(players=7, decks=2)
>>> len(pack) // 7, [NAMES[card] for card in removed]
(14, ['2C', '2D', '2H', '2S', '2C', '2D'])
"""

from __future__ import annotations

import enum
from functools import cache
from typing import Final

from popote.core.actions import Action, FrozenDict
from popote.core.chance import Chance

SUITS: tuple[str, ...] = ("C", "D", "H", "S")
RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECK_SIZE = 52
PER_SUIT = 13

NAMES: Final[tuple[str, ...]] = tuple(
    RANKS[c % PER_SUIT] + SUITS[c // PER_SUIT] for c in range(DECK_SIZE)
)
CARD_ID: Final[dict[str, int]] = {name: card for card, name in enumerate(NAMES)}
SUIT_OF: Final[tuple[int, ...]] = tuple(card // PER_SUIT for card in range(DECK_SIZE))
SUIT_ID: dict[str, int] = {letter: suit for suit, letter in enumerate(SUITS)}
RANK_ID: dict[str, int] = {rank: index for index, rank in enumerate(RANKS)}

# The only action of the game, built once per card and shared by both copies.
PLAY: Final[tuple[Action, ...]] = tuple(Action(type="play", card=name) for name in NAMES)

MAX_PLAYERS = 12
# The events of the hot path, built once and shared (they are frozen): PLAYED[seat][card]
# and TRICK_WON[winner].
PLAYED: Final[tuple[tuple[FrozenDict, ...], ...]] = tuple(
    tuple(FrozenDict(type="play", seat=seat, card=name) for name in NAMES)
    for seat in range(MAX_PLAYERS)
)
TRICK_WON: Final[tuple[FrozenDict, ...]] = tuple(
    FrozenDict(type="trick", winner=seat) for seat in range(MAX_PLAYERS)
)

# "auto": one deck up to 6 players (8 or more cards each), two decks from 7 players
# (14 cards each at 7, 8 at 12) instead of 7 down to 4 with one deck.
TWO_DECKS_FROM = 7


class Decks(enum.Enum):
    AUTO = "auto"
    ONE = "one"
    TWO = "two"


# Beside random draws, a table may agree on its targets, which vary by region: any suit and
# any figure; the card among the two the rulebook names (the king of hearts or of spades).
class SuitChoice(enum.Enum):
    RANDOM = "random"
    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"


class FigureChoice(enum.Enum):
    RANDOM = "random"
    JACKS = "jacks"
    QUEENS = "queens"
    KINGS = "kings"


class CardChoice(enum.Enum):
    RANDOM = "random"
    KING_OF_HEARTS = "KH"
    KING_OF_SPADES = "KS"


FIXED_SUIT: dict[SuitChoice, int] = {
    SuitChoice.CLUBS: SUIT_ID["C"],
    SuitChoice.DIAMONDS: SUIT_ID["D"],
    SuitChoice.HEARTS: SUIT_ID["H"],
    SuitChoice.SPADES: SUIT_ID["S"],
}
FIGURES: tuple[int, ...] = (RANK_ID["J"], RANK_ID["Q"], RANK_ID["K"])
FIXED_FIGURE: dict[FigureChoice, int] = {
    FigureChoice.JACKS: RANK_ID["J"],
    FigureChoice.QUEENS: RANK_ID["Q"],
    FigureChoice.KINGS: RANK_ID["K"],
}


def rank_of(card: int) -> int:
    return card % PER_SUIT


def deck_count(players: int, choice: Decks) -> int:
    if choice is Decks.AUTO:
        return 2 if players >= TWO_DECKS_FROM else 1
    return 2 if choice is Decks.TWO else 1


def removal_order(decks: int) -> list[int]:
    """Weakest first: all 2s, then all 3s...; within a rank clubs, diamonds, hearts, spades;
    with two decks the first deck's copies of a rank go before the second deck's."""
    return [
        suit * PER_SUIT + rank
        for rank in range(PER_SUIT)
        for _copy in range(decks)
        for suit in range(len(SUITS))
    ]


@cache
def _pack(players: int, decks: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    extra = DECK_SIZE * decks % players
    removed = removal_order(decks)[:extra]
    pack = list(range(DECK_SIZE)) * decks
    for card in removed:
        pack.remove(card)
    return tuple(sorted(pack)), tuple(removed)


def build_pack(players: int, decks: int) -> tuple[list[int], list[int]]:
    """The cards dealt (sorted) and the cards set aside so that every hand is equal."""
    pack, removed = _pack(players, decks)
    return list(pack), list(removed)


# Final: the compiled build writes them into the shuffle instead of looking them up.
_HALF: Final = (1 << 32) - 1
_FRESH_BITS: Final = 40  # draw a new 64-bit number once fewer unused bits than this are left
_BITS_PER_SWAP: Final = 7  # a pack holds at most 104 cards < 2**7


def shuffle(cards: list[int], chance: Chance) -> None:
    """Fisher-Yates shuffle of at most 128 cards, four swaps per 64-bit number drawn.

    Each swap index is the integer part of (random fraction x bound); the fractional part
    left over is reused for the next swap while it keeps more than 33 unused bits, so the
    bias stays under 2**-33 per swap. It is four times cheaper than one draw per swap.

    The 64-bit fraction is kept as two 32-bit halves (``high``, ``low``), so that every
    product stays a machine-sized integer: the same swaps as multiplying the whole fraction.
    """
    high = low = 0
    bits = 0
    for top in range(len(cards) - 1, 0, -1):
        if bits < _FRESH_BITS:
            fraction = chance.next64()
            high, low = fraction >> 32, fraction & _HALF
            bits = 64
        low *= top + 1
        high = high * (top + 1) + (low >> 32)
        pick = high >> 32
        high &= _HALF
        low &= _HALF
        bits -= _BITS_PER_SWAP
        cards[top], cards[pick] = cards[pick], cards[top]
