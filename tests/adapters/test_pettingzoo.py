"""PettingZoo adapter: PettingZoo's own api_test and seed_test on every registered game."""

from __future__ import annotations

import numpy as np
import pytest

import engine
from tests.adapters import cases, option_cases, require

require("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from engine import tensor  # noqa: E402
from engine.adapters import rank_returns  # noqa: E402
from engine.adapters.pettingzoo import (  # noqa: E402
    DynastyEnv,
    decode_observation,
    env,
    layout,
    raw_env,
)

CASES = cases()


@pytest.mark.parametrize(("game_id", "n", "options"), CASES)
def test_pettingzoo_api_test_passes(game_id, n, options):
    e = env(game_id, n, render_mode="ansi", **options)
    # num_cycles bounds the play test; every game here ends well within it
    api_test(e, num_cycles=engine.get_game(game_id).max_decisions)


@pytest.mark.parametrize(("game_id", "n", "options"), CASES)
def test_pettingzoo_seed_test_passes(game_id, n, options):
    seed_test(lambda: env(game_id, n, **options), num_cycles=100)


@pytest.mark.parametrize(("game_id", "n", "options"), CASES)
def test_observations_masks_and_rewards_match_the_engine(game_id, n, options):
    e = env(game_id, n, **options)
    lay = tensor.layout(game_id, n, **options)
    assert layout(e) is lay
    assert e.observation_space("player_0")["observation"].shape == (lay.size,)
    e.reset(seed=13)
    twin = engine.make(game_id, n, 13, **options)
    pick = np.random.default_rng(0)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        total[agent] += reward
        seat = int(agent.split("_")[1])
        assert obs["observation"].dtype == np.float32
        assert (obs["observation"] == lay.encode(twin.observation(seat))).all()
        assert e.unwrapped.observation_of(agent) == twin.observation(seat)
        if term or trunc:
            e.step(None)
            continue
        assert seat == twin.current_player()
        assert (obs["action_mask"].astype(bool) == twin.legal_action_mask()).all()
        action = int(pick.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
        twin.apply(twin.action_from_id(action))
    assert twin.is_terminal() and not e.agents
    assert [total[a] for a in e.possible_agents] == rank_returns(twin.ranking())


@pytest.mark.parametrize(("game_id", "n", "options"), option_cases())
def test_options_reach_the_engine(game_id, n, options):
    e = raw_env(game_id, n, **options)
    e.reset(seed=21)
    assert e.game_state.to_bytes() == engine.make(game_id, n, 21, **options).to_bytes()


def test_resets_without_a_seed_play_new_but_reproducible_games():
    a, b = DynastyEnv("kit", 2, seed=5), DynastyEnv("kit", 2, seed=5)
    a.reset()
    first = a.game_state.to_bytes()
    assert first == engine.make("kit", 2, 5).to_bytes()
    a.reset()
    b.reset()
    b.reset()
    assert a.game_state.to_bytes() == b.game_state.to_bytes() != first


def test_illegal_and_out_of_range_actions_raise():
    e = raw_env("kit", 2, render_mode="ansi")
    e.reset(seed=1)
    assert e.render() == engine.make("kit", 2, 1).render()
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(engine.IllegalActionError):
        e.step(illegal)
    with pytest.raises(engine.IllegalActionError):
        e.step(len(mask))


def test_bad_configuration_and_small_observation_buffer_raise_clear_errors():
    with pytest.raises(engine.InvalidConfigError, match="players"):
        env("kit", 9)
    with pytest.raises(engine.InvalidConfigError, match="no option"):
        env("kit", 2, colour="red")
    with pytest.raises(ValueError, match="observation_format"):
        env("kit", 2, observation_format="json")
    e = DynastyEnv("kit", 2, observation_format="msgpack", max_observation_bytes=16)
    e.reset(seed=1)
    with pytest.raises(engine.ArenaError, match="max_observation_bytes"):
        e.observe("player_0")


def test_the_msgpack_format_still_passes_the_api_test_and_decodes():
    e = env("kit", 2, observation_format="msgpack")
    api_test(e, num_cycles=engine.get_game("kit").max_decisions)
    e.reset(seed=4)
    obs = e.observe(e.agent_selection)["observation"]
    assert obs.dtype == np.uint8
    assert decode_observation("kit", obs) == engine.make("kit", 2, 4).observation(0)
