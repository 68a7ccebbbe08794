"""`mcts:model=PATH`: a trained value model (harness/training/, `arena train`) as the search's leaf
evaluator. The model file is read once per process (again when it changes) and checked
against the game, player count and numeric-observation layout it is used for; each seat's
observation of an unfinished position is encoded (`engine.tensor`) and valued in numpy.

A bot is not told the game's options: the layout is the one of the options the model was
trained with (an observation that does not fit it raises `TensorOverflow`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache

import numpy as np

from bots.mcts_leaf import ModelLeaf
from bots.model_file import Model, ModelError, check_for, check_layout, load
from bots.policy_net import PolicyNet
from bots.value_net import ValueNet
from engine import tensor
from engine.protocol import Action, State


class SeatValues:
    """Every seat's value of a position by the model: its observation, encoded (with
    `heuristic`, added to the game's `State.heuristic` of the seat). The model learned
    each seat's result (`rank_rewards`) on its own; as places are shared, those results
    always add up to n/2, and the values are shifted alike to add up to that too (at 2
    players: seat 0's value is the mean of its own estimate and 1 - seat 1's)."""

    def __init__(self, net: ValueNet, layout: tensor.Layout, heuristic: bool) -> None:
        self.net, self.layout, self.heuristic = net, layout, heuristic
        self._rows = np.zeros((layout.num_players, layout.size), np.float32)
        self._base = np.zeros(layout.num_players, np.float32)

    def values(self, state: State) -> list[float]:
        rows, base = self._rows, self._base
        for seat in range(state.num_players):
            self.layout.encode(state.observation(seat), rows[seat])
            if self.heuristic:
                base[seat] = state.heuristic(seat)
        v = self.net.predict(rows, base if self.heuristic else None)
        n = len(v)
        return np.clip(v + (n / 2 - float(v.sum())) / n, 0.0, 1.0).tolist()


class OwnView:
    """At 2 players: the position valued from the searching seat's own view only (its
    observation, encoded as entries, `ValueNet.predict_entries`); the other seat's value
    is 1 minus it (the two results add up to 1). Half the cost of `SeatValues` per leaf:
    one observation, one encoding, one heuristic, one row through the net."""

    def __init__(self, net: ValueNet, layout: tensor.Layout, heuristic: bool,
                 seat: int) -> None:
        self.net, self.layout, self.heuristic, self.seat = net, layout, heuristic, seat

    def values(self, state: State) -> list[float]:
        seat = self.seat
        ix, vx = self.layout.entries(state.observation(seat))
        v = self.net.predict_entries(ix, vx, state.heuristic(seat) if self.heuristic else 0.0)
        return [v, 1.0 - v] if seat == 0 else [1.0 - v, v]


@lru_cache(maxsize=16)
def read(path: str, _mtime_ns: int, _size: int) -> Model:
    """The model in `path`; `_mtime_ns` and `_size` are only the cache's key, so that a
    changed file is read again."""
    return load(path)


def model_at(path: str) -> Model:
    """The model in `path` (ModelError, one line, if it cannot be read)."""
    full = os.path.abspath(path)
    try:
        st = os.stat(full)
    except OSError as e:
        raise ModelError(f"cannot read model {path}: {e.strerror}") from None
    return read(full, st.st_mtime_ns, st.st_size)


def check_spec_game(given: Mapping[str, object], game_id: str,
                    num_players: int | None = None) -> None:
    """An `mcts` spec's parameters (`BotSpec.params`) naming a model trained for another
    game (or, when `num_players` is given, another player count or observation layout):
    ModelError (one line) before any game starts."""
    path = given.get("model")
    if isinstance(path, str):
        check_model_file(path, game_id, num_players)
        if given.get("prior") and model_at(path).policy is None:
            raise ModelError(no_prior(path))


def no_prior(path: str) -> str:
    """The one line for `prior=` with a model that has no move prior."""
    return (f"model {path} has no move prior (train with arena train --policy); prior= "
            "needs one")


def check_model_file(path: str, game_id: str, num_players: int | None = None) -> None:
    """ModelError (one line) unless the model in `path` was trained for `game_id` (and,
    when `num_players` is given, that player count and today's observation layout)."""
    if num_players is not None:
        checked(path, game_id, num_players)
    elif (trained_for := model_at(path).header.game) != game_id:
        raise ModelError(f"model {path} was trained for {trained_for}, not {game_id}")


def checked(path: str, game_id: str, num_players: int) -> tuple[Model, tensor.Layout]:
    """The model in `path` and the layout it reads, refused (ModelError, one line) when
    trained for another game, player count or layout."""
    model = model_at(path)
    check_for(model, path, game_id, num_players)
    lay = tensor.layout(game_id, num_players, **model.header.options)
    check_layout(model, path, tensor.LAYOUT_VERSION, lay.fingerprint)
    if model.net.inputs != lay.size:
        raise ModelError(f"model {path} reads {model.net.inputs} numbers, the layout it names "
                         f"has {lay.size}")
    return model, lay


def model_leaf(path: str, game_id: str, num_players: int, reward: str = "rank",
               seat: int | None = None) -> ModelLeaf:
    """The leaf evaluator of `mcts:model=PATH` (from `seat`'s own view alone at 2 players,
    when given: `OwnView`)."""
    model, lay = checked(path, game_id, num_players)
    heuristic = model.header.base == "heuristic"
    if seat is not None and num_players == 2:
        return ModelLeaf(OwnView(model.net, lay, heuristic, seat), reward)
    return ModelLeaf(SeatValues(model.net, lay, heuristic), reward)


class MovePrior:
    """`prior`: the model's move prior at a position: each legal action's probability for
    the seat to move, from that seat's observation (`PolicyNet`); uniform where the
    observation does not fit the layout (`TensorOverflow`, counted in `misfits`)."""

    def __init__(self, policy: PolicyNet, layout: tensor.Layout) -> None:
        self.policy, self.layout = policy, layout
        self.misfits = 0

    def __call__(self, state: State) -> dict[Action, float]:
        legal = state.legal_actions()
        try:
            ix, vx = self.layout.entries(state.observation(state.current_player()))
        except tensor.TensorOverflow:
            self.misfits += 1
            return dict.fromkeys(legal, 1.0 / len(legal))
        id_of = state.action_space().id_of  # looked up once, not per action
        ids = [id_of(a) for a in legal]
        return dict(zip(legal, self.policy.probabilities(ix, vx, ids), strict=True))


def move_prior(path: str, game_id: str, num_players: int) -> MovePrior:
    """The move prior of the model in `path` (ModelError, one line, if it has none or was
    trained for something else)."""
    model, lay = checked(path, game_id, num_players)
    if model.policy is None:
        raise ModelError(no_prior(path))
    return MovePrior(model.policy, lay)
