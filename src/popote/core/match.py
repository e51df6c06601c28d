"""A match: one game being played, driven only through the engine contract.

>>> import popote
>>> m = popote.new_match("pieds-dans-le-plat", players=3, seed=7)
>>> m.to_act
(0,)
>>> action = m.legal_actions(0)[0]
>>> events = m.act(0, action)
>>> m.history[0]["seat"], m.to_act
(0, (1,))
>>> m.act(0, action)
Traceback (most recent call last):
...
popote.core.errors.IllegalAction: ce n'est pas au siège 1 de jouer (à jouer : siège 2)

The API numbers seats from 0; messages count them as people do, from 1 (seat 0 is "siège 1").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from popote.core.actions import (
    Action,
    Event,
    FrozenDict,
    frozen,
    frozen_events,
    same_json,
    visible_events,
)
from popote.core.chance import Chance
from popote.core.errors import IllegalAction, InvalidSeat, InvalidSetup, MatchNotOver, shown
from popote.core.game import Game, GameState, View
from popote.core.i18n import Text
from popote.core.options import OptionValue, resolve_options

# The moves played, newest first, as a linked list (seat, action, events or None, previous
# move): cloning a match shares its past instead of copying it, and a move costs one tuple.
_Past = tuple[int, Action, "tuple[Event, ...] | None", Any] | None

_OVER = Text("la partie est terminée", "the match is over")
_NOT_YOUR_TURN = Text(
    "ce n'est pas au siège {seat} de jouer (à jouer : {fr})",
    "it is not seat {seat}'s turn (to act: {en})",
)
_SEATS = (Text("siège {seats}", "seat {seats}"), Text("sièges {seats}", "seats {seats}"))
_MALFORMED = Text(
    'action mal formée : un dictionnaire avec une clé "type" est attendu, reçu {action}',
    'malformed action: expected a dict with a "type" key, got {action}',
)
_NOT_LEGAL = Text(
    "action interdite pour le siège {seat} : {action} ; actions permises : {legal}",
    "illegal action for seat {seat}: {action}; legal actions: {legal}",
)


def counted(seat: object) -> str:
    """A seat as people count it (seat 0 is "1"); anything else quoted as it came."""
    return shown(seat + 1 if type(seat) is int else seat)


def _moves(past: _Past) -> list[tuple[int, Action, tuple[Event, ...] | None]]:
    """The moves of ``past``, oldest first."""
    moves = []
    while past is not None:
        seat, action, events, past = past
        moves.append((seat, action, events))
    moves.reverse()
    return moves


class Match:
    """One match of one game. Every client, bot and outside check goes through this.

    ``to_act`` and ``over`` are read before every decision, so they are plain attributes,
    copied from the game's state after each move, rather than properties; the match itself
    never trusts them (a caller may overwrite its own copy) and checks the state instead.
    """

    __slots__ = (
        "_game",
        "_legal",
        "_legal_seat",
        "_options",
        "_past",
        "_players",
        "_seed",
        "_start_events",
        "_state",
        "over",
        "to_act",
    )
    _legal_seat: int | None
    _legal: Sequence[Action]
    to_act: tuple[int, ...]
    """The seats that have a decision now (empty once the match is over)."""
    over: bool

    def __init__(
        self,
        game: Game,
        players: int,
        seed: int,
        options: Mapping[str, OptionValue],
        state: GameState,
        start_events: Sequence[Event] = (),
    ) -> None:
        self._game = game
        self._players = players
        self._seed = seed
        self._options = dict(options)
        self._state = state
        self._past: _Past = None
        self._start_events = frozen_events(start_events)
        self._moved()

    # --- the contract -----------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[Action]:
        # The state's own ``to_act``: the match's copy is public, and a caller may overwrite it.
        if type(seat) is not int or seat not in self._state.to_act:
            return []
        if seat != self._legal_seat:
            # The game's own sequence, not a copy: it is read only while nothing has been
            # played since (``_legal_seat`` is forgotten at every move), and callers get copies.
            self._legal = self._state.legal_actions(seat)
            self._legal_seat = seat
        return list(self._legal)

    def act(self, seat: int, action: Mapping[str, Any]) -> list[Event]:
        if seat == self._legal_seat and type(seat) is int and type(action) is Action:
            # The hot path: one of the very actions just handed to this seat, at this
            # position (``_legal_seat`` is forgotten at every move), so the checks below hold.
            for handed in self._legal:
                if handed is action:
                    break
            else:
                return self._checked_act(seat, action)
            state = self._state
            events: Sequence[Event] = state.apply(seat, action)
            self._legal_seat = None
            self.to_act = state.to_act
            self.over = state.over
            if not events:
                self._past = (seat, action, None, self._past)
                return []
            for event in events:
                if type(event) is not FrozenDict:
                    events = frozen_events(events)
                    break
            self._past = (seat, action, tuple(events), self._past)
            return list(events)
        return self._checked_act(seat, action)

    def _checked_act(self, seat: int, action: Mapping[str, Any]) -> list[Event]:
        state = self._state
        if state.over:
            raise IllegalAction(_OVER)
        if type(seat) is not int or seat not in state.to_act:
            seats = ", ".join(counted(other) for other in state.to_act)
            to_act = _SEATS[len(state.to_act) > 1].format(seats=seats)
            raise IllegalAction(
                _NOT_YOUR_TURN.format(seat=counted(seat), fr=to_act.fr, en=to_act.en)
            )
        if type(action) is not Action and (not isinstance(action, Mapping) or "type" not in action):
            raise IllegalAction(_MALFORMED.format(action=shown(action)))
        legal = self._find_legal(seat, action)
        if legal is None:
            allowed = [dict(a) for a in state.legal_actions(seat)]
            raise IllegalAction(
                _NOT_LEGAL.format(seat=counted(seat), action=shown(action), legal=allowed)
            )
        # Played by the hot path, as if just handed to this seat alone.
        self._legal, self._legal_seat = (legal,), seat
        return self.act(seat, legal)

    def legal_action(self, seat: int, action: Mapping[str, Any]) -> Action | None:
        """The one of ``legal_actions(seat)`` that ``action`` (JSON from a save, say) stands
        for, or None: the same lookup :meth:`act` makes, without playing it."""
        if type(seat) is not int or seat not in self._state.to_act:
            return None
        return self._find_legal(seat, action)

    def play(self, seat: int, action: Action) -> None:
        """Play ``action``, one of ``legal_actions(seat)`` at this very position, unchecked
        and without keeping its events: for a search playing out a sampled world, where
        nobody is shown anything. Anything else goes through :meth:`act`."""
        state = self._state
        state.apply(seat, action)
        self._past = (seat, action, None, self._past)
        self._legal_seat = None
        self.to_act = state.to_act
        self.over = state.over

    def hush(self) -> Match:
        """This match, made quiet for a search that plays it with :meth:`play` only: its
        game may stop building events, and its views and standings are handed out unfrozen
        (the search's rollout bots read them and keep nothing). Never for a match anybody is shown."""
        self._state.quiet = True
        return self

    def view(self, seat: int | None) -> View:
        if type(seat) is not int or not 0 <= seat < self._players:  # asked at every decision
            self._check_seat(seat)
        state = self._state
        view: View = state.view(seat) if state.quiet else frozen(state.view(seat))
        return view

    def result(self) -> dict[str, Any]:
        if not self._state.over:
            raise MatchNotOver(Text("la partie n'est pas finie", "the match is not over"))
        result: dict[str, Any] = frozen(self._state.result())
        return result

    @property
    def history(self) -> list[dict[str, Any]]:
        return [{"seat": seat, "action": action} for seat, action, _ in _moves(self._past)]

    def determinize(self, seat: int, seed: int) -> Match:
        """A world consistent with what ``seat`` knows; its history starts empty."""
        self._check_seat(seat)
        if type(seat) is not int:
            raise InvalidSeat(Text("un siège est attendu", "a seat is expected"))
        state = self._state.determinize(seat, Chance(_check_seed(seed)))
        return Match(self._game, self._players, seed, self._options, state)

    # --- beyond the contract ------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._game.spec.name

    @property
    def progress(self) -> int:
        """The game's count of scoring steps played (see ``GameState.progress``)."""
        return self._state.progress

    def standings(self) -> dict[str, Any]:
        """The result as it stands now: the final result once over."""
        state = self._state
        standings: dict[str, Any] = state.result() if state.over else state.standings()
        return standings if state.quiet else frozen(standings)

    @property
    def game(self) -> Game:
        return self._game

    @property
    def players(self) -> int:
        return self._players

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def options(self) -> dict[str, OptionValue]:
        return dict(self._options)

    def events(self, seat: int | None) -> list[Event]:
        """Every event so far that ``seat`` (``None``: a spectator) may see."""
        self._check_seat(seat)
        return visible_events(self._stored_events(), seat)

    def all_events(self) -> list[Event]:
        """Every event so far, secrets included: for replays after the game, never for a seat."""
        return self._stored_events()

    def _stored_events(self) -> list[Event]:
        stored: list[Event] = list(self._start_events)
        for _, _, events in _moves(self._past):
            if events:
                stored += events
        return stored

    def clone(self) -> Match:
        """An independent copy; its past is shared, not copied."""
        twin = Match.__new__(Match)
        twin._game = self._game
        twin._players = self._players
        twin._seed = self._seed
        twin._options = self._options
        twin._state = self._state.clone()
        twin._past = self._past
        twin._start_events = self._start_events
        twin._moved()
        return twin

    __copy__ = clone

    def to_record(self) -> dict[str, Any]:
        """What :func:`replay` needs, ready for JSON."""
        return {
            "game": self.name,
            "players": self._players,
            "seed": self._seed,
            "options": dict(self._options),
            "history": [{"seat": h["seat"], "action": dict(h["action"])} for h in self.history],
        }

    def _moved(self) -> None:
        """Read the state after a change made other than by a move."""
        self._legal_seat = None
        self._legal = ()
        self.to_act = self._state.to_act
        self.over = self._state.over

    def _find_legal(self, seat: int, action: Mapping[str, Any]) -> Action | None:
        """The legal action ``action`` stands for, only if it has exactly its JSON types."""
        try:
            legal = self._state.find_legal(seat, action)
        except (TypeError, ValueError, RecursionError):
            # A game's own lookup meeting something no legal action holds (unhashable...).
            return None
        if legal is None or (legal is not action and not same_json(action, legal)):
            return None
        return legal

    def _check_seat(self, seat: int | None) -> None:
        if seat is None:
            return
        if type(seat) is not int or not 0 <= seat < self._players:
            raise InvalidSeat(
                Text(
                    "siège inconnu : {seat} (sièges 1 à {last})",
                    "unknown seat: {seat} (seats 1 to {last})",
                ).format(seat=counted(seat), last=self._players)
            )

    def __repr__(self) -> str:
        return f"<Match {self.name} players={self._players} seed={self._seed} to_act={self.to_act}>"


def _check_seed(seed: object) -> int:
    if type(seed) is not int:
        raise InvalidSetup(
            Text(
                "la graine doit être un entier : {seed}", "the seed must be an integer: {seed}"
            ).format(seed=shown(seed))
        )
    return seed


def create_match(
    game: Game, players: int | None, seed: int, options: Mapping[str, object] | None
) -> Match:
    spec = game.spec
    count = spec.default_players if players is None else players
    if type(count) is not int or not spec.min_players <= count <= spec.max_players:
        fields = {"low": spec.min_players, "high": spec.max_players, "count": shown(count)}
        raise InvalidSetup(
            Text(
                "{title} se joue de {low} à {high} joueurs, pas {count}".format(
                    title=spec.title.fr, **fields
                ),
                "{title} is played by {low} to {high} players, not {count}".format(
                    title=spec.title.en, **fields
                ),
            )
        )
    resolved = resolve_options(spec.options, options)
    game.check_setup(count, resolved)
    state, start_events = game.new_state(count, resolved, Chance(_check_seed(seed)))
    return Match(game, count, seed, resolved, state, start_events)


def replay_history(match: Match, history: Sequence[Mapping[str, Any]]) -> Match:
    if not isinstance(history, list | tuple):
        raise IllegalAction(
            Text(
                "l'historique doit être une liste, reçu {history}",
                "the history must be a list, got {history}",
            ).format(history=shown(history))
        )
    for index, entry in enumerate(history):
        if not isinstance(entry, Mapping) or "seat" not in entry or "action" not in entry:
            raise IllegalAction(
                Text(
                    "historique mal formé à l'entrée {index} : {entry}",
                    "malformed history at entry {index}: {entry}",
                ).format(index=index, entry=shown(entry))
            )
        match.act(entry["seat"], entry["action"])
    return match
