"""The lobby, each game's page and rules, in French and English: axe-core clean, every
control named, the creation form generated from ``game_info``, the language remembered."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

import popote
from popote.core.registry import get_game
from tests.server.harness import Server
from tests.web.browser import (
    PHONE,
    check_axe,
    create_table,
    enter,
    open_page,
    said,
    screenshot,
    started,
)

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
            field = page.get_by_label(option["help"][lang], exact=True)
            expect(field).to_have_attribute("id", f"opt-{key}")
            if option["type"] == "choice":  # each value by its name, never the raw value
                names = [option["labels"][value][lang] for value in option["choices"]]
                expect(field.locator("option")).to_have_text(names)
        # The clocks by their names in the reader's language, none by its key.
        clocks = page.locator("#clock option").all_inner_texts()
        assert len(clocks) == 4 and not any(
            re.match("relaxed|normal|fast", text) for text in clocks if lang == "fr"
        ), clocks


@pytest.mark.parametrize("name", popote.game_names())
def test_the_creation_form_fits_a_phone(browser: Browser, server: Server, name: str) -> None:
    """At 390 px, no field (the long clock names, the variants) pushes the page sideways."""
    page = open_page(browser, server, "fr", viewport=PHONE)
    page.goto(f"/games/{name}")
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    for kind in ("kind-turns", "kind-live"):  # each kind shows its own clock
        page.locator(f"#{kind}").check()
        for field in page.locator("#create-form :is(select, input):visible").all():
            box = field.bounding_box()
            assert box is not None and box["x"] + box["width"] <= PHONE["width"], field
    if name == "boom-badaboom":  # the game with the most options
        screenshot(page, f"form-{name}")


@pytest.mark.parametrize("path", ["/tables/nope", "/games/nope", "/replay/nope", "/rules/nope"])
def test_a_page_not_found_says_so_without_a_script_error(
    browser: Browser, server: Server, path: str
) -> None:
    page = open_page(browser, server, "fr")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda line: errors.append(line.text) if line.type == "error" else None)
    answer = page.goto(path)
    assert answer is not None and answer.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(re.compile("introuvable|inconnu"))
    expect(page.get_by_role("link", name="Salon")).to_have_count(2)
    page.wait_for_load_state("networkidle")
    assert [error for error in errors if "404" not in error] == []
    check_axe(page)


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
    # Nothing to choose yet: Escape from the chat comes back to the choices' heading, so
    # that the digits typed next are keys again, not text in the chat box.
    page.keyboard.press("t")
    expect(page.locator("#chat-input")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#choices-heading")).to_be_focused()
    page.keyboard.press("1")
    expect(page.locator("#say-polite")).to_contain_text("Rien à choisir pour l'instant.")
    expect(page.locator("#chat-input")).to_have_value("")
    page.locator("#add-bot").focus()
    page.keyboard.press("b")
    expect(page.locator("#seats")).to_contain_text("Robot hasard (2)")
    # The last seat taken, the table starts by itself and asks.
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
    expect(page.locator("#chat-log li").last).to_have_text("Loïc (invité) : <b>miam</b>")
    assert page.locator("#chat-log b").count() == 0
    assert "Loïc (invité) : <b>miam</b>" in said(page, "polite")
    page.keyboard.press("Escape")
    expect(page.locator("#choices button").first).to_be_focused()


def test_from_the_lobby_to_a_game_in_a_handful_of_keys(browser: Browser, server: Server) -> None:
    """A newcomer types a name and presses three keys: Enter (the name), the game's number
    in the lobby, Enter (the form as it stands); the table, its other seats taken by bots,
    starts by itself and its first choice has the focus."""
    page = open_page(browser, server, "fr")
    expect(page.locator("#guest-name")).to_be_focused()
    page.keyboard.type("Soazig")
    page.keyboard.press("Enter")
    expect(page.locator("#games-heading")).to_be_focused()
    number = popote.game_names().index("pieds-dans-le-plat") + 1
    expect(page.locator(".game-card kbd").nth(number - 1)).to_have_text(str(number))
    page.keyboard.press(str(number))
    page.wait_for_url(re.compile("/games/pieds-dans-le-plat"))
    expect(page.locator("#players")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile("/tables/"))
    started(page)
    expect(page.locator("#choices button").first).to_be_focused()
    check_axe(page)


def test_skip_links_lead_to_each_part(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    enter(page, "Gwen")
    page.goto("/")
    for tabs, name, target in [
        (1, "Skip to content", "main"),
        (2, "Skip to the games", "games-heading"),
        (3, "Skip to the open tables", "tables-heading"),
        (4, "Skip to the chat", "chat-heading"),
    ]:
        page.goto("/")
        for _ in range(tabs):
            page.keyboard.press("Tab")
        expect(page.get_by_role("link", name=name)).to_be_focused()
        page.keyboard.press("Enter")
        expect(page.locator(f"#{target}")).to_be_focused()
    # t goes to the lobby's chat, Escape back to the games.
    page.keyboard.press("t")
    expect(page.locator("#chat-input")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#games-heading")).to_be_focused()


def test_a_step_of_a_menu_says_its_question(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    enter(page, "Katell")
    # With this seed the player starts, and the menu groups what to claim in steps.
    create_table(page, "stir-fry-eighteen", 2, 1, seed=1)
    started(page)
    expect(page.locator("#choices button").first).to_be_focused()
    step = page.locator("#choices button.step").first
    label = step.inner_text()
    number, title = label.split(". ", 1)
    page.keyboard.press(number)
    expect(page.locator("#choices .step-title")).to_have_text(title)
    page.wait_for_function("text => window.__said.at(-1).text === text", arg=title)
    expect(page.locator("#choices button").first).to_be_focused()
    page.keyboard.press("0")
    prompt = " ".join(page.locator("#prompt").inner_text().split("\n"))
    page.wait_for_function("text => window.__said.at(-1).text === text", arg=prompt)
    expect(page.locator("#choices button").first).to_be_focused()


def test_the_lobby_and_the_table_say_the_clock_and_a_chosen_deal_before_anyone_sits(
    browser: Browser, server: Server
) -> None:
    with server.http(server.guest("Créatrice")) as http:
        created = http.post(
            "/api/v1/tables",
            json={"game": "pieds-dans-le-plat", "players": 2, "clock": "fast", "seed": 7},
        ).json()
    page = open_page(browser, server, "fr")
    line = page.locator(f"#table-{created['id']}")
    expect(line).to_contain_text("horloge : 15 s par tour, 6 s pour répondre ensemble")
    expect(line).to_contain_text("donne choisie")
    screenshot(page, "lobby-terms-fr")
    page.goto(f"/tables/{created['id']}")
    terms = page.locator("#terms")
    expect(terms).to_contain_text("horloge : 15 s par tour")
    expect(terms).to_contain_text("non classée")
    expect(terms).to_contain_text("donne choisie")
    screenshot(page, "table-terms-fr")
