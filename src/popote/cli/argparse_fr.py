"""argparse's own messages in French, so that ``popote --help`` speaks one language.

argparse looks up each of its messages ("usage: ", "show this help message and exit",
"invalid int value"...) through ``gettext`` when it uses them. Rather than ship a compiled
catalogue, the French ones live in this table and are put in argparse's way only while the
``popote`` command builds and reads its arguments; English is argparse's own.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from popote.core.i18n import Lang, Text
from popote.core.wording import NBSP

FRENCH = {
    "usage: ": "utilisation : ",
    "positional arguments": "arguments",
    "options": "options",
    "show this help message and exit": "afficher cette aide et quitter",
    "%(prog)s: error: %(message)s\n": "%(prog)s : erreur : %(message)s\n",
    "argument %(argument_name)s: %(message)s": "argument %(argument_name)s : %(message)s",
    "invalid %(type)s value: %(value)r": "valeur invalide : %(value)r (nombre attendu)",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "choix invalide : %(value)r (choix possibles : %(choices)s)"
    ),
    "the following arguments are required: %s": "arguments obligatoires manquants : %s",
    "unrecognized arguments: %s": "arguments inconnus : %s",
    "expected one argument": "une valeur est attendue",
    "expected at most one argument": "une valeur au plus est attendue",
    "expected at least one argument": "au moins une valeur est attendue",
    "ambiguous option: %(option)s could match %(matches)s": (
        "option ambiguë : %(option)s peut être %(matches)s"
    ),
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "commande inconnue %(parser_name)r (commandes : %(choices)s)"
    ),
    "not allowed with argument %s": "interdit avec l'argument %s",
    "ignored explicit argument %r": "valeur ignorée : %r",
    "one of the arguments %s is required": "un des arguments %s est obligatoire",
    "can't open '%(filename)s': %(error)s": "impossible d'ouvrir '%(filename)s' : %(error)s",
}
FRENCH_COUNTED = {
    ("expected %s argument", "expected %s arguments"): (
        "%s valeur attendue",
        "%s valeurs attendues",
    )
}


class Say:
    """Help texts in the language of the parser being built: ``say(fr, en)``."""

    def __init__(self, lang: Lang) -> None:
        self.lang = lang

    def __call__(self, fr: str, en: str) -> str:
        return Text(fr, en).get(self.lang)


class FrenchHelpFormatter(argparse.HelpFormatter):
    """French spacing: a no-break space before "?", ":" and ";" (also keeps "(défaut : 0)"
    on one line), headings included."""

    def start_section(self, heading: str | None) -> None:
        super().start_section(None if heading is None else heading + NBSP)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return super()._split_lines(_french_spacing(text), width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return super()._fill_text(_french_spacing(text), width, indent)


def help_formatter(lang: Lang) -> type[argparse.HelpFormatter]:
    return argparse.HelpFormatter if lang == "en" else FrenchHelpFormatter


def _french_spacing(text: str) -> str:
    for sign in "?:;":
        text = text.replace(" " + sign, NBSP + sign)
    return text


def _gettext(message: str) -> str:
    if not isinstance(message, str):
        return message  # argparse also asks for None (no description)
    return _french_spacing(FRENCH.get(message, message))


def _ngettext(singular: str, plural: str, count: int) -> str:
    french = FRENCH_COUNTED.get((singular, plural), (singular, plural))
    return french[0] if count <= 1 else french[1]


@contextmanager
def argparse_language(lang: Lang) -> Iterator[None]:
    """argparse speaks ``lang`` inside the block (French messages for ``"fr"``)."""
    if lang == "en":
        yield
        return
    # Neither name is in argparse's published interface: reached by name, put back after.
    french = {"_": _gettext, "ngettext": _ngettext}
    saved = {name: getattr(argparse, name) for name in french}
    for name, lookup in french.items():
        setattr(argparse, name, lookup)
    try:
        yield
    finally:
        for name, lookup in saved.items():
            setattr(argparse, name, lookup)
