"""The rule-based bot beats random clearly (regression guard; the full 200-game figure is
measured outside the test suite)."""

from __future__ import annotations

from bots.heuristic.dragon_castle import HeuristicBot
from bots.registry import make_bot
from harness.match import play_match
from ladders.ratings import first_share


def test_heuristic_bot_is_registered_and_plays_legally():
    bot = make_bot("heuristic:dragon_castle")
    assert isinstance(bot, HeuristicBot) and bot.name == "heuristic:dragon_castle"
    rec = play_match("dragon_castle", 4, ["heuristic:dragon_castle"] * 4, seed=3,
                     options={"dragon_card": True})
    assert rec.outcome == "normal" and not rec.failures


def test_heuristic_beats_random_with_seats_swapped():
    games, wins = 20, 0.0
    for g in range(games):
        seat = g % 2
        bots = ["random", "random"]
        bots[seat] = "heuristic:dragon_castle"
        rec = play_match("dragon_castle", 2, bots, seed=500 + g)
        assert not rec.failures
        wins += first_share(rec.ranking, seat, rec.outcome)
    assert wins / games >= 0.8
