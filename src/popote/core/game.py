"""What a game plugs into the engine: its spec, its state, its presentation and its bot.

The core never names a game. Each game package under ``popote.games`` exposes one
:class:`Game` instance called ``GAME``; the registry finds it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, Self

from popote.core.actions import Action, Event
from popote.core.chance import Chance
from popote.core.i18n import Lang, Text
from popote.core.options import Option, OptionValue
from popote.core.picture import Picture
from popote.core.studies import BalanceStudy
from popote.core.wording import Plural, listed

if TYPE_CHECKING:
    from popote.core.calibration import CalibrationStudy

View = dict[str, Any]
Options = Mapping[str, OptionValue]


class Opponent(Protocol):
    """What a game hands out as its bots: a ``popote.core.bot.Bot``, named here by what it
    does, so that the engine's modules import one way (a bot reads the match, the match
    holds the game, and the game needs no bot's module)."""

    def observe(self, events: Sequence[Event]) -> None: ...

    def choose(self, match: Any) -> Action: ...


@dataclass(frozen=True)
class GameSpec:
    """The typed card of a game: name, titles, player counts, options, rules summary."""

    name: str
    title: Text
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    summary: Text
    default_players: int
    search_iterations: int = 400
    """ISMCTS iterations of the ``difficile`` level: about a second per decision at most."""
    heuristic_rollouts: bool = False
    """Whether the search plays its rollouts with the heuristic bot instead of at random."""
    search_depth: int | None = None
    """How deep the search tree grows (None: no limit; 1: flat Monte Carlo at the root)."""
    search_prior: bool = False
    """Whether the search keeps the heuristic bot's choice unless it finds a clearly better one."""
    search_horizon: int | None = None
    """How many steps of :attr:`GameState.progress` a search rollout plays before it judges the
    standings (None: to the end of the match)."""
    search_expert_horizon: int | None = None
    """The ``expert`` level's rollout horizon where it looks further ahead than
    ``difficile``'s (None: the same as :attr:`search_horizon`)."""
    search_measured_noise: bool = False
    """Whether the search, keeping its prior's choice unless another is clearly better, judges
    "clearly" by the spread its rollouts showed rather than by the widest one possible."""
    review_worlds: int = 32
    """Worlds a review samples at each decision by default: as many as it takes for its
    labels to agree with four times as many on nine decisions in ten
    (``python -m benchmarks.review``)."""
    review_horizon: int | None = None
    """How many steps of :attr:`GameState.progress` a review's continuation plays before it
    reads the seat's points (None: to the end of the match). Shorter than the search's
    horizon would be wrong where a move pays later: a pair discarded to draw three cards in
    Stir-Fry Eighteen looks best over three turns, not over the game."""
    review_thresholds: tuple[float, float, float] = (1.0, 2.0, 4.0)
    """Points lost from which a reviewed decision is an inaccuracy, a mistake, a blunder
    (``popote.lab.review``; docs/review.md gives each game's and why)."""

    def info(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title.as_dict(),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "options": {option.key: option.describe() for option in self.options},
        }


