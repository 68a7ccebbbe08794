"""Leaf evaluation of the MCTS bot: what a position a playout stops in is worth to each seat.

A finished game is worth its places (`reward`: `rank_rewards` or `win_rewards`); a position
before the end is valued by the game's `State.heuristic(p)` (`leaf=game`), or by the
rule-based bot's `position_values` (`leaf=bot`, the game's heuristic where it gives none),
or by the chances of a win model fitted on the bot's games (`leaf=win`, `WinLeaf`), or by
a trained value model (`model=PATH`, `ModelLeaf`; bots/mcts_model.py loads it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bots.search_hints import SearchHints
from engine.protocol import State
from engine.tensor_nodes import TensorOverflow


def rank_rewards(ranking: Sequence[int]) -> list[float]:
    """Reward per seat from final places: 1 for first, 0 for last, linear; ties share.

    A seat whose place is `r`, tied with `t - 1` others, gets the mean reward of places
    r .. r + t - 1 (two players tied for first in a 2-player game get 0.5 each).
    """
    n = len(ranking)
    if n < 2:
        return [1.0] * n
    count = list(ranking).count
    return [1.0 - (place + (count(place) - 1) / 2) / (n - 1) for place in ranking]


def win_rewards(ranking: Sequence[int]) -> list[float]:
    """Reward per seat from final places for a search that plays to win: 1 for a sole
    first place, 1/k for each of k seats sharing it, 0 for every other place. With more
    than two players this is the scale of a leaf valued by a margin over the best other
    seat (a logistic of it) or by a win model's chances (`bots.win_model`), where
    `rank_rewards` would pay 2/3 for second of four."""
    firsts = list(ranking).count(0)
    return [1.0 / firsts if place == 0 else 0.0 for place in ranking]


#: terminal rewards by the `reward` parameter
REWARDS = {"rank": rank_rewards, "win": win_rewards}


def value(state: State, reward: str = "rank") -> list[float]:
    """Rewards by places when the game is over (`rank_rewards`, or `win_rewards` with
    `reward="win"`), else the game's heuristic values. A 1-seat game (a solo game against
    a rule-driven opponent) has only one place: its result is read by the game's heuristic
    there too (e.g. 0 when the opponent won, `State.no_winner()`)."""
    if state.is_terminal():
        if state.num_players == 1:
            return [float(state.heuristic(0))]
        return REWARDS[reward](state.ranking())
    return [float(state.heuristic(p)) for p in range(state.num_players)]


class Leaf(Protocol):
    """Values a position a playout stopped in (finished or not): one value per seat."""

    def __call__(self, state: State) -> list[float]: ...


class GameLeaf:
    """`leaf=game`: `value(state, reward)`."""

    def __init__(self, reward: str = "rank") -> None:
        self.reward = reward

    def __call__(self, state: State) -> list[float]:
        return value(state, self.reward)


class BotLeaf(GameLeaf):
    """`leaf=bot`: the judge's `position_values` of an unfinished position, where it gives
    them; else as `GameLeaf`."""

    def __init__(self, judge: SearchHints, reward: str = "rank") -> None:
        super().__init__(reward)
        self.judge = judge

    def __call__(self, state: State) -> list[float]:
        if not state.is_terminal():
            values = self.judge.position_values(state)
            if values is not None:
                return values
        return value(state, self.reward)


class WinLeaf(GameLeaf):
    """`leaf=win`: every seat's chance to win an unfinished position by the game's fitted
    win model (`bots.win_model`: a softmax over the seats of `weights` times the judge's
    `win_features`); a finished game as `GameLeaf`."""

    def __init__(self, judge: SearchHints, weights: Sequence[float],
                 reward: str = "rank") -> None:
        super().__init__(reward)
        from bots.win_model import chances  # numpy's module; only when asked for

        self.judge, self.weights, self.chances = judge, tuple(weights), chances

    def __call__(self, state: State) -> list[float]:
        if state.is_terminal():
            return value(state, self.reward)
        return self.chances(self.weights, self.judge.win_features(state) or [])


class PositionModel(Protocol):
    """A trained model of a position's worth: one value per seat of an unfinished state."""

    def values(self, state: State) -> list[float]: ...


class ModelLeaf(GameLeaf):
    """`model=PATH`: the trained model's values of an unfinished position (an evaluator
    object, as OpenSpiel's AlphaZero evaluators); a finished game as `GameLeaf`. A
    position whose observation does not fit the model's layout (a list longer than any
    the layout's probe games saw, `TensorOverflow`: a playout can reach one) is valued as
    `GameLeaf` values it, and counted in `misfits`."""

    def __init__(self, model: PositionModel, reward: str = "rank") -> None:
        super().__init__(reward)
        self.model = model
        self.misfits = 0

    def __call__(self, state: State) -> list[float]:
        if state.is_terminal():
            return value(state, self.reward)
        try:
            return self.model.values(state)
        except TensorOverflow:
            self.misfits += 1
            return value(state, self.reward)


#: the `leaf` parameter's choices
LEAVES = ("game", "bot", "win")
