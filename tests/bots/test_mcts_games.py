"""The MCTS bot's game-specific parts on real games: the greedy playout, move ordering by
the heuristic bots, and the per-game profiles playing whole games."""

from __future__ import annotations

import random

import pytest

import engine
from bots.heuristic.dragon_castle import HeuristicBot
from bots.mcts_rollout import GreedyRollout, heuristic_bots
from bots.profiles import PROFILES, profile
from bots.seeds import Seeds
from harness.play.clock import TimeControl
from harness.play.match import play_match


def test_greedy_playout_finishes_the_turn_by_the_heuristic_bot_then_evaluates():
    state = engine.make("dragon_castle", 2, seed=4)
    bots = heuristic_bots("dragon_castle", 2, Seeds(0))
    assert bots is not None
    expected = state.clone()
    while expected.current_player() == 0:  # seat 0's whole turn, as the bot plays it
        expected.apply(bots[0].act(expected.observation(0), None))
    cut = state.clone()
    rewards = GreedyRollout(random.Random(0), depth=0, bots=bots)(cut)
    assert cut.to_bytes() == expected.to_bytes() and cut.current_player() == 1
    assert rewards == [cut.heuristic(0), cut.heuristic(1)]


def test_dragon_castle_bot_plays_the_first_best_of_its_action_values():
    state = engine.make("dragon_castle", 2, seed=9)
    bot = HeuristicBot()
    bot.reset("dragon_castle", 2, 0, 0)
    for _ in range(40):
        obs = state.observation(state.current_player())
        assert len(bot.action_values(obs)) == len(obs.legal_actions)  # the cheap prior
        values = bot.plan_values(obs)
        assert len(values) == len(obs.legal_actions)
        bot.seat = obs.seat
        choice = bot.act(obs, None)
        assert values[obs.legal_actions.index(choice)] == max(values)
        assert obs.legal_actions.index(choice) == values.index(max(values))
        state.apply(choice)


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_profiled_search_plays_whole_games(game):
    n = max(2, engine.get_game(game).min_players)  # Rotunda's base game starts at 3
    rec = play_match(game, n, ["mcts:iters=4"] + ["random"] * (n - 1), seed=1,
                     time_control=TimeControl(per_move=30.0))
    assert rec.outcome == "normal" and not rec.failures
    assert rec.scores == engine.replay(rec).scores()


def test_generic_code_takes_the_bot_from_the_descriptor_and_the_profile_from_bots():
    from bots.mcts import MCTSBot

    bot = MCTSBot(iters=1)
    bot.reset("huang", 2, 0, 0)
    prof = profile("huang")
    assert bot.params.rollout == prof["rollout"] and bot.params.order == prof["order"] == 1
    assert not hasattr(engine.get_game("huang"), "search_profile")  # the engine knows no search
    assert type(heuristic_bots("huang", 2, Seeds(0))[0]).__module__ == "bots.heuristic.huang"


@pytest.mark.parametrize("game", sorted(PROFILES))
def test_state_values_value_the_search_state_without_changing_it(game):
    """Searches ask the rule-based bot for cheap values on their own determinization
    (`Bot.state_values`): one value per legal action; and for the value of a position to
    every seat (`Bot.position_values`, `leaf=bot`): one per seat in [0, 1]. The state is
    left as it was."""
    n = max(2, engine.get_game(game).min_players)
    state = engine.make(game, n, seed=4)
    bots = heuristic_bots(game, n, Seeds(5))
    assert bots is not None
    asked = 0
    for _ in range(60):
        if state.is_terminal():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        before = engine.digest(state)
        values = bots[seat].state_values(state, legal)
        judged = bots[seat].position_values(state)
        assert engine.digest(state) == before
        assert judged is None or (len(judged) == n and all(0 <= v <= 1 for v in judged))
        if values is not None and len(legal) > 1:
            assert len(values) == len(legal)
            asked += 1
        state.apply_legal(legal[(7 * asked) % len(legal)])
    assert asked > 5


def test_dragon_castle_state_values_are_its_action_values():
    """Its cheap values read only what the seat sees, so the search's own state gives the
    values a fresh sample of the observation gives."""
    state = engine.make("dragon_castle", 3, seed=2)
    bot = HeuristicBot()
    for k in range(50):
        seat = state.current_player()
        bot.reset("dragon_castle", 3, seat, 0)
        assert bot.state_values(state, state.legal_actions()) == bot.action_values(
            state.observation(seat))
        legal = state.legal_actions()
        state.apply_legal(legal[k % len(legal)])


def test_a_prior_without_a_model_is_the_bots_action_values_scaled_to_unit():
    """`prior` with no trained model: the rule-based bot's cheap action values, mapped onto
    [0, 1] at each node (best 1, worst 0), order the expansions and bias the selection; a
    search with it plays a whole game."""
    from bots.mcts import MCTSBot, unit_scaled

    assert unit_scaled([3.0, -1.0, 1.0]) == [1.0, 0.0, 0.5]
    assert unit_scaled([2.0, 2.0]) == [1.0, 1.0]
    assert unit_scaled([float("-inf"), 0.0, 4.0]) == [0.0, 0.0, 1.0]
    assert unit_scaled([float("nan"), 2.0, 2.0]) == [0.0, 1.0, 1.0]
    state = engine.make("dragon_castle", 2, seed=9)
    bot = MCTSBot(iters=20, prior=0.5, profile="none")
    bot.reset("dragon_castle", 2, 0, 3)
    policy = bot._policy()
    assert policy is not None
    judge, rng = HeuristicBot(), random.Random(4)
    while len(set(raw := judge.state_values(state, legal := state.legal_actions()))) < 3:
        state.apply(rng.choice(legal))  # a decision whose options the bot tells apart
    scaled = policy(state)
    assert list(scaled) == legal and max(scaled.values()) == 1.0
    assert min(scaled.values()) == 0.0
    best = [a for a, v in zip(legal, raw, strict=True) if v == max(raw)]
    assert {a for a, v in scaled.items() if v == 1.0} == set(best)
    rec = play_match("dragon_castle", 2, ["mcts:iters=10,prior=0.5", "random"], seed=2,
                     time_control=TimeControl(per_move=30.0))
    assert rec.outcome == "normal" and not rec.failures
