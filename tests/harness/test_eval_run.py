"""harness/eval/run.py: the schedule `arena eval` plays and what it reads back."""

from __future__ import annotations

import pytest

from harness.eval.run import SEARCH_NOTE, eval_spec, spec_time, tournament_name, wilson
from harness.play.match import play_match
from harness.tournaments.schedule import TournamentError, TournamentSpec, schedule, validate


def test_four_players_the_bot_takes_every_seat_of_each_deal() -> None:
    spec = eval_spec("kit", 4, "mcts:iters=5", "random", 6, seed=3)
    games = schedule(spec)
    assert len(games) == 8  # rounded up to whole deals of 4 games
    for block in (0, 1):
        deal = [g for g in games if g.block == block]
        assert sorted(g.bots.index("mcts:iters=5") for g in deal) == [0, 1, 2, 3]
        assert len({g.seed for g in deal}) == 1
        assert all(g.bots.count("random") == 3 for g in deal)
    assert games[0].seed != games[4].seed
    assert tournament_name(spec) == tournament_name(eval_spec("kit", 4, "mcts:iters=5",
                                                              "random", 6, seed=3))
    assert tournament_name(spec) != tournament_name(eval_spec("kit", 4, "mcts:iters=5",
                                                              "random", 6, seed=4))


def test_two_players_swap_seats_on_each_deal_and_may_use_sprt() -> None:
    spec = eval_spec("kit", 2, "mcts", "random", 4, sprt="0,50,0.05,0.05")
    assert [g.bots for g in schedule(spec)] == [("mcts", "random"), ("random", "mcts")] * 2
    validate(spec)
    # more players: the bot against copies of the opponent, the SPRT on their pairs
    validate(eval_spec("kit", 3, "mcts", "random", 6, sprt="0,50,0.05,0.05"))
    with pytest.raises(TournamentError, match="an SPRT compares exactly two bots"):
        validate(TournamentSpec(game="kit", num_players=3, bots=("mcts", "random", "mcts:c=1"),
                                sprt="0,50,0.05,0.05"))


def test_wilson_interval_and_spec_time() -> None:
    lo, hi = wilson(3, 6)
    assert lo < 0.5 < hi and wilson(6, 6)[1] == pytest.approx(1.0)
    assert wilson(8, 20) == pytest.approx((0.219, 0.613), abs=1e-3)
    assert spec_time("mcts:time=0.5") == 0.5 and spec_time("mcts:c=0.3,time=2") == 2.0
    assert spec_time("mcts:iters=100") is None and spec_time("random") is None


def test_the_search_note_of_a_match_record() -> None:
    rec = play_match("kit", 2, ["random", "mcts:iters=7"], seed=1)
    (note,) = [n for n in rec.notes if SEARCH_NOTE.match(n)]
    m = SEARCH_NOTE.match(note)
    assert m is not None and m.group(1) == "1"
    iterations, decisions = int(m.group(2)), int(m.group(3))
    assert 0 < decisions <= sum(1 for mv in rec.moves if mv.seat == 1)
    assert 0 < iterations <= 7 * decisions
