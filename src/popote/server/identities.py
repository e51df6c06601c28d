"""Guests, registered players and their logins, guarded against farming and guessing.

Names go through ``popote.server.names`` (no invisible character, no look-alike of a
member's name, no imitation of a bot or a seat); each address and name has its quotas
(``popote.server.quotas``): a wrong password is counted before it is checked, per name and
address and, more slowly, per name. Passwords are weighed by zxcvbn
(``popote.server.passwords``) and hashed with Argon2 on a small pool of their own
(:class:`PasswordWork`), never on the threads the rest of the server waits on. A name that
has no password (unknown, or a guest's) is checked against a hash of a secret nobody
knows, so that a login costs the same whether the name exists or not. A new token (a login,
a new password) or a logout ends the sockets of the old one (``token_changed``:
``popote.server.sessions``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import os
import threading
from collections import Counter
from collections.abc import Callable, Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError

from popote.core.i18n import Lang, Text
from popote.server.auth import (
    clean_text,
    hash_password,
    login_of,
    new_token,
    password_matches,
    token_hash,
    unused_hash,
)
from popote.server.errors import Refused, refused
from popote.server.models import User
from popote.server.names import NAME_LENGTH, checked_name, login_key, members_name, name_key
from popote.server.passwords import PASSWORD_LENGTH, weakness
from popote.server.quotas import HOUR, LOGIN_PERIOD, Guesses, Quotas, RateTable, guessing, too_often
from popote.server.store import Store

T = TypeVar("T")
NICENESS = 5
"""Niceness of the password threads (Linux): behind the event loop (0), which serves every
socket and request, ahead of the bots' workers (``popote.server.bots``, 10 and 15). A login
is a person waiting at a form for about a tenth of a second of work, bounded by the quotas
and by this pool; a bot's search is bounded by its time and only thinks a little less
while the CPU is short. At the bots' priority, logins took seconds while bot games ran."""
PER_NAME = 8
"""Checks pending (running or waiting) for one name; more are refused (503)."""
PER_CLIENT = 8
"""Checks pending for one client (an address's key); more are refused (503)."""
BUSY = Text(
    "serveur occupé à vérifier des mots de passe : réessayez dans une seconde",
    "server busy checking passwords: try again in a second",
)


@dataclass
class _Check:
    name: Hashable
    client: Hashable
    call: Callable[[], Any]
    done: asyncio.Future[Any]
    order: int


class PasswordWork:
    """Argon2 hashes and strength estimates on ``workers`` threads of their own, at
    :data:`NICENESS`. Each check is for a name and from a client: at most ``per_name``
    pending for one name, ``per_client`` from one client and ``workers + queue`` in all;
    past that it is refused (503 ``busy``, ``Retry-After``) instead of waiting. The next to
    run is the one whose name and client have the fewest checks pending: a flood against
    one name, or from one address, waits behind itself, and another member's login goes
    first."""

    def __init__(
        self, workers: int, queue: int, per_name: int = PER_NAME, per_client: int = PER_CLIENT
    ) -> None:
        self._pool = ThreadPoolExecutor(workers, "popote-password", initializer=_lower_priority)
        self._workers = workers
        self._room = workers + queue
        self._per_name = per_name
        self._per_client = per_client
        self._waiting: list[_Check] = []
        self._running = 0
        self._names: Counter[Hashable] = Counter()
        self._clients: Counter[Hashable] = Counter()
        self._order = itertools.count()

    async def run(
        self, name: Hashable, client: Hashable, work: Callable[..., T], *args: object
    ) -> T:
        """``work(*args)`` on a password thread, for ``name`` and ``client``."""
        if (
            len(self._waiting) + self._running >= self._room
            or self._names[name] >= self._per_name
            or self._clients[client] >= self._per_client
        ):
            raise Refused("busy", BUSY, 503, retry_after=1)
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        check = _Check(name, client, functools.partial(work, *args), done, next(self._order))
        self._names[name] += 1
        self._clients[client] += 1
        self._waiting.append(check)
        self._dispatch()
        try:
            return await done
        finally:
            if check in self._waiting:  # its request went away before it ran
                self._waiting.remove(check)
                self._release(check)

    def _dispatch(self) -> None:
        while self._waiting and self._running < self._workers:
            check = min(self._waiting, key=self._load)
            self._waiting.remove(check)
            self._running += 1
            running = asyncio.get_running_loop().run_in_executor(self._pool, check.call)
            running.add_done_callback(functools.partial(self._finished, check))

    def _load(self, check: _Check) -> tuple[int, int]:
        return max(self._names[check.name], self._clients[check.client]), check.order

    def _finished(self, check: _Check, running: asyncio.Future[Any]) -> None:
        self._running -= 1
        self._release(check)
        if running.cancelled():
            check.done.cancel()
        elif (error := running.exception()) is not None:
            if not check.done.done():
                check.done.set_exception(error)
        elif not check.done.done():
            check.done.set_result(running.result())
        self._dispatch()

    def _release(self, check: _Check) -> None:
        for counts, key in ((self._names, check.name), (self._clients, check.client)):
            counts[key] -= 1
            if counts[key] <= 0:
                del counts[key]

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _lower_priority() -> None:
    # Threads inherit their niceness: Argon2's own lane threads run at this one too.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)


