"""Issue 45, inviting and coming back: a waiting table shows its link (with a copy button)
and its short code; a friend opening the link with no identity yet sees the table and a
name field with "Sit down" in view, and sits in one step; the code typed in the lobby
opens the same table; the lobby and "Your games" list one's running tables first with
"Back to your seat", finished ones after. In French and English, axe-core clean."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

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

LAPTOP: ViewportSize = {"width": 1366, "height": 768}
GAME = "pieds-dans-le-plat"
CREATE = """async (body) => {
  const answer = await fetch("/api/v1/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json",
               Authorization: `Bearer ${localStorage.getItem("popote.token")}` },
    body: JSON.stringify(body),
  });
  return answer.json();
}"""


def in_view(page: Page, thing: Locator) -> None:
    """``thing`` is on screen without scrolling: wholly inside the viewport."""
    expect(thing).to_be_visible()
    box = thing.bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, (box, size)
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, (box, size)


def private_table(page: Page, players: int, bots: int) -> dict[str, Any]:
    """A private table made by the page's identity (seated, ``bots`` random bots), its page
    open through its invitation link as after the creation form."""
    body = {"game": GAME, "players": players, "bots": ["random"] * bots, "public": False}
    made: dict[str, Any] = page.evaluate(CREATE, {**body, "clock": "none"})
    page.goto(made["invite_link"])
    expect(page.locator("#seats li").first).to_be_visible()
    return made


def test_a_friend_sits_by_the_link_in_one_step_and_the_code_opens_the_table(
    browser: Browser, server: Server
) -> None:
    anne = open_page(browser, server, "fr", LAPTOP)
    anne.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
    enter(anne, "Anne")
    table = private_table(anne, 3, 1)
    link = f"{server.url}{table['invite_link']}"
    code = f"{table['code'][:4]}-{table['code'][4:]}"

    # The waiting table shows its link and its code on arrival, at both sizes.
    invite = anne.get_by_role("region", name="Inviter à cette table")
    field = invite.get_by_role("textbox", name="Lien à partager")
    expect(field).to_have_value(link)
    expect(invite).to_contain_text(f"Code à lire à voix haute : {code}")
    copy = invite.get_by_role("button", name="Copier le lien")
    for size in (LAPTOP, PHONE):
        anne.set_viewport_size(size)
        anne.evaluate("window.scrollTo(0, 0)")
        for thing in (field, copy, invite.get_by_text(code)):
            in_view(anne, thing)
    check_axe(anne)
    screenshot(anne, "invite-waiting")
    anne.set_viewport_size(LAPTOP)
    copy.click()
    expect(anne.locator("#say-polite")).to_contain_text("Lien copié.")
    assert "Lien copié." in said(anne, "polite")
    assert anne.evaluate("navigator.clipboard.readText()") == link

    # The code read aloud, typed in the lobby by someone else, opens the same table.
    chloe = open_page(browser, server, "en", PHONE)
    chloe.get_by_label("Join with a code").fill(code.lower())
    chloe.get_by_label("Join with a code").press("Enter")
    expect(chloe).to_have_url(re.compile(f"/tables/{table['id']}\\?invite="))
    expect(chloe.locator("#seats")).to_contain_text("Anne")
    # A code that opens nothing says so, in words.
    chloe.goto("/")
    chloe.get_by_label("Join with a code").fill("ZZZZ-ZZZY")
    chloe.get_by_role("button", name="Join", exact=True).click()
    expect(chloe.get_by_role("alert")).to_contain_text("no open table has this code")
    check_axe(chloe)

    # A friend with no identity in this browser opens the link on a phone: the seats, and
    # a name field with "Sit down" in view, the focus in the field.
    bao = open_page(browser, server, "en", PHONE)
    bao.goto(link)
    expect(bao.locator("#seats")).to_contain_text("Anne")
    waiting = bao.get_by_role("region", name="A seat is waiting for you")
    seats = waiting.get_by_text("At this table: Anne (guest), Bot random (2), Free seat (3).")
    name = waiting.get_by_role("textbox", name="Your name")
    sit = waiting.get_by_role("button", name="Sit down")
    for thing in (seats, name, sit):
        in_view(bao, thing)
    expect(name).to_be_focused()
    check_axe(bao)
    screenshot(bao, "invite-friend")
    bao.keyboard.type("Bao")
    bao.keyboard.press("Enter")
    expect(bao.locator("#seats .mine")).to_contain_text("Bao")
    expect(bao.locator("#identity")).to_contain_text("Bao")
    started(bao)
    started(anne)
    expect(anne.locator("#seats")).to_contain_text("Bao")
    check_axe(bao)


def test_your_games_lists_your_running_tables_first_then_the_finished_ones(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Maëlle")
    finished = create_table(page, GAME, 2, 1)
    started(page)
    play_through(server, [page], finished)
    running = create_table(page, GAME, 2, 1)
    started(page)
    # Someone else's table waits in the lobby too: Maëlle's own comes first.
    other = open_page(browser, server, "en")
    enter(other, "Tristan")
    create_table(other, GAME, 3, 0)

    page.goto("/")
    first = page.locator("#tables li").first
    expect(first.get_by_role("link", name="Retour à votre place")).to_have_attribute(
        "href", f"/tables/{running}"
    )
    expect(page.locator("#tables li")).to_have_count(2)
    expect(page.locator("#tables li").nth(1)).to_contain_text("Tristan")
    expect(page.locator("#tables").get_by_role("link", name="Regarder")).to_have_count(0)
    check_axe(page)

    page.get_by_role("link", name="Vos parties").click()
    expect(page).to_have_url(re.compile("/me/games$"))
    now = page.get_by_role("region", name="En cours et en attente")
    expect(now.get_by_role("listitem")).to_have_count(1)
    expect(now.get_by_role("link", name="Retour à votre place")).to_have_attribute(
        "href", f"/tables/{running}"
    )
    done = page.get_by_role("region", name="Terminées")
    expect(done.get_by_role("listitem")).to_have_count(1)
    expect(done.get_by_role("link", name="Revoir la partie")).to_have_attribute(
        "href", f"/replay/{finished}"
    )
    # Running before finished, as read and as seen.
    now_box, done_box = now.bounding_box(), done.bounding_box()
    assert now_box is not None and done_box is not None and now_box["y"] < done_box["y"]
    check_axe(page)
    screenshot(page, "your-games")
    now.get_by_role("link", name="Retour à votre place").click()
    expect(page.locator("#seats .mine")).to_contain_text("Maëlle")
    page.get_by_role("button", name="Read this site in English").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto("/me/games")
    expect(page.get_by_role("region", name="Running and waiting")).to_contain_text(
        "Back to your seat"
    )
    check_axe(page)


def test_each_game_is_drawn_in_the_lobby_with_its_own_cards(
    browser: Browser, server: Server
) -> None:
    for lang, size in (("fr", LAPTOP), ("en", PHONE)):
        page = open_page(browser, server, lang, size)
        cards = page.locator(".game-card")
        for n in range(cards.count()):
            drawing = cards.nth(n).locator("[aria-hidden=true]").first
            expect(drawing).to_be_visible()
            box, card = drawing.bounding_box(), cards.nth(n).bounding_box()
            assert box is not None and card is not None
            assert box["x"] >= card["x"] and box["x"] + box["width"] <= card["x"] + card["width"]
            assert len(drawing.inner_text().split()) >= 2  # two faces or more, with signs
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], width
        check_axe(page)
        screenshot(page, f"lobby-{lang}")
