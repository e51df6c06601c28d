"""What the learned networks read: the observation, and for some games a few numbers
derived from it alone (so they can never know more than the observation does).

As DouZero describes each candidate action to its network, Les Pieds dans le Plat's network
is told, for each number card, where the total would land: on an island another seat
holds, on one of its own, and how many of the next player's ten possible totals after it
would hit an island that player does not hold. A small network finds these sums hard to
learn from the raw vector on a small budget; everything else it learns by itself.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from popote.rl.games import TABLES
from popote.rl.games import bouillabaisse as bouil
from popote.rl.games.pieds_dans_le_plat import ISLANDS, MAX_PLAYERS, TOTAL_SCALE

PIEDS = "pieds-dans-le-plat"
BOUILLABAISSE = "bouillabaisse"
RANK_OF = np.arange(len(bouil.CARDS)) % len(bouil.RANKS)
SUIT_OF = np.arange(len(bouil.CARDS)) // len(bouil.RANKS)
FIGURE_RANKS = np.array([bouil.RANKS.index(figure) for figure in bouil.FIGURES])
CARDS = np.arange(10)
STEPS = np.arange(10)


def _pieds_extras(observations: np.ndarray) -> np.ndarray:
    offsets = TABLES[PIEDS].observation.offsets()
    rows = len(observations)
    start, width = offsets["islands"]
    islands = observations[:, start : start + width].reshape(rows, MAX_PLAYERS, len(ISLANDS)) > 0
    others = np.asarray(islands[:, 1:].any(axis=1))
    own = np.asarray(islands[:, 0])
    against_next = np.asarray(islands[:, 0] | islands[:, 2:].any(axis=1))
    total = np.rint(observations[:, offsets["total"][0]] * TOTAL_SCALE).astype(np.int64)
    step = 1 - 2 * (observations[:, offsets["direction"][0]] > 0.5)
    landing = total[:, None] + step[:, None] * CARDS[None, :]  # rows x cards
    place = landing - ISLANDS[0]
    inside = (place >= 0) & (place < len(ISLANDS))
    clipped = np.clip(place, 0, len(ISLANDS) - 1)
    row = np.arange(rows)[:, None]
    hits_other = inside & others[row, clipped]
    hits_own = inside & own[row, clipped]
    after = place[:, :, None] + step[:, None, None] * STEPS[None, None, :]  # rows x cards x steps
    after_inside = (after >= 0) & (after < len(ISLANDS))
    after_hits = after_inside & against_next[row[:, :, None], np.clip(after, 0, len(ISLANDS) - 1)]
    return np.concatenate(
        [hits_other, hits_own, after_hits.mean(axis=2), landing / TOTAL_SCALE], axis=1
    ).astype(np.float32)


def _block(observations: np.ndarray, game: str, name: str) -> np.ndarray:
    start, width = TABLES[game].observation.offsets()[name]
    return observations[:, start : start + width]


def _bouillabaisse_extras(observations: np.ndarray) -> np.ndarray:
    """Per card: would it take the trick as it stands, and is it the manche's suit, figure
    or card; then whether the seat leads or plays last, and what the trick holds."""
    rows = len(observations)
    cards = len(bouil.CARDS)
    trick = _block(observations, BOUILLABAISSE, "trick").reshape(rows, bouil.MAX_PLAYERS, cards)
    in_trick = trick.sum(axis=1)  # rows x cards
    led = _block(observations, BOUILLABAISSE, "led")
    leading = in_trick.sum(axis=1) == 0
    led_cards = led[:, SUIT_OF] > 0  # rows x cards: the card is of the suit led
    best = np.where((in_trick > 0) & led_cards, RANK_OF[None, :], -1).max(axis=1)
    would_win = leading[:, None] | (led_cards & (RANK_OF[None, :] > best[:, None]))
    suit = _block(observations, BOUILLABAISSE, "target_suit")[:, SUIT_OF]
    figure_of = np.zeros((rows, cards), dtype=np.float32)
    target_figure = _block(observations, BOUILLABAISSE, "target_figure")
    for place, rank in enumerate(FIGURE_RANKS):
        figure_of[:, rank == RANK_OF] = target_figure[:, place : place + 1]
    card = _block(observations, BOUILLABAISSE, "target_card")
    seats = _block(observations, BOUILLABAISSE, "seats").sum(axis=1)
    played = in_trick.sum(axis=1)
    scalars = np.stack(
        [
            leading,
            played == seats - 1,
            played / bouil.MAX_PLAYERS,
            (in_trick * suit).sum(axis=1) / 4,
            (in_trick * figure_of).sum(axis=1) / 4,
            (in_trick * card).sum(axis=1),
        ],
        axis=1,
    )
    return np.concatenate([would_win, suit, figure_of, card, scalars], axis=1).astype(np.float32)


EXTRAS: dict[str, Callable[[np.ndarray], np.ndarray]] = {
    PIEDS: _pieds_extras,
    BOUILLABAISSE: _bouillabaisse_extras,
}


def network_input(game: str, observations: np.ndarray) -> np.ndarray:
    """The rows the network of ``game`` reads, for a 2-D array of observations."""
    extras = EXTRAS.get(game)
    if extras is None:
        return observations
    return np.concatenate([observations, extras(observations)], axis=1)


def input_size(game: str) -> int:
    size = TABLES[game].observation.size
    return int(network_input(game, np.zeros((1, size), dtype=np.float32)).shape[1])
