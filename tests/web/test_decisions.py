"""The page names the decision each choice answers (protocol 1.2), so that a choice that
arrives after a stand-in bot answered for the player is refused, calmly, rather than
applied to the next decision."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from popote.server.web.texts import SCRIPT
from tests.server.harness import Server
from tests.web.browser import WAIT_MS, create_table, enter, open_page, said, started

CLOCK_SCALE = 0.3
"""The fast clock's 15 s a turn become 4.5 s: long enough to answer, short enough to wait."""
MOVED_ON = "Trop tard : la partie a continué sans ce choix."


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web-decisions"), None, CLOCK_SCALE)
    running.start()
    yield running
    running.stop()


class Lag:
    """The table socket through a link that can hold back what the server says, as a slow
    connection would; records what the page sends."""

    def __init__(self, page: Page) -> None:
        self.holding = False
        self.held: list[str | bytes] = []
        self.sent: list[dict[str, Any]] = []
        self.heard: list[dict[str, Any]] = []
        self.page_side: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/ws/tables/"), self._route)

    def _route(self, page_side: WebSocketRoute) -> None:
        self.page_side = page_side
        server_side = page_side.connect_to_server()
        server_side.on_message(self._from_server)

        def to_server(message: str | bytes) -> None:
            self.sent.append(json.loads(message))
            server_side.send(message)

        page_side.on_message(to_server)

    def _from_server(self, message: str | bytes) -> None:
        self.heard.append(json.loads(message))
        if self.holding:
            self.held.append(message)
        elif self.page_side is not None:
            self.page_side.send(message)

    def release(self) -> None:
        self.holding = False
        assert self.page_side is not None
        for message in self.held:
            self.page_side.send(message)
        self.held = []

    def acts(self) -> list[dict[str, Any]]:
        return [message for message in self.sent if message.get("type") == "act"]


def shown_decision(page: Page) -> int:
    """The id of the decision the page shows, once its first choice has the focus."""
    expect(page.locator("#choices button").first).to_be_visible()
    page.wait_for_function("document.activeElement.closest('#choices') !== null")
    decision: int = page.evaluate("window.popoteTable.state.decision.id")
    return decision


def wait_until(page: Page, heard: Callable[[], bool], what: str, seconds: float = 20) -> None:
    """Let the page and the link run until ``heard()`` (polled: the link's callbacks run
    while the page waits)."""
    for _ in range(int(seconds * 4)):
        if heard():
            return
        page.wait_for_timeout(250)
    raise AssertionError(what)


def test_a_choice_made_too_late_is_refused_calmly_and_the_next_is_asked(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Rozenn")
    lag = Lag(page)
    create_table(page, "pieds-dans-le-plat", 2, 1, seed=4, clock="fast")
    started(page)
    seat = page.evaluate("window.popoteTable.seat")
    missed = shown_decision(page)
    # The player's clock runs out while the server's news is held back: a stand-in bot
    # answers, and the player, who still sees the old choices, chooses.
    lag.holding = True
    wait_until(
        page,
        lambda: any(m["type"] == "update" and m["actor"] == seat for m in lag.heard),
        "no stand-in bot answered for the player",
    )
    page.keyboard.press("1")
    wait_until(page, lambda: bool(lag.acts()), "the choice was not sent")
    assert lag.acts()[-1]["decision"] == missed
    wait_until(page, lambda: any(m["type"] == "error" for m in lag.heard), "no refusal")
    lag.release()
    # One calm line, no error read out, and the decision asked now is on screen.
    page.wait_for_function("text => window.__said.some(s => s.text === text)", arg=MOVED_ON)
    assert MOVED_ON in said(page, "polite")
    assert not any("refusé" in line for line in said(page))
    assert [m["code"] for m in lag.heard if m["type"] == "error"] == ["stale"]
    asked = shown_decision(page)
    assert asked != missed
    # That one is answered in time, naming it, and applied.
    page.keyboard.press("1")
    wait_until(page, lambda: len(lag.acts()) == 2, "the second choice was not sent")
    answer = lag.acts()[-1]
    assert answer["decision"] == asked
    wait_until(
        page,
        lambda: any(m.get("action_id") == answer["action_id"] for m in lag.heard),
        "the second choice was not answered",
    )
    assert [m["code"] for m in lag.heard if m["type"] == "error"] == ["stale"]


STAND_IN = SCRIPT["stand_in"].get("fr")


def test_the_clock_is_said_and_a_stand_in_says_how_to_take_the_seat_back(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Rozenn")
    # A thoughtful stand-in (about a second a move), so that the game waits for the player.
    create_table(page, "bouillabaisse", 2, 1, seed=4, clock="fast", stand_in="difficile")
    started(page)
    shown_decision(page)
    # The player's own clock, and five seconds or less left said at once.
    expect(page.locator("#clock")).to_contain_text("Rozenn (invité) :")
    page.wait_for_function(
        "() => window.__said.some(s => s.politeness === 'assertive'"
        " && /^Plus que [1-5] secondes !$/.test(s.text))"
    )
    # Twice no answer: a bot plays the seat, which the page says with how to come back.
    expect(page.locator("#status")).to_have_text(STAND_IN, timeout=30_000)
    expect(page.locator("#take-back")).to_be_focused()
    assert STAND_IN in said(page, "polite")
    assert "Temps écoulé pour Rozenn (invité) : un robot joue à sa place." in said(page, "polite")
    expect(page.locator("#prompt")).to_have_text("")
    expect(page.locator("#choices button")).to_have_count(0)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "() => window.__said.some(s => s.text === 'Rozenn (invité) reprend sa place.')",
        timeout=WAIT_MS,
    )
    expect(page.locator("#take-back")).to_have_count(0)
    shown_decision(page)
    expect(page.locator("#status")).to_have_text("À vous.")
