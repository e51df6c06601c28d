"""``popote play --server`` in a pseudo-terminal against a real server: what the screen shows
while others talk, keys typed ahead, and Ctrl-C."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from popote.cli.online_identities import Identities
from tests.cli.pty_terminal import Terminal, session
from tests.server.harness import Server

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals only")

CHOICE = ", ? aide) : "
"""The end of every choice prompt (one to three cards in hand)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("server"), None) as started:
        yield started


def online(server: Server, home: Path, name: str, *args: str) -> AbstractContextManager[Terminal]:
    return session(
        "play", "--server", server.url, "--name", name, *args, env={"XDG_CONFIG_HOME": str(home)}
    )


def create_duel(terminal: Terminal, clock: str = "1") -> str:
    """Les Pieds dans le Plat against one random bot, with the ``clock`` of that number (1:
    none), every other default kept; the id."""
    for prompt, key in (
        ("Votre choix (1-", "1"),  # Créer une table (no table to return to yet)
        ("Quel jeu ?", ""),
        ("Votre choix (1-5, Entrée : Ar Seizh", "4"),
        ("Entrée : 3 joueurs) : ", "1"),
        ("Entrée : C'est tout) : ", "\n"),
        ("Entrée : 0 robot) : ", "2"),
        ("Entrée : moyen) : ", "1"),
        ("Entrée : normale (45 s par tour)) : ", clock),
    ):
        terminal.wait_for(prompt)
        if key:
            terminal.type(key)
    return terminal.wait_for(" ; pour y revenir").split("Table ")[-1].split(" ")[0]


def say(server: Server, table: str, name: str, text: str) -> None:
    """Someone else at the table writes a chat line."""
    with server.http(server.guest(name)) as http:
        answer = http.post(f"/api/v1/tables/{table}/chat", json={"text": text})
        assert answer.status_code == 200, answer.text


def test_lines_from_others_never_land_on_the_prompt_and_keys_typed_ahead_are_dropped(
    server: Server, tmp_path: Path
) -> None:
    with online(server, tmp_path, "Rozenn") as terminal:
        table = create_duel(terminal)
        prompt = terminal.wait_for(CHOICE).splitlines()[-1]
        say(server, table, "Katell", "Bonjour")
        terminal.wait_for("Katell (invité) dit : Bonjour")
        terminal.settle(0.3)
        screen = terminal.screen()
        assert screen[-2:] == ["Katell (invité) dit : Bonjour", prompt.rstrip()], screen[-6:]
        # A line being typed is drawn again, as it was, below the new line.
        terminal.type("c")
        terminal.wait_for("Votre message (Entrée : rien) : ")
        terminal.type("sal")
        say(server, table, "Katell", "Kenavo")
        terminal.wait_for("Katell (invité) dit : Kenavo")
        terminal.settle(0.3)
        assert terminal.screen()[-2:] == [
            "Katell (invité) dit : Kenavo",
            "Votre message (Entrée : rien) : sal",
        ]
        terminal.type("ut\n")
        terminal.wait_for("Rozenn (invité) dit : salut")
        # "1" answers; the "v" typed with it, while the server answers, is dropped.
        terminal.wait_for(CHOICE)
        terminal.type("1v")
        terminal.wait_for(CHOICE)
        terminal.settle(0.3)
        assert not any(line.startswith("Vos îles") for line in terminal.screen()[-12:])
        terminal.type("q")
        terminal.wait_for("Quitter la partie ? (o : oui, n : non) ")
        terminal.type("o")
        terminal.wait_for("un robot joue à votre place")


def test_ctrl_c_while_watching_a_table_ends_with_one_line(server: Server, tmp_path: Path) -> None:
    closed = "Client fermé ; la table {table} continue sans vous."
    with online(server, tmp_path / "player", "Soizic") as player:
        table = create_duel(player)
        player.wait_for(CHOICE)
        with online(server, tmp_path / "watcher", "Gwen", "--table", table) as watcher:
            watcher.wait_for("(Ctrl-C pour partir).")
            watcher.settle(0.3)
            before = len(watcher.seen)
            watcher.interrupt()
            watcher.wait_for(closed.format(table=table))
        said = [line for line in watcher.seen[before:].splitlines() if line.strip()]
        assert said == [closed.format(table=table)], "one line, no traceback"
        player.interrupt()
        player.wait_for(closed.format(table=table))


def test_your_games_come_before_the_lobby_waiting_first_with_the_time_left(
    server: Server, tmp_path: Path
) -> None:
    """Maïwenn has a real-time table waiting for players, then a turn-based one (a day a
    move) where it is her turn: the one waiting for her comes first, with her time left."""
    token = server.guest("Maïwenn")
    Identities(tmp_path / "popote" / "online.json").put(server.url, "Maïwenn", token=token)
    with server.http(token) as http:
        for body in (
            {"game": "pieds-dans-le-plat", "players": 3, "clock": "none"},
            {"game": "pieds-dans-le-plat", "players": 2, "bots": ["random"], "clock": "days-1"},
        ):
            made = http.post("/api/v1/tables", json={**body, "seed": 1})
            assert made.status_code == 200, made.text
        table = made.json()["id"]
        assert http.post(f"/api/v1/tables/{table}/start").status_code == 200
    with online(server, tmp_path, "Maïwenn") as terminal:
        shown = terminal.wait_for("Entrée : Les Pieds dans le Plat, siège 1 : à vous")
        listed = shown[shown.index("Vos parties en cours :") :].splitlines()[1:4]
        assert re.fullmatch(
            r"  1\. Les Pieds dans le Plat, siège 1 : à vous, il vous reste (23 h \d+ min|1 j 0 h)",
            listed[0].rstrip(),
        ), listed
        assert [line.rstrip() for line in listed[1:]] == [
            "  2. Les Pieds dans le Plat, siège 1 : en attente de joueurs",
            "  3. Aller au salon",
        ]
        terminal.type("1")
        terminal.wait_for("Vous êtes au siège 1 de la table Les Pieds dans le Plat.")
        terminal.wait_for(CHOICE)
        terminal.type("1")
        terminal.wait_for(CHOICE)  # the bot played: her turn again
        terminal.interrupt()
        terminal.wait_for(f"Client fermé ; la table {table} continue sans vous.")


def test_a_turn_based_table_is_created_from_the_terminal(server: Server, tmp_path: Path) -> None:
    with online(server, tmp_path, "Gwenola") as terminal:
        table = create_duel(terminal, clock="5")
        assert "  5. tour par tour, 1 jour par coup" in terminal.seen
        assert "  8. tour par tour, 7 jours par coup" in terminal.seen
        terminal.wait_for(CHOICE)
        token = Identities(tmp_path / "popote" / "online.json").get(server.url, "Gwenola")
        with server.http(str(token["token"])) as http:
            described = http.get(f"/api/v1/tables/{table}").json()
        assert described["clock"]["kind"] == "days-1" and described["turn_based"] is True
        terminal.interrupt()
        terminal.wait_for(f"Client fermé ; la table {table} continue sans vous.")
