"""``popote serve``'s e-mail options (``--smtp``, ``--smtp-tls``, ``--mail-from``,
``--public-url``); the mail server's credentials come from the environment, which a
process list does not show."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

from popote.core.i18n import Text
from popote.server.mailconf import MailSettings, default_tls

SMTP_USER_ENV = "POPOTE_SMTP_USER"
SMTP_PASSWORD_ENV = "POPOTE_SMTP_PASSWORD"
Option = Callable[..., None]


def add_mail_arguments(option: Option) -> None:
    """The options, through ``popote.server.cli``'s ``option(name, meta, fr, en, ...)``."""
    option(
        "--smtp",
        Text("HÔTE:PORT", "HOST:PORT"),
        "serveur de courriel qui envoie les courriels (à votre tour, résumé du jour), avec "
        f"{SMTP_USER_ENV} et {SMTP_PASSWORD_ENV} dans l'environnement s'il en demande "
        "(défaut : aucun, les courriels attendent dans la base)",
        "mail server sending the messages (your turn, daily digest), with "
        f"{SMTP_USER_ENV} and {SMTP_PASSWORD_ENV} in the environment if it asks for them "
        "(default: none, messages wait in the database)",
    )
    option(
        "--smtp-tls",
        None,
        "STARTTLS exigé, ou pris quand le serveur l'offre (défaut : exigé, sauf pour un "
        "serveur de courriel sur la boucle locale)",
        "STARTTLS required, or used when the server offers it (default: required, except "
        "for a mail server on the loopback)",
        choices=("required", "optional"),
    )
    option(
        "--smtp-timeout",
        Text("SECONDES", "SECONDS"),
        "délai d'une réponse du serveur de courriel ; au-delà, le courriel est réessayé plus "
        "tard (défaut : {default})",
        "time the mail server may take to answer; past it, the message is tried again "
        "later (default: {default})",
        type=float,
        default=MailSettings.timeout,
    )
    option(
        "--mail-from",
        Text("ADRESSE", "ADDRESS"),
        "adresse d'expéditeur des courriels (défaut : {default})",
        "sender address of the messages (default: {default})",
        default=MailSettings.mail_from,
    )
    option(
        "--public-url",
        Text("URL", "URL"),
        "adresse du serveur telle que les joueurs l'atteignent, pour les liens des courriels, "
        "par ex. https://popote.example.org (défaut : l'adresse d'écoute)",
        "the server's address as players reach it, for the links in messages, e.g. "
        "https://popote.example.org (default: the address it listens on)",
    )


def mail_settings(args: argparse.Namespace, clock_scale: float) -> MailSettings:
    """The options as settings; the queue's pace follows ``--clock-scale`` like every clock
    (tests and demonstrations retry and look for digests in seconds, not minutes)."""
    host, port = _host_port(args.smtp) if args.smtp else (None, 25)
    fields: dict[str, Any] = {
        "smtp_host": host,
        "smtp_port": port,
        "tls": args.smtp_tls or default_tls(host or ""),
        "user": os.environ.get(SMTP_USER_ENV) or None,
        "password": os.environ.get(SMTP_PASSWORD_ENV) or None,
        "timeout": max(0.1, args.smtp_timeout),
        "mail_from": args.mail_from,
        "public_url": args.public_url,
        "retry": MailSettings.retry * clock_scale,
        "digest_check": MailSettings.digest_check * clock_scale,
    }
    return MailSettings(**fields)


def _host_port(given: str) -> tuple[str, int]:
    """``HOST:PORT``, ``[v6]:PORT`` or ``HOST`` (port 25)."""
    host, colon, port = given.rpartition(":")
    if not colon or not port.isdigit() or host.endswith(":"):
        return given.strip("[]"), 25
    return host.strip("[]"), int(port)
