"""The person's terminal: answers read key by key, lines written around the prompt.

On a terminal, every answer is read one key at a time (the terminal in "cbreak" mode), so
that the same keys behave the same everywhere: a letter shortcut (``?``, ``r``, ``v``,
``q``, ``p``...) answers at once, a number is typed then Enter where it may have more than
one digit, and a line (a name, a file name, a chat message) is edited as usual (backspace,
Ctrl-U, Ctrl-W). Lines that arrive while a prompt waits (other players, chat) are written
above it, and the prompt with what was typed so far is drawn again below them.

Piped input, and every answer when standard input is not a terminal, is read line by line,
so scripts and screen readers behave the same everywhere.
"""

from __future__ import annotations

import codecs
import os
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from popote.cli.terminal import Answer

LineReader = Callable[[str], str]

ENTER = ("\r", "\n")
ERASE = ("\x7f", "\b")
END_OF_INPUT = "\x04"
ERASE_LINE = "\x15"
ERASE_WORD = "\x17"
CLEAR_LINE = "\r\x1b[K"


class KeyReader:
    """Reads answers from standard input and writes lines to standard output.

    ``fallback`` reads a whole line when standard input is not a terminal.
    """

    def __init__(self, fallback: LineReader = input, out: TextIO | None = None) -> None:
        self.fallback = fallback
        self.out = out or sys.stdout
        self._lock = threading.RLock()
        self._prompt: str | None = None
        """The prompt on screen while an answer is being typed, with ``_typed``."""
        self._typed = ""

    def __call__(self, prompt: str, answer: Answer) -> str:
        if not sys.stdin.isatty():
            with self._lock:
                self._prompt, self._typed = prompt, ""
            try:
                return self.fallback(prompt)
            finally:
                with self._lock:
                    self._prompt = None
        import termios  # noqa: PLC0415 - POSIX only, imported where it is needed
        import tty  # noqa: PLC0415

        descriptor = sys.stdin.fileno()
        saved = termios.tcgetattr(descriptor)
        with self._lock:
            self._prompt, self._typed = prompt, ""
            self._show(prompt)
        try:
            # TCSANOW keeps what was typed ahead (the default flush would lose it): the
            # caller decides what to throw away (``discard``).
            tty.setcbreak(descriptor, termios.TCSANOW)
            return self._answer(descriptor, answer)
        finally:
            termios.tcsetattr(descriptor, termios.TCSADRAIN, saved)
            with self._lock:
                self._prompt = None
                self._show("\n")

    def write(self, text: str) -> None:
        """One or more lines; a prompt waiting for an answer is drawn again below them."""
        with self._lock:
            if self._prompt is None:
                self._show(text + "\n")
            elif self.out.isatty():
                self._show(CLEAR_LINE + text + "\n" + self._prompt + self._typed)
            else:
                self._show("\n" + text + "\n" + self._prompt + self._typed)

    def discard(self) -> None:
        """Throw away what was typed ahead: keys pressed while the game went on, or the rest
        of a pasted word after its first letter."""
        if sys.stdin.isatty():
            import termios  # noqa: PLC0415

            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)

    def _show(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def _answer(self, descriptor: int, answer: Answer) -> str:
        """Keys until the answer is complete (Ctrl-C raises KeyboardInterrupt as usual)."""
        while True:
            key = _read_key(descriptor)
            if key in ("", END_OF_INPUT) and not self._typed:
                raise EOFError
            if answer is Answer.KEY or (answer is Answer.COMMAND and self._answers_at_once(key)):
                self._echo(key.strip())
                return key if key not in ENTER else ""
            if key in ENTER:
                return self._typed
            self._edit(key)

    def _answers_at_once(self, key: str) -> bool:
        """In a command, anything but a digit answers at once (Enter alone too); digits
        wait for Enter."""
        return not self._typed and not key.isdecimal()

    def _edit(self, key: str) -> None:
        with self._lock:
            if key in ERASE:
                kept = self._typed[:-1]
            elif key == ERASE_LINE:
                kept = ""
            elif key == ERASE_WORD:
                kept = self._typed.rstrip().rpartition(" ")[0]
                kept += " " if kept else ""
            elif key.isprintable():
                self._typed += key
                self._show(key)
                return
            else:
                return
            self._typed = kept
            assert self._prompt is not None
            self._show(CLEAR_LINE + self._prompt + kept)

    def _echo(self, key: str) -> None:
        with self._lock:
            self._typed = key
            self._show(key)


def _read_key(descriptor: int) -> str:
    """One character straight from the terminal (Python's own buffer would hide the rest
    of the input from ``discard``)."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    while True:
        byte = os.read(descriptor, 1)
        if not byte:
            return ""
        key = decoder.decode(byte)
        if key:
            return key
