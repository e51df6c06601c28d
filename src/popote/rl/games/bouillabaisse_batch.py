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
from popote.core.actions import Event
from popote.core.chance import Chance
from popote.core.errors import IllegalAction
from popote.core.options import OptionValue
from popote.games.bouillabaisse.cards import DECK_SIZE, PER_SUIT
from popote.games.bouillabaisse.config import Duplicate
from popote.games.bouillabaisse.rules import BouillabaisseState
from popote.games.bouillabaisse.scoring import MANCHES, POINTS, Rule, score_manche
from popote.games.bouillabaisse.views import points_of
from popote.rl.decisions import refusal
from popote.rl.games import TABLES
from popote.rl.games.bouillabaisse import CARDS, FIGURES, HAND_SCALE, RULES, SCORE_SCALE, SUITS
from popote.rl.games.bouillabaisse_fast import CARD, HANDS, OFFSET, gather_order

NAME = "bouillabaisse"
CARDS_IN_ORDER = np.arange(DECK_SIZE)
SUIT_OF_INDEX = CARDS_IN_ORDER // PER_SUIT


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
        self.states: list[BouillabaisseState] = []
        for row in range(count):
            self.states.append(self._start(row))
        self._show()

    # --- dealing: the engine's -------------------------------------------------------------

    def _start(self, row: int) -> BouillabaisseState:
        """A new match in ``row``, dealt by the engine from the next seed."""
        state, events = BouillabaisseState.deal(self.players, self.options, Chance(self.next_seed))
        self.next_seed += 1
        self.totals[row] = 0
        self._new_manche(row, state, events)
        return state

    def _new_manche(self, row: int, state: BouillabaisseState, events: Sequence[Event]) -> None:
        """Take in the engine's deal of a manche (its announcement and each seat's hand) and
        show it to every seat."""
        players = self.players
        held = [0] * (players * DECK_SIZE)  # counted in a list: numbers one by one are slow
        start: Event = {}
        for event in events:
            if event["type"] == "hand":
                base = event["seat"] * DECK_SIZE
                for name in event["cards"]:
                    held[base + CARD[name]] += 1
            elif event["type"] == "manche_start":
                start = event
        self.hands[row] = np.reshape(held, (players, DECK_SIZE))
        size = start["hand_size"]
        leader = start["leader"]
        self.hand_sizes[row] = size
        self.won[row] = 0
        self.tricks[row] = 0
        self.led[row] = -1
        self.in_trick[row] = 0
        self.left[row] = size * players
        self.leader[row] = leader
        self.last_winner[row] = -1
        self.seats[row] = leader
        self.card_points[row] = _card_points(start["rules"], start["targets"])
        self.trick_points[row] = POINTS[Rule.TRICKS] if Rule.TRICKS.value in start["rules"] else 0
        self.signs[row] = start["sign"]
        table = self._table(row, state, start)
        self.views[row * players : row * players + players] = table[self.orders]

    def _table(self, row: int, state: BouillabaisseState, start: Event) -> np.ndarray:
        """Every number of every seat's observation at the start of a manche, by absolute
        seat (the fast observer's layout)."""
        players = self.players
        table = np.zeros(HANDS + players * DECK_SIZE, dtype=np.float32)
        table[HANDS:] = self.hands[row].reshape(-1)
        table[OFFSET["seats"] : OFFSET["seats"] + players] = 1.0
        table[OFFSET["options"] : OFFSET["options"] + 4] = _option_flags(state)
        table[OFFSET["totals"] : OFFSET["totals"] + players] = self.totals[row] / SCORE_SCALE
        table[OFFSET["manche"] + start["manche"] - 1] = 1.0
        for rule in start["rules"]:
            table[OFFSET["rules"] + RULES.index(rule)] = 1.0
        table[OFFSET["sign"]] = float(start["sign"])
        targets = start["targets"]
        if targets["suit"] is not None:
            table[OFFSET["target_suit"] + SUITS.index(targets["suit"])] = 1.0
        if targets["figure"] is not None:
            table[OFFSET["target_figure"] + FIGURES.index(targets["figure"])] = 1.0
        if targets["card"] is not None:
            table[OFFSET["target_card"] + CARD[targets["card"]]] = 1.0
        table[OFFSET["dealer"] + start["dealer"]] = 1.0
        table[OFFSET["leader"] + start["leader"]] = 1.0
        table[OFFSET["hand_sizes"] : OFFSET["hand_sizes"] + players] = (
            start["hand_size"] / HAND_SCALE
        )
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
        for row in rows[self.left[rows] == 0].tolist():
            self._end_manche(row)

    def _end_manche(self, row: int) -> None:
        """Score the manche the engine's way, then deal the next one or start a new match."""
        state = self.states[row]
        config = state.config
        won = [np.repeat(CARDS_IN_ORDER, counts).tolist() for counts in self.won[row]]
        scores, _, _ = score_manche(
            state.manche,
            won,
            self.tricks[row].tolist(),
            state.targets,
            config.tout_ou_rien,
            config.scope,
        )
        totals = self.totals[row] + scores
        self.totals[row] = totals
        if state.manche < MANCHES:
            self._new_manche(row, state, state.start_manche())
            return
        lowest = totals.min()  # lower is better: the lowest totals win
        self.rewards[row] = np.where(totals == lowest, 1.0, -1.0)
        self.final_totals[row] = totals
        self.done[row] = True
        self.states[row] = self._start(row)

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


_CARD_POINTS: dict[tuple[tuple[str, ...], tuple[tuple[str, str | None], ...]], np.ndarray] = {}


def _card_points(rules: Sequence[str], targets: Mapping[str, str | None]) -> np.ndarray:
    """The worth of taking each card under a manche's rules and targets (the engine's
    :func:`points_of`), worked out once per distinct manche."""
    key = (tuple(rules), tuple(sorted(targets.items())))
    known = _CARD_POINTS.get(key)
    if known is None:
        view = {"rules": list(rules), "targets": dict(targets)}
        known = _CARD_POINTS[key] = np.array(
            [points_of(card, view) for card in CARDS], dtype=np.int64
        )
    return known


def _option_flags(state: BouillabaisseState) -> list[float]:
    config = state.config
    return [
        float(config.decks == 2),
        float(config.tout_ou_rien),
        float(config.scope.value == "manche"),
        float(config.duplicate is Duplicate.LAST),
    ]
