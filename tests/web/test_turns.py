"""Issue 46, turn-based play in the browser: the creation form's two kinds (real time, or
turn-based with days per move, chosen by keyboard); a turn-based game left and found again
from "Your games", where what waits for you comes first with the time you have left; the
header's count of games waiting for you, changed live by a bot's move and said once; a
browser notification, once ticked, of a game newly waiting while the page is hidden.
Screenshots of the form and of "Your games" at 1366×768 and 390×844 (docs/img/)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.server.harness import Server
from tests.web.browser import PHONE, check_axe, enter, open_page, said, started

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
DOCS_IMG = Path(__file__).parents[2] / "docs" / "img"
SHOTS = Path(__file__).parent / "screenshots"
DAY_LEFT = re.compile(r"il vous reste (23 h \d+ min|1 j 0 h)")
CALL = """async ([method, path, body]) => {
  const answer = await fetch(`/api/v1${path}`, {
    method,
    headers: { "Content-Type": "application/json",
               Authorization: `Bearer ${localStorage.getItem("popote.token")}` },
    body: body === null ? undefined : JSON.stringify(body),
  });
  return answer.json();
}"""

SAID = "(text) => window.__said.some((item) => item.text === text)"


def call(page: Page, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """The HTTP API as the page's identity."""
    return page.evaluate(CALL, [method, path, body])


