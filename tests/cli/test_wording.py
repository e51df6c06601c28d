"""Whole games of every game, in both languages, read for the slips a person notices.

Each transcript is what the terminal prints (the presenters' lines, prompts, menus, and now
and then the rules summary and the table), at the smallest and the usual player counts.
The scan looks for families of slips rather than single sentences: an article that does
not fit the number ("a 8"), a possessive glued to a parenthesis ("Seat 1 (you)'s"), a line
told twice or retold by the next one, a raw token ("(bool, False)", "assisted=True",
"{name}"), a safety limit read as the game's length ("Round 1 of 100"), French in English,
a French negation without its "ne", numbers that disagree with their noun.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cache
from itertools import pairwise

import pytest

import popote
from popote.core.i18n import Lang
from popote.core.registry import get_game
from tests.cli.test_transcripts import transcript

SEEDS = (3, 8)
MENU_LINE = re.compile(r"^ {2}\d+\. ")

Check = Callable[[list[str]], list[str]]


@cache
def whole_game(name: str, lang: Lang, players: int, seed: int) -> tuple[str, ...]:
    return tuple(transcript(name, lang, seed, players))


def tables() -> Iterator[tuple[str, int]]:
    for name in popote.game_names():
        spec = get_game(name).spec
        yield from ((name, players) for players in sorted({spec.min_players, 4}))


def games(lang: Lang) -> Iterator[tuple[str, list[str]]]:
    for name, players in tables():
        for seed in SEEDS:
            yield f"{name} {players}p seed {seed}", list(whole_game(name, lang, players, seed))


def matching(pattern: str, flags: int = 0) -> Check:
    compiled = re.compile(pattern, flags)
    return lambda lines: [line for line in lines if compiled.search(line)]


def told_twice(lines: list[str]) -> list[str]:
    """The same line twice in a row (menus aside: their entries are numbered)."""
    return [b for a, b in pairwise(lines) if a == b and not MENU_LINE.match(a)]


TENSES = (
    (r"\bplayed\b", "plays"),
    (r"\bdiscarded\b", "discards"),
    (r"\ba joué\b", "joue"),
    (r"\ba défaussé\b", "défausse"),
)


def _opening_words(line: str, tenses: bool = True) -> list[str]:
    for past, present in TENSES if tenses else ():
        line = re.sub(past, present, line)
    return re.sub(r"[^\w\s]", " ", line.lower()).split()[:5]


def retold(lines: list[str]) -> list[str]:
    """A line that says again, in another tense, what the line before it just said
    ("Seat 2 plays Cooling −1." then "Seat 2 played Cooling −1.")."""
    found = []
    for a, b in pairwise(lines):
        words = _opening_words(a)
        same_once_in_one_tense = words == _opening_words(b) and len(words) >= 4
        if same_once_in_one_tense and _opening_words(a, False) != _opening_words(b, False):
            found.append(f"{a} / {b}")
    return found


def negation_without_ne(lines: list[str]) -> list[str]:
    """« Siège 4 retourne rien » : a verb before « rien » with no « ne » in the clause."""
    found = []
    for line in lines:
        for clause in re.split(r"[.;:!?()]", line):
            negated = re.search(r"\b(ne|n')\s?|\btout ou rien\b", clause, re.IGNORECASE)
            if re.search(r"\b\w+ rien\b", clause) and not negated:
                found.append(line)
    return found


COMMON: dict[str, Check] = {
    "a line told twice": told_twice,
    "a line retold by the next": retold,
    "a possessive after a parenthesis": matching(r"\)['’]s\b"),
    "a Python spelling": matching(r"\b(True|False|None)\b|\((bool|int|choice), |\w=\w"),
    "a placeholder left in": matching(r"[{}]"),
    "a safety limit read as the length": matching(r"\b(of|sur) 100\b"),
    "a hand-made plural": matching(r"\(s\)"),
}
ENGLISH: dict[str, Check] = {
    "an article that does not fit the number": matching(r"\b[Aa] (8\d*|11|18)\b|\b[Aa]n [0-79]"),
    "a number that disagrees with its noun": matching(
        r"\b1 (cards|islands|points|moves|rounds|tricks)\b"
        r"|\b([02-9]|\d{2,}) (card|island|move|round|trick)\b(?! of)"
    ),
    "French words": matching(
        r"\b(le|la|les|des|du|une|est|vous|votre|avec|pour|dans|carte|siège|joue|pioche"
        r"|manche|Génoise|Niveau)\b"
    ),
}
FRENCH: dict[str, Check] = {
    "« rien » without « ne »": negation_without_ne,
    "a number that disagrees with its noun": matching(
        r"\b1 (cartes|îles|points|coups|plis)\b|\b([2-9]|\d{2,}) (carte|île|coup|pli)\b"
    ),
    "English words": matching(r"\b(the|and|with|seat|card|cards|you|your|round)\b"),
}

# Proper names and Breton asides in parentheses are the same in both languages.
NAMES_AND_ASIDES = re.compile(
    r"\([^)]*\)|Les Pieds dans le Plat|La Bouillabaisse|Bouillabaisse|Ar Seizh Bigoudenn"
)


def slips(lines: list[str], checks: dict[str, Check]) -> dict[str, list[str]]:
    found = {what: check(lines) for what, check in checks.items()}
    return {what: lines[:3] for what, lines in found.items() if lines}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_whole_games_in_both_languages_hold_none_of_the_known_slips(lang: Lang) -> None:
    own = ENGLISH if lang == "en" else FRENCH
    found: dict[str, dict[str, list[str]]] = {}
    for title, lines in games(lang):
        plain = [NAMES_AND_ASIDES.sub("", line) for line in lines]
        where = {**slips(lines, COMMON), **slips(plain, own)}
        if where:
            found[title] = where
    assert not found, found


def test_the_scan_finds_each_family_it_looks_for() -> None:
    """Each check catches the slip it was written for (the scan above cannot pass by being
    blind)."""
    english = [
        "Seat 1 (you) draws a 8.",
        "Seat 1 (you)'s hand: 4, 4, 7.",
        "Seat 2 plays Cooling −1.",
        "Seat 2 played Cooling −1.",
        "Options: assisted=True, (bool, False).",
        "Round 1 of 100, target 50 points.",
        "Level Génoise: cake at 10.",
        "Seat 3 discards a card.",
        "Seat 3 discards a card.",
        "1 cards left",
    ]
    found = {**slips(english, COMMON), **slips(english, ENGLISH)}
    assert set(found) == {
        "an article that does not fit the number",
        "a possessive after a parenthesis",
        "a line retold by the next",
        "a Python spelling",
        "a safety limit read as the length",
        "French words",
        "a line told twice",
        "a number that disagrees with its noun",
    }
    french = ["Siège 4 retourne rien au centre.", "Me retirer (ne rien miser)", "2 carte"]
    assert set(slips(french, FRENCH)) == {
        "« rien » without « ne »",
        "a number that disagrees with its noun",
    }
    assert not slips(["Vos ingrédients : rien.", "Option « tout ou rien » : …"], FRENCH)
