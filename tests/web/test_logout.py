"""Logging out in the browser (issue 44): the token ends at the server, its sockets close,
and the page forgets it instead of trying it again."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.server.harness import Server
from tests.web.browser import check_axe, enter, open_page, said, violations


def test_a_guest_logs_out_and_the_page_forgets_the_token(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    enter(page, "Katell")
    token = page.evaluate("localStorage.getItem('popote.token')")
    assert token
    log_out = page.get_by_role("button", name="Se déconnecter")
    log_out.click()
    expect(log_out).to_have_count(0)
    expect(page.locator("#guest-form")).to_be_visible()
    assert page.evaluate("localStorage.getItem('popote.token')") is None
    assert "Session terminée sur ce navigateur." in said(page, "assertive")
    with server.http(token) as http:
        assert http.get("/api/v1/me").status_code == 401
    assert violations(page) == []
    check_axe(page)


def test_a_page_whose_token_was_ended_elsewhere_forgets_it(
    browser: Browser, server: Server
) -> None:
    """The lobby's socket hears ``session_ended`` (the token logged out from another
    device or tab): the page says so and stops using it."""
    page = open_page(browser, server, "en")
    enter(page, "Youenn")
    token = page.evaluate("localStorage.getItem('popote.token')")
    with server.http(token) as http:
        assert http.post("/api/v1/logout").status_code == 200
    expect(page.get_by_role("button", name="Log out")).to_have_count(0)
    assert page.evaluate("localStorage.getItem('popote.token')") is None
    assert any(line.startswith("session ended") for line in said(page, "assertive"))
