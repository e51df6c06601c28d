"""``popote play --server URL``: the terminal client at an online table.

Your unfinished games come first (``popote.cli.online_games``), then the lobby.

The server sends each seat the game presenter's own lines, prompt, table and menu in the
person's language; this client only shows them and walks the menu with the same keys as the
local game (``MenuAsker``), plus ``c`` to chat. Events from the others are written as they
arrive, one per line, by the socket's reader thread.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from popote.cli.online_games import pick_mine
from popote.cli.online_identities import Identities
from popote.cli.online_link import CHAT_ERRORS, Frame, OnlineError, TableLink, server_refusal
from popote.cli.online_setup import ask_choice, ask_name, ask_table
from popote.cli.play import SAVED, Console, ask_save_path
from popote.cli.terminal import FORCED, Answer, MenuAsker, QuitGame, Reader, Writer
from popote.core.actions import Action
from popote.core.game import Presenter, View
from popote.core.i18n import Lang, Text
from popote.core.menu import Menu, MenuEntry, build_menu
from popote.core.registry import get_game
from popote.core.wording import PLAYERS, Plural

HTTP_TIMEOUT = 20.0
UNREACHABLE = Text(
    "impossible de joindre le serveur {url} ({reason})",
    "cannot reach the server {url} ({reason})",
)
WELCOME = Text(
    "Connecté à {url} sous le nom {name}. Tapez ? pour l'aide.",
    "Connected to {url} as {name}. Type ? for help.",
)
LOBBY = Text("Tables ouvertes :", "Open tables:")
NO_TABLE = Text("Aucune table ouverte pour l'instant.", "No open table yet.")
BACK_TO = Text("Revenir à la table {title}", "Back to the table {title}")
CREATE = Text("Créer une table", "Create a table")
REFRESH = Text("Actualiser la liste", "Refresh the list")
TABLE_LINE = Text("{title}, {players}, {state} : {seats}", "{title}, {players}, {state}: {seats}")
STATES = {"lobby": Text("en attente", "waiting"), "playing": Text("en cours", "in play")}
FREE = Plural(("{n} siège libre", "{n} sièges libres"), ("{n} free seat", "{n} free seats"))
WATCHERS = Plural(("{n} spectateur", "{n} spectateurs"), ("{n} spectator", "{n} spectators"))
SIT_OR_WATCH = Text("S'asseoir ou regarder ?", "Sit or watch?")
SIT = Text("S'asseoir", "Sit down")
WATCH = Text("Regarder", "Watch")
SEATED = Text(
    "Vous êtes au siège {seat} de la table {title}.", "You are seat {seat} at the table {title}."
)
WATCHING = Text(
    "Vous regardez la table {title} (Ctrl-C pour partir).",
    "You are watching the table {title} (Ctrl-C to leave).",
)
WAITING = Text("En attente d'autres joueurs : {free}.", "Waiting for other players: {free}.")
MOVED_ON = Text(
    "La table a changé pendant votre choix : voici la nouvelle situation.",
    "The table changed while you were choosing: here is where it stands now.",
)
CHAT_HELP = Text("c : écrire à la table.", "c: say something to the table.")
CHAT_ASK = Text("Votre message (Entrée : rien) : ", "Your message (Enter: nothing): ")
CHAT_LINE = Text("{name} dit : {text}", "{name} says: {text}")
LEFT = Text(
    "Vous quittez la table ; un robot joue à votre place jusqu'à votre retour.",
    "You leave the table; a bot plays for you until you come back.",
)
TABLE_ID = Text(
    "Table {id} ; pour y revenir : popote play --server {url} --table {id}",
    "Table {id}; to come back to it: popote play --server {url} --table {id}",
)
CLOSED = Text(
    "Client fermé ; la table {id} continue sans vous.",
    "Client closed; the table {id} goes on without you.",
)
GOODBYE = Text("Client fermé.", "Client closed.")


class Server:
    """The HTTP half of the protocol; every refusal becomes an ``OnlineError`` with the
    server's own message, in the person's language."""

    def __init__(self, url: str, lang: Lang) -> None:
        self.url = url.rstrip("/")
        self.lang = lang
        self.token: str | None = None
        self._http = httpx.Client(base_url=self.url, params={"lang": lang}, timeout=HTTP_TIMEOUT)

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        try:
            answer = self._http.request(method, f"/api/v1{path}", json=body, headers=headers)
        except httpx.HTTPError as error:
            raise OnlineError(UNREACHABLE.format(url=self.url, reason=error)) from error
        try:
            payload = answer.json()
        except ValueError:
            payload = {"message": answer.text[:200]}
        if answer.is_error:
            raise server_refusal(str(payload.get("message", answer.status_code)))
        return payload

    def close(self) -> None:
        self._http.close()


def play_online(
    url: str,
    name: str | None,
    table: str | None,
    lang: Lang,
    read: Reader,
    write: Writer,
    discard: Callable[[], None],
    identities: Identities,
) -> None:
    """Sign in, pick or create a table (or go straight to ``table``), and play there."""
    server = Server(url, lang)
    say = _locked(write)
    try:
        chat = _ChatKey()
        asker = MenuAsker(None, lang, read, say, discard, {"c": (CHAT_HELP, chat)})
        me = _sign_in(server, identities, name, asker)
        say(WELCOME.render(lang, url=server.url, name=me.shown))
        while True:
            chosen, created = _pick_table(server, identities, me, table, asker)
            table = None
            identities.put(server.url, me.key, table=chosen["id"])
            session = TableSession(server, chosen, created, asker)
            chat.session = session
            if session.run():
                return
    except (QuitGame, KeyboardInterrupt):
        # Ctrl-C or the end of input anywhere outside a table: one line, no traceback.
        say(GOODBYE.get(lang))
    finally:
        server.close()


def _locked(write: Writer) -> Writer:
    """The reader thread and the person's prompts write one whole line at a time."""
    lock = threading.Lock()

    def locked(line: str) -> None:
        with lock:
            write(line)

    return locked


