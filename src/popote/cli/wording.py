"""Numbers, percentages, counts and names as a French or English reader expects them.

French writes a decimal comma and a no-break space before ``%`` and between thousands;
English a decimal point, no space before ``%`` and a comma between thousands.

>>> percent(0.455, "fr"), percent(0.455, "en")
('45,5\\xa0%', '45.5%')
>>> number(1234.5, "fr", 1), number(1234.5, "en", 1)
('1\\xa0234,5', '1,234.5')
>>> count(1, PARTIES, "fr"), count(0, PARTIES, "fr"), count(0, PARTIES, "en")
('1 partie', '0 partie', '0 games')
>>> points(0.059, "fr"), points(-0.059, "en")
('+5,9 points', '−5.9 points')
"""

from __future__ import annotations

from typing import Any

from popote.core.i18n import Lang, Text
from popote.core.registry import get_game
from popote.core.wording import NBSP, Plural, decimal
from popote.core.wording import percent as cldr_percent

# Nouns alone, agreed with a number written beside them (``count``, ``points``).
PARTIES = Plural(("partie", "parties"), ("game", "games"))
DONNES = Plural(("donne", "donnes"), ("deal", "deals"))
POSITIONS = Plural(("position", "positions"), ("position", "positions"))
JOUEURS = Plural(("joueur", "joueurs"), ("player", "players"))
POINTS = Plural(("point", "points"), ("point", "points"))
BOTS = Plural(("bot", "bots"), ("bot", "bots"))
FRESH = Plural(("partie neuve", "parties neuves"), ("fresh game", "fresh games"))


def _rounded(value: float, digits: int) -> float:
    # "−0,0" tells a reader nothing a plain "0,0" does not.
    return round(value, digits) or 0.0


def number(value: float, lang: Lang, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals and the language's separators."""
    return decimal(_rounded(value, digits), lang, digits)


def signed(value: float, lang: Lang, digits: int = 1) -> str:
    """``number`` with its sign, ``+`` included."""
    return decimal(_rounded(value, digits), lang, digits, signed=True)


def percent(rate: float, lang: Lang, digits: int = 1) -> str:
    """A proportion (0 to 1) as a percentage."""
    return cldr_percent(_rounded(rate, digits + 2), lang, digits)


def points(difference: float, lang: Lang, digits: int = 1) -> str:
    """A difference of two proportions, in percentage points, signed."""
    return f"{signed(100 * difference, lang, digits)} {POINTS.render(100 * difference, lang)}"


def duration(seconds: float, lang: Lang) -> str:
    """``42 s``, ``3 min 05 s``, ``1 h 02 min``: elapsed time, rounded to the second.

    >>> duration(42.4, "fr"), duration(185, "en"), duration(3725, "fr")
    ('42\xa0s', '3\xa0min\xa005\xa0s', '1\xa0h\xa002\xa0min')
    """
    total = round(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}{NBSP}h{NBSP}{minutes:02d}{NBSP}min"
    if minutes:
        return f"{minutes}{NBSP}min{NBSP}{secs:02d}{NBSP}s"
    return f"{secs}{NBSP}s"


def count(value: int, noun: Plural, lang: Lang) -> str:
    """``3 parties``, ``1 partie``: the number and its noun, agreed."""
    return f"{number(value, lang)} {noun.render(value, lang)}"


def interval(low: str, high: str, lang: Lang) -> str:
    """A 95 % interval between two already formatted ends."""
    return f"[{low} ; {high}]" if lang == "fr" else f"[{low}, {high}]"


def rate_with_interval(row: dict[str, Any], lang: Lang) -> str:
    """``45,5 % [40,1 % ; 51,0 %]``: a win rate and its 95 % interval."""
    ends = interval(percent(row["ci95_low"], lang), percent(row["ci95_high"], lang), lang)
    return f"{percent(row['win_rate'], lang)} {ends}"


def points_interval(row: dict[str, Any], lang: Lang) -> str:
    """``[−1,2 ; +3,4]``: the 95 % interval of a difference, in signed percentage points."""
    return interval(signed(100 * row["ci95_low"], lang), signed(100 * row["ci95_high"], lang), lang)


def p_value(value: float, lang: Lang) -> str:
    """``p = 0,317``, or ``p < 0,001`` for the small ones.

    >>> p_value(0.3172, "fr"), p_value(1e-6, "en")
    ('p = 0,317', 'p < 0.001')
    """
    if value < 0.001:
        return "p < " + number(0.001, lang, 3)
    return "p = " + number(value, lang, 3)


BOT_LABELS = {
    "random": Text("aléatoire", "random"),
    "heuristic": Text("heuristique", "heuristic"),
    "search": Text("recherche", "search"),
    "facile": Text("facile", "easy"),
    "moyen": Text("moyen", "medium"),
    "difficile": Text("difficile", "hard"),
    "expert": Text("expert", "expert"),
    "appris": Text("appris", "learned"),
}


def quoted(name: str, lang: Lang) -> str:
    """A name set apart from the sentence: « moyen », “medium”."""
    return f"«{NBSP}{name}{NBSP}»" if lang == "fr" else f"“{name}”"


def bot_label(name: str, lang: Lang) -> str:
    """A bot's name for people (the command line's ``difficile`` reads ``hard`` in English)."""
    label = BOT_LABELS.get(name)
    return label.get(lang) if label is not None else name


def game_title(slug: str, lang: Lang) -> str:
    return get_game(slug).spec.title.get(lang)


def options_text(options: dict[str, Any], lang: Lang) -> str:
    """``(options : difficulty=eclair)``, or nothing without options."""
    if not options:
        return ""
    pairs = ", ".join(f"{key}={value}" for key, value in sorted(options.items()))
    return Text(" (options : {pairs})", " (options: {pairs})").render(lang, pairs=pairs)
