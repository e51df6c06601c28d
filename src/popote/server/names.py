"""Names people can tell apart: no invisible characters, no look-alike of a member's name,
no imitation of a bot or of a seat.

- **Shown as typed**, white space folded, at most :data:`NAME_LENGTH` characters; but
  refused, with the character named, when it holds anything a reader cannot see: control
  and format characters (bidi controls, zero-width spaces and joiners), Unicode's default
  ignorable code points (variation selectors, the combining grapheme joiner, Hangul
  fillers...), the blank Braille pattern, private or unassigned code points, and more than
  :data:`MARKS_IN_A_ROW` accents on one letter. An emoji keeps its joiner and its emoji
  presentation selector.
- **One key per look** (:func:`name_key`): Unicode's confusable skeleton (UTS #39, computed
  by ICU's ``SpoofChecker``) of the name's compatibility form, made blind to case; "Rozenn", "ROZENN", "Ｒozenn" and "Rоzenn" (a Cyrillic о) share it. A registered
  player's key is theirs: nobody else registers it or takes it as a guest.
- **Bots and seats** are named by the server ("Robot moyen (2)", "Free seat (3)"): a name
  whose letters, accents and look aside, begin like one of those is refused, in either
  language.

>>> name_key("Rоzenn") == name_key("ＲＯＺＥＮＮ") == name_key("rozenn")
True
>>> imitates_server("Rоbot rnoyen (2)"), imitates_server("Siege libre"), imitates_server("Robine")
(True, True, False)
"""

from __future__ import annotations

import hashlib
import unicodedata

import icu

from popote.bots.registry import LEVEL_NAMES
from popote.core.i18n import LANGUAGES
from popote.server.errors import Refused, refused
from popote.server.seats import BOT_NAME, FREE_NAME, LEVELS

NAME_LENGTH = 32
MARKS_IN_A_ROW = 3
"""Accents (combining marks) one letter may carry: more turn a name into a smear."""