class Identities:
    """Creating and proving identities; ``remember`` keeps each one the hub hands out, and
    ``token_changed`` is told of an identity whose token changed or ended."""

    def __init__(
        self,
        store: Store,
        quotas: Quotas,
        work: PasswordWork,
        remember: Callable[[User], User],
        token_changed: Callable[[int], None],
    ) -> None:
        self.store = store
        self.work = work
        self._remember = remember
        self._token_changed = token_changed
        self._created = RateTable(quotas.identities_per_ip, HOUR)
        self._attempts = RateTable(quotas.login_attempts_per_ip, LOGIN_PERIOD)
        self._guesses = Guesses(
            quotas.login_failures_per_name_and_ip, quotas.login_failures_per_name
        )
        self._unused = unused_hash()

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
        key = name_key(shown)
        await self._weigh(password, shown, key, address)
        token = new_token()
        user = User(
            name=shown,
            login=login_key(shown),
            token_hash=token_hash(token),
            password_hash=await self.work.run(key, address, hash_password, password),
            lang=lang,
        )
        try:
            return self._remember(self.store.add_user(user)), token
        except IntegrityError:  # registered meanwhile, by another request or process
            raise _taken() from None

    async def login(self, name: str, password: str, address: str) -> tuple[User, str]:
        """A new token for a registered player (the previous one stops working)."""
        if not self._attempts.take(address):
            raise guessing(self._attempts.wait(address))
        typed = clean_text(name, NAME_LENGTH)
        user = self._member(typed)
        if not await self._proven(user, name_key(typed), password, address) or user is None:
            raise refused(
                "bad_login", 401, "nom ou mot de passe incorrect", "wrong name or password"
            )
        return self._new_token(user)

    def logout(self, user: User) -> None:
        """``user``'s token stops working (it is replaced by one nobody has)."""
        self.store.update_user(user.id, token_hash=token_hash(new_token()))
        self._token_changed(user.id)

    async def change_password(
        self, user: User, current: str, new: str, address: str
    ) -> tuple[User, str]:
        """A registered player's new password, proven by the current one, weighed as at
        registration; a new token (the previous one stops working)."""
        if user.login is None or user.password_hash is None:
            raise refused(
                "not_registered",
                409,
                "un invité n'a pas de mot de passe : inscrivez-vous pour en avoir un",
                "a guest has no password: register to have one",
            )
        if not self._attempts.take(address):
            raise guessing(self._attempts.wait(address))
        key = name_key(user.name)
        if not await self._proven(user, key, current, address):
            raise refused(
                "wrong_password", 403, "mot de passe actuel incorrect", "wrong current password"
            )
        await self._weigh(new, user.name, key, address)
        hashed = await self.work.run(key, address, hash_password, new)
        self.store.update_user(user.id, password_hash=hashed)
        user.password_hash = hashed
        return self._new_token(user)

    async def _proven(self, user: User | None, key: str, password: str, address: str) -> bool:
        """Whether ``password`` is ``user``'s; a failure is counted before the check and
        given back unless the password was checked and wrong."""
        give_back = self._guesses.reserve(key, address)
        stored = self._unused if user is None or user.password_hash is None else user.password_hash
        try:
            matched = await self.work.run(key, address, password_matches, stored, password)
        except BaseException:
            give_back()
            raise
        if matched:
            give_back()
        return matched and stored is not self._unused

    async def _weigh(self, password: str, name: str, key: str, address: str) -> None:
        reason = await self.work.run(key, address, weakness, password, name)
        if reason is not None:
            raise Refused(
                "weak_password",
                Text(
                    f"mot de passe trop facile à deviner : {reason.fr} ; prenez plusieurs "
                    f"mots peu courants, {PASSWORD_LENGTH} caractères au moins",
                    f"password too easy to guess: {reason.en}; use several uncommon words, "
                    f"at least {PASSWORD_LENGTH} characters",
                ),
                422,
            )

    def _new_token(self, user: User) -> tuple[User, str]:
        token = new_token()
        self.store.update_user(user.id, token_hash=token_hash(token))
        user.token_hash = token_hash(token)
        self._token_changed(user.id)
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
