"""``popote play --server``: terminal clients at a real server on 127.0.0.1, typing through
scripted readers that read the screen the way a person would (the number in front of a
label)."""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from popote.cli.main import main
from popote.cli.online import play_online
from popote.cli.online_identities import Identities
from popote.cli.online_link import OnlineError
from popote.cli.online_setup import ask_options
from popote.cli.terminal import Answer, MenuAsker
from popote.core.registry import get_game
from tests.server.harness import Server

GAME_OVER = "La partie est terminée."
TIMED_OUT = "Temps écoulé pour Katell"
MOVED_ON = "La table a changé pendant votre choix"
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

    def read(self, prompt: str, answer: Answer) -> str:
        self.write(prompt)
        if prompt.startswith("Enregistrer la partie ?"):
            return "" if self.save is None else str(self.save)
        if any(GAME_OVER in line for line in self.lines):
            raise EOFError
        if self.wanted:
            wanted = self.wanted.pop(0)
            return wanted if prompt.startswith("Votre nom") else self._pick(wanted)
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


def wait_until(person: Person, text: str) -> None:
    """Until ``person`` has read ``text`` (a client thread is on its way)."""
    for _ in range(int(FINISH * 20)):
        if person.said(text):
            return
        threading.Event().wait(0.05)
    raise AssertionError(f"never said {text!r}: {person.lines[-15:]}")


def play_rozenn_and_katell(
    server: Server, proxy: Proxy, creator: Person, joiner: Person, tmp_path: Path
) -> None:
    """Rozenn creates a table on ``server``; once she sits at it, Katell joins it through
    ``proxy``, from the same home folder (one identities file); both play to the end."""
    home = Identities(tmp_path / "online.json")
    threads = [run_client(server.url, creator, home, "Rozenn")]
    wait_until(creator, "Vous êtes au siège 1")
    threads.append(run_client(proxy.url, joiner, home, "Katell"))
    for thread in threads:
        thread.join(FINISH)
    proxy.close()
    assert not any(thread.is_alive() for thread in threads)


