"""OpenSpiel adapter: each registered game as the OpenSpiel Python game `dynasty_<game id>`.

    from engine.adapters import openspiel   # registers dynasty_<id> for the built-in games
    game = openspiel.load_game("huang", players=3, seed=7)   # a pyspiel.Game

Games registered later (plug-ins, tests) are registered by `load_game` or `register`.
Parameters: `players`, `seed` (a C++ int in OpenSpiel: 32-bit signed) and every game
option. Actions are our stable action ids.
Our games keep randomness in the state's seeded generator, so they are declared
`SAMPLED_STOCHASTIC`: there are no chance nodes, a clone carries the generator (so it
replays the same future), and `resample_from_infostate` (backed by `engine.sample_state`)
is the fair way to search without seeing hidden parts or the future. See docs/adapters.md.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, ClassVar

import msgspec
import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import engine
from engine import tensor
from engine.adapters import default_players, rank_returns
from engine.common.rng import derive_seed
from engine.protocol import InvalidConfigError, State, action_words
from engine.registry import Game

PREFIX = "dynasty_"
_PARAM_TYPES = (bool, int, float, str)
_registered: set[str] = set()
_JSON = msgspec.json.Encoder()


def short_name(game_id: str) -> str:
    """The OpenSpiel name of one of our games."""
    return PREFIX + game_id


def _parameter_spec(game: Game) -> dict[str, Any]:
    spec: dict[str, Any] = {"players": default_players(game), "seed": 0}
    for opt in game.options:
        if not isinstance(opt.default, _PARAM_TYPES):
            continue  # OpenSpiel parameters are bool/int/float/str; the default is used
        spec[opt.name] = opt.default
    return spec


def _game_type(game: Game) -> pyspiel.GameType:
    GT = pyspiel.GameType
    return GT(
        short_name=short_name(game.id),
        long_name=f"Dynasty Arena: {game.name}",
        dynamics=GT.Dynamics.SEQUENTIAL,
        chance_mode=GT.ChanceMode.SAMPLED_STOCHASTIC,
        information=GT.Information.IMPERFECT_INFORMATION,
        utility=GT.Utility.ZERO_SUM if game.min_players >= 2 else GT.Utility.GENERAL_SUM,
        reward_model=GT.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameter_spec(game),
    )


def register(game_id: str) -> str:
    """Register one game with OpenSpiel (idempotent); returns its OpenSpiel name."""
    name = short_name(game_id)
    if name in _registered:
        return name
    game = engine.get_game(game_id)
    game_type = _game_type(game)
    # A class, not a closure: OpenSpiel keeps the creator in a C++ static that is
    # destroyed after the interpreter; a class (self-referencing) is never freed there,
    # while a lone closure or partial would be, without the GIL, aborting the process.
    creator = type(f"DynastyGame_{game.id}", (DynastyGame,),
                   {"GAME_ID": game.id, "GAME_TYPE": game_type})
    pyspiel.register_game(game_type, creator)
    _registered.add(name)
    return name


def register_all() -> list[str]:
    """Register every available game; returns their OpenSpiel names."""
    return [register(g.id) for g in engine.list_games()]


def load_game(game_id: str, **params: Any) -> pyspiel.Game:
    """Register `game_id` if needed and load it with OpenSpiel parameters."""
    return pyspiel.load_game(register(game_id), params)


def wrap(game: pyspiel.Game, core: State) -> DynastyState:
    """An OpenSpiel state of `game` (a `DynastyGame`) around the engine state `core`, e.g.
    one from `engine.sample_state`; its OpenSpiel history starts empty."""
    if not isinstance(game, DynastyGame) or game.spec[0] != core.game_id:
        raise ValueError(f"{core.game_id} state for the OpenSpiel game {game}")
    state = game.new_initial_state()
    state._core = _Core(game.spec, core)
    return state


class DynastyGame(pyspiel.Game):
    """One of our games at one player count, seed and option set. `register` makes one
    subclass per game, naming it in `GAME_ID` and `GAME_TYPE`."""

    GAME_ID: ClassVar[str] = ""
    GAME_TYPE: ClassVar[pyspiel.GameType]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game = engine.get_game(self.GAME_ID)
        params = dict(params or {})
        n = int(params.get("players", default_players(game)))
        game.check_players(n)
        options = game.resolve_options({o.name: params[o.name] for o in game.options
                                        if o.name in params})
        seed = params.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidConfigError(f"seed must be an integer, got {seed!r}")
        info = pyspiel.GameInfo(
            num_distinct_actions=game.action_space(n, options).size,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if game.min_players >= 2 else None,
            max_game_length=game.max_decisions,
        )
        super().__init__(self.GAME_TYPE, info, params)
        self.spec = (game.id, n, seed, tuple(sorted(options.items())))

    @functools.cached_property
    def layout(self) -> tensor.Layout:
        """The numeric observation's layout (engine.tensor); both tensors use it. Made on
        first use: its probe games take up to seconds, and many uses load a game to play it
        without tensors."""
        game_id, n, _, options = self.spec
        return tensor.layout(game_id, n, **dict(options))

    def new_initial_state(self) -> DynastyState:
        return DynastyState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: dict[str, Any] | None = None,
    ) -> Observer:
        return Observer(iig_obs_type, params, self.layout)


class _Core:
    """Holds our engine state for a `DynastyState`; made on first use, cloned cheaply.

    OpenSpiel clones a Python state by building a new initial state and deep-copying
    its `__dict__`, and serializes by pickling it: both come here.
    """

    __slots__ = ("spec", "state", "strings")

    def __init__(self, spec: tuple, state: State | None = None) -> None:
        self.spec = spec
        self.state = state
        #: observation strings of the current position by seat (search asks repeatedly)
        self.strings: dict[int, str] = {}

    def get(self) -> State:
        if self.state is None:
            game_id, n, seed, options = self.spec
            self.state = engine.make(game_id, n, seed, **dict(options))
        return self.state

    def __deepcopy__(self, memo: dict) -> _Core:
        return _Core(self.spec, None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Callable[..., _Core], tuple]:
        data = None if self.state is None else self.state.to_bytes()
        return _restore, (self.spec, data)


def _restore(spec: tuple, data: bytes | None) -> _Core:
    if data is None:
        return _Core(spec)
    return _Core(spec, engine.get_game(spec[0]).state_type.from_bytes(data))


class DynastyState(pyspiel.State):
    """An OpenSpiel view of one of our states; `core` is the engine state itself."""

    def __init__(self, game: DynastyGame) -> None:
        super().__init__(game)
        self._core = _Core(game.spec)

    @property
    def core(self) -> State:
        """The wrapped engine state (read it, but apply actions through OpenSpiel)."""
        return self._core.get()

    def current_player(self) -> int:
        return self.core.current_player()  # our TERMINAL is OpenSpiel's kTerminalPlayerId

    def _legal_actions(self, player: int) -> list[int]:
        core = self.core
        space = core.action_space()
        return sorted(space.id_of(a) for a in core.legal_actions())

    def _apply_action(self, action: int) -> None:
        core = self.core
        core.apply(core.action_from_id(int(action)))
        self._core.strings.clear()

    def _action_to_string(self, player: int, action: int) -> str:
        """The action in rulebook words (`describe_action`) when it is a legal option of
        `player`'s pending decision, else the generic words (type and fields)."""
        core = self.core
        act = core.action_from_id(int(action))
        if player == core.current_player():
            is_legal = getattr(core, "is_legal", None)
            if is_legal(act) if is_legal is not None else act in core.legal_actions():
                try:
                    return core.describe_action(act)
                except Exception:  # a game without words for this decision yet
                    pass
        return action_words(act)

    def is_terminal(self) -> bool:
        return self.core.is_terminal()

    def returns(self) -> list[float]:
        core = self.core
        if not core.is_terminal():
            return [0.0] * self.num_players()
        return rank_returns(core.ranking())

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> DynastyState:
        """A state `player_id` cannot tell from this one: hidden parts and the generator
        resampled by `engine.sample_state`, seeded from one draw of the sampler."""
        draw = int(float(probability_sampler()) * (1 << 53))
        seed = derive_seed(draw, "openspiel", "resample_from_infostate")
        sampled = engine.sample_state(self.core.observation(player_id), seed)
        twin = self.clone()
        twin._core = _Core(self._core.spec, sampled)
        return twin

    def __str__(self) -> str:
        return self.core.render()

    def observation_json(self, player: int) -> str:
        """`player`'s observation as JSON (cached until the next action)."""
        cache = self._core.strings
        text = cache.get(player)
        if text is None:
            text = cache[player] = _JSON.encode(self.core.observation(player)).decode()
        return text


