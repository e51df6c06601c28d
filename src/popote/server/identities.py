"""Guests, registered players and their logins, guarded against farming and guessing.

Names go through ``popote.server.names`` (no invisible character, no look-alike of a
member's name, no imitation of a bot or a seat); each address and name has its quotas
(``popote.server.quotas``); passwords are weighed by zxcvbn and hashed with Argon2 on a
small pool of their own (:class:`PasswordWork`), never on the threads the rest of the
server waits on.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from sqlalchemy.exc import IntegrityError

from popote.core.i18n import Lang, Text
from popote.server.auth import (
    PASSWORD_LENGTH,
    clean_text,
    hash_password,
    login_of,
    new_token,
    password_matches,
    token_hash,
    weak_password,
)
from popote.server.errors import Refused, refused
from popote.server.models import User
from popote.server.names import NAME_LENGTH, checked_name, login_key, members_name, name_key
from popote.server.quotas import HOUR, LOGIN_PERIOD, Quotas, RateTable, too_often
from popote.server.store import Store

T = TypeVar("T")
BACKGROUND = 10
"""Niceness of the password threads (Linux): the event loop and the tables go first."""
BUSY = Text(
    "serveur occupé à vérifier des mots de passe : réessayez dans une seconde",
    "server busy checking passwords: try again in a second",
)


class PasswordWork:
    """Argon2 hashes and strength estimates on ``workers`` threads of their own, at a lower
    priority, with at most ``queue`` more waiting: past that a request is refused (503,
    ``Retry-After``) instead of holding up everyone else's."""

    def __init__(self, workers: int, queue: int) -> None:
        self._pool = ThreadPoolExecutor(workers, "popote-password", initializer=_background)
        self._room = workers + queue
        self._pending = 0

    async def run(self, work: Callable[..., T], *args: object) -> T:
        if self._pending >= self._room:
            raise Refused("busy", BUSY, 503, retry_after=1)
        self._pending += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, work, *args)
        finally:
            self._pending -= 1

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _background() -> None:
    # Threads inherit their niceness: Argon2's own lane threads run at this one too.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND)


class Identities:
    """Creating and proving identities; ``remember`` keeps each one the hub hands out."""

    def __init__(
        self,
        store: Store,
        quotas: Quotas,
        work: PasswordWork,
        remember: Callable[[User], User],
    ) -> None:
        self.store = store
        self.work = work
        self._remember = remember
        self._created = RateTable(quotas.identities_per_ip, HOUR)
        self._attempts = RateTable(quotas.login_attempts_per_ip, LOGIN_PERIOD)
        self._failures = RateTable(quotas.login_failures_per_name, LOGIN_PERIOD)

    def guest(self, name: str, lang: Lang, address: str) -> tuple[User, str]:
        self._count_creation(address)
        shown = checked_name(name)
        if self._member(shown) is not None:
            raise members_name()
        token = new_token()
        user = User(name=shown, token_hash=token_hash(token), lang=lang)
        return self._remember(self.store.add_user(user)), token

    async def register(
        self, name: str, password: str, lang: Lang, address: str
    ) -> tuple[User, str]:
        self._count_creation(address)
        shown = checked_name(name)
        if self._member(shown) is not None:
            raise _taken()
        if await self.work.run(weak_password, password, shown):
            raise refused(
                "weak_password",
                422,
                "mot de passe trop facile à deviner (trop court, trop courant ou trop simple) : "
                "prenez plusieurs mots, {n} caractères au moins",
                "password too easy to guess (too short, too common or too simple): "
                "use several words, at least {n} characters",
                n=PASSWORD_LENGTH,
            )
        token = new_token()
        user = User(
            name=shown,
            login=login_key(shown),
            token_hash=token_hash(token),
            password_hash=await self.work.run(hash_password, password),
            lang=lang,
        )
        try:
            return self._remember(self.store.add_user(user)), token
        except IntegrityError:  # registered meanwhile, by another request or process
            raise _taken() from None

    async def login(self, name: str, password: str, address: str) -> tuple[User, str]:
        """A new token for a registered player (the previous one stops working)."""
        if not self._attempts.take(address):
            raise _guessing(self._attempts.wait(address))
        typed = clean_text(name, NAME_LENGTH)
        key = name_key(typed)
        if self._failures.wait(key):
            raise _guessing(self._failures.wait(key))
        user = self._member(typed)
        if (
            user is None
            or user.password_hash is None
            or not await self.work.run(password_matches, user.password_hash, password)
        ):
            self._failures.take(key)
            raise refused(
                "bad_login", 401, "nom ou mot de passe incorrect", "wrong name or password"
            )
        token = new_token()
        self.store.update_user(user.id, token_hash=token_hash(token))
        user.token_hash = token_hash(token)
        return self._remember(user), token

    def _member(self, name: str) -> User | None:
        """The registered player ``name`` is (or looks like): by the fold that was theirs
        before look-alikes were folded together first, so that none is lost."""
        return self.store.user_by_login(login_of(name)) or self.store.user_by_login(login_key(name))

    def _count_creation(self, address: str) -> None:
        if not self._created.take(address):
            raise too_often(
                "too_many_identities",
                self._created.wait(address),
                "trop d'identités créées depuis cette adresse",
                "too many identities created from this address",
            )

    def close(self) -> None:
        self.work.close()


def _taken() -> Refused:
    return refused(
        "name_taken",
        409,
        "ce nom (ou un nom qui lui ressemble) est déjà pris",
        "this name (or one that looks like it) is already taken",
    )


def _guessing(wait: float) -> Refused:
    return too_often(
        "too_many_logins",
        wait,
        "trop d'essais de connexion",
        "too many login attempts",
    )