class GameState(ABC):
    """The mutable state of one match of one game.

    ``to_act`` and ``over`` are plain attributes the game keeps current. ``apply`` is only
    ever called with an action that :meth:`find_legal` returned, so it may trust it.
    """

    players: int
    to_act: tuple[int, ...]
    over: bool
    quiet: bool = False
    """Set by :meth:`~popote.core.match.Match.hush` on a sampled world of a search, which
    nobody is shown: ``apply`` may then return no events, and ``view`` and ``standings`` are
    handed out as the game builds them. A game that builds its events cheaply may ignore it."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every action ``seat`` may take now; ``seat`` is in ``to_act``."""

    def find_legal(self, seat: int, action: Mapping[str, Any]) -> Action | None:
        """The legal action equal to ``action``, or ``None``. Games may index this."""
        for legal in self.legal_actions(seat):
            if legal == action:
                return legal
        return None

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play a legal action and return the events it caused."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now (``None``: a spectator)."""

    @abstractmethod
    def result(self) -> dict[str, Any]:
        """Scores and winners; called once ``over``."""

    @property
    def progress(self) -> int:
        """Counts the scoring steps played so far (manches, turns...); 0 without them.

        A search rollout with a horizon stops when this has grown by that many, and judges
        the :meth:`standings`: in a game of many scored rounds, the rounds after the next few
        add more noise than signal to the choice at hand.
        """
        return 0

    def standings(self) -> dict[str, Any]:
        """The result as it stands now (scores, leaders as ``winners``), even mid-match."""
        return self.result()

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy, as cheap as the game can make it."""

    def shallow_copy(self) -> Self:
        """A new state of this class sharing every attribute with this one, ``__init__`` not
        run: :meth:`clone` starts from it and replaces what must not be shared.

        Plain Python keeps the attributes in ``__dict__``; a state compiled by mypyc (the
        compiled build) keeps those its class declares in fields named by
        ``__mypyc_attrs__``, and only those of the plain base, if any are set, in a
        ``__dict__``, which must be copied, not shared (``copy.copy`` would share it).
        """
        kind = type(self)
        twin = kind.__new__(kind)
        if not hasattr(kind, "__mypyc_attrs__"):
            twin.__dict__.update(self.__dict__)
            return twin
        # Compiled: the fields that are set, read and written by the compiled class's own
        # ``__getstate__`` and ``__setstate__`` (loops in C), then the plain base's
        # attributes in a ``__dict__`` of the twin's own.
        state: dict[str, Any] = self.__getstate__()  # type: ignore[assignment]
        base = state.pop("__dict__", None)
        getattr(twin, "__setstate__")(state)  # noqa: B009 - compiled classes only
        if base:
            twin.__dict__ = dict(base)
        return twin

    @abstractmethod
    def determinize(self, seat: int, chance: Chance) -> Self:
        """A copy whose information hidden from ``seat`` is resampled with ``chance``."""


@dataclass(frozen=True)
class HandGroup:
    """Some of a seat's own cards, as a client draws them: each card named by the words of
    the presenter's table (``"as"``, ``"7"``), under the group's ``label`` (a suit, "Vos
    îles"), or none when the group is the whole hand."""

    label: str | None
    cards: tuple[str, ...]

    def as_json(self) -> dict[str, Any]:
        return {"label": self.label, "cards": list(self.cards)}


class Presenter(ABC):
    """Turns actions, events and views into plain lines a screen reader can follow."""

    @abstractmethod
    def event(self, event: Event, lang: Lang, names: Sequence[str]) -> str | None:
        """One line for an event, or ``None`` when it tells a person nothing."""

    @abstractmethod
    def action(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> str:
        """A short label for a choice in a menu."""

    @abstractmethod
    def table(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        """The current table as a few lines of text."""

    def prompt(self, view: View, lang: Lang, names: Sequence[str]) -> str:
        """What the human is asked to decide now."""
        return Text("À vous de jouer.", "Your move.").get(lang)

    def hand(self, view: View, lang: Lang, names: Sequence[str]) -> list[HandGroup] | None:
        """The cards the seat of ``view`` holds, in groups, for a client that draws them;
        only what ``view`` holds. ``None`` (the default, and a spectator's view) when there
        is no hand to draw; an empty hand is a group with no cards."""
        return None

    def picture(
        self, view: View, legal: Sequence[Action], lang: Lang, names: Sequence[str]
    ) -> Picture | None:
        """The table of ``view`` as a :class:`~popote.core.picture.Picture` a browser draws,
        with ``legal`` (the seat's legal actions, empty for a spectator) on the cards that
        play them; ``None`` (the default) where the game draws no picture."""
        return None

    def steps(self, action: Action, view: View, lang: Lang, names: Sequence[str]) -> Sequence[str]:
        """The steps a long menu goes through to reach ``action`` ("Cuisiner", ...); see
        :func:`popote.core.menu.build_menu`. None by default: long menus are only paged."""
        return ()

    def ranked(self, actions: Sequence[Action], view: View) -> list[Action]:
        """``actions`` in the order a menu lists them, the best first."""
        return list(actions)

    def reason(
        self, view: View, best: Action, chosen: Action | None, lang: Lang, names: Sequence[str]
    ) -> str | None:
        """Why ``best`` is the better play from this seat's view, compared with ``chosen``
        (None: on its own, for a hint), in one sentence a player reads; None when the game's
        rules of thumb have nothing to say.

        ``view`` is the deciding seat's view before the action: the sentence tells only what
        that seat may know, so that a review or a hint never gives hidden cards away.
        """
        return None

    def outcome(self, result: Mapping[str, Any], lang: Lang, names: Sequence[str]) -> str:
        """The headline of a finished match's ``result``, as its banner says it: by default
        who won ("Maëlle gagne !"); a game where a side or a team wins says so instead.

        >>> from popote.games.pieds_dans_le_plat import GAME
        >>> GAME.presenter.outcome({"winners": [1]}, "fr", ["Anne", "Maëlle"])
        'Maëlle gagne !'
        >>> GAME.presenter.outcome({"winners": [0, 1]}, "en", ["Anne", "Maëlle"])
        'Anne and Maëlle win!'
        >>> GAME.presenter.outcome({"winners": []}, "en", ["Anne", "Maëlle"])
        'Nobody wins.'
        """
        winners = [names[seat] for seat in result.get("winners", ()) if 0 <= seat < len(names)]
        if not winners:
            return _NOBODY_WINS.get(lang)
        return _WINS.render(len(winners), lang, names=listed(winners, lang))

    def round_of(self, view: View) -> int | None:
        """The round a spectator's ``view`` is in, for the score sheet
        (:mod:`popote.core.sheet`), where a round is several steps of
        :attr:`GameState.progress` (a turn of each seat); ``None`` (the default) where each
        step is a round, or the game has none."""
        return None


_WINS = Plural(("{names} gagne !", "{names} gagnent !"), ("{names} wins!", "{names} win!"))
_NOBODY_WINS = Text("Personne ne gagne.", "Nobody wins.")


class Game(ABC):
    """One game: its spec, how to set up a match, how to show it, and its bot."""

    spec: GameSpec
    presenter: Presenter

    @abstractmethod
    def new_state(
        self, players: int, options: Options, chance: Chance
    ) -> tuple[GameState, list[Event]]:
        """A fresh state and the events of the setup (deal, cards shown...)."""

    def check_setup(self, players: int, options: Options) -> None:  # noqa: B027
        """Refuse option values that do not fit this player count (raise InvalidSetup)."""

    @abstractmethod
    def heuristic_bot(self, seat: int, seed: int) -> Opponent:
        """The game's rule-of-thumb opponent."""

    def balance_study(self) -> BalanceStudy | None:
        """The game's own balance study, or None for the first-seat advantage at every count."""
        return None

    def calibration_study(self) -> CalibrationStudy | None:
        """The game's own calibration problem for ``popote calibrate``, or None."""
        return None

    def bot_for_level(self, level: str, seat: int, seed: int) -> Opponent | None:
        """A game's own opponent for a level (``facile``...), or None for the shared mapping."""
        return None
