"""The figures of a run, printed for people."""

from __future__ import annotations

from typing import Any


def print_report(figures: dict[str, Any]) -> None:
    load = figures["load"]
    pace = f"human-paced, {load['pace']:g} s" if load["pace"] else "as fast as possible"
    processes = "one process" if figures["processes"] == 1 else f"{figures['processes']} processes"
    print(f"Server load, {processes}, {figures['database']} ({figures['machine']})")
    print(
        f"{figures['tables']} tables of {load['players']} seats: clients {load['humans']}, "
        f"bots {load['players'] - load['humans']} ({load['bots']}), {pace}; "
        f"{', '.join(load['games'])}"
    )
    print(f"clients connected:        {figures['clients']}")
    print(
        f"load average:             {figures['load_average']:.2f} before, "
        f"{figures['load_average_after']:.2f} after measuring"
    )
    _print_window(figures)
    if "slow_clients" in figures:
        slow = figures["slow_clients"]
        others = slow["others_actions_per_second_a_table"]
        print(
            f"stalled spectators:       {slow['tables']} tables with one: "
            f"{slow['actions_per_second_a_table']:.2f} actions/s a table, "
            f"others {'-' if others is None else f'{others:.2f}'}"
        )
    if "with_difficile_bots" in figures:
        window = figures["with_difficile_bots"]
        print(f"with {load['difficile_bots']} tables of difficile bots thinking:")
        _print_window(window)
        moved = _difference(window["server_p99_ms"], figures["server_p99_ms"])
        print(f"server p99 moved by:      {moved}")
    if "reconnect_storm" in figures:
        storm = figures["reconnect_storm"]
        print(
            f"reconnect storm:          {storm['clients_cut']} cut at once, "
            f"{storm['clients_back']} back (p50 {_shown(storm['back_p50_ms'])}, "
            f"p99 {_shown(storm['back_p99_ms'])}), all back in {_seconds(storm['all_back_s'])}, "
            f"all caught up in {_seconds(storm['all_caught_up_s'])} "
            f"({storm['snapshots']} sent a snapshot)"
        )


def _print_window(window: dict[str, Any]) -> None:
    print(f"measured for:             {window['seconds']:.1f} s")
    print(
        f"actions served:           {window['actions']} ({window['actions_per_second']:,.1f}/s), "
        f"{window['games_finished']} games finished, "
        f"{window['tables_in_memory']} tables in the servers' memory"
    )
    errors = ", ".join(f"{code} {count}" for code, count in sorted(window["errors"].items()))
    print(f"answers refused:          {errors or 'none'}")
    print(
        f"action -> events, server: p50 {_shown(window['server_p50_ms'])}, "
        f"p99 {_shown(window['server_p99_ms'])} ({window['client_actions_timed']} client actions)"
    )
    print(
        f"round trip, client:       p50 {_shown(window['round_trip_p50_ms'])}, "
        f"p99 {_shown(window['round_trip_p99_ms'])}"
    )
    print(
        f"CPU (% of one core):      server {window['server_cpu_percent']:.0f}, "
        f"bot workers {window['workers_cpu_percent']:.0f}, this script {window['script_cpu_percent']:.0f}"
    )
    print(
        f"garbage collections:      {'/'.join(map(str, window['collections']))} by generation, "
        f"{window['collection_ms']:.0f} ms in all, longest full one "
        f"{window['longest_full_collection_ms']:.0f} ms"
    )
    print(
        f"memory:                   server {window['server_rss_mb']:.0f} MB "
        f"({window['server_kb_per_table']:.0f} KB a table), bot workers {window['workers_rss_mb']:.0f} MB"
    )


def _difference(now: float | None, before: float | None) -> str:
    return "-" if now is None or before is None else f"{now - before:+.1f} ms"


def _shown(ms: float | None) -> str:
    return "-" if ms is None else f"{ms:.1f} ms"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f} s"
