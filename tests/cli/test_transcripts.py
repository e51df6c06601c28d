"""Whole games read as a person reads them: every game, both languages, end to end.

A scripted player answers each prompt with a random number in range (now and then asking
for help, the rules or the table), and the transcript is checked for what a screen-reader
user stumbles on: long lines, long menus, hand-made plurals, the other language.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

import popote
from popote.cli.play import play_game
from popote.cli.terminal import Answer
from popote.core.i18n import Lang

LONGEST_LINE = 250
LONGEST_MENU = 12
SHORTCUTS = ("?", "r", "v")

# Words only French text uses; proper names (game titles) and asides in parentheses (Breton
# names of ingredients) are left out.
FRENCH_WORDS = re.compile(
    r"\b(le|la|les|des|du|une|est|vous|votre|vos|avec|pour|sur|dans|carte|cartes|siège"
    r"|joue|pioche|manche|tour|main|points?\s+de)\b",
    re.IGNORECASE,
)
PROPER_NAMES = (
    "Les Pieds dans le Plat",
    "La Bouillabaisse",
    "Bouillabaisse",
)
ASIDE = re.compile(r"\([^)]*\)")
MENU_LINE = re.compile(r"^ {2}(\d+)\. ")
CHOICE_COUNT = re.compile(r"\((?:1-)?(\d+)")


def scripted_reader(seed: int) -> Callable[[str, Answer], str]:
    chance = random.Random(seed)

    def read(prompt: str, answer: Answer) -> str:
        if chance.random() < 0.03:
            return chance.choice(SHORTCUTS)
        found = CHOICE_COUNT.search(prompt)
        return str(chance.randint(1, int(found.group(1)))) if found else ""

    return read


def transcript(name: str, lang: Lang, seed: int, players: int | None = None) -> list[str]:
    lines: list[str] = []
    match = play_game(
        name,
        players,
        seed,
        "random",
        0,
        {},
        lang,
        scripted_reader(seed),
        lambda text: lines.extend(text.splitlines()),
    )
    assert match.over, "the scripted player reaches the end of the game"
    return lines


def longest_menu(lines: list[str]) -> int:
    longest = 0
    for line in lines:
        found = MENU_LINE.match(line)
        if found:
            longest = max(longest, int(found.group(1)))
    return longest


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", popote.game_names())
def test_a_whole_game_reads_well_to_a_screen_reader(name: str, lang: Lang) -> None:
    lines = transcript(name, lang, seed=5)
    too_long = [line for line in lines if len(line) > LONGEST_LINE]
    assert not too_long, f"{len(too_long)} lines over {LONGEST_LINE}: {too_long[0]!r}"
    assert longest_menu(lines) <= LONGEST_MENU
    assert not [line for line in lines if "(s)" in line]


@pytest.mark.parametrize("name", popote.game_names())
def test_english_games_hold_no_french(name: str) -> None:
    lines = transcript(name, "en", seed=11)
    french = []
    for line in lines:
        plain = ASIDE.sub("", line)
        for proper in PROPER_NAMES:
            plain = plain.replace(proper, "")
        if FRENCH_WORDS.search(plain):
            french.append(line)
    assert not french, f"{len(french)} lines in French, e.g. {french[:3]!r}"
