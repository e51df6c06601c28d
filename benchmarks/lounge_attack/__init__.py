"""One script against the lounge: does a normal player still play while it runs?

The script starts ``popote serve`` with its defaults on 127.0.0.1 (SQLite in a temporary
folder, at most 1,024 open files, as a service usually has), plays ``--games`` finished
games against a bot to have replays to ask for, then runs three attacks at once for
``--seconds``, each from an address of its own in the loopback range:

- **slow clients** (127.0.0.4): ``--slow`` connections whose request headers never finish
  (a byte every few seconds); each one the server closes is opened again;
- **a resync flood** (127.0.0.3): ``--flooders`` guests watching a table, each asking
  ``resync`` ``--resync-rate`` times a second and reading nothing;
- **a replay flood** (127.0.0.5): ``--replayers`` anonymous connections asking, in turn,
  for the replay page of every finished game in both languages, as fast as answered.

Meanwhile a normal player (127.0.0.2), seated at a table, pings every ``--ping-every``
seconds and plays when asked, and a probe (127.0.0.6) asks ``/healthz`` every second. It
reports the player's ping round trips (p50, p99, max, how many went unanswered), the probe's
answers, the server's largest resident memory, and what each attack got (answers by status
or close code). ``--json [FILE]`` writes the figures. Nothing leaves 127.0.0.0/8; every
client stops when the run ends, and the server with them. Figures: benchmarks/README.md.

    python -m benchmarks.lounge_attack [--seconds 60] [--slow 1100] [--flooders 56]
        [--resync-rate 16] [--replayers 16] [--games 9] [--json [FILE]]
"""

from __future__ import annotations

import argparse
import json

from benchmarks.figures import emit
from benchmarks.lounge_attack.run import Attack, run

__all__ = ["Attack", "main", "run"]


def main(argv: list[str] | None = None) -> None:
    defaults = Attack()
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.lounge_attack",
        description=__doc__.splitlines()[0] if __doc__ else None,
    )
    add = parser.add_argument
    add("--seconds", type=float, default=defaults.seconds, help="seconds of attack (default 60)")
    add("--slow", type=int, default=defaults.slow, help="slow clients (default 1100)")
    add("--flooders", type=int, default=defaults.flooders, help="resync flooders (default 56)")
    add(
        "--resync-rate",
        type=float,
        default=defaults.resync_rate,
        help="resyncs a second from each flooder (default 16)",
    )
    add("--replayers", type=int, default=defaults.replayers, help="replay flooders (default 16)")
    add("--games", type=int, default=defaults.games, help="finished games to replay (default 9)")
    add("--ping-every", type=float, default=defaults.ping_every, help="seconds between pings")
    add("--json", nargs="?", const="-", metavar="FILE", help="write the figures as JSON")
    args = parser.parse_args(argv)
    attack = Attack(
        seconds=args.seconds,
        slow=args.slow,
        flooders=args.flooders,
        resync_rate=args.resync_rate,
        replayers=args.replayers,
        games=args.games,
        ping_every=args.ping_every,
    )
    emit(run(attack), args.json, print_report)


def print_report(figures: dict[str, object]) -> None:
    ping = figures["ping"]
    probe = figures["healthz"]
    assert isinstance(ping, dict) and isinstance(probe, dict)
    print(
        f"{figures['seconds']:.0f} s under attack: ping p50 {ping['p50_ms']} ms, "
        f"p99 {ping['p99_ms']} ms, max {ping['max_ms']} ms, {ping['answered']} of "
        f"{ping['sent']} answered"
    )
    if figures.get("player_failed"):
        print(f"the player could not play: {figures['player_failed']}")
    print(
        f"/healthz: {probe['answered']} of {probe['asked']} answered, slowest "
        f"{probe['max_ms']} ms; server memory at most {figures['server_rss_mib']} MiB"
    )
    for name in ("slow", "resync", "replay"):
        print(f"{name}: {json.dumps(figures[name])}")
