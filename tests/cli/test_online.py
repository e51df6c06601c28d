"""``popote play --server``: terminal clients at a real server on 127.0.0.1, typing through
scripted readers that read the screen the way a person would (the number in front of a
label)."""

from __future__ import annotations

import contextlib
import re
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from popote.cli.main import main
from popote.cli.online import play_online
from popote.cli.online_link import OnlineError
from popote.cli.online_setup import Identities
from tests.server.harness import Server

GAME_OVER = "La partie est terminée."
TIMED_OUT = "Temps écoulé pour Katell"
ENTRY = re.compile(r"^\s+(\d+)\. (.*)$")
FINISH = 60.0
"""Seconds a whole client may take before the test gives up on it (never reached)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    started = Server(tmp_path_factory.mktemp("server"), None)
    started.start()
    yield started
    started.stop()


class Person:
    """Picks the entries named in ``wanted`` one after the other, then the first entry of
    every menu and the default of every question; stops typing once the game is over."""

    def __init__(
        self,
        wanted: list[str],
        on_answer: Callable[[int], None] | None = None,
        save: Path | None = None,
    ) -> None:
        self.wanted = list(wanted)
        self.save = save
        self.lines: list[str] = []
        self.answers = 0
        self.on_answer = on_answer
        self._lock = threading.Lock()

    def write(self, text: str) -> None:
        with self._lock:
            self.lines.extend(text.split("\n"))

    def read(self, prompt: str, quick: bool) -> str:
        self.write(prompt)
        if prompt.startswith("Enregistrer la partie ?") and self.save is not None:
            return str(self.save)
        if any(GAME_OVER in line for line in self.lines):
            raise EOFError
        if self.wanted:
            return self._pick(self.wanted.pop(0))
        self.answers += 1
        if self.on_answer is not None:
            self.on_answer(self.answers)
        return "" if "Entrée :" in prompt else "1"

    def _pick(self, wanted: str) -> str:
        if wanted in ("", "q", "o"):
            return wanted
        with self._lock:
            for line in reversed(self.lines):
                found = ENTRY.match(line)
                if found and found.group(2).startswith(wanted):
                    return found.group(1)
        raise AssertionError(f"no entry {wanted!r} in {self.lines[-15:]}")

    def said(self, text: str) -> bool:
        return any(text in line for line in self.lines)


class Proxy:
    """A TCP relay in front of the server whose ``cut`` drops every connection, as a
    network failure would, and whose ``hold`` keeps what the server says back, as a slow
    link would, until the client has sent something more."""

    def __init__(self, target: str) -> None:
        host, port = target.removeprefix("http://").split(":")
        self.target = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.open: list[socket.socket] = []
        self.flowing = threading.Event()
        self.flowing.set()
        threading.Thread(target=self._accept, daemon=True).start()

    def hold(self) -> None:
        self.flowing.clear()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            far = socket.create_connection(self.target)
            self.open += [near, far]
            for source, sink, from_client in ((near, far, True), (far, near, False)):
                pump = threading.Thread(
                    target=self._pump, args=(source, sink, from_client), daemon=True
                )
                pump.start()

    def _pump(self, source: socket.socket, sink: socket.socket, from_client: bool) -> None:
        try:
            while data := source.recv(65536):
                if not from_client:
                    self.flowing.wait()
                sink.sendall(data)
                if from_client:
                    self.flowing.set()  # what the client sent is on its way: let the answer come
        except OSError:
            pass
        for end in (source, sink):
            end.close()

    def cut(self) -> None:
        for end in self.open:
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)
        self.open.clear()

    def close(self) -> None:
        self.cut()
        self.listener.close()


def run_client(
    url: str, person: Person, identities: Identities, name: str | None, table: str | None = None
) -> threading.Thread:
    def client() -> None:
        play_online(url, name, table, "fr", person.read, person.write, lambda: None, identities)

    thread = threading.Thread(target=client, daemon=True)
    thread.start()
    return thread


def wait_for_table(server: Server, token_owner: Identities) -> None:
    """Until the first client has created its table (it is then in the lobby list)."""
    token = token_owner.get(server.url).get("token")
    for _ in range(600):
        if token:
            with server.http(token) as http:
                if http.get("/api/v1/tables").json():
                    return
        threading.Event().wait(0.05)
        token = token_owner.get(server.url).get("token")
    raise AssertionError("no table was created")


def play_rozenn_and_katell(
    server: Server, proxy: Proxy, creator: Person, joiner: Person, tmp_path: Path
) -> None:
    """Rozenn creates a table on ``server``; once it is listed, Katell joins it through
    ``proxy``; both play to the end."""
    first = Identities(tmp_path / "rozenn.json")
    second = Identities(tmp_path / "katell.json")
    threads = [run_client(server.url, creator, first, "Rozenn")]
    wait_for_table(server, first)
    threads.append(run_client(proxy.url, joiner, second, "Katell"))
    for thread in threads:
        thread.join(FINISH)
    proxy.close()
    assert not any(thread.is_alive() for thread in threads)


def test_two_terminals_and_a_bot_play_a_whole_game_through_a_dropped_connection(
    server: Server, tmp_path: Path
) -> None:
    proxy = Proxy(server.url)
    creator = Person(
        [
            "Créer une table",
            "Les Pieds dans le Plat",
            "3 joueurs",
            "Pioche vide",
            "end",
            "",
            "1 robot",
            "hasard",
            "aucune",
        ],
        save=tmp_path / "partie.json",
    )
    cut_at = 4
    joiner = Person(
        ["Les Pieds dans le Plat, 3 joueurs, en attente", "S'asseoir"],
        lambda answers: proxy.cut() if answers == cut_at else None,
    )
    play_rozenn_and_katell(server, proxy, creator, joiner, tmp_path)
    for person, seat in ((creator, 1), (joiner, 3)):
        assert person.said(f"Vous êtes au siège {seat} de la table Les Pieds dans le Plat.")
        assert person.said(GAME_OVER)
    assert creator.said("La partie commence.")
    assert creator.said("Katell s'assoit au siège 3.")
    assert joiner.answers > cut_at
    assert joiner.said("Connexion perdue : reconnexion en cours…")
    assert joiner.said("Reconnecté.")
    # The same table, told the same way to both: the presenter's own lines.
    shared = [line for line in creator.lines if "Robot" in line]
    assert shared and all(line in joiner.lines for line in shared)
    # The save the creator asked for replays the very game they saw.
    assert creator.said(f"Partie enregistrée dans {tmp_path / 'partie.json'}.")
    assert main(["replay", str(tmp_path / "partie.json"), "--all"]) == 0


def test_q_leaves_the_table_to_a_bot_and_the_stored_guest_finds_it_again(
    server: Server, tmp_path: Path
) -> None:
    identities = Identities(tmp_path / "online.json")
    leaving = Person(
        [
            "Créer une table",
            "Stir-Fry Eighteen",
            "2 joueurs",
            "",
            "1 robot",
            "hasard",
            "aucune",
            "q",
            "o",
        ]
    )
    run_client(server.url, leaving, identities, "Soazig").join(FINISH)
    assert leaving.said("Quitter la partie ? (o : oui, n : non)")
    assert leaving.said("Vous quittez la table ; un robot joue à votre place")
    back = Looker([])
    run_client(server.url, back, identities, None).join(FINISH)
    assert back.said("sous le nom Soazig")
    assert back.said("Revenir à la table Stir-Fry Eighteen")


class Looker(Person):
    """Reads the screen up to the first question, then closes the terminal."""

    def read(self, prompt: str, quick: bool) -> str:
        self.write(prompt)
        raise EOFError


def test_a_refusal_is_the_servers_message_in_the_chosen_language(
    server: Server,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert main(["play", "--server", server.url, "--name", "Maiwenn", "--table", "x"]) == 2
    french = capsys.readouterr().err
    assert main(["play", "--server", server.url, "--table", "x", "--lang", "en"]) == 2
    english = capsys.readouterr().err
    assert french.startswith("Erreur : ") and english.startswith("Error: ")
    assert french != english.replace("Error: ", "Erreur : ")
    with pytest.raises(OnlineError, match="impossible de joindre"):
        play_online(
            "http://127.0.0.1:9",
            "X",
            None,
            "fr",
            lambda prompt, quick: input(prompt),
            print,
            lambda: None,
            Identities(tmp_path / "none.json"),
        )


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose fast clock gives 3 s a turn."""
    started = Server(tmp_path_factory.mktemp("quick"), None, 0.2)
    started.start()
    yield started
    started.stop()


