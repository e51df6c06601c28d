"""Each of the five games played from its creation form to its result against random bots,
in a real browser, in French and in English, as a player with a screen reader: what the live
regions say is compared, line by line, with what the server sent (the presenters' lines, the
notices, the prompts: ``tests/web/hearing.py``), from the opening to the end; where the
focus goes after each choice; the clock shown on the player's turn; what axe-core finds."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from popote.core.i18n import LANGUAGES, Lang
from popote.server.web.texts import SCRIPT
from tests.server.harness import Server
from tests.web.browser import (
    check_axe,
    create_table,
    enter,
    open_page,
    play_to_end,
    said,
    screenshot,
    started,
)
from tests.web.hearing import Frames, expected

SEED = 1
"""The same deals and bots' moves on every run (a random deal of Boom Badaboom can end
before the player is asked anything)."""
# Small counts and options that shorten games.
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("pieds-dans-le-plat", 2, {}),
    ("stir-fry-eighteen", 2, {"round_limit": 10}),
    ("ar-seizh-bigoudenn", 3, {"rounds": 1, "real_time": True}),
    ("boom-badaboom", 3, {"difficulty": "cupcake"}),
    ("bouillabaisse", 12, {"decks": "one"}),
]
ISLANDS = re.compile(r"pioche l'île|Îles montrées|a l'île|draws island|Islands shown|holds island")
NAMES = {"fr": "Rozenn", "en": "Rowan"}
OPENING = {
    # What the opening must have said, in the player's own words (a line of the snapshot).
    "pieds-dans-le-plat": {"fr": "Carte de départ", "en": "Starting card"},
    "stir-fry-eighteen": {"fr": "Votre main", "en": "Your hand"},
    "ar-seizh-bigoudenn": {"fr": "incarne", "en": "plays"},
    "boom-badaboom": {"fr": "Votre rôle", "en": "Your role"},
    "bouillabaisse": {"fr": "Tirage", "en": "Draw"},
}


def first_decision(page: Page) -> None:
    """The seat is asked: the prompt was said and the focus is on the first choice."""
    expect(page.locator("#choices button").first).to_be_visible()
    page.wait_for_function("document.activeElement.closest('#choices') !== null")
    prompt = " ".join(page.locator("#prompt").inner_text().split("\n"))
    assert prompt in said(page, "polite")


def log_lines(page: Page) -> list[str]:
    lines: list[str] = page.locator("#log li").evaluate_all(
        "items => items.map(item => item.textContent)"
    )
    return lines


def page_words(lang: Lang) -> set[str]:
    """What the page says of its own in play: a number typed before Enter."""
    return {SCRIPT["typed"].render(lang, number=number) for number in range(1, 13)}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_a_whole_game_is_heard_as_the_server_told_it(
    browser: Browser,
    server: Server,
    game: str,
    players: int,
    options: dict[str, Any],
    lang: Lang,
) -> None:
    page = open_page(browser, server, lang)
    enter(page, NAMES[lang])
    frames = Frames(page)
    create_table(page, game, players, players - 1, options, seed=SEED, clock="relaxed")
    started(page)
    if game == "pieds-dans-le-plat":  # the islands, shown to all once, on screen for a while
        expect(page.locator("#flash")).to_contain_text(ISLANDS)
    first_decision(page)
    check_axe(page)
    if lang == "fr":
        screenshot(page, f"{game}-table")
    # By keyboard in French, by mouse in English.
    assert play_to_end(page, keyboard=lang == "fr", clock_of=NAMES[lang]) > 0
    expect(page.locator("#status")).to_have_text(SCRIPT["over"].get(lang))
    expect(
        page.get_by_role("link", name=re.compile("Revoir la partie|Replay the game"))
    ).to_be_visible()

    hearing = expected(frames, game, options, lang)
    spoken = [text for text in said(page, "polite") if text not in hearing.steps | page_words(lang)]
    assert spoken == hearing.polite
    assert any(OPENING[game][lang] in line for line in hearing.polite[:12]), hearing.polite[:12]
    assert spoken[-1] == SCRIPT["over"].get(lang)
    assert log_lines(page) == hearing.log
    if game == "pieds-dans-le-plat":
        assert not any(ISLANDS.search(line) for line in hearing.log), "an island stayed in the log"
        assert any(ISLANDS.search(line) for line in spoken), "the islands were never said"
    # Only a race, or the clock's warning when a decision takes long (as it may on a loaded
    # machine, as for a person thinking), is said assertively; each decision was answered
    # once.
    urgent = r"Vite|Quick|Plus que \d+ secondes|Only \d+ seconds left"
    assertive = said(page, "assertive")
    assert all(re.match(urgent, text) for text in assertive), assertive
    answered = [act["decision"] for act in frames.acts()]
    assert len(answered) == len(set(answered))
    # The end: no prompt, no choices, no clock; the focus on the result.
    expect(page.locator("#prompt")).to_have_text("")
    expect(page.locator("#choices button")).to_have_count(0)
    expect(page.locator("#clock")).to_be_hidden()
    if lang == "fr":
        expect(page.locator("#result-heading")).to_be_focused()
    check_axe(page)


def test_switching_language_mid_game_keeps_the_log_and_asks_again(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Rozenn")
    create_table(page, "pieds-dans-le-plat", 2, 1, seed=SEED)
    started(page)
    first_decision(page)
    page.keyboard.press("1")
    first_decision(page)
    before = log_lines(page)
    page.get_by_role("button", name="Read this site in English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    # The French log stays as it was; the decision asked now is asked again, in English.
    first_decision(page)
    expect(page.locator("#prompt")).to_contain_text("Your turn")
    assert log_lines(page)[: len(before)] == before
    assert not set(said(page)) & set(before)
    check_axe(page)
