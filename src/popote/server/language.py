"""Which language to answer in: ``lang`` asked for, else the user's setting, else the browser's.

>>> choose_lang(None, None, "en-GB,en;q=0.9,fr;q=0.5")
'en'
>>> choose_lang("fr", "en", "en"), choose_lang(None, "en", "fr"), choose_lang("xx", None, None)
('fr', 'en', 'fr')
"""

from __future__ import annotations

from popote.core.i18n import LANGUAGES, Lang


def choose_lang(asked: str | None, setting: str | None, accept: str | None) -> Lang:
    for candidate in (asked, setting, *_accepted(accept)):
        for lang in LANGUAGES:
            if candidate == lang:
                return lang
    return "fr"


def _accepted(header: str | None) -> list[str]:
    """The languages of an ``Accept-Language`` header, in the order given (weights aside)."""
    if not header:
        return []
    return [part.split(";")[0].strip().split("-")[0].lower() for part in header.split(",")[:20]]
