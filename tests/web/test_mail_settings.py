"""The e-mail settings page (/me/notifications), by keyboard as a screen reader's user
would: an address and a choice in labelled fields (the choice a fieldset with its legend),
the server's answer said in a live region, and a real mail server receiving the
confirmation link, which the page then shows as confirmed."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.harness import Server
from tests.server.mailbox import Mailbox, free_port, link, mail_server
from tests.web.browser import check_axe, open_page

SMTP_PORT = free_port()
SERVE_OPTIONS = ("--smtp", f"127.0.0.1:{SMTP_PORT}", "--max-new-identities-per-ip", "0")
PASSWORD = "soupe de poisson du port"


@pytest.fixture(scope="module")
def mailbox() -> Iterator[Mailbox]:
    with mail_server(SMTP_PORT) as (box, _):
        yield box


def registered(page: Page, server: Server, name: str, lang: str) -> None:
    """A registered account, remembered by the page as after logging in."""
    with server.http() as http:
        answer = http.post(
            "/api/v1/accounts", json={"name": name, "password": PASSWORD, "lang": lang}
        )
    assert answer.status_code == 200, answer.text
    me = answer.json()
    page.evaluate(
        """(me) => {
          localStorage.setItem("popote.token", me.token);
          localStorage.setItem("popote.name", me.name);
          localStorage.setItem("popote.id", String(me.id));
        }""",
        me,
    )


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_player_sets_an_address_and_a_choice_by_keyboard(
    browser: Browser, server: Server, mailbox: Mailbox, lang: str
) -> None:
    page = open_page(browser, server, lang)
    registered(page, server, f"Rozenn {lang}", lang)
    words = {
        "fr": ("Courriels", "Adresse électronique", "Un résumé par jour", "Enregistrer"),
        "en": ("E-mail", "E-mail address", "One digest a day", "Save"),
    }[lang]
    page.get_by_role("navigation").get_by_role("link", name=words[0]).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(words[0])
    address = f"rozenn-{lang}@example.org"
    page.get_by_label(words[1]).fill(address)
    choice = page.get_by_role(
        "group", name="Quand vous écrire" if lang == "fr" else "When to write to you"
    )
    choice.get_by_label(words[2]).focus()
    page.keyboard.press("Space")
    expect(choice.get_by_label(words[2])).to_be_checked()
    page.get_by_role("button", name=words[3]).focus()
    page.keyboard.press("Enter")
    status = page.get_by_role("status")
    expect(status).to_contain_text("confirmation")
    check_axe(page)
    mailbox.wait(1)
    confirmation = next(m for m in mailbox.messages if m["To"] == address)
    with httpx.Client() as http:
        assert http.post(link(confirmation, "/mail/confirm")).status_code == 200
    page.reload()
    expect(page.locator("#mail-address-state")).to_have_text(
        "Adresse confirmée." if lang == "fr" else "Address confirmed."
    )
    expect(page.get_by_label(words[2])).to_be_checked()


def test_a_guest_is_told_only_accounts_get_mail(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    page.goto("/me/notifications")
    expect(page.locator("#mail-guest")).to_be_visible()
    expect(page.locator("#mail-form")).to_be_hidden()
    check_axe(page)


@pytest.mark.parametrize("kind", ["confirm", "unsubscribe"])
def test_a_mail_links_page_has_a_heading_and_a_button_that_posts(
    browser: Browser, server: Server, kind: str
) -> None:
    page = open_page(browser, server, "fr")
    page.goto(f"/mail/{kind}/not-a-real-token")
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    check_axe(page)
    page.get_by_role("button").last.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#mail-said")).to_have_text(
        "Ce lien ne mène à rien (périmé, ou déjà utilisé)."
    )
    check_axe(page)
