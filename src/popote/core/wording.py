"""Counted words and numbers as each language writes them (CLDR rules, through Babel).

French treats 0 and 1 as singular and writes "45,5 %" (a no-break space before the sign);
English writes "0 cards" and "45.5%". Negative numbers take the minus sign "−".

>>> cards = Plural(("{n} carte", "{n} cartes"), ("{n} card", "{n} cards"))
>>> [cards.render(n, "fr") for n in (0, 1, 2)]
['0 carte', '1 carte', '2 cartes']
>>> [cards.render(n, "en") for n in (0, 1, 2)]
['0 cards', '1 card', '2 cards']
>>> cards.text(3).en
'3 cards'
>>> percent(0.455, "fr"), percent(0.455, "en")
('45,5\\xa0%', '45.5%')
>>> decimal(-1234.5, "fr", digits=1), decimal(-1234.5, "en", digits=1)
('−1\\xa0234,5', '−1,234.5')
>>> decimal(0.25, "fr", digits=2, signed=True)
'+0,25'
>>> listed(["Anne", "Bao", "Chloé"], "fr"), listed(["Anne", "Bao"], "en"), listed(["Anne"], "en")
('Anne, Bao et Chloé', 'Anne and Bao', 'Anne')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal, format_percent

from popote.core.i18n import Lang, Text, get_language

NBSP = "\u00a0"
MINUS = "\u2212"
# One no-break space (Babel's narrow one is missing from many terminal fonts) and one minus
# sign everywhere, so that a screen reader says "moins" / "minus" the same way each time.
_PLAIN = str.maketrans({"\u202f": NBSP, "-": MINUS})


@cache
def sentence(*parts: str) -> str:
    """The parts as one sentence: a capital first, a full stop last.

    >>> sentence("the 9 ducks", "; the ace would take it")
    'The 9 ducks; the ace would take it.'
    """
    text = "".join(parts)
    return text[0].upper() + text[1:] + "."


def _locale(lang: Lang) -> Locale:
    return Locale.parse(lang)


def _plain(text: str) -> str:
    return text.translate(_PLAIN)


def singular(count: float, lang: Lang | None = None) -> bool:
    """Whether ``count`` takes the singular: 0 and 1 in French, only 1 in English."""
    return _locale(lang or get_language()).plural_form(abs(count)) == "one"


@dataclass(frozen=True, slots=True)
class Plural:
    """A countable phrase: (singular, plural) forms in French and English, ``{n}`` the count."""

    fr: tuple[str, str]
    en: tuple[str, str]

    def render(self, count: float, lang: Lang | None = None, **fields: Any) -> str:
        language = lang or get_language()
        one, other = self.en if language == "en" else self.fr
        return (one if singular(count, language) else other).format(n=count, **fields)

    def text(self, count: int, **fields: Any) -> Text:
        return Text(self.render(count, "fr", **fields), self.render(count, "en", **fields))


PLAYERS = Plural(("{n} joueur", "{n} joueurs"), ("{n} player", "{n} players"))

_AND = Text(" et ", " and ")


def listed(words: Sequence[str], lang: Lang | None = None) -> str:
    """``Anne, Bao et Chloé`` / ``Anne, Bao and Chloé``: commas, then "et" / "and"."""
    if len(words) < 2:
        return "".join(words)
    return ", ".join(words[:-1]) + _AND.get(lang) + words[-1]


_NO_CARD = Text("aucune carte", "no card")


def card_list(names: Sequence[str], lang: Lang | None = None) -> str:
    """Cards named one after the other, or that there is none (never a bare dash).

    >>> card_list(["7", "12"])
    '7, 12'
    >>> card_list([], "en")
    'no card'
    """
    return ", ".join(names) or _NO_CARD.get(lang)


def a_number(value: int) -> str:
    """An English number with its article, as it is said: "a 7", "an 8", "an 11".

    >>> [a_number(n) for n in (1, 8, 11, 18, 80, 81, 100, 11_000)]
    ['a 1', 'an 8', 'an 11', 'an 18', 'an 80', 'an 81', 'a 100', 'an 11000']
    """
    digits = str(abs(value))
    eleven_or_eighteen = len(digits) % 3 == 2 and digits[:2] in ("11", "18")
    return ("an " if digits.startswith("8") or eleven_or_eighteen else "a ") + str(value)


def _with_digits(pattern: str, digits: int) -> str:
    """The CLDR ``pattern`` with exactly ``digits`` decimals after its last integer digit."""
    last = pattern.rfind("0")
    return pattern[: last + 1] + ("." + "0" * digits if digits else "") + pattern[last + 1 :]


def percent(ratio: float, lang: Lang | None = None, digits: int = 1, signed: bool = False) -> str:
    """``ratio`` (0.455) as a percentage in the language's own format (``45,5 %``)."""
    locale = _locale(lang or get_language())
    pattern = _with_digits(str(locale.percent_formats[None].pattern), digits)
    if signed:
        pattern = "+" + pattern + ";-" + pattern
    return _plain(format_percent(ratio, pattern, locale=locale))


def decimal(value: float, lang: Lang | None = None, digits: int = 0, signed: bool = False) -> str:
    """``value`` with ``digits`` decimals and the language's separators."""
    language = lang or get_language()
    pattern = _with_digits("#,##0", digits)
    if signed:
        pattern = "+" + pattern + ";-" + pattern
    return _plain(format_decimal(value, pattern, locale=_locale(language)))
