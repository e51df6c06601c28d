"""Options a game declares: typed, with defaults, validated the same way for every game.

>>> spec = Option.boolean("assisted", False, Text("Îles visibles", "Islands visible"))
>>> resolve_options((spec,), {"assisted": True})
{'assisted': True}
>>> resolve_options((spec,), {"asisted": True})
Traceback (most recent call last):
...
popote.core.errors.InvalidSetup: option inconnue : 'asisted' (options : assisted)
>>> spec.parse("oui")
True

A choice names each of its values for people (forms and menus), the value itself staying
what ``--option KEY=VALUE`` and the protocol take:

>>> pile = Option.choice("pile", "end", Text("Pioche vide", "Empty pile"), ["reshuffle", "end"],
...     labels={"reshuffle": Text("remélanger", "reshuffle"), "end": Text("fin", "end")})
>>> pile.label("end", "fr"), pile.describe()["labels"]["reshuffle"]
('fin', {'fr': 'remélanger', 'en': 'reshuffle'})
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from popote.core.errors import InvalidSetup, shown
from popote.core.i18n import Lang, Text

OptionValue = bool | int | str

_TRUE_WORDS = frozenset({"true", "1", "yes", "oui", "vrai", "on"})
_FALSE_WORDS = frozenset({"false", "0", "no", "non", "faux", "off"})


class OptionKind(enum.Enum):
    BOOL = "bool"
    INT = "int"
    CHOICE = "choice"


@dataclass(frozen=True)
class Option:
    """One option of a game: its key, type, default, allowed values and help."""

    key: str
    kind: OptionKind
    default: OptionValue
    help: Text
    choices: tuple[str, ...] = field(default=())
    minimum: int | None = None
    maximum: int | None = None
    labels: tuple[tuple[str, Text], ...] = field(default=())
    """Each choice's name for people, in the order of ``choices``."""

    @classmethod
    def boolean(cls, key: str, default: bool, help: Text) -> Option:
        return cls(key, OptionKind.BOOL, default, help)

    @classmethod
    def integer(cls, key: str, default: int, help: Text, minimum: int, maximum: int) -> Option:
        return cls(key, OptionKind.INT, default, help, minimum=minimum, maximum=maximum)

    @classmethod
    def choice(
        cls,
        key: str,
        default: str,
        help: Text,
        choices: Sequence[str],
        labels: Mapping[str, Text] | None = None,
    ) -> Option:
        named = tuple((value, labels[value]) for value in choices if labels and value in labels)
        return cls(key, OptionKind.CHOICE, default, help, choices=tuple(choices), labels=named)

    def label(self, value: str, lang: Lang) -> str:
        """The name of choice ``value`` for people (the value itself where none is given)."""
        return next((text.get(lang) for key, text in self.labels if key == value), value)

    def describe(self) -> dict[str, Any]:
        """The option as ``game_info`` lists it."""
        info: dict[str, Any] = {
            "type": self.kind.value,
            "default": self.default,
            "help": self.help.as_dict(),
        }
        if self.kind is OptionKind.CHOICE:
            info["choices"] = list(self.choices)
            info["labels"] = {value: text.as_dict() for value, text in self.labels}
        if self.kind is OptionKind.INT:
            info["min"] = self.minimum
            info["max"] = self.maximum
        return info

    def validate(self, value: object) -> OptionValue:
        """The value itself when allowed; otherwise InvalidSetup."""
        if self.kind is OptionKind.BOOL and isinstance(value, bool):
            return value
        if self._is_int_in_range(value):
            return value
        if self.kind is OptionKind.CHOICE and isinstance(value, str) and value in self.choices:
            return value
        raise InvalidSetup(
            Text(
                "valeur invalide pour l'option {key} : {value} (attendu : {expected})",
                "invalid value for option {key}: {value} (expected: {expected})",
            ).format(key=self.key, value=shown(value), expected=self._expected())
        )

    def parse(self, text: str) -> OptionValue:
        """Read a value typed on the command line (``KEY=VALUE``)."""
        word = text.strip().lower()
        if self.kind is OptionKind.BOOL:
            if word in _TRUE_WORDS:
                return True
            if word in _FALSE_WORDS:
                return False
            return self.validate(text)
        if self.kind is OptionKind.INT:
            try:
                return self.validate(int(word))
            except ValueError:
                return self.validate(text)
        return self.validate(text.strip())

    def _is_int_in_range(self, value: object) -> TypeGuard[int]:
        if self.kind is not OptionKind.INT or not isinstance(value, int) or isinstance(value, bool):
            return False
        low = self.minimum if self.minimum is not None else value
        high = self.maximum if self.maximum is not None else value
        return low <= value <= high

    def _expected(self) -> str:
        if self.kind is OptionKind.BOOL:
            return "true/false"
        if self.kind is OptionKind.INT:
            return f"{self.minimum}..{self.maximum}"
        return ", ".join(self.choices)


def resolve_options(
    specs: Sequence[Option], given: Mapping[str, object] | None
) -> dict[str, OptionValue]:
    """Every option of a game, with the given values validated and defaults filled in."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise InvalidSetup(
            Text("les options doivent être un dictionnaire", "options must be a mapping")
        )
    by_key = {spec.key: spec for spec in specs}
    for key in given:
        if key not in by_key:
            known = ", ".join(by_key) or "-"
            raise InvalidSetup(
                Text(
                    "option inconnue : {key} (options : {known})",
                    "unknown option: {key} (options: {known})",
                ).format(key=shown(key), known=known)
            )
    return {
        spec.key: spec.validate(given[spec.key]) if spec.key in given else spec.default
        for spec in specs
    }
