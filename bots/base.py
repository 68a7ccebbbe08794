"""The bot protocol: observation in, action out (docs/architecture.md, "The contract")."""

from __future__ import annotations

import random

from engine.protocol import Action, Observation, State


class BotTimeout(Exception):
    """The bot did not answer in time (the harness records kind "timeout")."""


class MalformedOutput(Exception):
    """The bot answered something that is not an action (kind "malformed")."""


class Bot:
    """Base class of in-process bots.

    The harness calls `reset` before every game (bots keep no state across games
    unless `reset` clears it), then `act` for each of the seat's decisions, then `close`.
    """

    name: str = "bot"

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        """Start a new game as `seat`; `seed` makes the bot's own choices reproducible."""

    def act(self, observation: Observation, time_left: float | None) -> Action:
        """Choose one of `observation.legal_actions` within `time_left` seconds (None: no limit)."""
        raise NotImplementedError

    def close(self) -> None:
        """Release resources (subprocesses, files)."""

    def action_values(self, observation: Observation) -> list[float] | None:
        """Optional: one value per legal action, in order (higher is better), for searches
        that order their expansions by it (docs/mcts.md). None: the bot does not say."""
        return None

    def state_values(self, state: State, legal: list[Action]) -> list[float] | None:
        """`action_values` for the seat to move in `state`, a full state a search already
        holds (a determinization drawn from the searching seat's observation), in the
        order of `legal` (the caller's `state.legal_actions()`, not asked for again); it
        must not change `state`. The default asks
        `action_values` with that seat's observation; a bot that would sample a full state
        from it anyway may value `state` directly and save the sample."""
        return self.action_values(state.observation(state.current_player()))

    def position_values(self, state: State) -> list[float] | None:
        """Optional: the bot's value of a position for every seat, each in [0, 1] (higher is
        better), for searches that stop a playout early and would otherwise read
        `State.heuristic` (`mcts:leaf=bot`). It must not change `state`. None: no opinion."""
        return None

    def win_features(self, state: State) -> list[list[float]] | None:
        """Optional: every seat's features of a position, the inputs of a win model
        (`bots.win_model`: a seat's chance to win is a softmax of weights times them),
        valued as that seat sees its own chances. It must not change `state`. None: the bot
        has no win model."""
        return None


class RandomBot(Bot):
    """Uniformly random legal action, from a generator seeded by `reset`."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        return self.rng.choice(observation.legal_actions)
