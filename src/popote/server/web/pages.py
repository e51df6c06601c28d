"""The browser client's pages, drawn on the server in the reader's language.

The live parts (tables, lobby, chat) are filled by ``static/popote.js`` through the same
HTTP API and WebSockets as any other client; what can be drawn once (games, rules, the
table creation form, replays) is drawn here from the engine and the games' presenters.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Annotated, Any
from urllib.parse import parse_qs, quote

from fastapi import APIRouter, Cookie, Depends, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse
from jinja2 import Environment, PackageLoader, select_autoescape

import popote
from popote.bots.registry import LEVEL_NAMES
from popote.core.i18n import LANGUAGES, Lang
from popote.core.picture import Face
from popote.core.registry import get_game
from popote.core.wording import Plural
from popote.server.api import address_of, hub_of
from popote.server.clocks import table_clock
from popote.server.codes import shown
from popote.server.errors import Refused
from popote.server.hosts import Hosts, cross_site
from popote.server.language import choose_lang
from popote.server.live import LiveTable, terms
from popote.server.seats import levels_for
from popote.server.settings import CLOCKS, GAME_CLOCKS
from popote.server.turns import TURN_BASED_CLOCKS
from popote.server.web import texts
from popote.server.web.memory import fleeting_kinds
from popote.server.web.quick import quick_kinds
from popote.server.web.replay import ReplayPages

router = APIRouter(include_in_schema=False)
LANG_COOKIE = "popote_lang"
YEAR = 365 * 24 * 3600
FORM_LIMIT = 1024
SAME_SITE_PATH = re.compile(r"/(?!/)[A-Za-z0-9_\-./%]*")
"""Where the language form may send the reader back: a path of this site. Nothing a browser
would read as another site's address (``//host``, ``/\\host``, tabs it drops, a scheme)."""

_templates = Environment(
    loader=PackageLoader("popote.server.web", "templates"),
    autoescape=select_autoescape(default=True),
    trim_blocks=True,
    lstrip_blocks=True,
)

CookieLang = Annotated[str | None, Cookie(alias=LANG_COOKIE)]
QueryLang = Annotated[str | None, Query(max_length=5)]


async def page_lang(
    request: Request, lang: QueryLang = None, remembered: CookieLang = None
) -> Lang:
    """``?lang=`` first, then the language remembered in the cookie, then the browser's."""
    return choose_lang(lang, remembered, request.headers.get("accept-language"))


ReaderLang = Annotated[Lang, Depends(page_lang)]


def render(
    request: Request, lang: Lang, template: str, status: int = 200, **context: Any
) -> HTMLResponse:
    html = page_html(lang, template, request.url.path, **context)
    return HTMLResponse(html, status_code=status)


def page_html(lang: Lang, template: str, here: str, **context: Any) -> str:
    """A page at address ``here``: it holds nothing else of the request (a replay's is kept
    and served again, ``popote.server.web.replay``)."""
    other: Lang = next(code for code in LANGUAGES if code != lang)
    return _templates.get_template(template).render(
        lang=lang,
        other_lang=other,
        w=texts.page_words(lang),
        here=here,
        script_words=texts.words(lang),
        **context,
    )


def _summary(name: str, lang: Lang) -> list[str]:
    return get_game(name).spec.summary.get(lang).split("\n")


def _players(info: dict[str, Any], lang: Lang) -> str:
    low, high = info["min_players"], info["max_players"]
    key = "players_one" if low == high == 1 else "players_range"
    return texts.PAGE[key].render(lang, low=low, high=high)


def game_card(name: str, lang: Lang) -> dict[str, Any]:
    info = popote.game_info(name)
    return {
        "name": name,
        "title": info["title"][lang],
        "players": _players(info, lang),
        "description": _summary(name, lang)[0],
    }


DAYS = Plural(("{n} jour", "{n} jours"), ("{n} day", "{n} days"))
"""A turn-based clock's time per move, in the creation form."""
SHOWN_FACES = 3
"""Cards drawn on a game's card in the lobby."""
PICTURE_SEED = 7
"""The deal whose opening hand shows each game in the lobby (any deal would do)."""


@functools.cache
def game_faces(name: str, lang: Lang) -> tuple[dict[str, Any], ...]:
    """A few of the game's own cards, drawn by its presenter as on the table (the first
    seat's opening hand at the fewest players, unlike cards first): the lobby's picture of
    the game, drawn once per language."""
    info = popote.game_info(name)
    match = popote.new_match(name, info["min_players"], PICTURE_SEED)
    names = [str(seat + 1) for seat in range(match.players)]
    drawn = match.game.presenter.picture(match.view(0), [], lang, names)
    faces = [face for pile in (drawn.hand if drawn else ()) for face in pile.cards]
    chosen: list[Face] = []
    for face in faces:  # unlike cards first...
        if all((face.sign, face.tone) != (other.sign, other.tone) for other in chosen):
            chosen.append(face)
    chosen += [face for face in faces if face not in chosen]  # ...then any other
    shown = [face for face in chosen if not face.down][:SHOWN_FACES]
    return tuple({**face.as_json(), "wide": len(face.sign) > 2} for face in shown)


