"""Each of the five games played from the lobby to its result against random bots, in a
real browser, as a player with a screen reader: what the live regions say, where the focus
goes, what axe-core finds, in French and then in English (the language switched mid-game)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.harness import Server
from tests.web.browser import (
    check_axe,
    create_table,
    enter,
    open_page,
    play_to_end,
    said,
    screenshot,
    start,
)

SEED = 1
"""The same deals and bots' moves on every run (a random deal of Boom Badaboom can end
before the player is asked anything)."""
# Small counts and options that shorten games; keyboard only for three of them.
GAMES: list[tuple[str, int, dict[str, Any], bool]] = [
    ("pieds-dans-le-plat", 2, {}, True),
    ("stir-fry-eighteen", 2, {"round_limit": 10}, True),
    ("ar-seizh-bigoudenn", 3, {"rounds": 1, "real_time": True}, True),
    ("boom-badaboom", 3, {"difficulty": "cupcake"}, False),
    ("bouillabaisse", 12, {"decks": "one"}, False),
]
ISLANDS = re.compile(r"pioche l'île|Îles montrées|a l'île|draws island|Islands shown|holds island")


def first_decision(page: Page) -> None:
    """The seat is asked: the prompt was said at once and the focus is on the first choice."""
    expect(page.locator("#choices button").first).to_be_visible()
    page.wait_for_function("document.activeElement.closest('#choices') !== null")
    prompt = " ".join(page.locator("#prompt").inner_text().split("\n"))
    assert prompt in said(page, "assertive")


def log_lines(page: Page) -> list[str]:
    return [line.strip() for line in page.locator("#log li").all_inner_texts()]


@pytest.mark.parametrize(("game", "players", "options", "keyboard"), GAMES)
def test_a_whole_game_from_the_lobby(
    browser: Browser,
    server: Server,
    game: str,
    players: int,
    options: dict[str, Any],
    keyboard: bool,
) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Rozenn")
    create_table(page, game, players, players - 1, options, seed=SEED)
    expect(page.get_by_role("heading", level=1)).to_contain_text("Table")
    start(page)
    first_decision(page)
    check_axe(page)
    screenshot(page, f"{game}-table")

    page.get_by_role("button", name="Read this site in English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    first_decision(page)
    check_axe(page)

    assert play_to_end(page, keyboard) > 0
    expect(page.locator("#status")).to_have_text("The game is over.")
    expect(page.get_by_role("link", name="Replay the game")).to_be_visible()
    lines = log_lines(page)
    # Each line added to the log was said once, politely, in the log's order (the log
    # keeps its last 300 lines; the snapshot after the reload is not said again).
    spoken = [text for text in said(page, "polite") if text in set(lines)]
    shown = min(len(spoken), len(lines))
    assert shown > 0
    assert spoken[-shown:] == lines[-shown:]
    assert spoken[-1] == "The game is over."
    if game == "pieds-dans-le-plat":
        assert not any(ISLANDS.search(line) for line in lines), "an island stayed in the log"
    check_axe(page)