@dataclass(frozen=True)
class _Me:
    """The name typed (the key of this person's token) and the name the server shows."""

    key: str
    shown: str


def _sign_in(server: Server, identities: Identities, name: str | None, asker: MenuAsker) -> _Me:
    """This name's stored guest on this server, else a new guest under that name."""
    chosen = name or ask_name(asker, identities.last_name(server.url))
    stored = identities.get(server.url, chosen)
    if stored.get("token"):
        server.token = str(stored["token"])
        try:
            return _Me(chosen, str(server.call("GET", "/me")["name"]))
        except OnlineError:
            server.token = None
    guest = server.call("POST", "/guests", {"name": chosen, "lang": server.lang})
    server.token = guest["token"]
    identities.put(server.url, chosen, token=guest["token"])
    return _Me(chosen, str(guest["name"]))


def _pick_table(
    server: Server, identities: Identities, me: _Me, wanted: str | None, asker: MenuAsker
) -> tuple[dict[str, Any], bool]:
    """The table to open and whether this person just created it."""
    if wanted is not None:
        return _sit_or_watch(server, server.call("GET", f"/tables/{wanted}"), asker), False
    mine = pick_mine(server.call, asker)
    if mine is not None:
        return mine, False
    while True:
        tables = server.call("GET", "/tables")
        back = _table_to_return_to(server, identities.get(server.url, me.key).get("table"))
        menu = _lobby_menu(tables, back, asker.lang)
        if not tables:
            asker.write(NO_TABLE.get(asker.lang))
        asker.write(LOBBY.get(asker.lang))
        picked = asker.choose(menu)
        try:
            if picked["pick"] == "create":
                games = server.call("GET", "/games")
                return server.call("POST", "/tables", ask_table(asker, games)), True
            if picked["pick"] == "back" and back is not None:
                return back, False
            if picked["pick"] == "table":
                return _sit_or_watch(server, tables[picked["n"]], asker), False
        except OnlineError as refusal:
            asker.write(refusal.message(asker.lang))


def _table_to_return_to(server: Server, last: object) -> dict[str, Any] | None:
    if not isinstance(last, str):
        return None
    try:
        table: dict[str, Any] = server.call("GET", f"/tables/{last}")
    except OnlineError:
        return None
    return table if table["state"] != "over" else None


class _Labels(Presenter):
    """Lobby entries carry their own label, so that ``build_menu`` pages them."""

    def event(self, event: Any, lang: Lang, names: Any) -> str | None:
        return None

    def action(self, action: Action, view: View, lang: Lang, names: Any) -> str:
        return str(action["label"])

    def table(self, view: View, lang: Lang, names: Any) -> str:
        return ""


def _lobby_menu(tables: list[dict[str, Any]], back: dict[str, Any] | None, lang: Lang) -> Menu:
    entries = [Action(pick="create", label=CREATE.get(lang))]
    if back is not None:
        entries.insert(0, Action(pick="back", label=BACK_TO.render(lang, title=back["title"])))
    entries += [
        Action(pick="table", n=n, label=_table_line(table, lang)) for n, table in enumerate(tables)
    ]
    entries.append(Action(pick="refresh", label=REFRESH.get(lang)))
    return build_menu(_Labels(), entries, {}, lang, [])


