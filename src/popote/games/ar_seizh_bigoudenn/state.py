"""The state of a match of Ar Seizh Bigoudenn: the table, the hands, the open windows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from mypy_extensions import mypyc_attr

from popote.core.actions import Action, Event
from popote.core.chance import Chance
from popote.core.deck import build_deck, draw, shuffle_canonically
from popote.core.game import GameState, Options, View
from popote.core.windows import ReactionWindow, SealedBids
from popote.games.ar_seizh_bigoudenn import turn, waltz
from popote.games.ar_seizh_bigoudenn.cards import (
    BIGOUDEN_ORDER,
    BIGOUDENS,
    CARD_RANK,
    DEFAULT_ROUNDS,
    REVEAL_PER_TURN,
    UTENSIL_ORDER,
    UTENSIL_RANK,
    deck_counts,
    sort_cards,
    with_added,
)
from popote.games.ar_seizh_bigoudenn.tables import (
    EventTable,
    Face,
    Stage,
    Teut,
)

NAME: Final = "ar-seizh-bigoudenn"
DROPPED: Final = EventTable("dropped", "seat", "utensil", "why")


def _copy(dish: dict[str, Any]) -> dict[str, Any]:
    return {**dish, "cards": list(dish["cards"])}


def sort_utensils(utensils: list[str]) -> list[str]:
    return sorted(utensils, key=UTENSIL_RANK.__getitem__)


@mypyc_attr(allow_interpreted_subclasses=True)
class ArSeizhState(GameState):
    """Everything on the table. Ingredients in front of a player are public."""

    # Declared again here so that the compiled build keeps them in the state's own slots,
    # read natively, rather than in the dict of the plain base's attributes.
    players: int
    to_act: tuple[int, ...]
    over: bool

    def __init__(
        self, players: int, chance: Chance, real_time: bool = False, rounds: int = DEFAULT_ROUNDS
    ) -> None:
        self.players = players
        self.rounds = rounds
        self.chance = chance
        self.real_time = real_time
        self.bigoudens: list[str] = []
        self.draw: list[str] = []  # the top is the end of the list
        self.centre: list[str] = []  # ingredients in the centre, sorted
        self.centre_utensils: list[str] = []
        self.surfaces: list[list[str]] = [[] for _ in range(players)]
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.faces: list[Face] = [Face.GALETTE] * players
        self.dishes: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        self.cooked: list[str] = []  # ingredients under the Galette/Crêpe cards (out of play)
        self.marmite: list[str] = []  # ingredients spent in TEUTs and not recovered
        self.scores: list[int] = [0] * players
        self.current = 0
        self.round = 1
        self.actions_left = 0
        # what the hand that has not acted yet this turn holds; None while neither has acted
        self.other_hand: tuple[str, ...] | None = None
        self.stage = Stage.ACTION
        self.to_act: tuple[int, ...] = (0,)
        self.over = False
        # the utensil waltz
        self.pending_drops: list[tuple[str, int]] = []
        self.waltz_dropped: set[tuple[int, str]] = set()
        self.grab_utensil: str | None = None
        self.grab_dropper = -1
        self.grab_bids: SealedBids[Action] | None = None  # priority mode
        self.grab_window: ReactionWindow | None = None  # real-time mode
        self.challenge: SealedBids[Action] | None = None
        self.grab_taker: tuple[int, str | None] | None = None
        self.teut: Teut | None = None
        self.passoire_cards: list[str] = []

    # --- setup --------------------------------------------------------------------------

    @classmethod
    def deal(
        cls, players: int, options: Options, chance: Chance
    ) -> tuple[ArSeizhState, list[Event]]:
        rounds = options.get("rounds", DEFAULT_ROUNDS)
        assert isinstance(rounds, int)
        state = cls(players, chance, bool(options.get("real_time", False)), rounds)
        bigoudens = list(BIGOUDEN_ORDER)
        chance.shuffle(bigoudens)
        state.bigoudens = bigoudens[:players]
        deck = build_deck(deck_counts(players))
        chance.shuffle(deck)
        state.draw = deck
        utensils = list(UTENSIL_ORDER)
        chance.shuffle(utensils)
        for seat in range(players):
            state.hands[seat] = [utensils.pop()]
        state.centre_utensils = sort_utensils(utensils)
        events: list[Event] = [
            {
                "type": "seated",
                "seat": seat,
                "bigouden": state.bigoudens[seat],
                "specialties": sorted(BIGOUDENS[state.bigoudens[seat]].specialties),
                "utensils": list(state.hands[seat]),
            }
            for seat in range(players)
        ]
        events.append({"type": "centre_utensils", "utensils": list(state.centre_utensils)})
        # The first player should not face an emptier centre than the others.
        opening = draw(state.draw, REVEAL_PER_TURN * (players - 1))
        state.centre = sort_cards(opening)
        events.append(
            {"type": "opening", "cards": list(state.centre), "draw_size": len(state.draw)}
        )
        events += turn.start_turn(state, 0)
        return state, events

    # --- the contract ---------------------------------------------------------------------

    def legal_actions(self, seat: int) -> Sequence[Action]:
        if self.stage is Stage.ACTION or self.stage is Stage.COOK:
            return turn.legal(self, seat)
        return waltz.legal(self, seat)

    def find_legal(self, seat: int, action: Mapping[str, Any]) -> Action | None:
        if not isinstance(action.get("type"), str):
            return None
        if isinstance(action.get("cards"), list):  # JSON turns the cook tuple into a list
            action = {**action, "cards": tuple(action["cards"])}
        for legal in self.legal_actions(seat):
            if legal == action:
                return legal
        return None

    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.stage is Stage.ACTION or self.stage is Stage.COOK:
            events = turn.apply(self, seat, action)
        else:
            events = waltz.apply(self, seat, action)
        events += waltz.advance(self)
        return events

    def view(self, seat: int | None) -> View:
        # A hushed world's view goes only to a search's rollout bots, which read it and keep
        # nothing: it shares the table's lists instead of copying them.
        quiet = self.quiet
        view: View = {
            "game": NAME,
            "seat": seat,
            "players": self.players,
            "real_time": self.real_time,
            "to_act": list(self.to_act),
            "over": self.over,
            "stage": self.stage.text,
            "current": self.current,
            "round": self.round,
            "rounds": self.rounds,
            "actions_left": self.actions_left,
            "other_hand": None if self.other_hand is None else list(self.other_hand),
            "bigoudens": self.bigoudens if quiet else list(self.bigoudens),
            "scores": self.scores if quiet else list(self.scores),
            "faces": [face.text for face in self.faces],
            "surfaces": self.surfaces if quiet else [list(s) for s in self.surfaces],
            "hands": self.hands if quiet else [list(h) for h in self.hands],
            "dishes": self.dishes if quiet else [[_copy(d) for d in own] for own in self.dishes],
            "centre": self.centre if quiet else list(self.centre),
            "centre_utensils": self.centre_utensils if quiet else list(self.centre_utensils),
            "draw_size": len(self.draw),
            "marmite": self.marmite if quiet else list(self.marmite),
            "pending_drops": [[u, s] for u, s in self.pending_drops],
        }
        view.update(waltz.window_view(self, seat))
        return view

    @property
    def progress(self) -> int:
        """Turns begun: each round starts at seat 0."""
        return (self.round - 1) * self.players + self.current

    def result(self) -> dict[str, Any]:
        best = max(self.scores)
        return {
            "scores": list(self.scores),
            "winners": [seat for seat, score in enumerate(self.scores) if score == best],
            "bigoudens": list(self.bigoudens),
            "dishes": [len(own) for own in self.dishes],
        }

    def clone(self) -> ArSeizhState:
        twin = self.shallow_copy()
        twin.chance = self.chance.copy()
        twin.bigoudens = list(self.bigoudens)
        twin.draw = list(self.draw)
        twin.centre = list(self.centre)
        twin.centre_utensils = list(self.centre_utensils)
        twin.surfaces = [list(s) for s in self.surfaces]
        twin.hands = [list(h) for h in self.hands]
        twin.faces = list(self.faces)
        twin.dishes = [list(own) for own in self.dishes]
        twin.cooked = list(self.cooked)
        twin.marmite = list(self.marmite)
        twin.scores = list(self.scores)
        twin.pending_drops = list(self.pending_drops)
        twin.waltz_dropped = set(self.waltz_dropped)
        twin.grab_bids = None if self.grab_bids is None else self.grab_bids.clone()
        twin.grab_window = None if self.grab_window is None else self.grab_window.clone()
        twin.challenge = None if self.challenge is None else self.challenge.clone()
        twin.teut = None if self.teut is None else self.teut.clone()
        twin.passoire_cards = list(self.passoire_cards)
        return twin

    def determinize(self, seat: int, chance: Chance) -> ArSeizhState:
        """Hidden from ``seat``: the draw pile's order and others' sealed answers and bids."""
        world = self.clone()
        world.chance = chance
        shuffle_canonically(world.draw, chance)
        waltz.resample_secrets(world, seat, chance)
        return world

    # --- helpers the phases share -----------------------------------------------------------

    def drop(self, seat: int, utensil: str, why: str) -> Event:
        """``seat`` lets ``utensil`` fall to the centre; others may grab it next."""
        self.hands[seat].remove(utensil)
        self.centre_utensils = with_added(self.centre_utensils, (utensil,), UTENSIL_RANK)
        self.pending_drops.append((utensil, seat))
        self.waltz_dropped.add((seat, utensil))
        return DROPPED[seat, utensil, why]

    def take_utensil(self, seat: int, utensil: str) -> None:
        self.centre_utensils.remove(utensil)
        self.hands[seat] = with_added(self.hands[seat], (utensil,), UTENSIL_RANK)

    def gain(self, seat: int, card: str, give_back: str | None) -> None:
        """``card`` joins the seat's work surface; ``give_back`` first goes to the centre."""
        surface = self.surfaces[seat]
        if give_back is not None:
            surface.remove(give_back)
            self.centre = with_added(self.centre, (give_back,), CARD_RANK)
        self.surfaces[seat] = with_added(surface, (card,), CARD_RANK)

    def to_centre(self, card: str) -> None:
        self.centre = with_added(self.centre, (card,), CARD_RANK)
