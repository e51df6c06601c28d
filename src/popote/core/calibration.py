"""What a designer asks ``popote calibrate`` for: the options it may move and the figures it
should reach, per configuration of a game.

A game may declare its own problem (:meth:`popote.core.game.Game.calibration_study`, Boom
Badaboom's difficulty ladder); otherwise the command line states one configuration.

>>> Target.parse("side:patissiers=0.9")
Target(measure='side:patissiers', value=0.9, tolerance=0.05, seconds_per_decision=0.0)
>>> Target.parse("decisions=80").tolerance
4.0
>>> Parameter.parse("capacity=10..30")
Parameter(key='capacity', low=10, high=30, choices=(), at_most='')
>>> Parameter.parse("glouton_deal=dealt,deck").choices
('dealt', 'deck')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from popote.core.errors import PopoteError, shown
from popote.core.i18n import Text
from popote.core.options import Option, OptionKind
from popote.core.studies import BalanceConfig

RATE_TOLERANCE = 0.05
"""A win rate within 5 points of its target counts as reached."""
MEAN_TOLERANCE = 0.05
"""A mean (decisions, minutes) within 5 % of its target counts as reached."""
MEASURES = ("side:", "seat:", "decisions", "minutes")

BAD_TARGET = Text(
    "cible illisible : {target} (attendu : side:CAMP=TAUX, seat:N=TAUX|fair, decisions=N ou "
    "minutes=N, suivi au besoin de ±TOLÉRANCE)",
    "unreadable target: {target} (expected: side:SIDE=RATE, seat:N=RATE|fair, decisions=N or "
    "minutes=N, optionally followed by ±TOLERANCE)",
)
BAD_PARAMETER = Text(
    "paramètre illisible : {parameter} (attendu : CLÉ, CLÉ=MIN..MAX ou CLÉ=a,b,c)",
    "unreadable parameter: {parameter} (expected: KEY, KEY=LOW..HIGH or KEY=a,b,c)",
)


@dataclass(frozen=True)
class Target:
    """A figure to reach: ``side:NAME`` (that side's win rate), ``seat:N`` (seat N's, from 1),
    ``decisions`` (per game) or ``minutes`` (decisions times ``seconds_per_decision``)."""

    measure: str
    value: float
    tolerance: float
    seconds_per_decision: float = 0.0

    @property
    def is_rate(self) -> bool:
        return self.measure.startswith(("side:", "seat:"))

    @classmethod
    def parse(cls, text: str, players: int = 0, seconds_per_decision: float = 0.0) -> Target:
        """``MEASURE=VALUE[±TOLERANCE]``; a seat's value may be ``fair`` (one in ``players``)."""
        measure, equals, rest = text.strip().partition("=")
        value_text, _, tolerance_text = rest.replace("+-", "±").partition("±")
        known = measure in MEASURES or (
            measure.startswith(("side:", "seat:")) and measure.partition(":")[2]
        )
        if not equals or not known:
            raise PopoteError(BAD_TARGET.format(target=shown(text)))
        try:
            if measure.startswith("seat:"):
                int(measure.partition(":")[2])
            value = 1 / players if value_text.strip() == "fair" and players else float(value_text)
            rate = measure.startswith(("side:", "seat:"))
            default = RATE_TOLERANCE if rate else MEAN_TOLERANCE * value
            tolerance = float(tolerance_text) if tolerance_text.strip() else default
        except ValueError as error:
            raise PopoteError(BAD_TARGET.format(target=shown(text))) from error
        pace = seconds_per_decision if measure == "minutes" else 0.0
        return cls(measure, value, tolerance, pace)


@dataclass(frozen=True)
class Parameter:
    """An option the search may move: an integer between ``low`` and ``high``, or one of
    ``choices`` (a choice or boolean option)."""

    key: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    at_most: str = ""
    """Another option this one may not exceed (Boom Badaboom's cake starts at most at the
    oven's capacity): tables that break it are never played."""

    @classmethod
    def integer(cls, key: str, low: int, high: int, at_most: str = "") -> Parameter:
        return cls(key, low, high, at_most=at_most)

    @classmethod
    def parse(cls, text: str) -> Parameter:
        """``KEY`` (the option's whole range), ``KEY=LOW..HIGH`` or ``KEY=a,b,c``."""
        key, _, values = text.strip().partition("=")
        low, dots, high = values.partition("..")
        try:
            if dots:
                return cls(key, int(low), int(high))
        except ValueError as error:
            raise PopoteError(BAD_PARAMETER.format(parameter=shown(text))) from error
        choices = tuple(value.strip() for value in values.split(",") if value.strip())
        if not key or (values and not choices):
            raise PopoteError(BAD_PARAMETER.format(parameter=shown(text)))
        return cls(key, choices=choices)

    def within(self, option: Option) -> Parameter:
        """This parameter checked against the game's option, its range filled in when the
        command line gave only the key."""
        if option.kind is OptionKind.INT:
            if self.choices:
                raise PopoteError(BAD_PARAMETER.format(parameter=shown(self.key)))
            if not (self.low or self.high):
                return replace(self, low=option.minimum or 0, high=option.maximum or 0)
            for value in (self.low, self.high):
                option.validate(value)
            return self
        allowed = option.choices if option.kind is OptionKind.CHOICE else ("false", "true")
        choices = self.choices or allowed
        for choice in choices:
            option.parse(choice)
        if self.low or self.high:
            raise PopoteError(BAD_PARAMETER.format(parameter=shown(self.key)))
        return Parameter(self.key, choices=tuple(choices))


@dataclass(frozen=True)
class CalibrationCell:
    """One configuration to tune (its player count and fixed options), what may move in it
    and what it should measure."""

    config: BalanceConfig
    parameters: tuple[Parameter, ...]
    targets: tuple[Target, ...]


@dataclass(frozen=True)
class CalibrationStudy:
    """A game's own calibration problem: every cell, searched each on its own."""

    title: Text
    cells: tuple[CalibrationCell, ...]
    group_names: Mapping[str, Text] = field(default_factory=dict)