@router.get("/", response_class=HTMLResponse)
async def lobby(request: Request, chosen: ReaderLang) -> Any:
    games = [
        {**game_card(name, chosen), "faces": game_faces(name, chosen)}
        for name in popote.game_names()
    ]
    return render(request, chosen, "lobby.html", games=games)


@router.get("/games/{name}", response_class=HTMLResponse)
async def game_page(request: Request, name: str, chosen: ReaderLang) -> Any:
    if name not in popote.game_names():
        return missing(request, chosen, "no_such_game")
    info = popote.game_info(name)
    return render(
        request,
        chosen,
        "game.html",
        game=game_card(name, chosen),
        info=info,
        options=_option_fields(info, chosen),
        clocks=_clock_choices(request, name, chosen),
        days=_day_choices(chosen),
        levels=[(level, LEVEL_NAMES[level].get(chosen)) for level in levels_for(name)],
    )


def _option_fields(info: dict[str, Any], lang: Lang) -> list[dict[str, Any]]:
    """Every option of the game as a form field, labelled by its own help text; a choice's
    values are shown by the names the game gives them (``named``: value and name)."""
    return [
        {
            "key": key,
            **option,
            "label": option["help"][lang],
            "named": [
                (value, option["labels"].get(value, {}).get(lang, value))
                for value in option.get("choices", [])
            ],
        }
        for key, option in info["options"].items()
    ]


def _clock_choices(request: Request, game: str, lang: Lang) -> list[dict[str, Any]]:
    """The real-time clocks, labelled by their seconds (the game's default selected)."""
    scale = hub_of(request).settings.clock_scale
    default = GAME_CLOCKS.get(game, "normal")
    choices = []
    for kind in CLOCKS:
        if kind in TURN_BASED_CLOCKS:
            continue
        clock = table_clock(game, kind, None, None, scale)
        label = (
            texts.PAGE["clock_none"].get(lang)
            if clock.get("turn") is None
            else texts.PAGE["clock_preset"].render(
                lang,
                name=texts.CLOCK_NAMES[kind].get(lang),
                turn=_seconds(clock["turn"]),
                window=_seconds(clock["window"]),
            )
        )
        choices.append({"kind": kind, "label": label, "selected": kind == default})
    return choices


def _day_choices(lang: Lang) -> list[dict[str, Any]]:
    """The turn-based clocks, labelled by their days per move (the first selected)."""
    return [
        {"kind": kind, "label": DAYS.render(int(kind.removeprefix("days-")), lang)}
        for kind in TURN_BASED_CLOCKS
    ]


def _seconds(value: float) -> str:
    return f"{value:g}"


@router.get("/me/games", response_class=HTMLResponse)
async def my_games_page(request: Request, chosen: ReaderLang) -> Any:
    """The reader's own tables, drawn by the script from ``GET /api/v1/me/games``: the
    token is the browser's, never sent with a page."""
    return render(request, chosen, "games.html")


@router.get("/rules/{name}", response_class=HTMLResponse)
async def rules_page(request: Request, name: str, chosen: ReaderLang) -> Any:
    if name not in popote.game_names():
        return missing(request, chosen, "no_such_game")
    return render(
        request,
        chosen,
        "rules.html",
        game=game_card(name, chosen),
        summary=_summary(name, chosen),
    )


