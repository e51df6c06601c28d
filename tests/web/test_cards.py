"""The seat's hand as cards named by the game's presenter (the server's `hand`, in the
table's own words): in words for screen readers (the text view, visually hidden), drawn
face up for the eyes, inside a phone's width."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.harness import Server
from tests.web.browser import (
    PHONE,
    check_axe,
    create_table,
    enter,
    open_page,
    screenshot,
    started,
)

SEED = 1  # the same deal on every run
GAMES = [
    "pieds-dans-le-plat",
    "bouillabaisse",
    "boom-badaboom",
    "stir-fry-eighteen",
    "ar-seizh-bigoudenn",
]


def drawn_groups(page: Page) -> list[dict[str, object]]:
    """The groups the page draws, read from the page itself: each group's name and the
    text of its cards."""
    groups: list[dict[str, object]] = page.evaluate(
        """() => [...document.querySelectorAll('#hand ul.cards')].map((list) => ({
            label: list.getAttribute('aria-labelledby') === 'hand-heading'
                ? null : document.getElementById(list.getAttribute('aria-labelledby')).textContent,
            cards: [...list.querySelectorAll('li')].map((card) => card.textContent),
        }))"""
    )
    return groups


@pytest.mark.parametrize("game", GAMES)
def test_the_hand_is_drawn_as_the_cards_the_presenter_names(
    browser: Browser, server: Server, game: str
) -> None:
    page = open_page(browser, server, "fr", viewport=PHONE)
    enter(page, "Nolwenn")
    create_table(page, game, 3, 2, seed=SEED)
    started(page)
    cards = page.locator("#hand li")
    expect(cards.first).to_be_attached()
    # Exactly the server's groups, none of them empty, in order and in the same words.
    sent = page.evaluate("window.popoteTable.state.hand")
    assert drawn_groups(page) == [group for group in sent if group["cards"]]
    # Each card's accessible name is its name as the table says it (the `v` key reads the
    # whole table, hand included).
    table_text = page.evaluate("window.popoteTable.state.table_text")
    names = cards.all_inner_texts()
    assert all(name and name in table_text for name in names)
    for name in set(names):
        expect(page.get_by_role("listitem").filter(has_text=name).first).to_be_attached()
    # Drawn inside a phone's width: every card of the drawn hand inside the screen.
    drawn = page.get_by_role("group", name="Votre main, face visible").locator("[aria-label]")
    expect(drawn.first).to_be_visible()
    for box in (card.bounding_box() for card in drawn.all()):
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    check_axe(page)
    screenshot(page, f"{game}-hand")


def test_the_groups_are_named_and_a_spectator_has_no_hand(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    enter(page, "Soazig")
    table = create_table(page, "bouillabaisse", 2, 1, seed=SEED)
    started(page)
    suits = page.locator("#hand .card-group-name")
    expect(suits.first).to_be_attached()
    assert set(suits.all_inner_texts()) <= {"clubs", "diamonds", "hearts", "spades"}
    first = page.locator("#hand ul.cards").first
    expect(first).to_have_accessible_name(suits.first.inner_text())
    watcher = open_page(browser, server, "en")
    enter(watcher, "Katell")
    watcher.goto(f"/tables/{table}")
    expect(watcher.locator("#table-text")).to_contain_text("Deal 1 of 6")
    expect(watcher.locator("#hand-panel")).to_be_hidden()
