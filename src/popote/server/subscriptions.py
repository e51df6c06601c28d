"""A registered player's e-mail settings: an address, confirmed by a link before anything
else is sent to it, and a choice (``each``, ``digest`` at an hour in a time zone, ``none``).

Every client is an attacker: an address is checked (254 characters at most, one ``@``, no
white space, so no header can be slipped in), and confirmation mails are limited per
identity and per address, so that nobody can make the server mail-bomb someone.
"""

from __future__ import annotations

import functools
import re
import secrets
import zoneinfo
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Literal

from sqlalchemy import delete, select

from popote.server.auth import token_hash
from popote.server.errors import Refused, refused
from popote.server.mailconf import MailSettings
from popote.server.mailrows import ADDRESS_LENGTH, MailAccount, OutboxRow
from popote.server.models import User, now
from popote.server.outbox import Outbox

Choice = Literal["each", "digest", "none"]
DEFAULT_ZONE = "Europe/Paris"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
ADDRESS = re.compile(rf"[A-Za-z0-9.!#$%&'*+/=?^_`{{|}}~-]{{1,64}}@{_LABEL}(?:\.{_LABEL})+")
"""An address of plain ASCII letters (no quoted local part, no comment, no white space)."""
CONFIRM_WINDOW = timedelta(days=1)


@dataclass(frozen=True)
class Wish:
    """What a player asks for (``PUT /api/v1/me/notifications``)."""

    address: str | None
    choice: Choice
    hour: int
    zone: str
    resend: bool = False


def check_address(address: str) -> str:
    """``address`` if it is one we send to, else a refusal."""
    if len(address) > ADDRESS_LENGTH or not ADDRESS.fullmatch(address):
        raise refused(
            "bad_address",
            422,
            "adresse électronique non valable",
            "not a valid e-mail address",
        )
    return address


@functools.cache
def _zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def check_zone(zone: str) -> str:
    if zone not in _zones():
        raise refused(
            "bad_zone",
            422,
            "fuseau horaire inconnu (un nom IANA comme Europe/Paris)",
            "unknown time zone (an IANA name such as Europe/Paris)",
        )
    return zone


def settings_of(outbox: Outbox, user_id: int) -> dict[str, Any]:
    """What ``GET /api/v1/me/notifications`` answers."""
    with outbox.session() as session:
        account = session.get(MailAccount, user_id)
    if account is None:
        return {
            "address": None,
            "confirmed": False,
            "choice": "none",
            "hour": 8,
            "zone": DEFAULT_ZONE,
        }
    return {
        "address": account.address,
        "confirmed": account.confirmed,
        "choice": account.choice,
        "hour": account.hour,
        "zone": account.zone,
    }


def change(outbox: Outbox, settings: MailSettings, user: User, wish: Wish) -> bool:
    """Apply ``wish``; whether a confirmation mail was queued. A refusal changes nothing."""
    if user.login is None:
        raise refused(
            "registered_only",
            403,
            "seul un compte enregistré peut recevoir des courriels (un invité n'a pas d'adresse)",
            "only a registered account can receive e-mail (a guest has no address)",
        )
    check_zone(wish.zone)
    if wish.address is None:
        with outbox.session() as session:
            session.execute(delete(MailAccount).where(MailAccount.user_id == user.id))
        return False
    address = check_address(wish.address)
    if outbox.stopped(address.lower()):
        raise refused(
            "address_stopped",
            409,
            "cette adresse s'est désabonnée : Popote ne lui écrit plus",
            "this address unsubscribed: Popote no longer writes to it",
        )
    with outbox.session() as session:
        account = session.get(MailAccount, user.id)
        fresh = account is None or account.address != address
        confirm = fresh or (wish.resend and account is not None and not account.confirmed)
        if confirm:
            _may_confirm(outbox, settings, user.id, address.lower())
        if account is None:
            account = MailAccount(user_id=user.id)
            session.add(account)
        if fresh:
            account.confirmed, account.confirm_hash = False, None
        account.address, account.address_key = address, address.lower()
        account.choice, account.hour, account.zone = wish.choice, wish.hour, wish.zone
        account.updated = now()
        if confirm:
            session.add(_confirmation(account, user.lang))
    return confirm


def _may_confirm(outbox: Outbox, settings: MailSettings, user_id: int, key: str) -> None:
    mine, there = outbox.confirmations(user_id, key, now() - CONFIRM_WINDOW)
    if mine >= settings.confirmations_per_identity or there >= settings.confirmations_per_address:
        raise _too_many()


def _too_many() -> Refused:
    error = refused(
        "too_many_confirmations",
        429,
        "trop de courriels de confirmation demandés : réessayez demain",
        "too many confirmation mails asked for: try again tomorrow",
    )
    error.retry_after = int(CONFIRM_WINDOW.total_seconds())
    return error


def _confirmation(account: MailAccount, lang: str) -> OutboxRow:
    return OutboxRow(
        kind="confirm",
        user_id=account.user_id,
        address=account.address,
        address_key=account.address_key,
        dedup=f"confirm:{account.user_id}:{secrets.token_hex(8)}",
        lang=lang,
        data={},
        state="pending",
        tries=0,
        next_try=now(),
        created=now(),
    )


def confirm(outbox: Outbox, token: str) -> str | None:
    """Confirm the address whose link ``token`` is; the address, or None for no such link."""
    with outbox.session() as session:
        account = session.scalars(
            select(MailAccount).where(MailAccount.confirm_hash == token_hash(token))
        ).first()
        if account is None:
            return None
        account.confirmed, account.confirm_hash = True, None
        return account.address