class Observer:
    """OpenSpiel's PyObserver for our games. The string is the seat's `Observation` as
    JSON; the tensor is its numeric form (`engine.tensor`, float32 of the layout's size;
    `dict["observation"]` is the same array).

    Our `Observation` is by contract everything the seat may know, so it serves as both
    the observation and the information state. Public-only or all-players views are not
    expressible: an observation does not mark which of its fields are private.
    """

    def __init__(
        self, iig_obs_type: pyspiel.IIGObservationType | None,
        params: dict[str, Any] | None, layout: tensor.Layout,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                f"unsupported observation type (public_info={iig_obs_type.public_info}, "
                f"private_info={iig_obs_type.private_info}): only the seat's own view "
                "(public info and its own private info) is available")
        self.layout = layout
        self.tensor = np.zeros(layout.size, dtype=np.float32)
        self.dict: dict[str, Any] = {"observation": self.tensor}

    def set_from(self, state: DynastyState, player: int) -> None:
        """Fill `tensor` with `player`'s numeric observation."""
        self.layout.encode(state.core.observation(player), out=self.tensor)

    def string_from(self, state: DynastyState, player: int) -> str:
        return state.observation_json(player)


class HeuristicEvaluator(mcts.Evaluator):
    """Leaf values from the game's own `heuristic` instead of random rollouts, for
    OpenSpiel's `MCTSBot` and `ISMCTSBot`: each seat's estimate minus the mean, a
    zero-sum vector in [-1, 1]. Priors are uniform."""

    def evaluate(self, state: DynastyState) -> np.ndarray:
        core = state.core
        h = np.array([core.heuristic(p) for p in range(state.num_players())], dtype=float)
        return h - h.mean()

    def prior(self, state: DynastyState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


register_all()
