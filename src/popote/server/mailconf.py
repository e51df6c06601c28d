"""How the server sends e-mail (``popote serve --smtp``, ``--mail-from``, ``--public-url``):
see ``popote.server.mail`` and docs/operations.md."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

TlsMode = Literal["required", "optional"]
LOOPBACK_HOSTS = ("127.0.0.1", "::1", "localhost")


@dataclass(frozen=True)
class MailSettings:
    """The mail server, the sender's address, and the pace of the queue."""

    smtp_host: str | None = None
    """None: nothing is sent (messages still wait in the queue for a server to come)."""
    smtp_port: int = 25
    tls: TlsMode = "required"
    """``required``: no STARTTLS offered, nothing sent; ``optional``: STARTTLS when offered."""
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    mail_from: str = "popote@localhost"
    public_url: str | None = None
    """The server's address as players reach it, for the links in the messages; None: the
    address it listens on."""
    timeout: float = 30.0
    """Seconds one exchange with the mail server may take before it counts as failed."""
    retry: float = 60.0
    """Seconds before the first new try after a failure; each one after waits twice longer."""
    retry_cap: float = 6 * 3600.0
    tries: int = 8
    """Tries before a message is given up (``failed``)."""
    digest_check: float = 300.0
    """Seconds between two looks for the digests due."""
    confirmations_per_identity: int = 3
    confirmations_per_address: int = 3
    """Confirmation mails one identity may ask for, and one address may be sent, a day."""


def default_tls(host: str) -> TlsMode:
    """STARTTLS is required, except from a relay on this machine (nothing crosses a network)."""
    return "optional" if host in LOOPBACK_HOSTS else "required"
