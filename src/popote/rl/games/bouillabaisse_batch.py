"""Many Bouillabaisse matches played as NumPy arrays, one row per match.

:class:`popote.rl.batch.BatchEnv` steps each match through the engine, one Python call
after another, which caps it near the engine's own speed. Here the card play of every
match moves at once: one array operation per step for all rows, whatever their count.
The engine still deals every manche (the row's :class:`BouillabaisseState`, from the same
seed as :func:`popote.new_match`, draws its targets and shuffles) and still scores it
(:func:`score_manche`); what is written again here, as array operations, is only the play
of a trick: follow the suit led if you can, the highest card of that suit takes the trick
(the first or the later of two copies, as the ``duplicate`` option says), the winner leads.
``tests/rl/test_bouillabaisse_batch.py`` plays it beside :class:`BatchEnv` over every
player count and option and finds the same seats, masks, observations and rewards at every
step; a change to those rules must change both.

>>> batch = BouillabaisseBatch(count=4, players=4, seed=100)
>>> batch.observations.shape, batch.masks.shape, batch.seats.tolist()
((4, 890), (4, 52), [1, 1, 1, 1])
>>> rewards, done = batch.step(batch.masks.argmax(axis=1))
>>> batch.seats.tolist(), bool(done.any())
([2, 2, 2, 2], False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

import popote
from popote.core.chance import Chance
from popote.core.errors import IllegalAction
from popote.core.options import OptionValue
from popote.games.bouillabaisse.cards import DECK_SIZE, NAMES, PER_SUIT
from popote.games.bouillabaisse.config import Config, Duplicate
from popote.games.bouillabaisse.rules import BouillabaisseState
from popote.games.bouillabaisse.scoring import (
    MANCHES,
    POINTS,
    RULES_OF,
    Rule,
    Targets,
    card_weights,
    score_packed,
    sign_of,
)
from popote.games.bouillabaisse.views import named_targets, points_of
from popote.rl.decisions import refusal
from popote.rl.games import TABLES
from popote.rl.games.bouillabaisse import CARDS, FIGURES, HAND_SCALE, RULES, SCORE_SCALE, SUITS
from popote.rl.games.bouillabaisse_fast import HANDS, OFFSET, gather_order

NAME = "bouillabaisse"
CARDS_IN_ORDER = np.arange(DECK_SIZE)
SUIT_OF_INDEX = CARDS_IN_ORDER // PER_SUIT
EACH_MANCHE = range(MANCHES + 1)  # tables below are read by manche number (0 unused)
SIGNS = np.array([sign_of(manche) for manche in EACH_MANCHE], dtype=np.int64)
TRICK_POINTS = np.array(
    [POINTS[Rule.TRICKS] if Rule.TRICKS in RULES_OF.get(m, ()) else 0 for m in EACH_MANCHE],
    dtype=np.int64,
)
RULE_FLAGS = np.array(
    [[rule in (r.value for r in RULES_OF.get(m, ())) for rule in RULES] for m in EACH_MANCHE],
    dtype=np.float32,
)
FIGURE_OF_RANK: dict[int | None, int] = {
    rank: FIGURES.index(NAMES[rank][:-1]) for rank in range(PER_SUIT) if NAMES[rank][:-1] in FIGURES
}
"""The engine's figure ranks by their place in the observation's figure block."""


class BouillabaisseBatch:
    """``count`` Bouillabaisse matches; match ``i`` starts with seed ``seed + i``.

    The same attributes and :meth:`step` as :class:`popote.rl.batch.BatchEnv`:
    ``observations``, ``masks``, ``seats``, and ``step(actions)`` giving the rewards and
    which matches ended (a finished match starts again with the next seed). Each seat's
    observation is kept whole and up to date (what a play changes is written once per
    seat), so showing a row's seat is one copy.
    """

    def __init__(
        self,
        count: int,
        players: int | None = None,
        options: Mapping[str, OptionValue] | None = None,
        seed: int = 0,
    ) -> None:
        first = popote.new_match(NAME, players, seed, options)  # checks every argument
        self.tables = TABLES[NAME]
        self.players = players = first.players
        self.options = first.options
        self.count = count
        self.next_seed = seed
        self.later_wins = self.options["duplicate"] == Duplicate.LAST.value
        size = self.tables.observation.size
        self.observations = np.zeros((count, size), dtype=np.float32)
        """Row ``i``: what the seat asked in match ``i`` is shown."""
        self.masks = np.zeros((count, DECK_SIZE), dtype=np.int8)
        """Row ``i``: 1 for each card that seat may play."""
        self.seats = np.zeros(count, dtype=np.int64)
        """The seat asked in each match."""
        self.rewards = np.zeros((count, players), dtype=np.float32)
        self.done = np.zeros(count, dtype=bool)
        self.views = np.zeros((count * players, size), dtype=np.float32)
        """Row ``match * players + seat``: that seat's observation of that match."""
        self.orders = np.stack([gather_order(seat, players) for seat in range(players)])
        self.rows = np.arange(count)
        self.viewers = np.arange(players)[None, :]
        # seen_from[seat, viewer]: where ``seat`` sits counted from ``viewer``
        self.seen_from = (self.viewers.T - self.viewers) % players
        self.all_lines = self._every_seat(self.rows)
        self.hands = np.zeros((count, players, DECK_SIZE), dtype=np.int8)
        self.hand_sizes = np.zeros((count, players), dtype=np.int64)
        self.trick = np.zeros((count, players), dtype=np.int64)
        self.won = np.zeros((count, players, DECK_SIZE), dtype=np.int64)
        self.tricks = np.zeros((count, players), dtype=np.int64)
        self.led = np.full(count, -1, dtype=np.int64)
        self.best = np.zeros(count, dtype=np.int64)
        self.best_seat = np.zeros(count, dtype=np.int64)
        self.in_trick = np.zeros(count, dtype=np.int64)
        self.left = np.zeros(count, dtype=np.int64)
        self.leader = np.zeros(count, dtype=np.int64)
        self.last_winner = np.full(count, -1, dtype=np.int64)
        self.totals = np.zeros((count, players), dtype=np.int64)
        self.final_totals = np.zeros((count, players), dtype=np.int64)
        """Row ``i``: the totals match ``i`` ended with, when ``done[i]`` (lower is better)."""
        self.card_points = np.zeros((count, DECK_SIZE), dtype=np.int64)
        """What taking each card is worth in each row's manche, before its sign."""
        self.trick_points = np.zeros(count, dtype=np.int64)
        self.signs = np.ones(count, dtype=np.int64)
        self.option_flags = _option_flags(Config.from_options(players, self.options))
        self.states: list[BouillabaisseState] = [self._fresh_state() for _ in range(count)]
        self._deal(self.rows)
        self._show()

    # --- dealing: the engine's -------------------------------------------------------------

    def _fresh_state(self) -> BouillabaisseState:
        """A new match, set up by the engine from the next seed."""
        state = BouillabaisseState.for_arrays(self.players, self.options, Chance(self.next_seed))
        self.next_seed += 1
        return state

    def _deal(self, rows: np.ndarray) -> None:
        """The engine deals the next manche of each match in ``rows``; every seat of them is
        shown its start."""
        players = self.players
        states = [self.states[row] for row in rows.tolist()]
        cards = np.array([state.next_hands() for state in states], dtype=np.int64)
        lines = (
            np.arange(len(rows))[:, None, None] * players + self.viewers[:, :, None]
        ) * DECK_SIZE
        held = np.bincount((lines + cards).reshape(-1), minlength=len(rows) * players * DECK_SIZE)
        self.hands[rows] = held.reshape(len(rows), players, DECK_SIZE)
        manches = np.array([state.manche for state in states])
        leaders = np.array([state.leader for state in states])
        size = cards.shape[2]
        self.hand_sizes[rows] = size
        self.won[rows] = 0
        self.tricks[rows] = 0
        self.led[rows] = -1
        self.in_trick[rows] = 0
        self.left[rows] = size * players
        self.leader[rows] = leaders
        self.last_winner[rows] = -1
        self.seats[rows] = leaders
        self.card_points[rows] = [_card_points(state.manche, state.targets) for state in states]
        self.trick_points[rows] = TRICK_POINTS[manches]
        self.signs[rows] = SIGNS[manches]
        table = self._table(rows, states, manches, size)
        self.views[self._every_seat(rows)] = table[:, self.orders]

    def _table(
        self, rows: np.ndarray, states: list[BouillabaisseState], manches: np.ndarray, size: int
    ) -> np.ndarray:
        """Every number of every seat's observation at the start of a manche, by absolute
        seat (the fast observer's layout), one line per match of ``rows``."""
        players = self.players
        lines = np.arange(len(rows))
        table = np.zeros((len(rows), HANDS + players * DECK_SIZE), dtype=np.float32)
        table[:, HANDS:] = self.hands[rows].reshape(len(rows), -1)
        table[:, OFFSET["seats"] : OFFSET["seats"] + players] = 1.0
        table[:, OFFSET["options"] : OFFSET["options"] + 4] = self.option_flags
        table[:, OFFSET["totals"] : OFFSET["totals"] + players] = self.totals[rows] / SCORE_SCALE
        table[lines, OFFSET["manche"] + manches - 1] = 1.0
        table[:, OFFSET["rules"] : OFFSET["rules"] + len(RULES)] = RULE_FLAGS[manches]
        table[:, OFFSET["sign"]] = SIGNS[manches]
        for block, drawn in (
            ("target_suit", [state.targets.suit for state in states]),
            ("target_figure", [FIGURE_OF_RANK.get(state.targets.rank) for state in states]),
            ("target_card", [state.targets.card for state in states]),
        ):
            known = [(line, index) for line, index in enumerate(drawn) if index is not None]
            if known:
                at, index = np.array(known).T
                table[at, OFFSET[block] + index] = 1.0
        dealers = np.array([state.dealer for state in states])
        table[lines, OFFSET["dealer"] + dealers] = 1.0
        table[lines, OFFSET["leader"] + self.leader[rows]] = 1.0
        table[:, OFFSET["hand_sizes"] : OFFSET["hand_sizes"] + players] = size / HAND_SCALE
        return table

    # --- playing: every row at once ------------------------------------------------------------

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Play card ``actions[i]`` in match ``i``; the rewards (one row of seats per match,
        zeros but where a match just ended) and which matches ended. A card a mask forbids
        raises :class:`popote.IllegalAction` before any match moves."""
        cards = self._checked(actions)
        rows, seats = self.rows, self.seats
        every = self.all_lines
        places = self.seen_from[seats]
        views = self.views
        self.hands[rows, seats, cards] -= 1
        views[rows * self.players + seats, OFFSET["hand"] + cards] -= 1.0
        views[every, OFFSET["played"] + cards[:, None]] += 1.0
        views[every, OFFSET["trick"] + places * DECK_SIZE + cards[:, None]] = 1.0
        sizes = self.hand_sizes[rows, seats] - 1
        self.hand_sizes[rows, seats] = sizes
        views[every, OFFSET["hand_sizes"] + places] = (sizes / HAND_SCALE)[:, None]
        self.trick[rows, seats] = cards
        self._take_best(rows, seats, cards)
        self.in_trick += 1
        self.left -= 1
        over = self.in_trick == self.players
        self.seats = (seats + 1) % self.players
        self.rewards.fill(0.0)
        self.done.fill(False)
        if over.any():
            self._end_tricks(np.flatnonzero(over))
        self._show()
        return self.rewards, self.done

    def _every_seat(self, rows: np.ndarray) -> np.ndarray:
        """The rows of ``views`` of every seat of each match in ``rows`` (one line each)."""
        return rows[:, None] * self.players + self.viewers

    def _checked(self, actions: Sequence[int] | np.ndarray) -> np.ndarray:
        if len(actions) != self.count:
            raise IllegalAction(
                popote.Text(
                    "une action par partie est attendue : {count}, reçu {given}",
                    "one action per match is expected: {count}, got {given}",
                ).format(count=self.count, given=len(actions))
            )
        given = np.asarray(actions)
        if given.dtype.kind in "iu" and given.ndim == 1:
            cards = given.astype(np.int64)
            inside = (cards >= 0) & (cards < DECK_SIZE)
            if inside.all() and self.masks[self.rows, cards].all():
                return cards
        for row, index in enumerate(list(actions)):  # the first refused one, told as the env does
            legal = np.flatnonzero(self.masks[row]).tolist()
            integer = type(index) is int or isinstance(index, np.integer)
            if not integer or index not in legal:
                raise refusal(self.tables, int(self.seats[row]), index, legal)
        raise AssertionError("a refused action was not found")  # pragma: no cover

    def _take_best(self, rows: np.ndarray, seats: np.ndarray, cards: np.ndarray) -> None:
        """The card now taking each trick: the first one led, then any higher of that suit."""
        leads = self.in_trick == 0
        suits = cards // PER_SUIT
        follows = ~leads & (suits == self.led)
        if self.later_wins:
            better = follows & (cards >= self.best)
        else:
            better = follows & (cards > self.best)
        takes = leads | better
        self.best = np.where(takes, cards, self.best)
        self.best_seat = np.where(takes, seats, self.best_seat)
        if leads.any():
            led_rows = rows[leads]
            self.led[led_rows] = suits[leads]
            self.views[self._every_seat(led_rows), (OFFSET["led"] + suits[leads])[:, None]] = 1.0

    def _end_tricks(self, rows: np.ndarray) -> None:
        views = self.views
        winners = self.best_seat[rows]
        every = self._every_seat(rows)
        np.add.at(self.won, (rows[:, None], winners[:, None], self.trick[rows]), 1)
        taken = self.tricks[rows, winners] + 1
        self.tricks[rows, winners] = taken
        places = self.seen_from[winners]
        views[every, OFFSET["tricks_taken"] + places] = (taken / HAND_SCALE)[:, None]
        lines = every.reshape(-1)
        trick = OFFSET["trick"]
        views[lines, trick : trick + self.players * DECK_SIZE] = 0.0
        views[lines, OFFSET["led"] : OFFSET["led"] + len(SUITS)] = 0.0
        for block, before in (("last_winner", self.last_winner), ("leader", self.leader)):
            was = before[rows]
            seen = was >= 0
            was_places = self.seen_from[was[seen]]
            views[every[seen], OFFSET[block] + was_places] = 0.0
            views[every, OFFSET[block] + places] = 1.0
            before[rows] = winners
        self.in_trick[rows] = 0
        self.led[rows] = -1
        self.seats[rows] = winners
        ending = rows[self.left[rows] == 0]
        if len(ending):
            self._end_manches(ending)

    def _end_manches(self, rows: np.ndarray) -> None:
        """Score the manche of each match in ``rows`` the engine's way, then deal the next
        one, or start a new match where it was the last."""
        states = [self.states[row] for row in rows.tolist()]
        weights = np.array([card_weights(state.targets) for state in states])
        packed = np.einsum("rsc,rc->rs", self.won[rows], weights).tolist()
        tricks = self.tricks[rows].tolist()
        config = states[0].config
        scores = [
            score_packed(state.manche, cards, taken, config.tout_ou_rien, config.scope)[0]
            for state, cards, taken in zip(states, packed, tricks, strict=True)
        ]
        totals = self.totals[rows] + np.array(scores, dtype=np.int64)
        self.totals[rows] = totals
        last = np.array([state.manche == MANCHES for state in states])
        if last.any():
            ended, final = rows[last], totals[last]
            lowest = final.min(axis=1, keepdims=True)  # lower is better: the lowest totals win
            self.rewards[ended] = np.where(final == lowest, 1.0, -1.0)
            self.final_totals[ended] = final
            self.done[ended] = True
            self.totals[ended] = 0
            for row in ended.tolist():
                self.states[row] = self._fresh_state()
        self._deal(rows)

    # --- what each row's seat is shown ---------------------------------------------------------

    def _show(self) -> None:
        rows, seats = self.rows, self.seats
        np.take(self.views, rows * self.players + seats, axis=0, out=self.observations)
        held = self.hands[rows, seats] > 0
        suit_held = np.asarray(held.reshape(self.count, len(SUITS), PER_SUIT).any(axis=2))
        led = self.led
        must_follow = (led >= 0) & suit_held[rows, np.maximum(led, 0)]
        same_suit = SUIT_OF_INDEX[None, :] == led[:, None]
        np.copyto(self.masks, held & (~must_follow[:, None] | same_suit), casting="unsafe")

    def info(self) -> dict[str, Any]:
        return {"game": NAME, "players": self.players, "options": dict(self.options)}

    def running_scores(self) -> np.ndarray:
        """Each row's scores as they stand (lower is better), counting the points already
        taken in the manche under way as :class:`popote.lab.tally.MancheTally` does: a
        trick's points reach its winner when it ends, "tout ou rien" waits for the manche's
        end."""
        taken = np.einsum("rsc,rc->rs", self.won, self.card_points)
        running = taken + self.tricks * self.trick_points[:, None]
        scores: np.ndarray = self.totals + self.signs[:, None] * running
        return scores


_CARD_POINTS: dict[tuple[int, Targets], np.ndarray] = {}


def _card_points(manche: int, targets: Targets) -> np.ndarray:
    """The worth of taking each card under a manche's rules and targets (the engine's
    :func:`points_of`), worked out once per distinct manche."""
    key = (manche, targets)
    known = _CARD_POINTS.get(key)
    if known is None:
        view = {
            "rules": [rule.value for rule in RULES_OF[manche]],
            "targets": named_targets(targets),
        }
        known = _CARD_POINTS[key] = np.array(
            [points_of(card, view) for card in CARDS], dtype=np.int64
        )
    return known


def _option_flags(config: Config) -> list[float]:
    return [
        float(config.decks == 2),
        float(config.tout_ou_rien),
        float(config.scope.value == "manche"),
        float(config.duplicate is Duplicate.LAST),
    ]