def shots(page: Page, name: str) -> None:
    """The page at 1366×768 and 390×844, kept with the tests' screenshots and in docs/img."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("desktop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        path = SHOTS / f"{name}-{label}.png"
        page.screenshot(path=path, full_page=True)
        shutil.copyfile(path, DOCS_IMG / path.name)
    page.set_viewport_size(LAPTOP)


def test_the_form_offers_real_time_or_days_per_move_by_keyboard(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr", viewport=LAPTOP)
    enter(page, "Nolwenn")
    page.goto("/games/pieds-dans-le-plat")
    kind = page.get_by_role("group", name="Façon de jouer")
    live = kind.get_by_role("radio", name=re.compile("^En direct"))
    turns = kind.get_by_role("radio", name=re.compile("^Tour par tour"))
    expect(live).to_be_checked()
    expect(page.get_by_label("Horloge")).to_be_visible()
    expect(page.get_by_label("Temps par coup")).to_be_hidden()
    live.focus()
    page.keyboard.press("ArrowDown")
    expect(turns).to_be_checked()
    expect(page.get_by_label("Horloge")).to_be_hidden()
    days = page.get_by_label("Temps par coup")
    expect(days).to_be_visible()
    page.keyboard.press("Tab")
    expect(days).to_be_focused()
    assert days.locator("option").all_inner_texts() == ["1 jour", "2 jours", "3 jours", "7 jours"]
    check_axe(page)
    shots(page, "create-form")
    page.keyboard.press("ArrowDown")  # 2 jours
    page.locator("#players").fill("2")
    page.locator("#bots").fill("1")
    page.locator("#create-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/tables/"))
    started(page)
    table = page.url.rsplit("/", 1)[1]
    described = call(page, "GET", f"/tables/{table}")
    assert described["clock"]["kind"] == "days-2" and described["turn_based"] is True
    expect(page.locator("#main")).to_contain_text(described["terms"])
    assert "2 jours par coup" in described["terms"]
    # The lobby's line says the kind, and the terms the server wrote.
    page.goto("/")
    line = page.locator(f'#tables [data-table="{table}"]')
    expect(line).to_contain_text("Les Pieds dans le Plat, tour par tour, en cours")
    expect(line).to_contain_text(described["terms"])


def first_choice(page: Page) -> None:
    """Take the first choice once the seat is asked."""
    choice = page.locator("#choices button").first
    expect(choice).to_be_visible()
    choice.click()


def test_a_game_left_is_found_again_in_your_games_waiting_first(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr", viewport=LAPTOP)
    enter(page, "Rozenn")
    # A real-time table waiting for players, then a turn-based one where it is her turn.
    call(page, "POST", "/tables", {"game": "pieds-dans-le-plat", "players": 3, "clock": "none"})
    made = call(
        page,
        "POST",
        "/tables",
        {
            "game": "pieds-dans-le-plat",
            "players": 2,
            "bots": ["random"],
            "clock": "days-1",
            "seed": 1,
        },
    )
    page.goto(f"/tables/{made['id']}")
    started(page)
    first_choice(page)
    expect(page.locator("#choices button").first).to_be_visible()  # the bot played: her turn
    page.goto("/")
    header = page.locator("#waiting")
    expect(header).to_have_text("1 partie vous attend")
    header.get_by_role("link").click()
    page.wait_for_url(re.compile("/me/games$"))
    waiting = page.get_by_role("region", name="Ces parties vous attendent")
    expect(waiting.locator("li")).to_have_count(1)
    entry = waiting.locator("li").first
    expect(entry).to_contain_text("à vous de jouer")
    expect(entry).to_contain_text(DAY_LEFT)
    running = page.get_by_role("region", name="En cours et en attente")
    expect(running.locator("li")).to_have_count(1)
    expect(running.locator("li")).to_contain_text("en attente de joueurs")
    check_axe(page)
    shots(page, "your-games")
    entry.get_by_role("link", name="Jouer").click()
    page.wait_for_url(re.compile(f"/tables/{made['id']}"))
    # A day a move reads in hours and minutes, not in seconds.
    expect(page.locator("#clock")).to_have_text(
        re.compile(r"Rozenn \(invité\) : (23 h \d+ min|1 j 0 h)")
    )
    first_choice(page)
    expect(page.locator("#log li").first).to_be_visible()


def test_the_header_count_follows_a_bots_move_live_and_says_it_once(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "en", viewport=LAPTOP)
    enter(page, "Bao")
    # La Bouillabaisse for two: the second seat plays first; a bot takes it and the game
    # starts once Bao is on the lobby, whose socket brings the count.
    made = call(
        page,
        "POST",
        "/tables",
        {"game": "bouillabaisse", "players": 2, "clock": "days-1", "seed": 1},
    )
    with page.expect_response(re.compile("/api/v1/me/waiting")):
        page.goto("/")
    header = page.locator("#waiting")
    expect(header).to_be_hidden()
    call(page, "POST", f"/tables/{made['id']}/bots", {"level": "random"})
    call(page, "POST", f"/tables/{made['id']}/start")
    expect(header).to_have_text("1 game waits for you")
    page.wait_for_function(SAID, arg="1 game waits for you")
    assert said(page, "polite").count("1 game waits for you") == 1
    expect(header.get_by_role("link")).to_have_attribute("href", "/me/games")


NOTIFICATIONS = """
window.__notes = [];
window.__hidden = false;
Object.defineProperty(document, "visibilityState", {
  get: () => (window.__hidden ? "hidden" : "visible"),
});
// The browser's notifications, recorded (a headless browser shows none); its permission is
// kept for the site, as a browser keeps it.
window.Notification = class {
  static get permission() { return localStorage.getItem("test.granted") ? "granted" : "default"; }
  static async requestPermission() {
    localStorage.setItem("test.granted", "yes");
    window.__notes.push({ asked: true });
    return "granted";
  }
  constructor(title, options) {
    this.listeners = {};
    window.__notes.push({ title, body: options.body });
    window.__lastNote = this;
  }
  addEventListener(kind, listener) { this.listeners[kind] = listener; }
  close() {}
};
"""


def test_a_hidden_page_notifies_a_new_waiting_game_once_ticked(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "en", viewport=LAPTOP)
    page.context.add_init_script(NOTIFICATIONS)
    enter(page, "Tristan")
    page.goto("/me/games")
    box = page.get_by_label("Notify me in the browser when a game waits for me")
    expect(box).not_to_be_checked()
    box.check()
    assert page.evaluate("window.__notes") == [{"asked": True}]
    made = call(page, "POST", "/tables", {"game": "bouillabaisse", "players": 2, "clock": "days-1"})
    with page.expect_response(re.compile("/api/v1/me/waiting")):
        page.goto("/")
    page.evaluate("window.__hidden = true")  # another tab is in front
    call(page, "POST", f"/tables/{made['id']}/bots", {"level": "random"})
    call(page, "POST", f"/tables/{made['id']}/start")
    page.wait_for_function("() => window.__notes.length > 0")
    notes = page.evaluate("window.__notes")
    assert len(notes) == 1 and notes[0]["title"] == "Bouillabaisse: your turn", notes
    assert re.fullmatch(r"(23 h \d+ min|1 d 0 h) left", notes[0]["body"]), notes
    page.evaluate("window.__lastNote.listeners.click()")
    page.wait_for_url(re.compile(f"/tables/{made['id']}"))
    expect(page.get_by_label("Notify me in the browser when a game waits for me")).to_be_checked()
