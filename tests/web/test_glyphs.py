"""Every symbol drawn from what the project ships (issue 45): the card signs and the pages'
symbols are in the bundled "Popote Signs" font, never left to an emoji font the machine may
lack (✋ and ⌛ were empty boxes without one).

The font holds every sign the games' pictures draw in seeded random games of every game at
every player count, and every sign written in the games' and the pages' sources; each
``@font-face`` of ``popote.css`` declares exactly what its file holds. In Chromium, tables of
Les Pieds dans le Plat (a penalty card ✋) and Boom Badaboom (the final timer ⌛) show no
missing glyph, and every sign is drawn by "Popote Signs" itself, not by a font of the
machine (this one has DejaVu Sans, which holds most signs: only the font used tells).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from playwright.sync_api import Browser, Page, expect

import popote
from popote.core.chance import Chance
from popote.server.web.fonts import FAMILY, FOLDER, WEB, shipped_signs, signs_in, unicode_range
from tests.conformance.configs import option_variants
from tests.server.harness import Server
from tests.web.browser import create_table, enter, open_page, over, started
from tests.web.glyphs import fonts_drawing, missing_glyphs

NAMES = [f"Chef {n}" for n in range(1, 13)]
STEPS = 400
"""How many actions of each seeded game are drawn (most games end before)."""
CSS = WEB / "static" / "popote.css"
FACE = re.compile(
    r"@font-face\s*{[^}]*font-family:\s*\"" + FAMILY + r"\";[^}]*"
    r"url\(\"/static/fonts/(?P<file>[^\"]+)\"\)[^}]*unicode-range:\s*(?P<range>[^;]+);"
)


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def drawn_signs(game: str, players: int, seed: int, options: dict[str, Any]) -> set[str]:
    """The signs of every picture of a seeded random game, at the seat to act and for a
    spectator, in both languages, then every seat's at the end."""
    match = popote.new_match(game, players=players, seed=seed, options=options)
    chance = Chance(seed)
    found: set[str] = set()

    def draw(seat: int | None, legal: list[Any], lang: str) -> None:
        picture = match.game.presenter.picture(match.view(seat), legal, lang, NAMES)  # type: ignore[arg-type]
        if picture is not None:
            found.update(*(signs_in(text) for text in strings(picture.as_json())))

    for step in range(STEPS):
        if match.over:
            break
        seat = match.to_act[0]
        legal = match.legal_actions(seat)
        draw(seat, legal, "fr" if step % 2 else "en")
        if step % 5 == 0:
            draw(None, [], "en" if step % 2 else "fr")
        match.act(seat, legal[chance.below(len(legal))])
    for seat in [*range(players), None]:
        draw(seat, [], "fr")
    return found


def counts() -> list[tuple[str, int]]:
    return [
        (game, players)
        for game in popote.game_names()
        for players in range(
            popote.game_info(game)["min_players"], popote.game_info(game)["max_players"] + 1
        )
    ]


def two_setups(game: str, players: int) -> list[dict[str, Any]]:
    """The default options, and one option moved (another at each player count): a variant
    (a difficulty, a mode) may deal cards the default never does."""
    variants = option_variants(popote.game_info(game)["options"])
    return [{}, variants[players % len(variants)]] if len(variants) > 1 else [{}]


@cache
def font_chars() -> dict[str, set[str]]:
    """Each bundled font file's characters, read from its character map."""
    return {
        path.name: {chr(code) for code in TTFont(path).getBestCmap()}
        for path in sorted(FOLDER.glob("*.woff2"))
    }


def declared() -> dict[str, str]:
    """Each ``@font-face`` of the family in ``popote.css``: its file and unicode-range."""
    return {found["file"]: found["range"].strip() for found in FACE.finditer(CSS.read_text())}


@pytest.mark.parametrize(("game", "players"), counts())
def test_the_font_holds_every_sign_a_game_draws(game: str, players: int) -> None:
    held = set().union(*font_chars().values())
    signs = set().union(
        *(drawn_signs(game, players, players, o) for o in two_setups(game, players))
    )
    assert signs, "a game draws no sign at all?"
    assert sorted(signs - held) == []


