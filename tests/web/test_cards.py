"""The seat's hand drawn as cards, each named by the presenter's own words, readable at
phone width; where a game's view holds no single hand, its line stays text."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from tests.server.harness import Server
from tests.web.browser import (
    PHONE,
    check_axe,
    create_table,
    enter,
    open_page,
    screenshot,
    start,
)

SEED = 1  # the same deal on every run
HANDS = ["pieds-dans-le-plat", "bouillabaisse", "boom-badaboom", "stir-fry-eighteen"]


@pytest.mark.parametrize("game", HANDS)
def test_the_hand_is_drawn_as_named_cards(browser: Browser, server: Server, game: str) -> None:
    page = open_page(browser, server, "fr", viewport=PHONE)
    enter(page, "Nolwenn")
    create_table(page, game, 3, 2, seed=SEED)
    start(page)
    cards = page.locator("#hand li")
    expect(cards.first).to_be_visible()
    held = page.evaluate("window.popoteTable.state.view.hand.length")
    expect(cards).to_have_count(held)
    # Each card's accessible name is its name as the table says it (the `v` key reads the
    # whole table, hand included); the table drawn beside no longer repeats the hand.
    table_text = page.evaluate("window.popoteTable.state.table_text")
    names = cards.all_inner_texts()
    assert all(name and name in table_text for name in names)
    for name in set(names):
        expect(page.get_by_role("listitem").filter(has_text=name).first).to_be_visible()
    expect(page.locator("#table-text")).not_to_contain_text("Votre main")
    # Readable at phone width: every card inside the screen, none narrower than its name.
    for box in (card.bounding_box() for card in cards.all()):
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    check_axe(page)
    screenshot(page, f"{game}-hand")


def test_a_view_without_one_hand_keeps_its_text(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    enter(page, "Soazig")
    create_table(page, "ar-seizh-bigoudenn", 2, 1)
    start(page)
    expect(page.locator("#table-text")).to_contain_text("utensils")
    expect(page.locator("#hand-panel")).to_be_hidden()
