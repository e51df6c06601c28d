"""``popote`` in a pseudo-terminal, typed into and read the way a person does.

``seen`` keeps every byte written; ``screen()`` is what the terminal shows, drawn by a
terminal emulator (pyte): a prompt cleared and drawn again, a line written over, read as a
person reads them.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import termios
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

import pyte
import pytest

LIMIT = 60.0
"""Seconds to wait for an answer before calling the test failed (a safety net, not a timing)."""
COLUMNS, ROWS = 200, 500


def _as_a_shell_starts_it() -> None:
    """Ctrl-C as a terminal's shell leaves it to the program it starts: a test suite run in
    the background of a script (where ``&`` ignores SIGINT, and children inherit that) must
    not turn the program deaf to it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """``popote *args`` running in a pseudo-terminal."""

    def __init__(self, *args: str, env: Mapping[str, str] | None = None) -> None:
        self.master, self.slave = os.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "popote", *args],
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            env={**os.environ, "COLUMNS": str(COLUMNS), **(env or {})},
            start_new_session=True,
            preexec_fn=_as_a_shell_starts_it,  # noqa: PLW1509 - one signal call, nothing else
        )
        self.seen = ""
        self.read_up_to = 0
        self._screen = pyte.Screen(COLUMNS, ROWS)
        self._stream = pyte.Stream(self._screen)

    def wait_for(self, text: str) -> str:
        """What was shown since the last wait, up to ``text`` (then, at a prompt for one key,
        waits until the terminal takes one key)."""
        while text not in self.seen[self.read_up_to :]:
            ready, _, _ = select.select([self.master], [], [], LIMIT)
            assert ready, f"no {text!r} in {self.seen[-500:]!r}"
            self._take(os.read(self.master, 4096).decode("utf-8", "replace"))
        start = self.read_up_to
        self.read_up_to = self.seen.index(text, start) + len(text)
        if text.endswith((" : ", ": ", ") ", "] ")):
            self.wait_for_key_mode()
        return self.seen[start : self.read_up_to]

    def wait_for_key_mode(self) -> None:
        """The prompt is shown just before the terminal leaves line mode: wait for that."""
        for _ in range(int(LIMIT * 100)):
            if not termios.tcgetattr(self.slave)[3] & termios.ICANON:
                return
            select.select([], [], [], 0.01)
        pytest.fail("the terminal never switched to one key at a time")

    def settle(self, quiet: float = 0.5) -> None:
        """Read until nothing more comes for ``quiet`` seconds."""
        while True:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if not ready:
                return
            try:
                chunk = os.read(self.master, 4096)
            except OSError:
                return
            self._take(chunk.decode("utf-8", "replace"))

    def _take(self, text: str) -> None:
        self.seen += text
        self._stream.feed(text)

    def screen(self) -> list[str]:
        """The lines the terminal shows, trailing blanks and empty lines at the end dropped."""
        lines = [line.rstrip() for line in self._screen.display]
        while lines and not lines[-1]:
            lines.pop()
        return lines

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def interrupt(self) -> None:
        """Ctrl-C, as the terminal sends it: SIGINT to the program in the foreground."""
        self.process.send_signal(signal.SIGINT)

    def close(self, failed: bool) -> int:
        if failed:
            self.process.kill()
        code = self.process.wait(timeout=LIMIT)
        self.settle(0.1)
        os.close(self.master)
        os.close(self.slave)
        return code


@contextmanager
def session(*args: str, env: Mapping[str, str] | None = None) -> Iterator[Terminal]:
    """``popote *args`` in a terminal, which must end by itself with status 0 and no
    traceback once the block is done (it is killed if the block fails)."""
    terminal = Terminal(*args, env=env)
    try:
        yield terminal
    except BaseException:
        terminal.close(failed=True)
        raise
    assert terminal.close(failed=False) == 0
    assert "Traceback" not in terminal.seen


def quit_without_saving(terminal: Terminal) -> None:
    """``q``, yes, and Enter at the question of a file name (a local game)."""
    terminal.type("q")
    terminal.wait_for("Quitter la partie ? (o : oui, n : non) ")
    terminal.type("o")
    terminal.wait_for("Nom du fichier")
    terminal.type("\n")
    terminal.wait_for("Partie non enregistrée.")