def test_the_font_holds_every_sign_the_sources_write() -> None:
    """The pages' own symbols (▶, ›, −…) and every sign in the games' code, even one random
    games did not reach."""
    held = set().union(*font_chars().values())
    assert {"▶", "›", "−", "✋", "⌛", "♠"} <= shipped_signs()
    assert sorted(shipped_signs() - held) == []


def test_each_font_face_declares_exactly_what_its_file_holds() -> None:
    """A range wider than the file sends a sign to the machine's fonts; one narrower never
    uses the file for it. Rebuild with ``python -m popote.server.web.fonts`` and paste."""
    assert declared() == {name: unicode_range(chars) for name, chars in font_chars().items()}
    assert set(declared()) == {path.name for path in FOLDER.glob("*.woff2")}
    licences = {path.name for path in FOLDER.glob("*.txt")}
    assert licences == {"LICENSE-DejaVu.txt", "OFL-Noto.txt"}


def test_the_font_is_served_as_woff2(server: Server) -> None:
    with server.http() as http:
        for name in font_chars():
            answer = http.get(f"/static/fonts/{name}")
            assert answer.status_code == 200
            assert answer.headers["content-type"] == "font/woff2"
            assert "font-src 'self'" in answer.headers["content-security-policy"]


SIGNS_OF = {"pieds-dans-le-plat": "✋", "boom-badaboom": "⌛"}


def play_until_shown(page: Page, sign: str) -> None:
    """Take the first choice at every decision until ``sign`` is drawn on the table."""
    panel = page.locator("#picture-panel")
    first = page.locator("#choices button").first
    while sign not in panel.inner_text():
        assert not over(page), f"the game ended without drawing {sign}"
        try:
            first.click(timeout=1000)
        except Exception:  # nothing to choose now: the others are playing
            continue


def check_signs(page: Page) -> None:
    """No missing glyph, and every sign on the page drawn by the bundled font alone."""
    page.evaluate("document.fonts.ready")
    assert missing_glyphs(page) == []
    shown = signs_in(page.locator("body").inner_text())
    assert shown, "no sign on the page"
    for sign in sorted(shown):
        assert fonts_drawing(page, sign, "#picture-panel") == {FAMILY: 1}, sign
    loaded = page.evaluate(
        "(family) => [...document.fonts].filter((f) => f.family.replaceAll('\"', '') === family"
        " && f.status === 'loaded').length",
        FAMILY,
    )
    assert loaded >= 1


@pytest.mark.parametrize(
    ("game", "players", "seed"), [("pieds-dans-le-plat", 3, 2), ("boom-badaboom", 3, 1)]
)
def test_a_table_draws_its_signs_with_the_bundled_font(
    browser: Browser, server: Server, game: str, players: int, seed: int
) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Nolwenn")
    create_table(page, game, players, players - 1, seed=seed)
    started(page)
    play_until_shown(page, SIGNS_OF[game])
    check_signs(page)
    expect(page.locator("#picture-panel")).to_contain_text(SIGNS_OF[game])
    page.context.close()


def test_a_sign_outside_the_font_is_caught(browser: Browser, server: Server) -> None:
    """The check can fail: a sign no font of the page holds is a missing glyph, and one the
    machine's DejaVu Sans holds but "Popote Signs" does not is drawn by another font."""
    page = open_page(browser, server, "en")
    page.evaluate(
        r"""() => {
          const probe = document.createElement("p");
          probe.textContent = "\u{1FB00} \u{2602}";
          document.querySelector("main").append(probe);
        }"""
    )
    assert missing_glyphs(page) == ["\U0001fb00"]
    assert FAMILY not in fonts_drawing(page, "☂", "main")
    assert fonts_drawing(page, "♠", "main") == {FAMILY: 1}
    page.context.close()
