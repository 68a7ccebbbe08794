"""The rule-based bot beats random (a small regression check; the full 200-game figure is
measured separately)."""

from __future__ import annotations

from bots.heuristic.huang import HeuristicBot
from bots.registry import make_bot
from harness.match import play_match
from ladders.ratings import first_share


def test_heuristic_bot_is_registered() -> None:
    assert isinstance(make_bot("heuristic:huang"), HeuristicBot)


def test_heuristic_beats_random_with_seats_swapped() -> None:
    games, wins = 10, 0.0
    for g in range(games):
        seat = g % 2
        bots = ["random", "random"]
        bots[seat] = "heuristic:huang"
        rec = play_match("huang", 2, bots, seed=500 + g)
        assert not rec.failures, rec.failures
        wins += first_share(rec.ranking, seat, rec.outcome)
    assert wins / games >= 0.8
