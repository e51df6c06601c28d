"""Keys typed at a real terminal (a pseudo-terminal): one key chooses, a pasted word is one error."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import termios
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals only")

LIMIT = 60.0
"""Seconds to wait for an answer before calling the test failed (a safety net, not a timing)."""


class Terminal:
    """``popote`` running in a pseudo-terminal, read and typed into like a person would."""

    def __init__(self, *args: str) -> None:
        self.master, self.slave = os.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "popote", *args],
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            env={**os.environ, "COLUMNS": "200"},
        )
        self.seen = ""
        self.read_up_to = 0

    def wait_for(self, text: str) -> str:
        """What was shown since the last wait, up to ``text`` (then, at a prompt for one key,
        waits until the terminal takes one key)."""
        while text not in self.seen[self.read_up_to :]:
            ready, _, _ = select.select([self.master], [], [], LIMIT)
            assert ready, f"no {text!r} in {self.seen[-500:]!r}"
            self.seen += os.read(self.master, 4096).decode("utf-8", "replace")
        start = self.read_up_to
        self.read_up_to = self.seen.index(text, start) + len(text)
        if text.endswith((" : ", ": ", ") ")):
            self._wait_for_key_mode()
        return self.seen[start : self.read_up_to]

    def _wait_for_key_mode(self) -> None:
        """The prompt is shown just before the terminal leaves line mode: wait for that."""
        for _ in range(int(LIMIT * 100)):
            if not termios.tcgetattr(self.slave)[3] & termios.ICANON:
                return
            select.select([], [], [], 0.01)
        pytest.fail("the terminal never switched to one key at a time")

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self, failed: bool) -> int:
        if failed:
            self.process.kill()
        code = self.process.wait(timeout=LIMIT)
        os.close(self.master)
        os.close(self.slave)
        return code


def test_a_pasted_word_gets_one_short_error_and_one_key_chooses(tmp_path: Path) -> None:
    terminal = Terminal("play", "pieds-dans-le-plat", "--seed", "4", "--bots", "random")
    try:
        terminal.wait_for("Votre choix (1-3, ? aide) : ")
        terminal.type("nonsense and more")
        shown = terminal.wait_for("Votre choix (1-3, ? aide) : ")
        assert shown.count("Choix invalide") == 1
        assert "Choix invalide : 'n'. Tapez un numéro de 1 à 3" in shown
        terminal.type("1")
        terminal.wait_for("Votre choix (1-")
        terminal.type("q")
        terminal.wait_for("Quitter la partie ? (o : oui, n : non) ")
        terminal.type("o")
        terminal.wait_for("Nom du fichier")
        terminal.type("\n")
        terminal.wait_for("Partie non enregistrée.")
    except BaseException:
        terminal.close(failed=True)
        raise
    assert terminal.close(failed=False) == 0
    assert "Traceback" not in terminal.seen
