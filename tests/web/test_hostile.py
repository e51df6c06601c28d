"""Issue 16 in a real browser: names and chat holding markup and scripts, and chat holding
control characters, are shown as the text people typed (control characters removed; a name
holding one is refused, see tests/server/test_identities.py), never run, and each message
stays one line for a screen reader."""

from __future__ import annotations

from playwright.sync_api import Browser, Dialog, Page, expect

from tests.server.harness import Server
from tests.web.browser import create_table, enter, open_page, said

NAME = "<img src=x onerror=alert(1)>"
SHOWN_NAME = "<img src=x onerror=alert(1)> (invité)"
"""A guest's name is marked as one wherever it is shown."""
CHAT = (
    "<script>alert('chat')</script>\n<img src=y onerror=\"alert(2)\"> "
    "\u202eemag\x07 <b>gras</b>\r\nligne 2"
)
SHOWN_CHAT = (
    "<script>alert('chat')</script> <img src=y onerror=\"alert(2)\"> emag <b>gras</b> ligne 2"
)


def dialogs(page: Page) -> list[str]:
    """Every dialog the page opens (an injected ``alert`` would be one), dismissed."""
    opened: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        opened.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    return opened


def nothing_injected(page: Page) -> None:
    """No element came from the texts: no image, no script but the page's own three."""
    assert page.locator("img, b, iframe, object").count() == 0
    assert page.evaluate("[...document.scripts].every(s => !s.textContent.includes('alert'))")


def one_line_said(page: Page, text: str) -> None:
    """The message was said once, as one node of the live region holding one line."""
    heard = [line for line in said(page) if "alert(2)" in line]
    assert heard == [text]
    assert "\n" not in heard[0]


def test_hostile_names_and_chat_stay_text(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    opened = dialogs(page)
    enter(page, "Anne")
    table = create_table(page, "pieds-dans-le-plat", 2, 0)
    hostile = server.guest(NAME)
    with server.http(hostile) as http:
        assert http.post(f"/api/v1/tables/{table}/join", json={}).status_code == 200
        expect(page.locator("#seats li").nth(1)).to_have_text(f"{SHOWN_NAME}, joueur")
        assert http.post(f"/api/v1/tables/{table}/chat", json={"text": CHAT}).status_code == 200
    line = page.locator("#chat-log li")
    expect(line).to_have_count(1)
    expect(line).to_have_text(f"{SHOWN_NAME} : {SHOWN_CHAT}")
    expect(line).to_be_visible()
    assert "\n" not in line.inner_text()
    one_line_said(page, f"{SHOWN_NAME} : {SHOWN_CHAT}")
    # The notice of the seat taken names them as text too, in the log.
    expect(page.locator("#log")).to_contain_text(f"{SHOWN_NAME} s'assoit au siège 2.")
    nothing_injected(page)

    # In the lobby: the table's line and the lobby chat.
    with page.expect_websocket() as opening:
        page.goto("/")
    opening.value.wait_for_event("framereceived")  # welcome: the lobby chat reaches us now
    expect(page.locator("#tables li").first).to_contain_text(SHOWN_NAME)
    with server.http(hostile) as http:
        assert http.post("/api/v1/lobby/chat", json={"text": CHAT}).status_code == 200
    expect(page.locator("#chat-log li").last).to_have_text(f"{SHOWN_NAME} : {SHOWN_CHAT}")
    one_line_said(page, f"{SHOWN_NAME} : {SHOWN_CHAT}")
    nothing_injected(page)
    assert opened == []