_SPOOF = icu.SpoofChecker()
_CASE_KEPT = {icu.UScriptCode.LATIN, icu.UScriptCode.COMMON, icu.UScriptCode.INHERITED}
_WHITE = {"\t", "\n", "\r", "\u2028", "\u2029"}
_EMOJI_JOINERS = {"\u200d", "\ufe0f"}
"""Kept after an emoji (and, for the joiner, before one): they draw one emoji of several."""
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),  # the blank Braille pattern: a letter that draws nothing
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties), which draw
nothing, and the blank Braille pattern."""


def shown_name(text: str) -> str:
    """The name as it will be shown, or a refusal saying what is wrong with it.

    >>> shown_name("  Anne  Le\\tGoff ")
    'Anne Le Goff'
    >>> shown_name("Cuisinière 👩\\u200d🍳")
    'Cuisinière 👩\\u200d🍳'
    >>> shown_name("R\\u200dozenn")
    Traceback (most recent call last):
    popote.server.errors.Refused: caractère invisible refusé dans un nom : U+200D
    """
    kept = []
    marks = 0
    for place, char in enumerate(text):
        if char in _WHITE or unicodedata.category(char) == "Zs":
            kept.append(" ")
            marks = 0
            continue
        if _invisible(text, place):
            raise refused(
                "bad_name",
                422,
                "caractère invisible refusé dans un nom : U+{point:04X}",
                "invisible character refused in a name: U+{point:04X}",
                point=ord(char),
            )
        marks = marks + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if marks > MARKS_IN_A_ROW:
            raise refused(
                "bad_name",
                422,
                "trop d'accents sur une même lettre",
                "too many accents on one letter",
            )
        kept.append(char)
    shown = " ".join("".join(kept).split())[:NAME_LENGTH]
    if not any(unicodedata.category(char)[0] in "LNPS" for char in shown):
        raise refused(
            "bad_name",
            422,
            "un nom est attendu (1 à {n} caractères)",
            "a name is expected (1 to {n} characters)",
            n=NAME_LENGTH,
        )
    return shown


def _invisible(text: str, place: int) -> bool:
    char = text[place]
    if char in _EMOJI_JOINERS and place > 0 and _emoji(text[place - 1]):
        return char == "\u200d" and (place + 1 == len(text) or not _emoji(text[place + 1]))
    code = ord(char)
    if any(low <= code <= high for low, high in _IGNORABLE):
        return True
    return unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn")


def _emoji(char: str) -> bool:
    return unicodedata.category(char) in ("So", "Sk")


def name_key(name: str) -> str:
    """What two names that look alike share, whatever their case, width or script.

    UTS #39's skeleton is case sensitive and looks differ between cases: ``I`` is drawn as
    ``l`` but ``i`` is not, the Cyrillic ``М`` is a Latin ``M`` but ``м`` is not an ``m``.
    So letters of other scripts than Latin are first put in capitals (their look-alikes
    of Latin letters are capitals), then the skeleton is taken, put in capitals, and taken
    again: ``Marie``, ``MARIE``, ``Маrie`` and ``rnarie`` share one key. A key is for
    comparing only: it is no name.
    """
    capitals = "".join(
        char if icu.Script.getScript(char).getScriptCode() in _CASE_KEPT else char.upper()
        for char in unicodedata.normalize("NFKC", name)
    )
    return _skeleton(_skeleton(capitals).upper())


def _skeleton(text: str) -> str:
    """The skeleton of ``text`` in its compatibility form, case folded, until it stays."""
    key = " ".join(unicodedata.normalize("NFKC", text).split())
    for _ in range(4):
        skeleton = unicodedata.normalize("NFKC", _SPOOF.getSkeleton(0, key))
        folded = " ".join(skeleton.casefold().split())
        if folded == key:
            break
        key = folded
    return key


def login_key(name: str) -> str:
    """What the database keeps of a registered name (``popote_users.login``): the digest
    of its key, so that every key fits the column, however long its skeleton."""
    return hashlib.sha256(name_key(name).encode("utf-8", "surrogatepass")).hexdigest()


def _stem(name: str) -> str:
    """The letters of a name's key without their accents: what its look says in words."""
    decomposed = unicodedata.normalize("NFD", name_key(name))
    return "".join(char for char in decomposed if unicodedata.category(char)[0] == "L")


def _server_stems() -> tuple[frozenset[str], frozenset[str]]:
    """The stems a name may not begin with (the server's names for bots and free seats,
    in every language) and those it may not be (a level followed by "bot", "Robot" alone)."""
    begins, alone = {FREE_NAME.render(lang, number="") for lang in LANGUAGES}, {"Robot", "Bot"}
    for lang in LANGUAGES:
        for level in LEVELS:
            for word in (level, LEVEL_NAMES[level].get(lang)):
                begins.add(BOT_NAME.render(lang, level=word, number=""))
                alone.add(f"{word} bot")
    return frozenset(map(_stem, begins)), frozenset(map(_stem, alone))


_BEGINS, _ALONE = _server_stems()


def imitates_server(name: str) -> bool:
    """Whether ``name`` reads like a name the server gives a bot or a free seat."""
    stem = _stem(name)
    return stem in _ALONE or any(stem.startswith(server) for server in _BEGINS)


def checked_name(text: str) -> str:
    """:func:`shown_name`, also refused when it imitates a bot or a seat."""
    shown = shown_name(text)
    if imitates_server(shown):
        raise refused(
            "name_reserved",
            409,
            "ce nom imite celui d'un robot ou d'un siège",
            "this name imitates a bot's or a seat's",
        )
    return shown


def members_name() -> Refused:
    return refused(
        "name_reserved",
        409,
        "ce nom (ou un nom qui lui ressemble) appartient à un joueur inscrit",
        "this name (or one that looks like it) belongs to a registered player",
    )
