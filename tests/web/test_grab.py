"""Ar Seizh Bigoudenn in real time: a falling utensil is grabbed with one key."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Page, WebSocket, WebSocketRoute, expect

from tests.server.harness import Server
from tests.web.browser import WAIT_MS, create_table, enter, open_page, said, started

GAME = "ar-seizh-bigoudenn"
SERVE_OPTIONS = ("--grab-window", "1.0")
"""The server's collection window here, 1 s (0.15 by default; ``tests/web/conftest.py``
reads this): the two grabs a race test releases together must reach it within the window
even when the browser, the driver and the server share a loaded machine (under a loaded CI
run the race test once waited in vain for the lost race to be said)."""
RACE_HINT = "Vite ! g ou Espace : Prendre"
ASKED = """() => !document.getElementById("quick").hidden
    || (document.activeElement && document.activeElement.closest("#choices") !== null
        && document.querySelector("#choices button") !== null)"""
"""The page is waiting for this seat: a race is open, or a choice has the focus."""


def seeded_table(page: Page, real_time: bool) -> None:
    """A seeded two-seat table, this page's player and a random bot, started: with this
    seed a utensil falls for the player after two key presses (one choice and its step)."""
    create_table(page, GAME, 2, 1, {"real_time": real_time, "rounds": 2}, seed=4)
    started(page)


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


def test_a_race_lost_is_said_calmly_naming_who_was_first(browser: Browser, server: Server) -> None:
    """Two people reach for the same falling utensil within the server's collection window:
    the one the rules list first takes it, and the other hears who did, politely, in words
    (never the engine's raw refusal, never assertively)."""
    anne = open_page(browser, server, "fr")
    enter(anne, "Anne")
    # With this seed Anne's first choice drops a utensil that Bao and Chloé may both grab,
    # Bao first in the rules' order.
    table = create_table(anne, GAME, 3, 0, {"real_time": True, "rounds": 1}, seed=5)
    pages = [anne]
    grabs = []
    for name in ("Bao", "Chloé"):
        page = open_page(browser, server, "fr")
        enter(page, name)
        grabs.append(HeldGrab(page))
        page.goto(f"/tables/{table}")
        page.get_by_role("button", name="S'asseoir").click()
        expect(page.locator("#seats .mine")).to_contain_text(name)
        pages.append(page)
    for page in pages:
        started(page)
    bao, chloe = pages[1:]
    bao_grab, chloe_grab = grabs
    for _ in range(4):  # Anne's choice, and its step if it has one
        if bao.locator("#quick").is_visible() and chloe.locator("#quick").is_visible():
            break
        anne.wait_for_function(ASKED, timeout=WAIT_MS)
        anne.keyboard.press("1")
        anne.wait_for_timeout(300)
    expect(bao.locator("#quick")).to_be_visible()
    expect(chloe.locator("#quick")).to_be_visible()
    chloe.keyboard.press("g")  # Chloé is quicker, but the rules list Bao first
    bao.keyboard.press("g")
    # Both grabs reach the server together, whatever the machine's load between the keys.
    for held in (chloe_grab, bao_grab):
        wait_until(held)
    for held in (chloe_grab, bao_grab):
        held.release()
    lost = "trop tard : Bao a été plus rapide"
    chloe.wait_for_function("text => window.__said.some(s => s.text === text)", arg=lost)
    assert lost in said(chloe, "polite")
    for page in pages:
        assert all(text.startswith("Vite !") for text in said(page, "assertive"))


class HeldGrab:
    """The page's table socket, its grab held back until :meth:`release` (everything else
    passes at once)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.held: list[str | bytes] = []
        self.server: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/ws/tables/"), self._route)

    def _route(self, page_side: WebSocketRoute) -> None:
        server_side = page_side.connect_to_server()
        self.server = server_side

        def to_server(message: str | bytes) -> None:
            if json.loads(message).get("action", {}).get("type") == "grab":
                self.held.append(message)
            else:
                server_side.send(message)

        page_side.on_message(to_server)

    def release(self) -> None:
        assert self.server is not None
        for message in self.held:
            self.server.send(message)
        self.held = []


def wait_until(grab: HeldGrab) -> None:
    for _ in range(80):
        if grab.held:
            return
        grab.page.wait_for_timeout(250)
    raise AssertionError("the grab was not sent")
