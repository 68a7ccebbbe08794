"""Game engines behind one protocol: `engine.make(game_id, num_players, seed, **options)`."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from engine import native  # noqa: F401 - first: loads the compiled modules (issue 41)
from engine.protocol import (
    TERMINAL,
    Action,
    ActionSpace,
    ArenaError,
    IllegalActionError,
    InvalidConfigError,
    Observation,
    State,
    UnknownGameError,
)
from engine.record import Failure, MatchConfig, MatchRecord, Move
from engine.registry import Game, Option, game_ids, get_game, register

__all__ = [
    "TERMINAL", "Action", "ActionSpace", "ArenaError", "Failure", "Game", "IllegalActionError",
    "InvalidConfigError", "MatchConfig", "MatchRecord", "Move", "Observation", "Option", "State",
    "UnknownGameError", "decode_action", "decode_observation", "digest", "get_game",
    "list_games", "make", "register", "replay", "sample_state",
]


def make(game_id: str, num_players: int, seed: int = 0, **options: Any) -> State:
    """A new game. Unknown ids, bad player counts and unknown options raise one clear error."""
    game = get_game(game_id)
    game.check_players(num_players)
    opts = game.resolve_options(options, num_players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise InvalidConfigError(f"seed must be an integer, got {seed!r}")
    return game.new_state(num_players, seed, opts)


def list_games() -> list[Game]:
    """Every available game (ids, player ranges, options with their meaning)."""
    return [get_game(g) for g in game_ids()]


def sample_state(observation: Observation, seed: int) -> State:
    """A full state consistent with `observation`; hidden parts and future chance resampled."""
    return get_game(observation.game).sample_state(observation, seed)


def decode_action(game_id: str, data: Any) -> Action:
    """An action from its JSON text/bytes or its builtin (dict) form; raises IllegalActionError."""
    game = get_game(game_id)
    try:
        if isinstance(data, (bytes, str)):
            return msgspec.json.decode(data, type=game.action_type)
        return msgspec.convert(data, type=game.action_type)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise IllegalActionError(f"malformed action for {game_id}: {e}") from None


def decode_observation(game_id: str, data: bytes | str) -> Observation:
    return msgspec.json.decode(data, type=get_game(game_id).observation_type)


def digest(state: State) -> str:
    return hashlib.blake2b(state.to_bytes(), digest_size=16).hexdigest()


def replay(record: MatchRecord) -> State:
    """Rebuild the final state of a recorded game, applying every recorded action."""
    c = record.config
    state = make(c.game, c.num_players, c.seed, **c.options)
    game = get_game(c.game)
    for i, mv in enumerate(record.moves):
        if state.current_player() != mv.seat:
            raise ArenaError(
                f"record diverges at move {i}: seat {mv.seat} recorded, "
                f"seat {state.current_player()} to move"
            )
        state.apply(msgspec.convert(mv.action, type=game.action_type))
    return state
