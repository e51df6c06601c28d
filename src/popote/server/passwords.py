"""Which passwords are too easy to guess, and why, in words.

zxcvbn estimates how many guesses a password takes: its dictionaries (common passwords,
English words, names), keyboard walks, repetitions, sequences and dates. What it cannot
know is what an attacker of *this* site tries first: the site's and its games' names and
the words of its world, the kitchen and the card table, in French and English. They are
given to it as known words (``user_inputs``), after the player's own name, so that
``Popote2024``, ``bouillabaisse`` or ``PiedsDansLePlat`` score as the few guesses they
are. A refusal says which weakness zxcvbn found (its longest match) in both languages:
zxcvbn's own feedback is in English only.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from zxcvbn import zxcvbn

import popote
from popote.core.i18n import LANGUAGES, Text

PASSWORD_LENGTH = 8
PASSWORD_SCORE = 3
"""zxcvbn's score a password needs (0 to 4): 3 is about 10⁸ guesses or more, beyond what
an attacker tries online against the login limits, and costly offline against Argon2."""
ESTIMATED = 64
"""Characters zxcvbn looks at: a longer password whose beginning is strong is strong, and
one whose beginning is weak is refused anyway (its time grows with the length)."""
WORLD = """
popote cuisine cuisinier cuisinière kitchen cook cooking chef recette recipe marmite
casserole poêle louche spatule spatula tablier apron four oven fourchette couteau cuillère
assiette gâteau cake soupe soup poisson fish crêpe crêpes galette cidre caramel macaron
bonbon dessert pâtissier baker glouton ustensile utensil carte cartes card cards jeu jeux
game games partie donne deal pioche deck atout trump pli trick belote tarot rascasse
"""
"""Words of the site's world an attacker tries with the games' names (accents stripped
too, below)."""
REASONS = {
    "short": Text("moins de {n} caractères", "fewer than {n} characters"),
    "name": Text("il reprend votre nom", "it repeats your name"),
    "world": Text(
        "il reprend le nom d'un jeu ou un mot de la cuisine ou des cartes",
        "it repeats a game's name or a word of the kitchen or of cards",
    ),
    "passwords": Text("c'est un mot de passe courant", "it is a common password"),
    "dictionary": Text(
        "un mot courant ou un nom seul se devine vite",
        "a common word or name alone is guessed fast",
    ),
    "spatial": Text("c'est une suite de touches du clavier", "it is a row of keyboard keys"),
    "repeat": Text("il se répète (aaa, abcabc)", "it repeats itself (aaa, abcabc)"),
    "sequence": Text("c'est une suite (abc, 6543)", "it is a sequence (abc, 6543)"),
    "date": Text("une date ou une année se devine vite", "a date or a year is guessed fast"),
    "simple": Text("il est trop simple", "it is too simple"),
}


@functools.cache
def world_words() -> tuple[str, ...]:
    """The games' names and titles (each word, and together with or without separators),
    then :data:`WORLD`, each also without its accents."""
    words: list[str] = []
    for game in popote.game_names():
        title = popote.game_info(game)["title"]
        for name in (game, *(title[lang] for lang in LANGUAGES)):
            parts = re.findall(r"\w+", name.lower())
            small = [part for part in parts if len(part) > 2]  # not "le", "la", "in"...
            words += ["".join(parts), " ".join(parts), "-".join(parts), *small]
    words += WORLD.split()
    plain = [_unaccented(word) for word in words]
    return tuple(dict.fromkeys(word for pair in zip(words, plain, strict=True) for word in pair))


def weakness(password: str, name: str) -> Text | None:
    """Why ``password`` is too easy to guess (None: it is not): short, common, a keyboard
    walk, a repetition, a date, the name itself or a word of the site's world.

    >>> weakness("soupe de poisson du port", "Rozenn") is None
    True
    >>> weakness("azertyuiop", "Rozenn").en, weakness("Rozenn2024", "Rozenn").en
    ('it is a common password', 'it repeats your name')
    >>> weakness("Popote2024", "Rozenn").fr
    "il reprend le nom d'un jeu ou un mot de la cuisine ou des cartes"
    """
    if len(password) < PASSWORD_LENGTH:
        return REASONS["short"].format(n=PASSWORD_LENGTH)
    own = [name, *name.split()]
    estimate = zxcvbn(password[:ESTIMATED], user_inputs=[*own, *world_words()])
    if int(estimate["score"]) >= PASSWORD_SCORE:
        return None
    return REASONS[_kind(estimate["sequence"], {word.lower() for word in own})]


def _kind(sequence: list[dict[str, Any]], own: set[str]) -> str:
    """The kind of the longest part zxcvbn recognised (what it names first too)."""
    found = [match for match in sequence if match["pattern"] != "bruteforce"]
    if not found:
        return "simple"
    match = max(found, key=lambda m: len(m["token"]))
    pattern = match["pattern"]
    if pattern == "dictionary":
        source = match["dictionary_name"]
        if source == "user_inputs":
            return "name" if match["matched_word"] in own else "world"
        return "passwords" if source == "passwords" else "dictionary"
    if pattern == "regex":
        return "date"
    return pattern if pattern in REASONS else "simple"


def _unaccented(word: str) -> str:
    decomposed = unicodedata.normalize("NFD", word)
    return "".join(char for char in decomposed if unicodedata.category(char) != "Mn")
