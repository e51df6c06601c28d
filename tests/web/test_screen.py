"""The table page as a game screen (issue 45), measured as a sighted player sees it: at the
seat's turn, at 1366×768, 1280×720 and 390×844, every game at two seat counts shows every
seat's name, the centre, the whole hand (each card's corner in view) and the decision's
controls without scrolling; no seat, panel or popup covers a face-up card's corner; no
caption is cut or broken inside a word; the hand is drawn once (the text views are for
screen readers); a card played moves in under 300 ms, and nothing moves under reduced
motion; no sign is drawn as a missing glyph. Geometry only: boxes, what lies at a point,
lines of text (tests/web/screen.js)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.server.harness import Server
from tests.web.browser import create_table, enter, open_page, play_to_end, started
from tests.web.glyphs import missing_glyphs

SEED = 3
VIEWPORTS: dict[str, ViewportSize] = {
    "1366x768": {"width": 1366, "height": 768},
    "1280x720": {"width": 1280, "height": 720},
    "390x844": {"width": 390, "height": 844},
}
# Each game at its fewest seats but one and at a large table (the counts each game allows).
CASES = [
    ("pieds-dans-le-plat", 3),
    ("pieds-dans-le-plat", 5),
    ("bouillabaisse", 4),
    ("bouillabaisse", 12),
    ("stir-fry-eighteen", 2),
    ("stir-fry-eighteen", 5),
    ("boom-badaboom", 3),
    ("boom-badaboom", 5),
    ("ar-seizh-bigoudenn", 2),
    ("ar-seizh-bigoudenn", 4),
]
MOTIONS = """
window.__motions = [];
window.__flown = 0; // copies of taken cards flying to their taker, added to the page
document.addEventListener("DOMContentLoaded", () => new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.getAttribute && node.getAttribute("aria-hidden") === "true" && node.dataset.flip === undefined
      && node.getAttribute("aria-label")) window.__flown += 1;
  }
}).observe(document.body, { childList: true }));
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  window.__motions.push(typeof options === "number" ? options : options.duration);
  return animate.call(this, frames, options);
};
"""
SETTLED = """() => document.getAnimations().every((motion) =>
  motion.playState !== "running" || motion.effect.getTiming().iterations === Infinity)"""
GEOMETRY = (Path(__file__).parent / "screen.js").read_text()
"""The page-side measures (a function of nothing, returning what is wrong, in words)."""


def my_turn(page: Page) -> None:
    """The seat is asked (its choices are in the menu) and the table is drawn."""
    deadline = time.monotonic() + 60
    while not page.evaluate("window.popoteTable && window.popoteTable.decision !== null"):
        assert time.monotonic() < deadline, page.locator("#status").inner_text()
        page.wait_for_timeout(100)
    expect(
        page.get_by_role(
            "group", name=re.compile("^(Votre main, face visible|Your hand, face up)$")
        )
    ).to_be_visible()


def problems(page: Page) -> list[str]:
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(100)  # the felt fitted again after a resize (a frame or two)
    page.wait_for_function(SETTLED)  # the cards' motions over: the cards where they stay
    found: list[str] = page.evaluate(GEOMETRY)
    return found


def play_a_card(page: Page) -> bool:
    """Click a card that plays (the first of its ways if it has several); whether one was."""
    card = page.locator("#picture-panel .pc.playable").first
    if not card.count():
        return False
    before = page.evaluate("window.popoteTable.state.index")
    several = card.get_attribute("aria-haspopup")  # read before the click redraws the hand
    card.click()
    if several:
        page.locator("#picture-ways button").first.click()
    page.wait_for_function("index => window.popoteTable.state.index > index", arg=before)
    page.wait_for_timeout(100)
    return True


def open_at_turn(browser: Browser, server: Server, game: str, players: int) -> Page:
    page = open_page(browser, server, "fr", viewport=VIEWPORTS["1366x768"])
    page.context.add_init_script(MOTIONS)
    enter(page, "Nolwenn")
    create_table(page, game, players, players - 1, seed=SEED)
    started(page)
    my_turn(page)
    return page


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_table_is_one_screen_at_the_seats_turn(
    browser: Browser, server: Server, game: str, players: int
) -> None:
    page = open_at_turn(browser, server, game, players)
    page.mouse.click(1, 1)  # a mouse player: the menu's card entries are the cards
    for name, size in VIEWPORTS.items():
        page.set_viewport_size(size)
        assert problems(page) == [], (game, players, name)
    assert missing_glyphs(page) == []
    page.context.close()


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
@pytest.mark.parametrize("game", ["bouillabaisse", "pieds-dans-le-plat"])
def test_a_card_played_moves_briefly_and_never_under_reduced_motion(
    browser: Browser, server: Server, game: str, reduced: bool
) -> None:
    page = open_at_turn(browser, server, game, 4 if game == "bouillabaisse" else 3)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.evaluate("window.__motions = []")
    assert play_a_card(page)
    motions: list[Any] = page.evaluate("window.__motions")
    if reduced:
        assert motions == []
        assert page.evaluate("document.getAnimations().length") == 0
    else:
        assert motions and all(0 < duration <= 300 for duration in motions), motions
    page.context.close()


def test_by_keyboard_on_a_phone_the_focus_never_falls_to_the_page(
    browser: Browser, server: Server
) -> None:
    """On a phone the prompt bar's heading is visually hidden while the bar shows choices or
    buttons; after each choice the focus must still land on it (or the next choices), never
    on the page, where the next digit would be lost (play_to_end checks after every key)."""
    page = open_page(browser, server, "fr", viewport=VIEWPORTS["390x844"])
    enter(page, "Nolwenn")
    create_table(page, "boom-badaboom", 3, 2, seed=SEED)
    started(page)
    assert play_to_end(page, keyboard=True, limit=240) > 0
    page.context.close()


def test_a_memory_box_is_gone_at_the_next_turn_and_at_the_end(
    browser: Browser, server: Server
) -> None:
    page = open_at_turn(browser, server, "pieds-dans-le-plat", 3)
    boxes = page.locator("#flash")
    expect(boxes).to_contain_text("Îles montrées")  # the islands, shown to all at the start
    asked = page.evaluate("window.popoteTable.shown")
    assert play_a_card(page)
    page.wait_for_function(
        "asked => [null, asked].indexOf(window.popoteTable.shown) < 0 || window.popoteTable.over()",
        arg=asked,
    )
    expect(boxes).not_to_contain_text("Îles montrées")
    play_to_end(page, keyboard=False)
    expect(boxes).to_be_hidden()
    page.context.close()


def test_a_thinking_bot_is_shown_on_its_seat_still_under_reduced_motion(
    browser: Browser, server: Server
) -> None:
    page = open_at_turn(browser, server, "pieds-dans-le-plat", 3)
    page.emulate_media(reduced_motion="reduce")
    seat = page.get_by_role("list", name="Les places autour de la table").get_by_role("listitem")
    thinking = seat.nth(1).get_by_text("réfléchit…")
    expect(thinking).to_have_count(0)
    # The `table` message as the server sends it while that bot computes (protocol 1.7).
    page.evaluate(
        """() => {
        const table = structuredClone(window.popoteTable.table);
        table.seats[1].thinking = true;
        window.popoteTable.showTable(table);
    }"""
    )
    expect(thinking).to_be_visible()
    assert problems(page) == []
    assert page.evaluate("document.getAnimations().length") == 0  # the ring does not turn
    page.evaluate(
        """() => {
        const table = structuredClone(window.popoteTable.table);
        table.seats[1].thinking = false;
        window.popoteTable.showTable(table);
    }"""
    )
    expect(thinking).to_have_count(0)
    page.context.close()


def test_the_manches_rule_is_a_plaque_not_a_card_in_play(browser: Browser, server: Server) -> None:
    page = open_at_turn(browser, server, "bouillabaisse", 4)
    rule = page.get_by_role("group", name=re.compile("sa règle, pas une carte jouée"))
    expect(rule).to_be_visible()
    # Its ribbon, then its card (captioned "Règle" by the game's picture).
    expect(rule.get_by_text("Règle", exact=True)).to_have_count(2)
    expect(rule.get_by_text("Règle", exact=True).first).to_be_visible()
    # Framed apart: the plaque holds its card, and no card of the trick lies on it (once
    # the cards' motions are over: a card flying to its place may pass over it).
    page.wait_for_function(SETTLED)
    plaque = rule.bounding_box()
    assert plaque is not None
    for card in page.locator("#picture-panel [data-seat] [role='img']").all():
        box = card.bounding_box()
        assert box is not None
        assert (  # a pixel's touch is no cover: boxes are laid out in fractions of one
            box["x"] + 1 >= plaque["x"] + plaque["width"]
            or box["x"] + box["width"] <= plaque["x"] + 1
            or box["y"] + 1 >= plaque["y"] + plaque["height"]
            or box["y"] + box["height"] <= plaque["y"] + 1
        ), (box, plaque)
    page.context.close()


def test_a_trick_taken_flies_to_its_taker(browser: Browser, server: Server) -> None:
    page = open_at_turn(browser, server, "bouillabaisse", 3)
    for _ in range(4):  # a trick of three is taken within the seat's next two turns
        my_turn(page)
        assert play_a_card(page)
        if page.evaluate("window.__flown") > 0:
            break
    assert page.evaluate("window.__flown") > 0, "no trick flew to its taker"
    motions: list[Any] = page.evaluate("window.__motions")
    assert all(0 < duration <= 300 for duration in motions), motions
    page.wait_for_function(SETTLED)
    # The copies are gone once they landed: nothing left over the table.
    assert (
        page.evaluate("document.querySelectorAll('body > [aria-hidden=true][aria-label]').length")
        == 0
    )
    page.context.close()
