"""OpenSpiel adapter: OpenSpiel's own random_sim_test (each game at its fewest and most players)
and bots on every registered game."""

from __future__ import annotations

import random

import msgspec
import numpy as np
import pytest

import engine
from tests.adapters import cases, edge_cases, game_ids, option_cases, require

pyspiel = require("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from engine import tensor  # noqa: E402
from engine.adapters import openspiel  # noqa: E402

CASES = cases()


def _playout(state, seed: int, steps: int | None = None):
    """Random moves from `state` (in place) until terminal or `steps` moves."""
    pick = random.Random(seed)
    while not state.is_terminal() and steps != 0:
        state.apply_action(pick.choice(state.legal_actions()))
        steps = None if steps is None else steps - 1
    return state


@pytest.mark.parametrize(("game_id", "n", "options"), edge_cases())
@pytest.mark.slow
def test_openspiel_random_sim_test_passes(game_id, n, options):
    game = openspiel.load_game(game_id, players=n, seed=11, **options)
    assert game.num_players() == n
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    # serialize=False: pyspiel's SerializeGameAndState asks the Game for its RNG state,
    # which OpenSpiel does not forward to Python games; state serialization is below.
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(("game_id", "n", "options"), CASES + option_cases())
def test_parameters_reach_the_engine_and_ids_match_ours(game_id, n, options):
    game = openspiel.load_game(game_id, players=n, seed=5, **options)
    state = game.new_initial_state()
    ours = engine.make(game_id, n, 5, **options)
    assert state.core.to_bytes() == ours.to_bytes()
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert state.legal_actions() == sorted(ours.action_id(a) for a in ours.legal_actions())
    mask = np.asarray(state.legal_actions_mask(), dtype=bool)
    assert (mask == ours.legal_action_mask()).all()
    # the game string names every parameter and loads the same game again
    again = pyspiel.load_game(str(game))
    assert again.new_initial_state().core.to_bytes() == ours.to_bytes()


@pytest.mark.parametrize(("game_id", "n", "options"), CASES)
def test_serialize_clone_strings_and_resample(game_id, n, options):
    game = openspiel.load_game(game_id, players=n, seed=3, **options)
    length = len(_playout(game.new_initial_state(), seed=1).history())
    state = _playout(game.new_initial_state(), seed=1, steps=length // 2)  # mid-game
    # serialize / deserialize_state: exact engine state and history
    back = game.deserialize_state(state.serialize())
    assert back.core.to_bytes() == state.core.to_bytes()
    assert back.history() == state.history()
    # clones are independent
    twin = state.clone()
    assert not state.is_terminal()
    before = state.core.to_bytes()
    twin.apply_action(twin.legal_actions()[0])
    assert state.core.to_bytes() == before
    lay = tensor.layout(game_id, n, **options)
    assert game.observation_tensor_shape() == list(lay.shape)
    assert game.information_state_tensor_shape() == list(lay.shape)
    for p in range(n):
        obs = state.core.observation(p)
        assert state.observation_string(p) == msgspec.json.encode(obs).decode()
        assert state.information_state_string(p) == state.observation_string(p)
        assert state.observation_tensor(p) == pytest.approx(lay.encode(obs).tolist())
        assert state.information_state_tensor(p) == state.observation_tensor(p)
    p = state.current_player()
    # strings are cached per position: an action must refresh them
    moved = state.clone()
    seen = moved.observation_string(p)
    moved.apply_action(moved.legal_actions()[-1])
    assert moved.observation_string(p) == msgspec.json.encode(moved.core.observation(p)).decode()
    assert moved.observation_string(p) != seen
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    samples = [state.resample_from_infostate(p, sampler) for _ in range(4)]
    for s in samples:
        assert s.information_state_string(p) == state.information_state_string(p)
        assert s.current_player() == p and s.legal_actions() == state.legal_actions()
        assert s.history() == state.history()
    assert len({s.core.to_bytes() for s in samples}) > 1, "resampling ignores the sampler"


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_mcts_bot_plays_a_whole_game(game_id):
    """OpenSpiel's (Python) MCTSBot. The C++ pyspiel.MCTSBot crashes on any Python game,
    OpenSpiel's own python_tic_tac_toe included, so it is not used."""
    game = openspiel.load_game(game_id, seed=2)
    evaluator = openspiel.HeuristicEvaluator()
    bot = mcts.MCTSBot(game, 1.4, 3, evaluator, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) >= 0


@pytest.mark.parametrize("game_id", game_ids())
def test_openspiel_ismcts_bot_plays_a_whole_game(game_id):
    """OpenSpiel's (Python) ISMCTSBot, determinizing through resample_from_infostate."""
    game = openspiel.load_game(game_id, seed=4)
    evaluator = openspiel.HeuristicEvaluator()
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 3, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert state.core.is_terminal()


def test_rollout_evaluator_works_too():
    """OpenSpiel's stock random-rollout evaluator, on the small kit game."""
    game = openspiel.load_game("kit", players=3, seed=9)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 1.4, 10, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sorted(state.returns()) == sorted(
        openspiel.rank_returns(state.core.ranking()))


def test_rl_environment_accepts_the_games_now_that_they_have_tensors():
    """OpenSpiel's RL environment needs information-state tensors."""
    from open_spiel.python import rl_environment

    game = openspiel.load_game("kit", players=2, seed=3)
    environment = rl_environment.Environment(game)
    step = environment.reset()
    assert len(step.observations["info_state"][0]) == game.information_state_tensor_size()
    pick = random.Random(0)
    while not step.last():
        seat = step.observations["current_player"]
        step = environment.step([pick.choice(step.observations["legal_actions"][seat])])
    assert sorted(step.rewards) == sorted(openspiel.rank_returns(
        environment.get_state.core.ranking()))


def test_bad_parameters_raise_a_clear_error():
    with pytest.raises(engine.InvalidConfigError, match="2-4 players, not 9"):
        openspiel.load_game("kit", players=9)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        openspiel.load_game("kit", colour="red")


def test_register_is_idempotent_and_names_are_prefixed():
    builtin = [g for g in game_ids() if g in engine.registry.BUILTIN]
    for game_id in builtin:  # registered on import, loadable by name alone
        assert pyspiel.load_game(f"dynasty_{game_id}").num_players() == 2
    names = openspiel.register_all()
    assert names == [openspiel.short_name(g) for g in game_ids()]
    assert openspiel.register_all() == names
    assert set(names) <= set(pyspiel.registered_names())


def test_illegal_actions_raise_our_error_and_change_nothing():
    game = openspiel.load_game("kit", seed=1)
    state = game.new_initial_state()
    before = state.core.to_bytes()
    illegal = next(a for a in range(game.num_distinct_actions())
                   if a not in state.legal_actions())
    for action in (illegal, game.num_distinct_actions()):
        with pytest.raises(engine.IllegalActionError):
            state.apply_action(action)
    assert state.history() == [] and state.core.to_bytes() == before
