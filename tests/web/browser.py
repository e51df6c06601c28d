"""Driving Debian's Chromium through Playwright, as a player with a screen reader would.

Every page gets a recorder of what its live regions say (``said``), in order, each text
once, as a screen reader announces the nodes added to a live region.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect

from tests.server.harness import Client, Server

ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
WAIT_MS = 20_000
expect.set_options(timeout=WAIT_MS)
TABLES_API = re.compile(r"/api/v1/tables(\?|$)")
SCREENSHOTS = Path(os.environ.get("POPOTE_SCREENSHOTS", Path(__file__).parent / "screenshots"))

RECORDER = """
window.__said = [];
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(`${event.effectiveDirective} ${event.blockedURI}`);
});
document.addEventListener("DOMContentLoaded", () => {
  for (const region of document.querySelectorAll("[aria-live]")) {
    const politeness = region.getAttribute("aria-live");
    new MutationObserver((changes) => {
      for (const change of changes) for (const node of change.addedNodes) {
        window.__said.push({ text: node.textContent, politeness });
      }
    }).observe(region, { childList: true });
  }
});
"""


def open_page(
    browser: Browser, server: Server, lang: str = "fr", viewport: ViewportSize | None = None
) -> Page:
    """A fresh browser profile (its own identity) on the lobby."""
    context = browser.new_context(
        locale="fr-FR" if lang == "fr" else "en-GB",
        viewport=viewport or DESKTOP,
        base_url=server.url,
    )
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.goto("/")
    return page


def said(page: Page, politeness: str | None = None) -> list[str]:
    """What the live regions said so far (``polite`` or ``assertive`` only, if given)."""
    spoken: list[dict[str, str]] = page.evaluate("window.__said")
    return [item["text"] for item in spoken if politeness in (None, item["politeness"])]


def violations(page: Page) -> list[str]:
    """The Content-Security-Policy violations the page reported so far (directive, what)."""
    reported: list[str] = page.evaluate("window.__violations")
    return reported


def enter(page: Page, name: str) -> None:
    """Take a guest name in the lobby."""
    page.get_by_label(re.compile("Votre nom|Your name")).fill(name)
    page.get_by_role("button", name=re.compile("^(Entrer|Enter)$")).click()
    expect(page.locator("#identity")).to_contain_text(name)


def create_table(
    page: Page,
    game: str,
    players: int,
    bots: int,
    options: dict[str, Any] | None = None,
    rated: bool = False,
    seed: int | None = None,
    clock: str = "none",
    stand_in: str = "moyen",
) -> str:
    """Create a table from the game's page with ``bots`` random bots, ``clock`` and the
    ``stand_in`` level (the bot playing for a player who is away); returns
    its id once the table page is open. A ``seed`` (the form has none: it is for practice
    tables) is added to the form's request, so that the deal and the bots are the same on
    every run."""
    if seed is not None:
        page.route(TABLES_API, lambda route: _seeded(route, seed))
    page.goto(f"/games/{game}")
    page.locator("#players").fill(str(players))
    for key, value in (options or {}).items():
        field = page.locator(f"#opt-{key}")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("node => node.tagName") == "SELECT":
            field.select_option(str(value))
        else:
            field.fill(str(value))
    page.locator("#bots").fill(str(bots))
    page.locator("#bot-level").select_option("random")
    page.locator("#clock").select_option(clock)
    page.locator("#stand-in").select_option(stand_in)
    page.locator("#rated").set_checked(rated)
    page.locator("#create-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/tables/"))
    # The seats come with the socket's first state: before it, what happens at the table (a
    # guest sitting down through the API) would reach the page as state, never as a log line.
    expect(page.locator("#seats li").first).to_be_visible()
    if seed is not None:
        page.unroute(TABLES_API)
    return page.url.rsplit("/", 1)[1].split("?")[0]


def _seeded(route: Route, seed: int) -> None:
    if route.request.method != "POST":
        route.continue_()
        return
    body = json.loads(route.request.post_data or "{}")
    route.continue_(post_data=json.dumps({**body, "seed": seed}))


def started(page: Page) -> None:
    """The table started by itself once every seat was taken (no "start" key to press)."""
    expect(page.locator("#status")).not_to_contain_text(
        re.compile("pas commencé|not started|sièges sont pris|seat is taken")
    )


def over(page: Page) -> bool:
    return bool(re.search("terminée|is over", page.locator("#status").inner_text()))


AFTER_CHOICE = """() => {
  const focused = document.activeElement;
  return {
    focus: focused === document.body ? "body" : focused.id || focused.closest("#choices") && "choices",
    prompt: document.getElementById("prompt").textContent,
    asked: window.popoteTable.shown !== null,
  };
}"""
"""Where a choice left the page: the focus (never ``body``) and the prompt (gone unless a
new decision is already asked)."""


def play_to_end(page: Page, keyboard: bool, limit: float = 120.0, clock_of: str = "") -> int:
    """Take the first choice (the menu's best) at every decision until the game ends;
    by keyboard, checks that each new decision took the focus, that each choice left the
    focus somewhere (the next choices or their heading) and no answered prompt on screen,
    and, when ``clock_of`` is given, that the clock shown at the seat's turn is its own.
    Returns how many choices were made."""
    chosen = 0
    deadline = time.monotonic() + limit
    first = page.locator("#choices button").first
    while not over(page):
        assert time.monotonic() < deadline, (
            "the game did not end in time: "
            f"{page.locator('#status').inner_text()!r}, {said(page)[-5:]!r}"
        )
        try:
            first.wait_for(state="visible", timeout=2000)
        except Exception:  # nothing to choose now: the others are playing
            continue
        if clock_of:
            expect(page.locator("#clock")).to_contain_text(clock_of)
        if not keyboard:
            first.click()
            chosen += 1
            continue
        page.wait_for_function(
            "document.activeElement && document.activeElement.closest('#choices')",
            timeout=WAIT_MS,
        )
        # From ten choices on, a number is confirmed with Enter, as in the terminal.
        many = page.locator("#choices button.choice:not(.back)").count() >= 10
        page.keyboard.press("1")
        if many:
            page.keyboard.press("Enter")
        after = page.evaluate(AFTER_CHOICE)
        assert after["focus"] != "body", after
        assert after["asked"] or after["prompt"] == "", after
        chosen += 1
    return chosen


def play_through(server: Server, pages: list[Page], table: str) -> None:
    """The pages' identities play ``table`` to its end at random, each from a client of its
    own, while the pages are away from it; then the pages come back to the table, over.
    A page at the table draws each of the game's hundreds of moves, which takes a browser
    minutes on a shared machine: where the test is about the end, not the way there (playing
    in the page is ``play_to_end``'s)."""
    tokens = [page.evaluate("localStorage.getItem('popote.token')") for page in pages]
    for page in pages:
        page.goto("about:blank")

    async def play() -> None:
        clients = [Client(server, token, table) for token in tokens]
        for client in clients:
            await client.connect()
        await asyncio.gather(*(c.play(random.Random(n)) for n, c in enumerate(clients)))
        for client in clients:
            await client.close()

    # Playwright's own event loop runs in this thread: the clients play in another.
    with ThreadPoolExecutor(1) as other:
        other.submit(asyncio.run, play()).result()
    for page in pages:
        page.goto(f"/tables/{table}")
        expect(page.locator("#status")).to_have_text(re.compile("terminée|is over"))


def check_axe(page: Page) -> None:
    """axe-core finds nothing wrong with the page as it stands."""
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def screenshot(page: Page, name: str) -> Path:
    """The page at desktop and phone widths, saved for people to look at."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"{name}-{label}.png", full_page=True)
    page.set_viewport_size(DESKTOP)
    return SCREENSHOTS
