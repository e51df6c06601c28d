"""``python -m popote.server``: the same as ``popote serve``."""

from __future__ import annotations

import argparse
import sys

from popote.server.cli import add_serve_arguments, run_serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="popote serve", description="Popote : serveur de tables")
    add_serve_arguments(parser)
    return run_serve(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
