"""The messages themselves: plain text and HTML (``multipart/alternative``), in the
person's language, each with its unsubscribe link and RFC 8058's one-click headers.

The HTML is for screen readers as much as for eyes: a ``lang`` attribute, a real heading,
links whose text says where they go, no layout tables and no images.
"""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from popote.core.i18n import Lang, Text
from popote.server.outbox import Claimed

_LOADER = PackageLoader("popote.server.web", "templates/mail")
_HTML = Environment(loader=_LOADER, autoescape=select_autoescape(default=True))
_PLAIN = Environment(loader=_LOADER, autoescape=False)  # plain text: nothing to escape

WORDS: dict[str, Text] = {
    "turn_subject": Text(
        "Popote : à vous de jouer ({game}, table {table})",
        "Popote: your move ({game}, table {table})",
    ),
    "turn_heading": Text("À vous de jouer", "Your move"),
    "turn_lead": Text(
        "{game}, table {table} : la partie vous attend.",
        "{game}, table {table}: the game waits for you.",
    ),
    "asked": Text("Ce qui vous est demandé : {asked}", "What is asked of you: {asked}"),
    "left": Text("Temps restant : {left}.", "Time left: {left}."),
    "no_clock": Text("Votre horloge est arrêtée (congés).", "Your clock is stopped (holiday)."),
    "go": Text("Aller à la table {table} ({game})", "Go to table {table} ({game})"),
    "digest_subject": Text(
        "Popote : {count} partie(s) vous attendent", "Popote: {count} game(s) wait for you"
    ),
    "digest_heading": Text("Vos parties en attente", "Your games waiting"),
    "digest_lead": Text("Ces parties attendent votre coup :", "These games wait for your move:"),
    "confirm_subject": Text("Popote : confirmez votre adresse", "Popote: confirm your address"),
    "confirm_heading": Text("Confirmez votre adresse", "Confirm your address"),
    "confirm_lead": Text(
        "Quelqu'un (vous, espérons-le) a donné cette adresse au compte {name} sur Popote. "
        "Rien d'autre ne vous sera envoyé avant sa confirmation.",
        "Someone (you, we hope) gave this address to the account {name} on Popote. "
        "Nothing else will be sent to you before it is confirmed.",
    ),
    "confirm_link": Text("Confirmer cette adresse pour Popote", "Confirm this address for Popote"),
    "not_you": Text(
        "Si ce n'était pas vous, ne faites rien, ou désabonnez-vous ci-dessous : "
        "plus rien ne sera envoyé à cette adresse.",
        "If it was not you, do nothing, or unsubscribe below: nothing more will be sent "
        "to this address.",
    ),
    "unsubscribe": Text(
        "Ne plus recevoir de courriels de Popote", "Stop receiving e-mail from Popote"
    ),
    "why": Text(
        "Vous recevez ce message parce que vous l'avez demandé dans vos réglages de Popote.",
        "You receive this message because you asked for it in your Popote settings.",
    ),
}
DAY_WORDS = {
    "fr": ("{n} jour", "{n} jours", "{n} heure", "{n} heures", "{n} minute", "{n} minutes", " et "),
    "en": ("{n} day", "{n} days", "{n} hour", "{n} hours", "{n} minute", "{n} minutes", " and "),
}


def time_left(due: datetime | None, when: datetime, lang: Lang) -> str | None:
    """``2 jours et 3 heures``, ``5 hours and 12 minutes``: in words a screen reader says
    as a person would; None without a due time."""
    if due is None:
        return None
    seconds = max(0, int((due - when).total_seconds()))
    days, hours, minutes = seconds // 86400, seconds % 86400 // 3600, seconds % 3600 // 60
    words = DAY_WORDS[lang]
    units = [(days, 0), (hours, 2)] if days else [(hours, 2), (minutes, 4)]
    parts = [words[base + (n != 1)].format(n=n) for n, base in units if n] or [words[5].format(n=0)]
    return words[6].join(parts)


def compose(
    claimed: Claimed, base_url: str, sender: str, when: datetime, name: str
) -> EmailMessage:
    """The message of an outbox row, its links made absolute on ``base_url``."""
    row = claimed.row
    lang: Lang = "en" if row.lang == "en" else "fr"
    unsubscribe = f"{base_url}/mail/unsubscribe/{claimed.unsubscribe}"
    context: dict[str, Any] = {
        "lang": lang,
        "w": {key: text.get(lang) for key, text in WORDS.items()},
        "unsubscribe": unsubscribe,
        "name": name,
        "confirm": f"{base_url}/mail/confirm/{claimed.confirm}" if claimed.confirm else None,
        "games": [_game(entry, base_url, when, lang) for entry in _entries(row.kind, row.data)],
    }
    subject = _subject(row.kind, context["games"], lang)
    message = EmailMessage()
    message["From"] = sender
    message["To"] = row.address
    message["Subject"] = subject
    message["Date"] = format_datetime(when)
    message["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    message["Auto-Submitted"] = "auto-generated"
    message["List-Unsubscribe"] = f"<{unsubscribe}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message.set_content(_PLAIN.get_template(f"{row.kind}.txt").render(subject=subject, **context))
    html = _HTML.get_template(f"{row.kind}.html").render(subject=subject, **context)
    message.add_alternative(html, subtype="html")
    return message


def _entries(kind: str, data: dict[str, Any]) -> list[dict[str, Any]]:
    if kind == "turn":
        return [data]
    games: list[dict[str, Any]] = data.get("games", [])
    return games


def _game(entry: dict[str, Any], base_url: str, when: datetime, lang: Lang) -> dict[str, Any]:
    due = datetime.fromisoformat(entry["due"]) if entry.get("due") else None
    asked = entry.get("asked")
    return {
        "title": entry["title"][lang],
        "table": entry.get("code") or entry["table"],
        "asked": asked[lang] if asked else None,
        "left": time_left(due, when, lang),
        "link": base_url + entry["link"],
    }


def _subject(kind: str, games: list[dict[str, Any]], lang: Lang) -> str:
    if kind == "turn":
        return WORDS["turn_subject"].render(lang, game=games[0]["title"], table=games[0]["table"])
    if kind == "digest":
        return WORDS["digest_subject"].render(lang, count=len(games))
    return WORDS["confirm_subject"].get(lang)
