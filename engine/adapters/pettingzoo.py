"""PettingZoo adapter: each registered game as an AEC environment.

    from engine.adapters.pettingzoo import env, decode_observation
    e = env("kit", num_players=3)
    e.reset(seed=7)                       # the same game as engine.make("kit", 3, 7)
    for agent in e.agent_iter():
        obs, reward, term, trunc, info = e.last()
        e.step(None if term or trunc else e.action_space(agent).sample(obs["action_mask"]))

Agents are `player_<seat>`; actions are our stable action ids (`Discrete`); each
observation is a dict with `action_mask` (int8, ones only for the agent to move) and
`observation`: the seat's numeric observation (`engine.tensor`: float32, fixed shape per
game, player count and options; `layout(env)` describes it). With
`observation_format="msgpack"` it is instead the seat's `Observation` MessagePack-encoded
into a fixed-size uint8 vector (4-byte little-endian length, then the bytes, zero
padding); `decode_observation` gives the typed struct back. `env.unwrapped.observation_of`
gives the typed observation in either format. Rewards come at the end only: the rank-based
returns of `engine.adapters.rank_returns`.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import msgspec
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import engine
from engine import tensor
from engine.adapters import rank_returns
from engine.common.rng import derive_seed
from engine.protocol import ArenaError, Observation, State

#: default size of the encoded observation vector; real games need under 3 KiB
MAX_OBSERVATION_BYTES = 16_384
_HEADER = 4
_ENCODER = msgspec.msgpack.Encoder()


def env(game_id: str, num_players: int = 2, **kwargs: Any) -> AECEnv:
    """An AEC environment for `game_id`, wrapped like PettingZoo's classic games.

    Keyword arguments: `seed` (used by the first `reset()` without a seed),
    `render_mode` ("ansi" or "human"), `observation_format` ("tensor", the default, or
    "msgpack"), `max_observation_bytes` (msgpack only), and the game's options.
    """
    raw = DynastyEnv(game_id, num_players, **kwargs)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))


def raw_env(game_id: str, num_players: int = 2, **kwargs: Any) -> DynastyEnv:
    """The unwrapped environment (PettingZoo's `raw_env` convention)."""
    return DynastyEnv(game_id, num_players, **kwargs)


def layout(e: AECEnv) -> tensor.Layout:
    """The layout of an environment's numeric observations (names, offsets, shapes)."""
    raw: DynastyEnv = e.unwrapped  # type: ignore[assignment]
    return raw.layout


def encode_observation(obs: Observation, size: int) -> np.ndarray:
    """The fixed-size uint8 form of an observation (see the module docstring)."""
    data = _ENCODER.encode(obs)
    if _HEADER + len(data) > size:
        raise ArenaError(f"observation of {len(data)} bytes does not fit in {size}; "
                         "pass a larger max_observation_bytes to env()")
    out = np.zeros(size, dtype=np.uint8)
    out[:_HEADER] = np.frombuffer(len(data).to_bytes(_HEADER, "little"), dtype=np.uint8)
    out[_HEADER:_HEADER + len(data)] = np.frombuffer(data, dtype=np.uint8)
    return out


def decode_observation(game_id: str, vector: np.ndarray) -> Observation:
    """The typed observation from `obs["observation"]`."""
    raw = np.asarray(vector, dtype=np.uint8).tobytes()
    length = int.from_bytes(raw[:_HEADER], "little")
    obs_type = engine.get_game(game_id).observation_type
    return msgspec.msgpack.decode(raw[_HEADER:_HEADER + length], type=obs_type)


class DynastyEnv(AECEnv):
    """The unwrapped AEC environment; `game_state` is the engine state being played."""

    metadata = {"render_modes": ["ansi", "human"], "name": "dynasty_v0",
                "is_parallelizable": False}

    def __init__(
        self, game_id: str, num_players: int = 2, *, seed: int = 0,
        render_mode: str | None = None, observation_format: str = "tensor",
        max_observation_bytes: int = MAX_OBSERVATION_BYTES, **options: Any,
    ) -> None:
        super().__init__()
        game = engine.get_game(game_id)
        game.check_players(num_players)
        self.game_id = game_id
        self.num_players = num_players
        self.options = game.resolve_options(options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"dynasty_{game_id}_v0"}
        if observation_format not in ("tensor", "msgpack"):
            raise ValueError("observation_format must be 'tensor' or 'msgpack', "
                             f"not {observation_format!r}")
        self.observation_format = observation_format
        self.max_observation_bytes = max_observation_bytes
        self.layout = tensor.layout(game_id, num_players, **self.options)
        if observation_format == "tensor":
            box = spaces.Box(-np.inf, np.inf, self.layout.shape, np.float32)
        else:
            box = spaces.Box(0, 255, (max_observation_bytes,), np.uint8)
        self.possible_agents = [f"player_{p}" for p in range(num_players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        size = game.action_space(num_players, self.options).size
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": box,
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            })
            for a in self.possible_agents
        }
        self._seed = seed
        self._resets = 0
        self.game_state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: `reset(seed=s)` plays engine.make(game, n, s); later resets without
        a seed play seeds derived from it. `options` is ignored (game options are fixed
        when the environment is made)."""
        if seed is not None:
            self._seed, self._resets = int(seed), 0
        game_seed = self._seed if self._resets == 0 else derive_seed(
            self._seed, "pettingzoo", "reset", self._resets)
        self._resets += 1
        self.game_state = engine.make(self.game_id, self.num_players, game_seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._state()
        seat = self._seat[agent]
        if state.current_player() == seat:
            mask = state.legal_action_mask().astype(np.int8)
        else:
            mask = np.zeros(state.num_distinct_actions(), dtype=np.int8)
        obs = state.observation(seat)
        if self.observation_format == "tensor":
            vector = self.layout.encode(obs)
        else:
            vector = encode_observation(obs, self.max_observation_bytes)
        return {"observation": vector, "action_mask": mask}

    def observation_of(self, agent: str) -> Observation:
        """The agent's typed `Observation` (what the numeric one is computed from)."""
        return self._state().observation(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        state.apply(state.action_from_id(int(action)))  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            returns = rank_returns(state.ranking())
            self.rewards = {a: returns[self._seat[a]] for a in self.agents}
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = self.agents[0]
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; "
                                  "pass render_mode='ansi' or 'human' to env()")
            return None
        text = self._state().render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    def _state(self) -> State:
        if self.game_state is None:
            raise ArenaError("call reset() before using the environment")
        return self.game_state
