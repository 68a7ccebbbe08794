"""The bot protocol: observation in, action out (docs/architecture.md, "The contract")."""

from __future__ import annotations

import random

from engine.protocol import Action, Observation


class BotTimeout(Exception):
    """The bot did not answer in time (the harness records kind "timeout")."""


class MalformedOutput(Exception):
    """The bot answered something that is not an action (kind "malformed")."""


class Bot:
    """Base class of in-process bots.

    The harness calls `reset` before every game (bots keep no state across games
    unless `reset` clears it), then `act` for each of the seat's decisions, then `close`.
    A rule-based bot may also give searches hints (`bots.search_hints.SearchHints`).
    """

    name: str = "bot"

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        """Start a new game as `seat`; `seed` makes the bot's own choices reproducible."""

    def act(self, observation: Observation, time_left: float | None) -> Action:
        """Choose one of `observation.legal_actions` within `time_left` seconds (None: no limit)."""
        raise NotImplementedError

    def close(self) -> None:
        """Release resources (subprocesses, files)."""


class RandomBot(Bot):
    """Uniformly random legal action, from a generator seeded by `reset`."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reset(self, game_id: str, num_players: int, seat: int, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation, time_left: float | None) -> Action:
        return self.rng.choice(observation.legal_actions)
