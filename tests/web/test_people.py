"""After a rated game: the results link to each person's page (ratings, recent games with
their replays), every game has a leaderboard reached from the lobby, the game's page and
the results; in French and English, axe-core clean."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

import popote
from popote.server.ratings import bot_skills
from tests.server.harness import Server
from tests.web.browser import (
    check_axe,
    create_table,
    open_page,
    play_to_end,
    screenshot,
    started,
)

GAME = "pieds-dans-le-plat"
TITLE = popote.game_info(GAME)["title"]


def registered(page: Page, server: Server, name: str) -> int:
    """A registered player whose token the page holds (as after logging in elsewhere: the
    page learns the identity's id by itself)."""
    with server.http() as http:
        answer = http.post(
            "/api/v1/accounts", json={"name": name, "password": "un mot de passe", "lang": "fr"}
        )
        assert answer.status_code == 200, answer.text
        account = answer.json()
    page.evaluate(
        "([token, name]) => { localStorage.setItem('popote.token', token);"
        " localStorage.setItem('popote.name', name); }",
        [account["token"], name],
    )
    page.reload()
    identity: int = account["id"]
    return identity


def test_a_rated_game_reaches_the_players_page_and_the_leaderboard(
    browser: Browser, server: Server
) -> None:
    page = open_page(browser, server, "fr")
    me = registered(page, server, "Maëlle")
    table = create_table(page, GAME, 2, 1, rated=True)
    started(page)
    play_to_end(page, keyboard=False)

    # The results name each seat; a person's line leads to their page.
    results = page.locator("#result")
    expect(results.get_by_role("link")).to_have_count(1)
    results.get_by_role("link", name=re.compile("^Maëlle")).click()
    expect(page).to_have_url(re.compile(f"/players/{me}$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Maëlle")
    ratings = page.locator("#ratings")
    expect(ratings.get_by_role("row", name=re.compile(TITLE["fr"]))).to_contain_text("1")
    recent = page.locator("#recent li")
    expect(recent).to_have_count(1)
    expect(recent).to_contain_text(TITLE["fr"])
    expect(recent).to_contain_text(re.compile("(gagnée|perdue), rang [12] sur 2"))
    check_axe(page)
    screenshot(page, "player")

    # The recent game's replay, whose players lead back to their pages.
    recent.get_by_role("link", name="Revoir la partie").click()
    expect(page).to_have_url(re.compile(f"/replay/{table}$"))
    page.locator("#people").get_by_role("link", name="Maëlle").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Maëlle")

    # The page's header leads to one's own games, and from there to one's public page.
    page.goto("/")
    page.get_by_role("link", name="Vos parties").click()
    expect(page).to_have_url(re.compile("/me/games$"))
    page.get_by_role("link", name=re.compile("^Votre page publique")).click()
    expect(page).to_have_url(re.compile(f"/players/{me}$"))

    # The leaderboard from the lobby: the person among the fixed-strength bots.
    page.goto("/")
    page.get_by_role("link", name=f"Classement : {TITLE['fr']}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Classement : {TITLE['fr']}")
    board = page.locator("#leaders")
    expect(board.get_by_role("link", name="Maëlle")).to_be_visible()
    expect(board).to_contain_text("Robot expert (note mesurée, fixe)")
    # Maëlle and every bot level the ladder measured (appris among them where it ships).
    assert board.locator("tbody tr").count() == 1 + len(bot_skills(GAME))
    check_axe(page)
    screenshot(page, "leaderboard")
    page.get_by_role("button", name="Read this site in English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Leaderboard: {TITLE['en']}")
    expect(board).to_contain_text("expert bot (measured rating, fixed)")
    check_axe(page)
    board.get_by_role("link", name="Maëlle").click()
    expect(page.locator("#recent li")).to_contain_text(re.compile("(won|lost), rank [12] of 2"))
    check_axe(page)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_leaderboards_are_reached_from_every_game_page(
    browser: Browser, server: Server, lang: str
) -> None:
    page = open_page(browser, server, lang)
    for name in popote.game_names():
        title = popote.game_info(name)["title"][lang]
        heading = f"{'Classement : ' if lang == 'fr' else 'Leaderboard: '}{title}"
        for start_from in (f"/games/{name}", f"/rules/{name}"):
            page.goto(start_from)
            page.get_by_role("link", name=heading).click()
            expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        check_axe(page)
    page.goto("/players/999999")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Joueur introuvable." if lang == "fr" else "No such player."
    )
