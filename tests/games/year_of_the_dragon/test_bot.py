"""The rule-based bot beats random (regression guard; the full 200-game figure is in the
closing note of the issue)."""

from __future__ import annotations

from bots.registry import make_bot
from harness.match import play_match
from ladders.ratings import first_share

BOT = "heuristic:year_of_the_dragon"


def test_heuristic_bot_beats_random_in_two_player_games():
    wins = 0.0
    games = 0
    for seed in range(10):
        for seat in (0, 1):
            bots = ["random", "random"]
            bots[seat] = BOT
            rec = play_match("year_of_the_dragon", 2, bots, seed=seed)
            assert not rec.failures, rec.failures
            games += 1
            wins += first_share(rec.ranking, seat, rec.outcome)
    assert wins / games >= 0.8


def test_heuristic_bot_plays_every_player_count_and_the_great_wall():
    for n in (3, 5):
        rec = play_match("year_of_the_dragon", n, [BOT] * n, seed=n,
                         options={"great_wall": True})
        assert rec.outcome == "normal" and not rec.failures
    assert make_bot(BOT).name == BOT
