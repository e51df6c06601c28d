"""Sending the outbox (``popote.server.outbox``) to the mail server given by ``popote
serve --smtp``: one asyncio task, each exchange in a thread with a timeout, so that a mail
server that refuses or hangs delays the messages and nothing else.

What a failure means decides what comes next: anything before the end of the message was
sent is a definite refusal (tried again later); a connection lost or silent after it may
have delivered the message, so it is left ``claimed``, never sent twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import smtplib
import ssl
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from typing import TYPE_CHECKING

from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy.exc import SQLAlchemyError

from popote.server.mailconf import LOOPBACK_HOSTS, MailSettings
from popote.server.models import now
from popote.server.notices import compose
from popote.server.outbox import STATES, Claimed, Outbox
from popote.server.reminders import Reminders

if TYPE_CHECKING:
    from popote.server.hub import Hub

IDLE_LOOK = 30.0
"""Seconds at most between two looks at the queue when nothing wakes the sender."""
log = logging.getLogger("popote.server")


@dataclass(frozen=True)
class Outcome:
    """``sent``, ``refused`` (tried again later) or ``unsure`` (maybe delivered)."""

    state: str
    error: str = ""


class NoTls(smtplib.SMTPException):
    """The mail server offers no STARTTLS where it is required."""


def deliver(settings: MailSettings, message: EmailMessage) -> Outcome:
    """Hand ``message`` to the mail server (blocking: run in a thread)."""
    assert settings.smtp_host is not None
    ending = False
    smtp = smtplib.SMTP(timeout=settings.timeout)
    try:
        smtp.connect(settings.smtp_host, settings.smtp_port)
        _greet(smtp, settings)
        _expect(smtp.mail(settings.mail_from))
        _expect(smtp.rcpt(str(message["To"])))
        ending = True
        code, answer = smtp.data(message.as_bytes(policy=SMTP))
        if code != 250:
            return Outcome("refused", f"{code} {answer!r}")
    except smtplib.SMTPResponseException as refusal:  # the server answered: nothing went
        return Outcome("refused", f"{refusal.smtp_code} {refusal.smtp_error!r}")
    except (OSError, smtplib.SMTPException) as error:
        return Outcome("unsure" if ending else "refused", repr(error))
    finally:
        with contextlib.suppress(OSError, smtplib.SMTPException):
            smtp.quit()
        smtp.close()
    return Outcome("sent")


def _greet(smtp: smtplib.SMTP, settings: MailSettings) -> None:
    smtp.ehlo()
    secured = smtp.has_extn("starttls")
    if secured:
        smtp.starttls(context=ssl.create_default_context())
        smtp.ehlo()
    elif settings.tls == "required":
        raise NoTls("the mail server offers no STARTTLS (--smtp-tls required)")
    if settings.user and settings.password:
        if not secured and settings.smtp_host not in LOOPBACK_HOSTS:
            raise NoTls("credentials are never sent in clear across a network")
        smtp.login(settings.user, settings.password)


def _expect(reply: tuple[int, bytes]) -> None:
    code, answer = reply
    if not 200 <= code < 300:
        raise smtplib.SMTPResponseException(code, answer)


class Sender:
    """The task that empties the outbox, one message at a time."""

    def __init__(
        self,
        outbox: Outbox,
        settings: MailSettings,
        base_url: Callable[[], str],
        name_of: Callable[[int], str],
    ) -> None:
        self.outbox = outbox
        self.settings = settings
        self.base_url = base_url
        self.name_of = name_of
        self.wake = asyncio.Event()
        """Set when a message is queued: it goes at once rather than at the next look."""

    async def run(self) -> None:
        while True:
            try:
                claimed = self.outbox.claim(now())
            except SQLAlchemyError:
                log.warning("mail queue unreadable", exc_info=True)
                claimed = None
            if claimed is None:
                await self._idle()
                continue
            try:
                await self._send(claimed)
            except Exception:  # one message that cannot be composed must not stop the rest
                log.exception(f"mail {claimed.row.kind} {claimed.row.id} not sent")

    async def _idle(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.wake.wait(), min(IDLE_LOOK, self.settings.retry))
        self.wake.clear()

    async def _send(self, claimed: Claimed) -> None:
        row = claimed.row
        message = compose(
            claimed, self.base_url(), self.settings.mail_from, now(), self.name_of(row.user_id)
        )
        outcome = await asyncio.to_thread(deliver, self.settings, message)
        # The log's fields (popote.server.logs): who, and the mail server's answer.
        extra = {"user": row.user_id, "reason": outcome.error or None}
        said = f"mail {row.kind} {row.id} {outcome.state}"
        try:
            if outcome.state == "sent":
                self.outbox.sent(row.id, now())
            elif outcome.state == "unsure":
                self.outbox.unsure(row.id, outcome.error)
            else:
                self.outbox.refused(
                    row, outcome.error, now(), self.settings.retry, self.settings.tries
                )
        except SQLAlchemyError:  # left claimed: never sent again, which is the safe side
            log.warning(f"{said}, not recorded", extra=extra, exc_info=True)
        log.info(said, extra=extra)


class Mail:
    """E-mail in a running server: the outbox, its sender (with ``--smtp``), the digests'
    clock, and the listener that queues a message when a game waits for someone."""

    def __init__(self, hub: Hub, settings: MailSettings, base_url: Callable[[], str]) -> None:
        self.settings = settings
        self.outbox = Outbox(hub.store.engine)
        self.sender = Sender(self.outbox, settings, base_url, lambda user: hub.identity(user).name)
        self.reminders = Reminders(self.outbox, settings, self.sender.wake.set)
        hub.on_your_turn.append(self.reminders.your_turn)
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        """Queue from now on; send only where a mail server was given."""
        self._tasks.append(asyncio.create_task(self.reminders.run_digests()))
        if self.settings.smtp_host is not None:
            self._tasks.append(asyncio.create_task(self.sender.run()))

    def queued(self) -> None:
        """A message was queued outside the reminders (a confirmation): send it now."""
        self.sender.wake.set()

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


class MailGauges(Collector):
    """The outbox for ``/metrics``: messages by state, and how long the oldest one waits."""

    def __init__(self, outbox: Outbox) -> None:
        self.outbox = outbox

    def collect(self) -> Iterator[Metric]:
        try:
            figures = self.outbox.gauges(now())
        except SQLAlchemyError:  # counted in popote_store_errors; no figure beats a wrong one
            return
        states = GaugeMetricFamily(
            "popote_mail_messages",
            "E-mail in the outbox by state (claimed: being sent, or given up unsure of it)",
            labels=["state"],
        )
        for state in STATES:
            states.add_metric([state], figures[state])
        yield states
        yield GaugeMetricFamily(
            "popote_mail_oldest_pending_seconds",
            "Age of the oldest message waiting to be sent (0: none)",
            value=figures["oldest_pending_seconds"],
        )
