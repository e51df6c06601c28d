"""The lobby, each game's page and rules, in French and English: axe-core clean, every
control named, the creation form generated from ``game_info``, the language remembered."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

import popote
from popote.core.registry import get_game
from tests.server.harness import Server
from tests.web.browser import check_axe, create_table, enter, open_page, said, screenshot

CONTROLS = "a[href], button, input, select, summary"


def unnamed_controls(page: Page) -> list[str]:
    """Controls a screen reader would announce without a name (Chromium's own tree)."""
    snapshot = page.locator("body").aria_snapshot()
    return [
        line.strip()
        for line in snapshot.splitlines()
        if re.match(r"\s*- (button|link|textbox|combobox|checkbox|spinbutton)\s*(\[|:|$)", line)
    ]


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_page_passes_axe_and_names_every_control(
    browser: Browser, server: Server, lang: str
) -> None:
    page = open_page(browser, server, lang)
    enter(page, "Katell")
    for path in [
        "/",
        *(f"/{kind}/{name}" for name in popote.game_names() for kind in ("games", "rules")),
    ]:
        page.goto(path)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        check_axe(page)
        assert unnamed_controls(page) == [], path
    page.goto("/")
    screenshot(page, f"lobby-{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_creation_form_offers_every_option_with_its_help(
    browser: Browser, server: Server, lang: str
) -> None:
    page = open_page(browser, server, lang)
    for name in popote.game_names():
        page.goto(f"/games/{name}")
        for key, option in popote.game_info(name)["options"].items():
            expect(page.get_by_label(option["help"][lang], exact=True)).to_have_attribute(
                "id", f"opt-{key}"
            )


def test_rules_are_the_terminal_summary(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    page.goto("/rules/stir-fry-eighteen")
    summary = get_game("stir-fry-eighteen").spec.summary.get("en")
    shown = page.locator(".rules p").all_inner_texts()
    assert shown == [line for line in summary.split("\n") if line]


def test_english_is_remembered_for_the_identity(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Gwen")
    page.get_by_role("button", name="Read this site in English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Popote · Lobby")
    token = page.evaluate("localStorage.getItem('popote.token')")
    with server.http(token) as http:
        assert http.get("/api/v1/me").json()["lang"] == "en"
    # A new profile of the same person (the cookie gone) follows the identity's setting.
    page.context.clear_cookies()
    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Popote · Lobby")


def test_shortcuts_speak_and_chat_stays_text(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Loïc")
    create_table(page, "pieds-dans-le-plat", 2, 0)
    page.locator("#add-bot").focus()
    page.keyboard.press("b")
    expect(page.locator("#seats")).to_contain_text("Robot hasard (2)")
    page.locator("#start").click()
    expect(page.locator("#choices button").first).to_be_focused()
    for key, heard in [
        ("?", "Tapez le numéro"),
        ("v", "Total"),
        ("c", "Pas d'horloge"),
        ("l", "Carte de départ"),
        ("r", "Chacun à son tour"),
    ]:
        page.keyboard.press(key)
        expect(page.locator("#say-polite")).to_contain_text(heard)
    page.keyboard.press("t")
    expect(page.locator("#chat-input")).to_be_focused()
    page.keyboard.type("<b>miam</b>")
    page.keyboard.press("Enter")
    expect(page.locator("#chat-log li").last).to_have_text("Loïc : <b>miam</b>")
    assert page.locator("#chat-log b").count() == 0
    assert "Loïc : <b>miam</b>" in said(page, "polite")
    page.keyboard.press("Escape")
    expect(page.locator("#choices button").first).to_be_focused()