def _table_line(table: dict[str, Any], lang: Lang) -> str:
    free = _free_seats(table)
    names = [seat["name"] for seat in table["seats"] if seat["kind"] != "free"]
    if free:
        names.append(FREE.render(free, lang))
    if table["spectators"]:
        names.append(WATCHERS.render(table["spectators"], lang))
    return TABLE_LINE.render(
        lang,
        title=table["title"],
        players=PLAYERS.render(table["players"], lang),
        state=STATES.get(table["state"], STATES["playing"]).get(lang),
        seats=", ".join(names),
    )


def _free_seats(table: dict[str, Any]) -> int:
    return sum(seat["kind"] == "free" for seat in table["seats"])


def _sit_or_watch(server: Server, table: dict[str, Any], asker: MenuAsker) -> dict[str, Any]:
    """Sit at a free seat of a waiting table, if the person wants to; else watch (a seat
    already held is found again when the socket opens)."""
    free = table["state"] == "lobby" and _free_seats(table) > 0
    labels = [SIT.get(asker.lang), WATCH.get(asker.lang)]
    if free and ask_choice(asker, SIT_OR_WATCH, labels, 0) == 0:
        joined: dict[str, Any] = server.call("POST", f"/tables/{table['id']}/join", {})["table"]
        return joined
    return table


class _ChatKey:
    """``c``: one line for the table the person sits at."""

    def __init__(self) -> None:
        self.session: TableSession | None = None

    def __call__(self) -> None:
        if self.session is not None:
            self.session.chat()


@dataclass
class _Turn:
    """The newest state frame and the decision the person has already answered (its id)."""

    state: Frame | None = None
    answered: int | None = None
    reply: Frame | None = None
    gone: str | None = None

    def asked(self) -> int | None:
        """The id of the decision the newest state asks this seat, if any."""
        decision = None if self.state is None else self.state["decision"]
        return None if decision is None else int(decision["id"])


