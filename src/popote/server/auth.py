"""Identities: secret tokens (stored only as hashes) and Argon2 password hashes.

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


def password_matches(stored: str, password: str) -> bool:
    try:
        return _HASHER.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def clean_text(text: str, limit: int) -> str:
    """``text`` without control or direction characters, spaces folded, cut at ``limit``.

    Names and chat are shown as plain text: this only keeps them on one readable line.

    >>> clean_text("  Gwen\\u202edolyn\\x00 <b>hi</b>\\n ", 300)
    'Gwendolyn <b>hi</b>'
    """
    kept = "".join(
        " " if char in "\t\n\r" else char
        for char in text
        if char in _KEPT or unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    return " ".join(kept.split())[:limit]


def login_of(name: str) -> str:
    """The folded form of a name, so "Rozenn" and "rozenn" are one account."""
    return unicodedata.normalize("NFKC", name).casefold()
