"""The table drawn for sighted players (issue 22): what the drawing shows is what the
server sent, a card clicked is the action applied, it fits a phone, axe finds nothing, the
sounds come only after the switch, and the verbosity setting filters the live region."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, Page, expect

from tests.server.harness import Server
from tests.web.browser import (
    DESKTOP,
    PHONE,
    check_axe,
    create_table,
    enter,
    open_page,
    said,
    screenshot,
    started,
    violations,
)

SEED = 1
TONES = """
window.__tones = [];
class FakeContext {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    const tone = { frequency: { value: 0 }, type: "sine",
      connect: (next) => next, start: () => window.__tones.push(tone.frequency.value), stop: () => {} };
    return tone;
  }
  createGain() { return { gain: { value: 1 }, connect: (next) => next }; }
}
window.AudioContext = FakeContext;
"""


def state(page: Page) -> dict[str, Any]:
    sent: dict[str, Any] = page.evaluate("window.popoteTable.state")
    return sent


def my_turn(page: Page) -> None:
    expect(page.locator("#picture-panel .own-hand .pc.playable").first).to_be_visible()


def no_horizontal_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width


def overlapping(boxes: list[FloatRect]) -> list[tuple[int, int]]:
    return [
        (one, two)
        for one in range(len(boxes))
        for two in range(one + 1, len(boxes))
        if boxes[one]["x"] < boxes[two]["x"] + boxes[two]["width"]
        and boxes[two]["x"] < boxes[one]["x"] + boxes[one]["width"]
        and boxes[one]["y"] < boxes[two]["y"] + boxes[two]["height"]
        and boxes[two]["y"] < boxes[one]["y"] + boxes[one]["height"]
    ]


def test_twelve_seats_sit_round_the_table_without_overlap(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Gwen")
    create_table(page, "bouillabaisse", 12, 11, seed=SEED)
    started(page)
    my_turn(page)
    seats = page.locator("#picture-panel .seat-box")
    expect(seats).to_have_count(12)
    boxes = [box for box in (seat.bounding_box() for seat in seats.all()) if box]
    assert len(boxes) == 12 and not overlapping(boxes), overlapping(boxes)
    screenshot(page, "picture-bouillabaisse-12")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_bouillabaisse_drawn_matches_the_view_and_a_click_plays_the_card(
    browser: Browser, server: Server, lang: str
) -> None:
    page = open_page(browser, server, lang)
    enter(page, "Nolwenn")
    create_table(page, "bouillabaisse", 4, 3, seed=SEED)
    started(page)
    my_turn(page)
    sent = state(page)
    view = sent["view"]
    # Every other seat's hand count, the trick by seat, the deal's rule.
    for seat in range(4):
        box = page.locator(f"#picture-panel .seat-box[data-seat='{seat}']")
        expect(box).to_be_visible()
        if seat != sent["view"]["seat"]:
            expect(box.locator(".pile").first).to_have_attribute(
                "aria-label", re.compile(rf"^{view['hand_sizes'][seat]} ")
            )
    trick = page.locator("#picture-panel .by-seat")
    expect(trick).to_have_count(len(view["trick"]))
    expect(page.locator("#picture-panel .centre .pile").first).to_contain_text(
        "Manche 1 sur 6" if lang == "fr" else "Deal 1 of 6"
    )
    hand = page.locator("#picture-panel .own-hand .pc")
    expect(hand).to_have_count(len(view["hand"]))
    # The cards that cannot follow are dimmed and say why on focus.
    playable = [a["card"] for a in sent["decision"]["legal"]]
    expect(page.locator("#picture-panel .own-hand .pc.playable")).to_have_count(len(playable))
    if len(playable) < len(view["hand"]):
        page.locator("#picture-panel .own-hand .pc.dimmed").first.focus()
        expect(page.locator("#picture-why")).not_to_be_empty()
    check_axe(page)
    screenshot(page, f"picture-bouillabaisse-{lang}")
    page.set_viewport_size(DESKTOP)
    # A card clicked is that card played: it leaves the hand and lies before this seat.
    card = page.locator("#picture-panel .own-hand .pc.playable").first
    name = card.get_attribute("aria-label")
    card.click()
    expect(page.locator("#log")).to_contain_text(re.compile(re.escape(name or "?")))
    expect(page.locator("#picture-panel .own-hand .pc")).to_have_count(len(view["hand"]) - 1)
    assert violations(page) == []  # placed and moved through the CSSOM: the CSP holds


def test_pieds_draws_the_total_and_fits_a_phone(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en", viewport=PHONE)
    enter(page, "Soazig")
    create_table(page, "pieds-dans-le-plat", 3, 2, seed=SEED)
    started(page)
    my_turn(page)
    total = state(page)["view"]["total"]
    expect(page.locator("#picture-panel .track-token").first).to_have_text(str(total))
    no_horizontal_scroll(page)
    check_axe(page)
    # Whoever asks for no motion sees none.
    page.emulate_media(reduced_motion="reduce")
    page.locator("#picture-panel .own-hand .pc.playable").first.click()
    # A function, not an expression: Playwright evaluates an expression with eval, which the
    # page's CSP (script-src 'self') refuses.
    page.wait_for_function("(total) => window.popoteTable.state.view.total !== total", arg=total)
    assert page.evaluate("document.getAnimations().length") == 0
    now = state(page)["view"]["total"]
    expect(page.locator("#picture-panel .track-token").first).to_have_text(str(now))
    screenshot(page, "picture-pieds-en")


def test_sounds_only_after_the_switch_and_the_verbosity_filters(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr")
    page.context.add_init_script(TONES)
    enter(page, "Maiwenn")
    page.reload()
    create_table(page, "bouillabaisse", 3, 2, seed=SEED)
    started(page)
    my_turn(page)
    assert page.evaluate("window.__tones") == []
    # My turn only: no event line is read any more, the prompts still are.
    page.locator("#verbosity").select_option("turn")
    page.locator("#sound-switch").click()
    expect(page.locator("#sound-switch")).to_have_attribute("aria-pressed", "true")
    before = len(said(page))
    page.locator("#picture-panel .own-hand .pc.playable").first.click()
    my_turn(page)
    page.wait_for_function("window.__tones.length > 0")
    spoken = said(page)[before:]
    logged = page.locator("#log li").all_inner_texts()
    assert logged and not set(spoken) & set(logged[-3:]), spoken
    assert any("À vous" in line for line in spoken), spoken
    # What concerns me: of the game's lines, only those naming me are read.
    page.locator("#verbosity").select_option("mine")
    before = len(said(page))
    page.locator("#picture-panel .own-hand .pc.playable").first.click()
    my_turn(page)
    told = set(page.locator("#log li").all_inner_texts())
    heard = [line for line in said(page)[before:] if line in told]
    assert heard and all("Maiwenn" in line for line in heard), heard
    page.locator("#verbosity").select_option("turn")
    # Remembered: the next page of this browser has the sounds on.
    page.reload()
    expect(page.locator("#sound-switch")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#verbosity")).to_have_value("turn")


CAPTIONS = """() => ({ drawn: window.popoteTable.state.picture.hand.flatMap((pile) => pile.cards),
  cards: [...document.querySelectorAll("#picture-panel .own-hand .pc")].map((card) => {
  const title = card.querySelector(".pc-title");
  const box = card.getBoundingClientRect();
  const text = title && title.getBoundingClientRect();
  return {
    name: card.getAttribute("aria-label"),
    title: title ? title.textContent : null,
    hidden: title ? title.getAttribute("aria-hidden") : null,
    inside: !!text && text.width > 0 && text.left >= box.left && text.right <= box.right
      && text.top >= box.top && text.bottom <= box.bottom,
    whole: !!title && title.scrollHeight <= title.clientHeight + 1
      && title.scrollWidth <= title.clientWidth + 1,
  };
}) })"""
"""The hand the server drew and each card of it on the page: its accessible name, its
caption, whether the caption is hidden from screen readers, lies within the card and is
shown whole (not cut); read in one go."""


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_boom_hand_cards_show_their_caption(browser: Browser, server: Server, lang: str) -> None:
    page = open_page(browser, server, lang)
    enter(page, "Katell")
    create_table(page, "boom-badaboom", 3, 2, {"difficulty": "cupcake"}, seed=SEED)
    started(page)
    hand = page.locator("#picture-panel .own-hand .pc")
    expect(hand.first).to_be_visible()
    expect(hand.first.locator(".pc-title")).to_be_visible()
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        seen = page.evaluate(CAPTIONS)
        cards = seen["cards"]
        assert [(card["name"], card["title"]) for card in cards] == [
            (face["name"], face["title"]) for face in seen["drawn"]
        ]
        assert all(card["title"] and card["hidden"] == "true" for card in cards), cards
        assert all(card["inside"] and card["whole"] for card in cards), (size, cards)
    check_axe(page)
    screenshot(page, f"picture-boom-caption-{lang}")
