"""`measure_scaling` (used by `arena tournament scaling` and `arena bench --workers`):
the same tournament is played on 1 and 2 workers, each run timed. No timing is asserted."""

from __future__ import annotations

import pytest

from harness.tournaments.scaling import measure_scaling
from harness.tournaments.schedule import TournamentSpec


@pytest.mark.slow
def test_both_worker_counts_play_the_whole_tournament_each_run():
    spec = TournamentSpec(game="kit", num_players=2, games=8, seed=3,
                          bots=("random", "python:bots.base:RandomBot"),
                          modules=("tests.kitgame",))
    reports: list[tuple[int, int]] = []
    seconds = measure_scaling(spec, 2, lambda r, w, s, played: reports.append((r, w)))
    assert sorted(seconds) == [1, 2]
    assert all(len(v) == 2 and all(s > 0 for s in v) for v in seconds.values())
    assert reports == [(0, 1), (0, 2), (1, 2), (1, 1)]  # alternating order
