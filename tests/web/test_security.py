"""Issue 20 in a real browser: pages that cannot be turned against the people using them.

An address cannot put script into a page, the Content-Security-Policy lets only the
server's own script run (and a whole game plays under it without one violation), no other
site can frame a page, the API's documentation is off unless the operator turns it on (then
served from the package, never a CDN), and no socket carries the token in its address.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, Page, WebSocket, expect

from tests.server.harness import Server, module_server
from tests.web.browser import create_table, enter, open_page, play_to_end, started, violations
from tests.web.test_hostile import dialogs

PAYLOADS = [
    "</script><script>window.pwned=1;alert(1)</script>",
    "<!--<script>window.pwned=2</script>",
    "'\"><img src=x onerror=alert(3)>&amp;",
]
"""What a link may carry in ``?invite=`` (each within the field's 64 characters)."""


def page_config(page: Page) -> object:
    return page.evaluate("JSON.parse(document.getElementById('popote-page').textContent)")


def test_an_invite_in_the_address_stays_data(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    opened = dialogs(page)
    enter(page, "Soizic")
    table = create_table(page, "pieds-dans-le-plat", 2, 1)
    for payload in PAYLOADS:
        page.goto(f"/tables/{table}?invite={quote(payload)}")
        expect(page.locator("#seats li").first).to_be_visible()
        config = page_config(page)
        assert isinstance(config, dict) and config["invite"] == payload
        assert page.evaluate("window.pwned") is None
        assert page.locator("#main img").count() == 0
        assert violations(page) == []
    assert opened == []


def test_no_script_reaches_a_page_unescaped(server: Server) -> None:
    """The page as served: what the address held is inside the JSON as escaped text."""
    with server.http() as http:
        table = http.post(
            "/api/v1/tables",
            json={"game": "boom-badaboom", "players": 3},
            headers={"Authorization": f"Bearer {server.guest('Erwan')}"},
        ).json()["id"]
        for payload in PAYLOADS:
            html = http.get(f"/tables/{table}", params={"invite": payload}).text
            block = re.search(
                r'<script type="application/json" id="popote-page">(.*?)</script>', html
            )
            assert block is not None and "<" not in block.group(1)
            assert json.loads(block.group(1))["invite"] == payload


@pytest.fixture(scope="module")
def docs_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with module_server(tmp_path_factory, "docs", "--api-docs") as docs_server:
        yield docs_server


def test_every_page_plays_a_whole_game_under_the_policy(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    enter(page, "Nolwenn")
    seen = [page.url]
    assert violations(page) == []
    table = create_table(page, "pieds-dans-le-plat", 2, 1)
    started(page)
    play_to_end(page, keyboard=True)
    assert violations(page) == []
    me = page.evaluate("localStorage.getItem('popote.id')")
    for path in [
        "/games/boom-badaboom",
        "/rules/bouillabaisse",
        "/leaderboards/pieds-dans-le-plat",
        f"/players/{me}",
        f"/replay/{table}",
        f"/replay/{table}?reveal=true&at=3",
        "/tables/nothing-here",
    ]:
        page.goto(path)
        seen.append(path)
        assert violations(page) == [], path
    # The live parts still run under the policy: the lobby lists the finished table's peers.
    page.goto("/")
    expect(page.locator("#identity")).to_contain_text("Nolwenn")
    assert violations(page) == [], seen


def test_no_other_site_can_frame_a_page(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    page.set_content(f'<iframe src="{server.url}/" title="x"></iframe>')
    frame = page.frames[-1]
    frame.wait_for_load_state()
    assert "Popote" not in frame.content()


def test_api_docs_are_off_unless_the_operator_turns_them_on(
    browser: Browser, server: Server, docs_server: Server
) -> None:
    with server.http() as http:
        assert http.get("/docs").status_code == 404
        assert http.get("/redoc").status_code == 404
        assert http.get("/openapi.json").status_code == 200
    page = open_page(browser, docs_server, "en")
    origins: set[str] = set()
    page.on("request", lambda request: origins.add(_origin(request.url)))
    page.goto("/docs")
    expect(page.locator(".swagger-ui .title")).to_contain_text("Popote")
    expect(page.get_by_text("/api/v1/guests").first).to_be_visible()
    assert origins == {_origin(docs_server.url)}
    assert violations(page) == []


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def test_no_socket_address_carries_the_token(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "fr")
    addresses: list[str] = []
    welcomed: list[str] = []

    def opened(socket: WebSocket) -> None:
        addresses.append(socket.url)
        socket.on("framereceived", lambda text: _welcome(socket.url, text, welcomed))

    page.on("websocket", opened)
    enter(page, "Tugdual")
    _wait_for(page, lambda: any("/ws/lobby" in url for url in welcomed))
    create_table(page, "pieds-dans-le-plat", 2, 1)
    _wait_for(page, lambda: any("/ws/tables/" in url for url in welcomed))
    token = page.evaluate("localStorage.getItem('popote.token')")
    # Each socket was welcomed: the token it sent in its hello was taken.
    assert all(token not in url and "token" not in url for url in addresses), addresses


def _welcome(url: str, frame: str | bytes, welcomed: list[str]) -> None:
    if isinstance(frame, str) and json.loads(frame).get("type") == "welcome":
        welcomed.append(url)


def test_the_lobby_follows_the_tables_without_fetching_the_list(
    browser: Browser, server: Server
) -> None:
    anne, yann = server.guest("Anne"), server.guest("Yann")
    page = open_page(browser, server, "fr")
    fetched: list[str] = []
    page.on(
        "request",
        lambda request: (
            fetched.append(request.url)
            if "/api/v1/tables" in request.url and request.method == "GET"
            else None
        ),
    )
    heard: list[str] = []
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framereceived", lambda frame: heard.append(json.loads(frame)["type"])
        ),
    )
    enter(page, "Morgane")
    page.wait_for_function("document.querySelector('#identity a') !== null")
    _wait_for(page, lambda: "lobby" in heard)
    with server.http(anne) as http:
        table = http.post("/api/v1/tables", json={"game": "boom-badaboom"}).json()["id"]
    item = page.locator(f'#tables [data-table="{table}"]')
    expect(item).to_contain_text("Anne (invité), Siège libre (2)")
    with server.http(yann) as http:
        assert http.post(f"/api/v1/tables/{table}/join", json={}).is_success
    expect(item).to_contain_text("Anne (invité), Yann (invité), Siège libre (3)")
    assert "table_listed" in heard
    assert fetched == []
    assert violations(page) == []


def _wait_for(page: Page, done: Callable[[], bool], seconds: float = 20.0) -> None:
    """Wait, letting Playwright deliver the page's events meanwhile, until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "waited in vain"
        page.wait_for_timeout(50)


def test_guests_are_marked_at_the_table(browser: Browser, server: Server) -> None:
    page = open_page(browser, server, "en")
    enter(page, "Riwal")
    table = create_table(page, "pieds-dans-le-plat", 2, 0)
    with server.http(server.guest("Lena", "en")) as http:
        assert http.post(f"/api/v1/tables/{table}/join", json={}).is_success
        assert http.post(f"/api/v1/tables/{table}/chat", json={"text": "hi"}).is_success
    expect(page.locator("#seats li").nth(1)).to_have_text("Lena (guest), player")
    expect(page.locator("#chat-log li").last).to_have_text("Lena (guest): hi")
