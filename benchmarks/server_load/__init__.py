"""Load on the online server: N tables of scripted clients and bots, on 127.0.0.1.

The script starts ``popote serve`` on a free port (SQLite in a temporary folder, or a fresh
schema of the PostgreSQL database ``--db``; with ``--processes 2``, two processes sharing it
and ``--redis``, each table's clients spread across both), opens ``--tables`` tables, each
with ``--humans`` scripted clients over WebSockets and bots in the other seats, and lets them
play: as fast as they can, or human-paced (``--pace 2``: each client waits about two
seconds, drawn between half and one and a half times that, before each answer). A table
whose game ends is replaced by a new one. After every client is connected and a warm-up,
it measures for ``--seconds`` (or until ``--actions`` actions):

- actions served per second (every action applied, by clients and bots alike);
- the server's own time from a client's action received to its events queued on every
  connection, p50/p99 (``GET /api/v1/stats``, a histogram precise to about 6 %);
- the round trip a client sees, from sending an action to its update, p50/p99 (it adds the
  network, the server's waiting queue and this script's own event loop);
- CPU of the server processes, of their bot workers and of this script, in % of one core,
  the servers' memory, in all and per table, and their garbage collections.

Then, as asked:

- ``--slow-clients N``: the first N tables each have a spectator that never reads what it
  is sent; their tables' pace is compared with the others';
- ``--difficile-bots N``: N more tables of one client and ``difficile`` bots (so about N
  bots thinking at any moment, waiting for the bot workers), and the same figures measured
  again for as long;
- ``--reconnect-storm``: every client's connection is cut at once and the client comes back
  at once with its feed and last number: how long until all are back and caught up.

Then it closes every client, stops the servers, and prints the figures (``--json [FILE]``
writes them as JSON). Nothing leaves 127.0.0.1. Figures: ``benchmarks/README.md``.

    python -m benchmarks.server_load [--tables 50] [--humans 3] [--players 4] [--pace 0]
        [--seconds 30] [--actions N] [--game all] [--bots moyen] [--db URL]
        [--processes 1 --redis URL] [--slow-clients N] [--difficile-bots N]
        [--reconnect-storm] [--json [FILE]]
"""

from __future__ import annotations

import argparse

from benchmarks.figures import emit
from benchmarks.server_load.load import Load
from benchmarks.server_load.measure import run
from benchmarks.server_load.report import print_report

__all__ = ["Load", "main", "run"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.server_load",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    add = parser.add_argument
    add("--tables", type=int, default=Load.tables, help="tables played at once (default 50)")
    add("--players", type=int, default=Load.players, help="seats a table (default 4)")
    add("--humans", type=int, default=Load.humans, help="scripted clients a table (default 3)")
    add("--bots", default=Load.bots, help="level of the bots in the other seats (default moyen)")
    add("--game", default="all", help="one game, comma-separated games, or all (default)")
    add(
        "--pace", type=float, default=Load.pace, help="seconds a client takes to answer (default 0)"
    )
    add("--seconds", type=float, default=Load.seconds, help="seconds measured (default 30)")
    add("--actions", type=int, help="stop measuring after this many actions served")
    add("--warmup", type=float, default=Load.warmup, help="seconds before measuring (default 3)")
    add(
        "--db",
        help="a PostgreSQL database URL: the run gets a new schema there, dropped at the end "
        "(default: SQLite in a temporary folder)",
    )
    add("--processes", type=int, default=Load.processes, help="server processes (default 1)")
    add("--redis", help="the Redis URL of several processes, e.g. redis://127.0.0.1:6379/0")
    add("--bot-workers", type=int, default=Load.bot_workers, help="bot processes (default 2)")
    add("--slow-clients", type=int, default=0, help="tables with a spectator that never reads")
    add(
        "--difficile-bots",
        type=int,
        default=0,
        help="then this many more tables of difficile bots, measured again",
    )
    add(
        "--reconnect-storm",
        action="store_true",
        help="then cut every client's connection at once and time their return",
    )
    add("--seed", type=int, default=Load.seed)
    add(
        "--json",
        nargs="?",
        const="-",
        metavar="FILE",
        help="write the figures as JSON (- for stdout)",
    )
    args = parser.parse_args(argv)
    load = Load(
        tables=args.tables,
        players=args.players,
        humans=args.humans,
        bots=args.bots,
        games=() if args.game == "all" else tuple(args.game.split(",")),
        pace=args.pace,
        seconds=args.seconds,
        actions=args.actions,
        warmup=args.warmup,
        db=args.db,
        processes=args.processes,
        redis=args.redis,
        bot_workers=args.bot_workers,
        slow_clients=args.slow_clients,
        difficile_bots=args.difficile_bots,
        reconnect_storm=args.reconnect_storm,
        seed=args.seed,
    )
    emit(run(load), args.json, print_report)
