"""The rule-based bot plays legal games and beats random (a small sample; the 200-game
measurement is in the report)."""

from __future__ import annotations

from harness.play.match import play_match


def test_heuristic_beats_random_in_a_few_games():
    wins = 0
    for g in range(4):
        bots = ["random", "random"]
        bots[g % 2] = "heuristic:gugong"
        r = play_match("gugong", 2, bots, seed=500 + g)
        assert not r.failures
        wins += r.ranking[g % 2] == 0
    assert wins >= 3


def test_heuristic_plays_five_players():
    r = play_match("gugong", 5, ["heuristic:gugong"] * 2 + ["random"] * 3, seed=3)
    assert not r.failures and r.outcome == "normal"
