"""Two people at one table in two browsers, one of them reloading mid-game, a spectator
watching, then the replay of their game stepped back and forth."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import Browser, Page, expect

from tests.server.harness import Server
from tests.web.browser import check_axe, create_table, enter, open_page, over, said, started

GAME = "pieds-dans-le-plat"


def take_turn(page: Page) -> bool:
    """Choose the first choice if this seat is asked now; False when it is not."""
    first = page.locator("#choices button").first
    if not first.is_visible():
        return False
    first.click()
    return True


def play_both(pages: list[Page], limit: float = 90.0, until: int | None = None) -> int:
    """Both players take turns until the game ends (or ``until`` choices were made)."""
    made = 0
    deadline = time.monotonic() + limit
    while not over(pages[0]) and (until is None or made < until):
        assert time.monotonic() < deadline, "the game did not end in time"
        moved = [take_turn(page) for page in pages]
        made += sum(moved)
        if not any(moved):
            pages[0].wait_for_timeout(100)
    return made


def test_two_players_a_reload_and_a_spectator(browser: Browser, server: Server) -> None:
    anne = open_page(browser, server, "fr")
    enter(anne, "Anne")
    table = create_table(anne, GAME, 2, 0)
    bao = open_page(browser, server, "en")
    enter(bao, "Bao")
    # Bao finds the table in the lobby and sits.
    row = bao.locator("#tables li", has_text="Anne")
    row.get_by_role("button", name="Sit down").click()
    bao.wait_for_url(re.compile(f"/tables/{table}"))
    expect(anne.locator("#seats")).to_contain_text("Bao")
    started(anne)
    expect(bao.locator("#status")).not_to_have_text(re.compile("not started"))

    watcher = open_page(browser, server, "fr")
    enter(watcher, "Chloé")
    watcher.goto(f"/tables/{table}")
    expect(watcher.locator("#status")).to_have_text("Vous regardez cette partie.")
    check_axe(watcher)

    play_both([anne, bao], until=6)
    anne.locator("#chat-input").fill("À toi, Bao !")
    anne.locator("#chat-input").press("Enter")
    expect(bao.locator("#chat-log li")).to_have_text(["Anne (guest): À toi, Bao !"])
    before = bao.locator("#log li").all_inner_texts()
    # Bao's page opened after the start: the opening was still told (it begins the log).
    assert before[0].startswith("Your hand")
    assert before[0] in said(bao, "polite")
    bao.reload()
    # The page comes back where it was: the whole log (the opening and the notices too) and
    # the chat, none of it said again; and Bao plays on.
    expect(bao.locator("#log li")).to_have_count(len(before))
    assert bao.locator("#log li").all_inner_texts() == before
    expect(bao.locator("#chat-log li")).to_have_text(["Anne (guest): À toi, Bao !"])
    assert not set(said(bao)) & set(before), "the reload said old lines again"

    play_both([anne, bao])
    for page in (anne, watcher):
        expect(page.locator("#status")).to_have_text("La partie est terminée.")
    expect(bao.locator("#status")).to_have_text("The game is over.")
    # The spectator heard the moves and never had anything to choose.
    assert any("joue" in text for text in said(watcher, "polite"))
    assert watcher.locator("#choices button").count() == 0
    # Nobody's hand reached the spectator.
    assert not any(
        text.startswith(("Main de", "Votre main"))
        for text in watcher.locator("#log li").all_inner_texts()
    )

    replay(watcher, table)


def replay(page: Page, table: str) -> None:
    page.get_by_role("link", name="Revoir la partie").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Revoir")
    position = page.locator("#position")
    last = int(re.findall(r"\d+", position.inner_text())[-1])
    expect(position).to_have_text(f"Position {last} sur {last}")
    check_axe(page)
    # Each key loads the next position's page; its keys work once its script has put the
    # focus on the lines (a key pressed before that, on a busy machine, reaches no listener).
    lines = page.locator("#replay-lines")
    page.keyboard.press("p")
    expect(position).to_have_text(f"Position {last - 1} sur {last}")
    expect(lines).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(position).to_have_text(f"Position {last - 2} sur {last}")
    expect(lines).to_be_focused()
    page.keyboard.press("n")
    expect(position).to_have_text(f"Position {last - 1} sur {last}")
    page.get_by_role("link", name="Début").click()
    expect(position).to_have_text(f"Position 0 sur {last}")
    expect(page.locator("#replay-lines")).to_contain_text("Début de la partie")
    # Every hand once the game is over, then the save file as popote replay reads it.
    page.get_by_role("link", name="Montrer toutes les mains").click()
    expect(page.get_by_role("heading", name="Les mains de chacun")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Vu par Bao")
    check_axe(page)
    with page.expect_download() as download:
        page.get_by_role("link", name="Télécharger la sauvegarde").click()
    # The server's own save file, as every client gets it: each seat's bot level included.
    assert f"/api/v1/tables/{table}/save" in download.value.url
    saved = json.loads(download.value.path().read_text(encoding="utf-8"))
    assert saved["game"] == GAME and len(saved["history"]) == last
    assert saved["bots"] == [None, None] and saved["human_seat"] is None
