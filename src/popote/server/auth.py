"""Identities: secret tokens (stored only as hashes) and Argon2 password hashes (how
strong a password must be: ``popote.server.passwords``).

>>> token = new_token()
>>> len(token) >= 43, same_token(token, token_hash(token)), same_token("x", token_hash(token))
(True, True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from popote.server.names import MARKS_IN_A_ROW

_HASHER = PasswordHasher()
_KEPT = "\t\n\r\u200d"  # white space becomes spaces; the joiner holds emoji together


def new_token() -> str:
    """An unguessable secret: 32 random bytes."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What the database keeps of a token: a leaked database gives no token away."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def same_token(token: str, stored_hash: str) -> bool:
    """Whether ``token`` is the one ``stored_hash`` was made from, in constant time."""
    return hmac.compare_digest(token_hash(token), stored_hash)


def hash_password(password: str) -> str:
    return _HASHER.hash(password)


def unused_hash() -> str:
    """A hash of a secret nobody knows, made as a member's is: a login for a name that has
    no password (unknown, or a guest's) is checked against it, so that it costs the same
    time as a member's and the time says nothing of which names exist."""
    return _HASHER.hash(secrets.token_urlsafe(32))


def password_matches(stored: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def clean_text(text: str, limit: int) -> str:
    """``text`` in Unicode's composed form (NFC), without control or direction characters,
    with at most :data:`~popote.server.names.MARKS_IN_A_ROW` accents (combining marks) on
    a letter, spaces folded, cut at ``limit``.

    Names and chat are shown as plain text: this only keeps them on one readable line, and
    a letter smeared with hundreds of marks from drawing over the lines around it.

    >>> clean_text("  Gwen\\u202edolyn\\x00 <b>hi</b>\\n ", 300)
    'Gwendolyn <b>hi</b>'
    >>> clean_text("Ve\\u0301ro\\u0302me", 300)  # composed: é, ô
    'Vérôme'
    >>> clean_text("Z" + "\\u0336" * 297 + " ok", 300) == "Z\\u0336\\u0336\\u0336 ok"
    True
    """
    kept = []
    marks = 0
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if char not in _KEPT and category in ("Cc", "Cf", "Cs", "Co", "Cn"):
            continue
        marks = marks + 1 if category in ("Mn", "Me") else 0
        if marks <= MARKS_IN_A_ROW:
            kept.append(" " if char in "\t\n\r" else char)
    return " ".join("".join(kept).split())[:limit]


def login_of(name: str) -> str:
    """The folded form a registered name had before look-alikes were folded together
    (``popote.server.names.login_key`` since): accounts whose key another one already
    held keep it, and log in with it."""
    return unicodedata.normalize("NFKC", name).casefold()