def test_a_choice_that_comes_after_a_stand_in_bot_is_refused_and_the_next_asked(
    quick_server: Server, tmp_path: Path
) -> None:
    proxy = Proxy(quick_server.url)
    creator = Person(
        [
            "Créer une table",
            "Les Pieds dans le Plat",
            "3 joueurs",
            "",
            "1 robot",
            "hasard",
            "rapide",
        ]
    )
    late_at = 2

    def too_late(answers: int) -> None:
        """Katell thinks past her clock while the server's news is held back: the timeout
        and the stand-in's move reach the others, not her; then she chooses."""
        if answers != late_at:
            return
        proxy.hold()
        for _ in range(int(FINISH * 20)):
            timed_out = [n for n, line in enumerate(creator.lines) if line.startswith(TIMED_OUT)]
            if timed_out and any("Katell joue" in line for line in creator.lines[timed_out[0] :]):
                return
            threading.Event().wait(0.05)
        raise AssertionError("no stand-in bot answered for Katell")

    joiner = Person(["Les Pieds dans le Plat, 3 joueurs, en attente", "S'asseoir"], too_late)
    play_rozenn_and_katell(quick_server, proxy, creator, joiner, tmp_path)
    assert joiner.answers > late_at
    # Her late choice named its decision: refused, told as the table having moved on (not
    # as an error), and the game went on with her answering what she was asked next.
    assert joiner.said("La table a changé pendant votre choix : voici la nouvelle situation.")
    assert not joiner.said("choix refusé")
    assert joiner.said(GAME_OVER) and creator.said(GAME_OVER)