def test_two_terminals_and_a_bot_play_a_whole_game_through_a_dropped_connection(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    proxy = Proxy(server.url)
    creator = Person(
        [
            "Créer une table",
            "Les Pieds dans le Plat",
            "3 joueurs",
            "Pioche vide",
            "finir la partie",
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
    assert creator.said("Katell (invité) s'assoit au siège 3."), creator.lines
    assert joiner.answers > cut_at
    assert joiner.said("Connexion perdue : reconnexion en cours…")
    assert joiner.said("Reconnecté.")
    # The same table, told the same way to both: the presenter's own lines.
    shared = [line for line in creator.lines if "Robot" in line]
    assert shared and all(line in joiner.lines for line in shared)
    # The save the creator asked for replays the very game they saw, under their names.
    assert creator.said(f"Partie enregistrée dans {tmp_path / 'partie.json'}.")
    capsys.readouterr()
    assert main(["replay", str(tmp_path / "partie.json"), "--all"]) == 0
    replayed = capsys.readouterr().out
    assert "Rozenn joue" in replayed and "Katell joue" in replayed
    assert "Siège 1" not in replayed and "Siège 3" not in replayed


def test_two_names_from_one_home_folder_keep_their_own_seats(
    server: Server, tmp_path: Path
) -> None:
    """The README's two terminals: Soazig and Katell at one table, from one home folder.
    Soazig leaves with q and comes back without --name; Katell is never offered her seat."""
    home = Identities(tmp_path / "online.json")
    soazig = Person(
        [
            "Créer une table",
            "Les Pieds dans le Plat",
            "3 joueurs",
            "",
            "1 robot",
            "hasard",
            "aucune",
            "q",
            "o",
        ]
    )
    back = Person(["Soazig", "Les Pieds dans le Plat, siège 1"])

    def wait_for_soazig(answers: int) -> None:
        """Katell thinks until Soazig is back: the game waits for her meanwhile."""
        if answers == 2:
            wait_until(back, "Vous êtes au siège 1")

    katell = Person(["Les Pieds dans le Plat, 3 joueurs, en attente", "S'asseoir"], wait_for_soazig)
    first = run_client(server.url, soazig, home, "Soazig")
    wait_until(soazig, "Vous êtes au siège 1")
    joined = run_client(server.url, katell, home, "Katell")
    first.join(FINISH)
    assert soazig.said("Vous quittez la table ; un robot joue à votre place")
    returned = run_client(server.url, back, home, None)
    for thread in (joined, returned):
        thread.join(FINISH)
    assert not katell.said("Revenir à la table"), "Katell has no table of her own to return to"
    assert katell.said("Vous êtes au siège 3 de la table Les Pieds dans le Plat.")
    assert back.said("Votre nom (Entrée : Katell) : "), "the last name used, offered"
    assert back.said("Connecté à " + server.url + " sous le nom Soazig.")
    assert back.said("Vous êtes au siège 1 de la table Les Pieds dans le Plat.")
    assert back.said(GAME_OVER) and katell.said(GAME_OVER)
    assert not back.said("Vous regardez")


class Taster(Person):
    """Passes every taste test, after ``thinking`` seconds: long enough for the other person,
    asked at the same moment, to answer first."""

    def __init__(self, wanted: list[str], thinking: float) -> None:
        super().__init__(wanted)
        self.thinking = thinking
        self.tests = 0

    def read(self, prompt: str, answer: Answer) -> str:
        if not self.wanted and any("Demander un test de goût" in line for line in self.lines[-4:]):
            self.write(prompt)
            self.tests += 1
            threading.Event().wait(self.thinking)
            return str(2)
        return super().read(prompt, answer)


def test_an_answer_stands_while_others_answer_the_same_window(
    server: Server, tmp_path: Path
) -> None:
    """Both people are asked about the bot's claim at once; Rozenn answers at once, Katell a
    moment later: Katell's answer is sent, not thrown away because the table moved."""
    rozenn = Taster(
        ["Créer une table", "Stir-Fry Eighteen", "3 joueurs", "", "1 robot", "hasard", "aucune"],
        thinking=0.0,
    )
    katell = Taster(["Stir-Fry Eighteen, 3 joueurs, en attente", "S'asseoir"], thinking=0.4)
    proxy = Proxy(server.url)
    play_rozenn_and_katell(server, proxy, rozenn, katell, tmp_path)
    assert rozenn.said(GAME_OVER) and katell.said(GAME_OVER)
    assert katell.tests >= 3 and rozenn.tests >= 3, "windows both were asked in"
    assert not needless_moves(katell.lines) and not needless_moves(rozenn.lines)


def needless_moves(lines: list[str]) -> list[str]:
    """ "The table changed while you were choosing" where the window was still open: since
    the question, others only passed (nobody called a test, which would close it)."""
    found = []
    for at, line in enumerate(lines):
        if MOVED_ON not in line:
            continue
        asked = max(n for n in range(at) if lines[n].startswith("Demander un test de goût à"))
        if not any("demande un test de goût !" in seen for seen in lines[asked:at]):
            found.append(" / ".join(lines[asked : at + 1]))
    return found


class Looker(Person):
    """Answers the questions in ``wanted``, then closes the terminal (Ctrl-D)."""

    def read(self, prompt: str, answer: Answer) -> str:
        if not self.wanted:
            self.write(prompt)
            raise EOFError
        return super().read(prompt, answer)


def test_a_refusal_is_the_servers_message_in_the_chosen_language(
    server: Server,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert main(["play", "--server", server.url, "--name", "Maiwenn", "--table", "x"]) == 2
    french = capsys.readouterr().err
    assert (
        main(["play", "--server", server.url, "--name", "Maiwenn", "--table", "x", "--lang", "en"])
        == 2
    )
    english = capsys.readouterr().err
    assert french.startswith("Erreur : ") and english.startswith("Error: ")
    assert french != english.replace("Error: ", "Erreur : ")
    with pytest.raises(OnlineError, match="impossible de joindre"):
        play_online(
            "http://127.0.0.1:9",
            "X",
            None,
            "fr",
            lambda prompt, answer: input(prompt),
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


def test_creating_a_table_names_defaults_says_when_enter_is_needed_and_shows_its_id(
    server: Server, tmp_path: Path
) -> None:
    creator = Looker(["Créer une table", "Boom Badaboom", "", "", "3 robots", "", ""])
    run_client(server.url, creator, Identities(tmp_path / "online.json"), "Nolwenn").join(FINISH)
    prompts = [line for line in creator.lines if line.startswith("Votre choix (")]
    # The player count's default is named ("4 joueurs"), not numbered like an entry.
    assert "Votre choix (1-5, Entrée : 4 joueurs) : " in prompts
    # Every option and "C'est tout": more than nine entries, a number then Enter, and it says so.
    entries = len(get_game("boom-badaboom").spec.options) + 1
    assert entries > 9
    assert f"Votre choix (1-{entries} puis Entrée, Entrée seule : C'est tout) : " in prompts
    options = creator.lines[creator.lines.index("Options (Entrée : commencer avec celles-ci) :") :]
    questions = [ENTRY.match(line) for line in options[1 : entries + 1]]
    assert all(questions), options[1 : entries + 1]
    tokens = re.compile(r"\((played|chain|difficulty|rulebook|react|others|cupcake)\b")
    assert not [q.group(2) for q in questions if q and tokens.search(q.group(2))]
    table = next(line for line in creator.lines if line.startswith("Table "))
    table_id = table.split()[1]
    assert (
        table
        == f"Table {table_id} ; pour y revenir : popote play --server {server.url} --table {table_id}"
    )
    with server.http(server.guest("Gwen")) as http:
        assert http.get(f"/api/v1/tables/{table_id}").json()["title"] == "Boom Badaboom"


def test_option_values_are_shown_by_their_names_where_the_game_gives_them() -> None:
    """A choice named by the game ("la partie s'arrête quand même") reads as such; its
    command-line value ("reached") shows nowhere in French."""
    lines: list[str] = []
    typed = iter(["1", "2", ""])
    asker = MenuAsker(None, "fr", lambda prompt, answer: next(typed), lines.append)
    described = {
        "round_end": {
            "type": "choice",
            "default": "reached",
            "choices": ["reached", "held"],
            "labels": {
                "reached": {"fr": "la partie s'arrête", "en": "the game ends"},
                "held": {"fr": "elle continue", "en": "it goes on"},
            },
            "help": {
                "fr": "Objectif perdu en fin de tour : la partie s'arrête (reached) ou continue (held)",
                "en": "Target lost by the round's end: the game ends (reached) or goes on (held)",
            },
        }
    }
    assert ask_options(asker, described) == {"round_end": "held"}
    shown = "\n".join(lines)
    assert "la partie s'arrête" in shown and "elle continue" in shown
    assert "reached" not in shown and "held" not in shown


def test_an_identities_file_of_one_name_per_server_is_read_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "online.json"
    url = "http://127.0.0.1:8000"
    path.write_text(json.dumps({url: {"name": "Soazig", "token": "s-1", "table": "t1"}}))
    home = Identities(path)
    assert home.last_name(url) == "Soazig"
    assert home.get(url, "Soazig") == {"token": "s-1", "table": "t1"}
    home.put(url, "Katell", token="k-1")
    assert home.get(url, "Soazig")["token"] == "s-1" and home.get(url, "Katell")["token"] == "k-1"
    assert home.last_name(url) == "Katell"
    assert path.stat().st_mode & 0o077 == 0, "only its owner reads the tokens"
