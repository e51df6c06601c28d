"""E-mail settings in the API (``/api/v1/me/notifications``), and the two pages a message
links to, which work without logging in: confirming an address and unsubscribing. Each
shows a button that POSTs, so that a mail scanner following links changes nothing; the
unsubscribe address also takes RFC 8058's one-click POST."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from popote.core.i18n import Lang, Text
from popote.server.api import ERRORS, UserDep
from popote.server.mail import Mail
from popote.server.subscriptions import DEFAULT_ZONE, Choice, Wish, change, confirm, settings_of
from popote.server.web.pages import ReaderLang, render

router = APIRouter(prefix="/api/v1", responses=ERRORS)
pages = APIRouter(include_in_schema=False)
Token = Annotated[str, Path(max_length=128)]


class NotificationsBody(BaseModel):
    address: str | None = Field(default=None, max_length=1024)
    choice: Choice = "none"
    hour: int = Field(default=8, ge=0, le=23)
    zone: str = Field(default=DEFAULT_ZONE, max_length=64)
    resend: bool = False
    """Send the confirmation link again to an address not yet confirmed."""


def mail_of(request: Request) -> Mail:
    mail: Mail = request.app.state.mail
    return mail


@router.get("/me/notifications", summary="Your e-mail address and what is sent to it")
async def notifications(user: UserDep, request: Request) -> dict[str, Any]:
    return settings_of(mail_of(request).outbox, user.id)


@router.put(
    "/me/notifications",
    summary="Set your address (a confirmation link is mailed to a new one) and choose: "
    "each (a mail each time a game waits for you), digest (one a day at your hour) or none",
)
async def set_notifications(
    body: NotificationsBody, user: UserDep, request: Request
) -> dict[str, Any]:
    mail = mail_of(request)
    wish = Wish(body.address or None, body.choice, body.hour, body.zone, body.resend)
    sent = change(mail.outbox, mail.settings, user, wish)
    if sent:
        mail.queued()
    return {**settings_of(mail.outbox, user.id), "confirmation_queued": sent}


WORDS: dict[str, Text] = {
    "confirm_title": Text("Confirmer votre adresse", "Confirm your address"),
    "confirm_ask": Text(
        "Confirmez-vous que Popote peut vous écrire à cette adresse ?",
        "Do you confirm that Popote may write to you at this address?",
    ),
    "confirm_button": Text("Confirmer mon adresse", "Confirm my address"),
    "confirmed": Text(
        "Adresse {address} confirmée : Popote vous écrira comme vous l'avez choisi.",
        "Address {address} confirmed: Popote will write to you as you chose.",
    ),
    "unsubscribe_title": Text("Se désabonner", "Unsubscribe"),
    "unsubscribe_ask": Text(
        "Ne plus jamais recevoir de courriel de Popote à cette adresse ?",
        "Never receive e-mail from Popote at this address again?",
    ),
    "unsubscribe_button": Text("Me désabonner", "Unsubscribe me"),
    "unsubscribed": Text(
        "C'est fait : Popote n'écrira plus à {address}.",
        "Done: Popote will no longer write to {address}.",
    ),
    "unknown": Text(
        "Ce lien ne mène à rien (périmé, ou déjà utilisé).",
        "This link leads nowhere (out of date, or already used).",
    ),
}


def _page(
    request: Request, lang: Lang, title: str, said: Text, status: int = 200, **fields: Any
) -> HTMLResponse:
    """The one page both links lead to: a heading, a sentence, and a button to POST where
    one is asked (``button``)."""
    button = fields.pop("button", None)
    return render(
        request,
        lang,
        "mail.html",
        status,
        title=WORDS[title].get(lang),
        said=said.get(lang).format(**fields),
        button=WORDS[button].get(lang) if button else None,
    )


@pages.get("/mail/confirm/{token}", response_class=HTMLResponse)
async def confirm_page(request: Request, token: Token, chosen: ReaderLang) -> HTMLResponse:
    return _page(request, chosen, "confirm_title", WORDS["confirm_ask"], button="confirm_button")


@pages.post("/mail/confirm/{token}", response_class=HTMLResponse)
async def confirm_address(request: Request, token: Token, chosen: ReaderLang) -> HTMLResponse:
    address = confirm(mail_of(request).outbox, token)
    if address is None:
        return _page(request, chosen, "confirm_title", WORDS["unknown"], 404)
    return _page(request, chosen, "confirm_title", WORDS["confirmed"], address=address)


@pages.get("/mail/unsubscribe/{token}", response_class=HTMLResponse)
async def unsubscribe_page(request: Request, token: Token, chosen: ReaderLang) -> HTMLResponse:
    ask = WORDS["unsubscribe_ask"]
    return _page(request, chosen, "unsubscribe_title", ask, button="unsubscribe_button")


@pages.post("/mail/unsubscribe/{token}", response_class=HTMLResponse)
async def unsubscribe(request: Request, token: Token, chosen: ReaderLang) -> HTMLResponse:
    """The page's button, or a mail client's one-click (RFC 8058: its body is
    ``List-Unsubscribe=One-Click``, and needs no reading)."""
    address = mail_of(request).outbox.unsubscribe(token)
    if address is None:
        return _page(request, chosen, "unsubscribe_title", WORDS["unknown"], 404)
    return _page(request, chosen, "unsubscribe_title", WORDS["unsubscribed"], address=address)


SETTINGS_WORDS: dict[str, Text] = {
    "title": Text("Courriels", "E-mail"),
    "guest": Text(
        "Seul un compte enregistré reçoit des courriels : créez-en un ou connectez-vous.",
        "Only a registered account receives e-mail: create one or log in.",
    ),
    "address": Text("Adresse électronique", "E-mail address"),
    "confirmed": Text("Adresse confirmée.", "Address confirmed."),
    "unconfirmed": Text(
        "Adresse pas encore confirmée : suivez le lien qui vous a été envoyé.",
        "Address not confirmed yet: follow the link sent to you.",
    ),
    "choice": Text("Quand vous écrire", "When to write to you"),
    "choice_each": Text(
        "À chaque fois qu'une partie vous attend", "Each time a game waits for you"
    ),
    "choice_digest": Text("Un résumé par jour", "One digest a day"),
    "choice_none": Text("Jamais", "Never"),
    "when": Text("Heure du résumé", "Time of the digest"),
    "hour": Text("Heure", "Hour"),
    "zone": Text("Fuseau horaire", "Time zone"),
    "zone_hint": Text("Un nom comme Europe/Paris.", "A name such as Europe/Paris."),
    "save": Text("Enregistrer", "Save"),
    "saved": Text("Réglages enregistrés.", "Settings saved."),
    "saved_confirm": Text(
        "Réglages enregistrés. Un lien de confirmation part vers votre adresse : rien "
        "d'autre ne lui sera envoyé avant que vous l'ayez suivi.",
        "Settings saved. A confirmation link is on its way to your address: nothing else "
        "will be sent to it before you follow it.",
    ),
}


@pages.get("/me/notifications", response_class=HTMLResponse)
async def settings_page(request: Request, chosen: ReaderLang) -> HTMLResponse:
    """The reader's e-mail settings, filled and saved by ``static/notifications.js``."""
    words = {key: text.get(chosen) for key, text in SETTINGS_WORDS.items()}
    return render(request, chosen, "notifications.html", m=words)