@router.get("/tables/{table_id}", response_class=HTMLResponse)
async def table_page(
    request: Request,
    table_id: str,
    chosen: ReaderLang,
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> Any:
    table = visible(request, table_id, invite)
    if table is None:
        return missing(request, chosen, "no_such_table")
    row = table.row
    quick = quick_kinds(row.game, row.options)
    config = {
        "table": row.id,
        "invite": invite,
        "lang": chosen,
        "game": row.game,
        "fleeting": fleeting_kinds(row.game, row.options),
        "quick": quick,
        "levels": [[level, LEVEL_NAMES[level].get(chosen)] for level in levels_for(row.game)],
        # Whoever may see this page may see the table: its code opens it no further, and
        # its seats are drawn before this browser has an identity to connect with.
        "code": shown(row.code) if row.code and row.state == "lobby" else None,
        "described": table.describe(chosen),
    }
    return render(
        request,
        chosen,
        "table.html",
        game=game_card(row.game, chosen),
        summary=_summary(row.game, chosen),
        config=config,
        table_id=row.id,
        terms=terms(row, chosen),
        quick=bool(quick),
    )


def visible(request: Request, table_id: str, invite: str | None) -> LiveTable | None:
    """The table if anyone with this link may see it (public, or the right invite)."""
    try:
        return hub_of(request).table(table_id[:64], None, invite)
    except Refused:
        return None


@router.get("/replay/{table_id}", response_class=HTMLResponse)
async def replay_page(
    request: Request,
    table_id: str,
    chosen: ReaderLang,
    at: Annotated[int | None, Query(ge=0, le=10**6)] = None,
    reveal: bool = False,
    invite: Annotated[str | None, Query(max_length=64)] = None,
) -> Any:
    """A finished table at one position, drawn once off the event loop and kept
    (``popote.server.web.replay``): a kept page was visible to this ``invite`` when drawn,
    and a finished table does not change."""
    pages: ReplayPages = request.app.state.replays
    asked = ReplayAsked(request.url.path, table_id, chosen, at, reveal, invite)
    kept = pages.kept(asked)
    if kept is not None:
        return HTMLResponse(kept)
    table = visible(request, table_id, invite)
    if table is None:
        return missing(request, chosen, "no_such_table")
    if table.row.state != "over" or table.match is None:
        return render(
            request, chosen, "replay.html", game=game_card(table.row.game, chosen), replay=None
        )
    names = table.names(chosen)  # read here: the hub is the event loop's
    people = _people(table, names)
    public = table.row.public
    draw = functools.partial(_replay_html, pages, asked, table, names, people, public)
    return HTMLResponse(await pages.page(asked, address_of(request), draw))


@dataclass(frozen=True)
class ReplayAsked:
    """What a replay page depends on (its key among the kept pages)."""

    here: str
    table_id: str
    lang: Lang
    at: int | None
    reveal: bool
    invite: str | None


def _replay_html(
    pages: ReplayPages,
    asked: ReplayAsked,
    table: LiveTable,
    names: list[str],
    people: list[tuple[str, str | None]],
    public: bool,
) -> str:
    """The page (on the drawing thread: it touches nothing but the finished table)."""
    lang, table_id, invite, reveal = asked.lang, asked.table_id, asked.invite, asked.reveal
    replay = pages.replay_of(table, lang, names)
    index = replay.last if asked.at is None else min(asked.at, replay.last)
    return page_html(
        lang,
        "replay.html",
        asked.here,
        game=game_card(table.row.game, lang),
        replay=replay,
        index=index,
        reveal=reveal,
        step=replay.step(index, reveal),
        people=people,
        # The review (review.js) is asked per viewer: the page says only what anyone sees.
        review={"table": table_id, "invite": invite, "public": public, "at": index},
        link=_replay_link(table_id, invite, reveal),
        hidden_link=_replay_link(table_id, invite, False),
        revealed_link=_replay_link(table_id, invite, True),
        # The server's own save file: anyone who may see a finished table may download it.
        download=f"/api/v1/tables/{quote(table_id)}/save"
        + (f"?invite={quote(invite)}" if invite else ""),
    )


def _people(table: LiveTable, names: list[str]) -> list[tuple[str, str | None]]:
    """Each seat's name, with the address of its person's page (bots have none)."""
    return [
        (name, None if seat.user is None else f"/players/{seat.user}")
        for seat, name in zip(table.seats, names, strict=True)
    ]


def _replay_link(table_id: str, invite: str | None, reveal: bool) -> str:
    """The replay's address without its position; ``&at=N`` is added to it."""
    link = f"/replay/{quote(table_id)}?reveal={'true' if reveal else 'false'}"
    return link + (f"&invite={quote(invite)}" if invite else "")


@router.post("/lang")
async def set_language(request: Request) -> RedirectResponse:
    """Remember the reader's language in a cookie (the identity's setting is changed by the
    page's script through ``PATCH /api/v1/me``). The form is read by hand: two short fields
    do not call for a multipart parser. Only this site's own pages may post it
    (``popote.server.hosts``): another site's must not choose a visitor's language."""
    hosts: Hosts = request.app.state.hosts
    if not hosts.same_site(request.headers):
        raise cross_site()
    fields = parse_qs((await request.body())[:FORM_LIMIT].decode("utf-8", "replace"))
    chosen = choose_lang(fields.get("lang", [""])[0], None, None)
    back = fields.get("back", ["/"])[0]
    where = back if SAME_SITE_PATH.fullmatch(back) else "/"
    answer = RedirectResponse(where, status_code=303)
    answer.set_cookie(LANG_COOKIE, chosen, max_age=YEAR, samesite="lax")
    return answer


def missing(request: Request, lang: Lang, what: str) -> HTMLResponse:
    return render(request, lang, "missing.html", status=404, what=texts.PAGE[what].get(lang))
