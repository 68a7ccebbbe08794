"""The search's profiles per game and player count (bots/profiles.toml), `profile=none`,
the CPU-time budget (`cpu`) and the tuning ranges declared with the parameters."""

from __future__ import annotations

import time

import pytest

import engine
from bots import mcts, profiles
from bots.mcts_rollout import Rollout
from bots.registry import make_bot
from bots.search_params import Range, SearchParams


@pytest.fixture
def kit_profiles(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit game with a profile for every count, and entries for 2 and 4 players."""
    monkeypatch.setattr(profiles, "PROFILES", dict(profiles.PROFILES))
    profiles.register("kit", {"c": 0.5, "depth": 7, "rollout": "cutoff"})
    profiles.register("kit", {"c": 0.2}, players=2)
    profiles.register("kit", {"c": 0.9, "depth": 3}, players=4)


@pytest.mark.usefixtures("kit_profiles")
def test_a_player_count_takes_its_own_entry_else_the_nearest_over_the_games_params() -> None:
    assert profiles.profile("kit") == {"c": 0.5, "depth": 7, "rollout": "cutoff"}
    assert profiles.profile("kit", 2) == {"c": 0.2, "depth": 7, "rollout": "cutoff"}
    assert profiles.profile("kit", 4) == {"c": 0.9, "depth": 3, "rollout": "cutoff"}
    assert profiles.profile("kit", 3)["c"] == 0.9  # 2 and 4 as near: the larger
    assert profiles.profile("kit", 5)["c"] == 0.9 and profiles.profile("kit", 1)["c"] == 0.2
    assert profiles.profile("no such game", 2) == {}
    for n, c in ((2, 0.2), (3, 0.9), (4, 0.9)):
        bot = make_bot("mcts:iters=2")
        bot.reset("kit", n, 0, 1)
        assert (bot.params.c, bot.params.rollout) == (c, "cutoff")


@pytest.mark.usefixtures("kit_profiles")
def test_profile_none_takes_the_defaults_so_a_former_profile_can_be_named_in_full() -> None:
    bot = make_bot("mcts:iters=2,profile=none,depth=5")
    bot.reset("kit", 2, 0, 1)
    assert (bot.params.c, bot.params.depth, bot.params.rollout) == (0.7, 5, "random")
    with pytest.raises(ValueError, match="profile must be one of game, none, not 'x'"):
        make_bot("mcts:profile=x")


def test_the_shipped_profiles_read_and_every_value_is_a_valid_parameter() -> None:
    assert set(profiles.PROFILES) >= {"year_of_the_dragon", "rotunda", "huang",
                                      "dragon_castle", "gugong"}
    for game, entry in profiles.PROFILES.items():
        assert entry["why"]
        counts = [None, *entry["players"]]
        for n in counts:
            SearchParams.build({}, profiles.profile(game, n))  # raises on a bad value
            if n is not None:
                game_of = engine.get_game(game)
                assert game_of.min_players <= n <= game_of.max_players
                count = entry["players"][n]
                assert count["why"]
                if count["params"]:  # a change: how it was found and verified, what it replaced
                    assert {"tuned", "verified", "replaces"} <= set(count)


def test_a_cpu_budget_counts_the_searchs_own_cpu_time_not_the_wall_clock(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`cpu=S` stops after S seconds of the searching thread's CPU time: playouts that
    wait (as on a loaded machine, where other processes hold the CPU) do not shorten the
    search; the wall clock runs far past S. (The early stop of a settled search is left
    out here: it would end both searches before their budget.)"""
    real = Rollout.__call__
    monkeypatch.setattr(mcts, "SETTLE_EVERY", 10 ** 9)

    def waiting(self: Rollout, state: engine.State) -> list[float]:
        time.sleep(0.002)
        return real(self, state)

    state = engine.make("kit", 2, 5)
    obs = state.observation(state.current_player())
    bot = mcts.MCTSBot(cpu=0.01)
    bot.reset("kit", 2, obs.seat, 1)
    used = time.thread_time()
    bot.act(obs, None)
    alone = bot.stats.iterations
    assert 0.01 <= time.thread_time() - used < 0.2 and alone > 1
    monkeypatch.setattr(Rollout, "__call__", waiting)
    bot = mcts.MCTSBot(cpu=0.01)
    bot.reset("kit", 2, obs.seat, 1)
    began, used = time.perf_counter(), time.thread_time()
    bot.act(obs, None)
    # the waits take no CPU: the search runs on until its own CPU time reaches the budget,
    # more than four times the iterations a 0.01 s wall-clock budget leaves room for (each
    # waits 2 ms), however long that takes on a loaded machine. So the wall clock passes
    # 21 waits of 2 ms and the 0.01 s of CPU: 0.052 s however fast the machine (with 1 ms
    # waits a fast, idle one finished 21-odd iterations in 0.047 s)
    assert time.thread_time() - used >= 0.01 and bot.stats.iterations > 20
    assert time.perf_counter() - began > 0.05
    capped = mcts.MCTSBot(cpu=10.0, iters=5)  # an iteration budget still caps it
    capped.reset("kit", 2, obs.seat, 1)
    capped.act(obs, None)
    assert capped.stats.iterations == 5
    with pytest.raises(ValueError, match="cpu must be positive"):
        make_bot("mcts:cpu=0")


def test_tuning_ranges_are_declared_with_their_parameters() -> None:
    ranges = SearchParams.ranges()
    assert {"c", "depth", "widen", "guide", "plan"} <= set(ranges)
    defaults = SearchParams()
    for name, r in ranges.items():
        assert isinstance(r, Range)
        value = getattr(defaults, name)
        assert r.lo <= value <= r.hi or value == 0  # 0: the feature is off
        assert r.step < (r.hi - r.lo) / 2 if not r.log else r.step < 1
    assert SearchParams.is_integer("depth") and not SearchParams.is_integer("c")
    with pytest.raises(ValueError):
        Range(0, 1, 0.1, log=True)  # a log scale needs lo > 0


def test_the_parameters_worth_tuning_are_those_that_act_in_the_profile() -> None:
    yotd = SearchParams.build({}, profiles.profile("year_of_the_dragon", 2))
    assert yotd.tunable(2) == ["c", "depth", "guide"]
    dc = SearchParams.build({}, {"order": 1, "widen": 1.0, "rollout": "ordered", "depth": 0,
                                 "c": 0.1, "guide": 0.1, "opponents": 3, "plan": 2})
    assert dc.tunable(2) == ["c", "depth", "widen", "guide"]  # no modelling at 2 players
    assert dc.tunable(4) == ["c", "depth", "widen", "guide", "plan"]
    assert SearchParams().tunable(2) == ["c"]  # random playouts: no depth


def test_settle_0_spends_the_whole_budget_where_a_settled_search_stops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A timed search stops at the first check that finds its answer settled; `settle=0`
    searches on to its budget, and the tree below its answer is what its next decision
    reuses."""
    monkeypatch.setattr(mcts, "SETTLE_EVERY", 4)
    monkeypatch.setattr(mcts.Tree, "settled", lambda *a, **k: True)
    state = engine.make("kit", 2, 5)
    obs = state.observation(state.current_player())
    counts = {}
    for settle in (1, 0):
        bot = mcts.MCTSBot(cpu=0.02, settle=settle)
        bot.reset("kit", 2, obs.seat, 1)
        bot.act(obs, None)
        counts[settle] = bot.stats.iterations
    assert counts[1] == 4 and counts[0] > 8
