"""Ar Seizh Bigoudenn in real time: a falling utensil is grabbed with one key."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, WebSocket, expect

from tests.server.harness import Server
from tests.web.browser import WAIT_MS, create_table, enter, open_page, said, start

GAME = "ar-seizh-bigoudenn"
RACE_HINT = "Vite ! g ou Espace : Prendre"
ASKED = """() => !document.getElementById("quick").hidden
    || (document.activeElement && document.activeElement.closest("#choices") !== null
        && document.querySelector("#choices button") !== null)"""
"""The page is waiting for this seat: a race is open, or a choice has the focus."""


def seeded_table(page: Page, real_time: bool) -> None:
    """A seeded two-seat table, this page's player and a random bot, started: with this
    seed a utensil falls for the player after two key presses (one choice and its step)."""
    create_table(page, GAME, 2, 1, {"real_time": real_time, "rounds": 2}, seed=4)
    start(page)


def until_a_utensil_falls(page: Page, most_keys: int = 8) -> None:
    """Take the menu's first choice by keyboard until this seat is offered a falling utensil
    (with two seats, only the one who did not drop it is asked: no race with the bot). The
    bound is on keys pressed, each step waiting as long as any other (a loaded machine is
    slow, not wrong), rather than on the time the whole takes."""
    for _ in range(most_keys):
        page.wait_for_function(ASKED, timeout=WAIT_MS)
        if page.locator("#quick").is_visible():
            return
        page.keyboard.press("1")
    page.wait_for_function(ASKED, timeout=WAIT_MS)
    assert page.locator("#quick").is_visible(), f"no utensil fell within {most_keys} keys"


def sent_actions(page: Page) -> list[dict[str, object]]:
    """The actions this page sends on its table socket, recorded from now on."""
    actions: list[dict[str, object]] = []

    def record(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "act":
            actions.append(message["action"])

    def watch(socket: WebSocket) -> None:
        socket.on("framesent", record)

    page.on("websocket", watch)
    return actions


def test_a_falling_utensil_is_grabbed_with_one_key(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Rozenn")
    actions = sent_actions(page)
    seeded_table(page, real_time=True)
    until_a_utensil_falls(page)
    # The race is said at once, assertively, with what the key does.
    expect(page.locator("#quick")).to_contain_text(RACE_HINT)
    page.wait_for_function(
        "hint => window.__said.some(s => s.politeness === 'assertive' && s.text.includes(hint))",
        arg=RACE_HINT,
        timeout=WAIT_MS,
    )
    before = len(actions)
    page.keyboard.press("g")
    expect(page.locator("#quick")).to_be_hidden()
    page.wait_for_function(
        "() => window.__said.some(s => s.text.includes('Rozenn tend la main la première'))",
        timeout=WAIT_MS,
    )
    assert [action["type"] for action in actions[before:]] == ["grab"]
    assert any("tend la main la première" in text for text in said(page, "polite"))


def test_without_real_time_the_key_grabs_nothing(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    enter(page, "Katell")
    seeded_table(page, real_time=False)
    expect(page.locator("#choices button").first).to_be_focused()
    page.keyboard.press("g")
    expect(page.locator("#say-polite")).to_contain_text("Nothing to grab now.")
    expect(page.locator("#quick")).to_be_hidden()
