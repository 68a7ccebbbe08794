"""A policy function over numeric observations, as a bot (spec `policy:module:function`).

The function is what a PettingZoo-trained agent already is:

    def policy(observation: np.ndarray, action_mask: np.ndarray) -> int

`observation` is the seat's numeric observation (`engine.tensor`, the PettingZoo
environment's `obs["observation"]`), `action_mask` the int8 legal-action mask
(`obs["action_mask"]`); the answer is an action id. Spec parameters are the game's
options (`policy:my_agent:act:great_wall=true`): the layout depends on them, and bots are
not told the options, so a policy for a non-default set-up names them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import engine
from bots.base import Bot, MalformedOutput
from engine import tensor
from engine.protocol import Action, ActionSpace, Observation

Policy = Callable[[np.ndarray, np.ndarray], int]


class PolicyBot(Bot):
    """Plays `policy(observation tensor, action mask) -> action id` in any game."""

    def __init__(self, policy: Policy, name: str = "policy", **options: Any) -> None:
        self.policy = policy
        self.name = name
        self.options = options
        self.layout: tensor.Layout | None = None
        self.space: ActionSpace | None = None

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        game = engine.get_game(game_id)
        resolved = game.resolve_options(self.options, num_players)
        self.layout = tensor.layout(game_id, num_players, **resolved)
        self.space = game.action_space(num_players, resolved)

    def inputs(self, observation: Observation) -> tuple[np.ndarray, np.ndarray]:
        """The policy's two arguments for `observation`."""
        if self.layout is None or self.space is None:
            raise RuntimeError("reset() first")
        mask = self.space.mask(observation.legal_actions).astype(np.int8)
        return self.layout.encode(observation), mask

    def act(self, observation: Observation, time_left: float | None) -> Action:
        vec, mask = self.inputs(observation)
        choice = self.policy(vec, mask)
        try:
            action_id = int(choice)
        except (TypeError, ValueError) as e:
            raise MalformedOutput(f"policy answered {choice!r}, not an action id") from e
        return self.space.from_id(action_id)  # type: ignore[union-attr]

