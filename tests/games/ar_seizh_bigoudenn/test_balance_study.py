"""``popote balance ar-seizh-bigoudenn`` counts wins per Bigouden."""

from __future__ import annotations

from popote.games.ar_seizh_bigoudenn import GAME
from popote.lab.balance import run_study


def test_the_balance_study_reports_a_win_rate_per_bigouden_at_every_player_count() -> None:
    study = GAME.balance_study()
    assert [config.players for config in study.configs] == [2, 3, 4, 5, 6, 7]
    rows = run_study(GAME, study, games=2, seed=0, jobs=1)
    for row in rows:
        assert 1 <= len(row.rates) <= min(7, row.config.players * 2)
        assert all(0 <= rate["win_rate"] <= 1 for rate in row.rates.values())
    names = {name for row in rows for name in row.rates}
    assert names and not any(name.startswith("seat") for name in names)
