"""The end of a game as a player sees it: a banner naming the winner (the side, in Boom
Badaboom), the score sheet round by round whose totals are the server's, numbers with a
true minus sign, on a laptop and a phone; and "Revanche", which seats the same people and
bots at a new table that starts by itself.

The games are played from other clients of the players' identities while their pages are
away (``play_through``), then the pages come back to the table, over: the same drawing as
an end reached in play, which test_games.py sees for each game (the same deals of Boom
Badaboom at three seats and of Bouillabaisse at twelve), the focus going to the banner."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.server.harness import Server
from tests.web.browser import (
    PHONE,
    check_axe,
    create_table,
    enter,
    open_page,
    play_through,
    said,
    screenshot,
    started,
)
from tests.web.test_screen import CASES, VIEWPORTS

LAPTOP = {"width": 1366, "height": 768}
SEED = 1
MINUS = "\u2212"
OFFERED = "Rematch offered by Anne (guest): sit down"
AT_ITS_CENTRE = "(node, at) => node.contains(document.elementFromPoint(at.x, at.y))"


def results_of(page: Page, table: str) -> dict[str, Any]:
    answer = page.request.get(f"/api/v1/tables/{table}/results")
    assert answer.ok, answer.text()
    found: dict[str, Any] = answer.json()
    return found


def in_view(page: Page, target: Locator) -> None:
    """``target`` is shown whole inside the window, the page not scrolled sideways."""
    expect(target).to_be_visible()
    box = target.bounding_box()  # relative to the window, as it shows now
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], (box, size)
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], (box, size)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= size["width"], f"the page scrolls sideways: {wide} px"
    # Not clipped by a box that scrolls, nor covered: what lies at its centre is itself.
    centre = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    assert target.evaluate(AT_ITS_CENTRE, centre), f"{target} is hidden where it lies"


def settled(page: Page) -> None:
    """Every card's motion over (a card fading in is not yet its colour), then axe."""
    page.wait_for_function(
        "() => document.getAnimations().every((motion) => motion.playState !== 'running')"
    )
    check_axe(page)


def shown(value: float) -> str:
    return MINUS + str(-value) if value < 0 else str(value)


