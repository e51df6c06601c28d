"""Text for people, in French (the default) and English.

>>> hello = Text("Bonjour {name}", "Hello {name}")
>>> hello.format(name="Rozenn").get("en")
'Hello Rozenn'
>>> str(hello.format(name="Rozenn"))
'Bonjour Rozenn'
>>> hello.render("fr", name="Katell")
'Bonjour Katell'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Lang = Literal["fr", "en"]
LANGUAGES: tuple[Lang, ...] = ("fr", "en")

_current: list[Lang] = ["fr"]


def set_language(lang: str) -> None:
    """Choose the language of error messages and other text (``"fr"`` or ``"en"``)."""
    _current[0] = parse_lang(lang)


def get_language() -> Lang:
    return _current[0]


def parse_lang(lang: str) -> Lang:
    if lang not in LANGUAGES:
        raise ValueError(f"langue inconnue / unknown language: {lang!r} (fr, en)")
    return lang


@dataclass(frozen=True, slots=True)
class Text:
    """One piece of text in both languages."""

    fr: str
    en: str

    def get(self, lang: Lang | None = None) -> str:
        return self.en if (lang or _current[0]) == "en" else self.fr

    def format(self, **fields: Any) -> Text:
        return Text(self.fr.format(**fields), self.en.format(**fields))

    def render(self, lang: Lang | None = None, **fields: Any) -> str:
        """The text in ``lang`` with ``fields`` filled in."""
        return self.get(lang).format(**fields)

    def as_dict(self) -> dict[str, str]:
        return {"fr": self.fr, "en": self.en}

    def __str__(self) -> str:
        return self.get()