class TableSession:
    """One table, from the socket's opening to the end of the game or the person leaving."""

    def __init__(
        self, server: Server, table: dict[str, Any], created: bool, asker: MenuAsker
    ) -> None:
        self.server = server
        self.table = table
        self.created = created
        self.asker = asker
        self.lang = asker.lang
        self.turn = _Turn()
        self.changed = threading.Condition()
        assert server.token is not None
        self.link = TableLink(
            server.url, table["id"], server.token, self.lang, self.handle, asker.write
        )
        self.seat: int | None = None
        self._started = False

    def run(self) -> bool:
        """Play until the end; True when the person quits the client too."""
        welcome = self.link.open()
        try:
            self._opening(welcome)
            return self._play()
        except (QuitGame, KeyboardInterrupt) as stop:
            if isinstance(stop, QuitGame) and stop.asked and self.seat is not None:
                self.server.call("POST", f"/tables/{self.table['id']}/leave")
                self.asker.write(LEFT.get(self.lang))
            else:
                # Ctrl-C (watching, or waiting for a turn) or the end of input: one line.
                self.asker.write(CLOSED.render(self.lang, id=self.table["id"]))
            return True
        finally:
            self.link.close()
            self.asker.game = None

    def _opening(self, welcome: Frame) -> None:
        self.seat = welcome["seat"]
        title = self.table["title"]
        done = (
            WATCHING.render(self.lang, title=title)
            if self.seat is None
            else SEATED.render(self.lang, seat=self.seat + 1, title=title)
        )
        self.asker.write(done)
        self.asker.write(TABLE_ID.render(self.lang, id=self.table["id"], url=self.server.url))
        self.asker.game = get_game(self.table["game"])

    def _play(self) -> bool:
        while True:
            state = self._next_state()
            if self.turn.gone is not None:
                raise server_refusal(self.turn.gone)
            if state is None:
                self._start_when_full()
            elif state["result"] is not None:
                self._offer_save()
                return False
            else:
                self._decide(state)

    def _next_state(self) -> Frame | None:
        """Wait until there is something to do: a decision not yet answered, the end, a
        full table to start."""
        with self.changed:
            while not self._something_to_do():
                # A short wait lets Ctrl-C through.
                self.changed.wait(0.2)
            return None if self._waiting() else self.turn.state

    def _waiting(self) -> bool:
        state = self.turn.state
        return state is None or state["view"] is None

    def _something_to_do(self) -> bool:
        state = self.turn.state
        if self.turn.gone is not None:
            return True
        if self._waiting():
            return self._full() and self.created and not self._started
        assert state is not None
        asked = self.turn.asked()
        return state["result"] is not None or (asked is not None and asked != self.turn.answered)

    def _full(self) -> bool:
        return _free_seats(self.table) == 0

    def _start_when_full(self) -> None:
        self._started = True
        try:
            self.server.call("POST", f"/tables/{self.table['id']}/start")
        except OnlineError as refusal:
            self.asker.write(refusal.message(self.lang))

    def _decide(self, state: Frame) -> None:
        decision = state["decision"]
        self.asker.write(decision["prompt"])
        menu = menu_of(decision["menu"])
        if len(decision["legal"]) == 1:
            self.asker.write(FORCED.render(self.lang, label=_first_label(menu)))
            action = Action(decision["legal"][0])
        else:
            action = self.asker.choose(menu, self._table_text)
        with self.changed:
            # Others may have played meanwhile: the answer still stands while this seat's
            # decision is the same one (same id); only a decision that passed loses it.
            if self.turn.asked() != decision["id"]:
                self.asker.write(MOVED_ON.get(self.lang))
                return
            self.turn.reply = None
        self.link.act(dict(action), decision["id"])
        with self.changed:
            while self.turn.reply is None and self.turn.gone is None:
                self.changed.wait(0.2)
            if self.turn.reply is not None and self.turn.reply["type"] == "ack":
                self.turn.answered = decision["id"]

    def _offer_save(self) -> None:
        """The finished game as a ``popote replay`` file, if the person names one."""
        asker = self.asker
        path = ask_save_path(Console(self.lang, asker.read, asker.write, asker.discard))
        if path is not None:
            saved = self.server.call("GET", f"/tables/{self.table['id']}/save")
            path.write_text(json.dumps(saved, ensure_ascii=False, indent=1), encoding="utf-8")
            asker.write(SAVED.render(self.lang, path=path))

    def _table_text(self) -> str:
        state = self.turn.state
        return str(state["table_text"]) if state is not None else ""

    def chat(self) -> None:
        typed = self.asker.ask(CHAT_ASK.get(self.lang), Answer.LINE).strip()
        if typed:
            self.link.chat(typed)

    def handle(self, frame: Frame) -> None:
        """Every frame from the server (on the socket's reader thread)."""
        kind = frame.get("type")
        write = self.asker.write
        with self.changed:
            if kind in ("update", "snapshot"):
                self._show(frame)
                self.turn.state = frame
            elif kind == "table":
                self.table = frame["table"]
            elif kind == "notice":
                write(frame["text"])
            elif kind == "chat":
                write(CHAT_LINE.render(self.lang, name=frame["from"], text=frame["text"]))
            elif kind == "error":
                # A choice that came after its decision had passed is no mistake of the
                # person's: the new situation follows, and is asked anew.
                write(MOVED_ON.get(self.lang) if frame.get("code") == "stale" else frame["message"])
            elif kind == "gone":
                self.turn.gone = frame["message"]
            if kind in ("ack", "error") and frame.get("code") not in CHAT_ERRORS:
                self.turn.reply = frame
            self.changed.notify_all()

    def _show(self, frame: Frame) -> None:
        """An update's lines; a first snapshot's recent lines; after a reconnection, the
        table as it stands when it moved on meanwhile."""
        before = self.turn.state
        if frame["type"] == "snapshot":
            self.table = frame["table"]
        if frame["type"] == "update" or before is None or before["view"] is None:
            for line in frame["lines"]:
                self.asker.write(line)
        elif before["index"] != frame["index"] and frame["table_text"]:
            self.asker.write(frame["table_text"])
        if frame["view"] is None and self.created:
            free = _free_seats(self.table)
            if free:
                self.asker.write(WAITING.render(self.lang, free=FREE.render(free, self.lang)))


def menu_of(described: dict[str, Any]) -> Menu:
    """The server's menu (JSON) as the terminal's ``Menu``."""
    entries = tuple(
        MenuEntry(entry["label"], submenu=menu_of(entry["menu"]))
        if "menu" in entry
        else MenuEntry(entry["label"], action=Action(entry["action"]))
        for entry in described["entries"]
    )
    return Menu(entries, described.get("title"))


def _first_label(menu: Menu) -> str:
    entry = menu.entries[0]
    return entry.label if entry.submenu is None else _first_label(entry.submenu)
