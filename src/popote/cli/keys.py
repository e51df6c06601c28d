"""Reading a choice: one key press on a terminal when that is enough, a line otherwise."""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Callable

LineReader = Callable[[str], str]


class KeyReader:
    """Takes one key without Enter when ``quick`` and stdin is a terminal.

    Piped input, and every answer that may need more than one key, go through ``fallback``
    line by line, so scripts and screen readers behave the same everywhere.
    """

    def __init__(self, fallback: LineReader = input) -> None:
        self.fallback = fallback

    def __call__(self, prompt: str, quick: bool) -> str:
        if not quick or not sys.stdin.isatty():
            return self.fallback(prompt)
        import termios  # noqa: PLC0415 - POSIX only, imported where it is needed
        import tty  # noqa: PLC0415

        sys.stdout.write(prompt)
        sys.stdout.flush()
        descriptor = sys.stdin.fileno()
        saved = termios.tcgetattr(descriptor)
        try:
            # TCSANOW keeps what was typed ahead (the default flush would lose it).
            tty.setcbreak(descriptor, termios.TCSANOW)
            key = _read_key(descriptor)
        finally:
            termios.tcsetattr(descriptor, termios.TCSADRAIN, saved)
        if key in ("\x04", ""):
            raise EOFError
        if key == "\x03":
            raise KeyboardInterrupt
        sys.stdout.write(key.strip() + "\n")
        return key

    def discard(self) -> None:
        """Throw away what was typed ahead: the rest of a pasted word after its first letter."""
        if sys.stdin.isatty():
            import termios  # noqa: PLC0415

            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)


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