def test_the_banner_and_the_sheet_of_twelve_at_bouillabaisse(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr", viewport=LAPTOP)  # type: ignore[arg-type]
    enter(page, "Maëlle")
    table = create_table(page, "bouillabaisse", 12, 11, {"decks": "one"}, seed=SEED)
    started(page)
    play_through(server, [page], table)
    results = results_of(page, table)

    banner = page.get_by_role("heading", name=results["headline"])
    expect(page.locator("#result-heading")).to_be_focused()
    assert page.evaluate("window.scrollY") == 0  # seen without scrolling
    in_view(page, banner)
    winners = [e["name"] for e in results["standings"] if e["won"]]
    assert winners and all(name in results["headline"] for name in winners)

    sheet = page.get_by_role("table", name=re.compile("Feuille de score"))
    expect(sheet).to_contain_text("le plus petit total gagne")  # Bouillabaisse: lowest wins
    headers = sheet.locator("thead th").all_inner_texts()
    assert headers == ["Joueur", "Rang", *[f"Manche {n}" for n in range(1, 7)], "Total"]
    rows = sheet.locator("tbody tr")
    expect(rows).to_have_count(12)
    by_name = {row["name"]: row for row in results["sheet"]["rows"]}
    scores = {e["name"]: e["score"] for e in results["standings"]}
    for index in range(12):
        row = rows.nth(index)
        name = row.locator("th").inner_text().removesuffix(" (gagnant)")
        cells = row.locator("td").all_inner_texts()
        expected = by_name[name]
        assert cells[1:] == [shown(p) for p in expected["points"]] + [shown(scores[name])]
        assert expected["total"] == scores[name] == sum(expected["points"])
    numbers = sheet.locator("td").all_inner_texts()
    assert any(text.startswith(MINUS) for text in numbers), "no negative number in this deal"
    assert not any(re.match(r"-\d", text) for text in numbers)
    settled(page)
    screenshot(page, "ending-bouillabaisse-laptop")

    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    in_view(page, banner)
    box = page.locator("#result .sheet-box")
    expect(box).to_be_visible()
    screenshot(page, "ending-bouillabaisse-phone")


def test_boom_badaboom_names_the_side_that_won_in_english(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en", viewport=PHONE)
    enter(page, "Rowan")
    table = create_table(page, "boom-badaboom", 3, 2, {"difficulty": "cupcake"}, seed=SEED)
    started(page)
    play_through(server, [page], table)
    results = results_of(page, table)
    side = results["result"]["winning_side"]
    words = {"patissiers": "The Bakers win.", "farceurs": "The Pranksters win."}
    words["glouton"] = "The Glutton wins."
    banner = page.get_by_role("heading", name=words[side])
    in_view(page, banner)
    sheet = page.get_by_role("table", name="Score sheet")
    expect(sheet.locator("thead th")).to_have_text(["Player", "Rank", "Total"])
    settled(page)
    screenshot(page, "ending-boom-phone")


def test_a_rematch_seats_both_people_and_the_bot_at_a_new_table(
    browser: Browser, server: Server
) -> None:
    anne = open_page(browser, server, "fr")
    enter(anne, "Anne")
    old = create_table(anne, "pieds-dans-le-plat", 3, 1, seed=SEED)
    bao = open_page(browser, server, "en")
    enter(bao, "Bao")
    bao.locator("#tables li", has_text="Anne").get_by_role("button", name="Sit down").click()
    bao.wait_for_url(re.compile(f"/tables/{old}"))
    started(anne)
    play_through(server, [anne, bao], old)
    seats_before = anne.locator("#seats li").all_inner_texts()
    watcher = open_page(browser, server, "fr")
    enter(watcher, "Chloé")
    watcher.goto(f"/tables/{old}")
    expect(watcher.locator("#result-heading")).to_be_visible()
    rematch = re.compile("Revanche|Rematch")

    anne.get_by_role("button", name="Revanche", exact=True).click()
    anne.wait_for_url(re.compile(r"/tables/(?!" + re.escape(old) + ")"))
    new = anne.url.rsplit("/", 1)[1].split("?")[0]
    offer = bao.get_by_role("button", name=OFFERED)
    expect(offer).to_be_visible()
    assert said(bao, "polite").count(OFFERED) == 1  # heard once, as it came
    bao.reload()  # the offer stays for a page that comes back
    expect(offer).to_be_visible()
    watcher.reload()  # a spectator has nothing to click
    expect(watcher.locator("#result-heading")).to_be_visible()
    expect(watcher.get_by_role("button", name=rematch)).to_have_count(0)
    settled(bao)
    offer.click()
    bao.wait_for_url(re.compile(f"/tables/{new}"))
    started(anne)
    for page in (anne, bao):
        expect(page.locator("#status")).not_to_have_text(re.compile("pas commencé|not started"))
        expect(page.locator("#seats li")).to_have_count(3)
    assert anne.locator("#seats li").all_inner_texts()[1] == seats_before[1]  # the same bot
    for name in ("Anne", "Bao"):
        expect(anne.locator("#seats")).to_contain_text(name)
    settled(anne)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_game_ends_on_a_banner_and_a_sheet_in_view(
    browser: Browser, server: Server, game: str, players: int
) -> None:
    """Each game, at both seat counts of the game screen's tests: at the end, at every
    window size, the banner says the server's headline, the sheet holds a row per seat
    whose totals are the standings', and Revanche is within reach, all without scrolling."""
    page = open_page(browser, server, "fr", viewport=LAPTOP)  # type: ignore[arg-type]
    enter(page, "Nolwenn")
    table = create_table(page, game, players, players - 1, seed=SEED)
    started(page)
    play_through(server, [page], table)
    results = results_of(page, table)
    banner = page.get_by_role("heading", name=results["headline"])
    sheet = page.get_by_role("table", name=re.compile("Feuille de score"))
    rematch = page.get_by_role("button", name="Revanche", exact=True)
    for size in VIEWPORTS.values():
        page.set_viewport_size(size)
        page.evaluate("window.scrollTo(0, 0)")
        in_view(page, banner)
        in_view(page, rematch)
        expect(sheet).to_be_visible()
    rows = sheet.locator("tbody tr")
    expect(rows).to_have_count(players)
    scores = {entry["name"]: entry["score"] for entry in results["standings"]}
    for index in range(players):
        row = rows.nth(index)
        name = row.locator("th").inner_text().removesuffix(" (gagnant)")
        assert row.locator("td").last.inner_text() == shown(scores[name]), (game, name)
    page.context.close()
