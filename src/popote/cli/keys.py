"""Reading a choice: one key press on a terminal when that is enough, a line otherwise."""

from __future__ import annotations

import sys
from collections.abc import Callable

Reader = Callable[[str], str]


def single_key_reader(fallback: Reader = input) -> Callable[[str, bool], str]:
    """A reader that takes one key without Enter when ``quick`` and stdin is a terminal.

    Piped input, and every answer that may need more than one key, go through ``fallback``
    line by line, so scripts and screen readers behave the same everywhere.
    """

    def read(prompt: str, quick: bool) -> str:
        if not quick or not sys.stdin.isatty():
            return fallback(prompt)
        import termios  # noqa: PLC0415 - POSIX only, imported where it is needed
        import tty  # noqa: PLC0415

        sys.stdout.write(prompt)
        sys.stdout.flush()
        descriptor = sys.stdin.fileno()
        saved = termios.tcgetattr(descriptor)
        try:
            tty.setcbreak(descriptor)
            key = sys.stdin.read(1)
        finally:
            termios.tcsetattr(descriptor, termios.TCSADRAIN, saved)
        if key in ("\x04", ""):
            raise EOFError
        if key == "\x03":
            raise KeyboardInterrupt
        sys.stdout.write(key + "\n")
        return key

    return read
