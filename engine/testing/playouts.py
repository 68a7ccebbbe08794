"""The cases the conformance kit runs and the random playouts its checks walk through."""

from __future__ import annotations

import random
from functools import cache
from typing import Any, NamedTuple

import engine
from engine.protocol import TERMINAL, Action, State

#: the seeds of the random playouts every check walks through
SEEDS = (1, 2)
#: positions per playout at which the expensive checks run
CHECKPOINTS = 12


class ConformanceError(AssertionError):
    """A game broke one of the kit's checks; the message says which and where."""


def require(condition: object, message: str) -> None:
    """Fail the check with `message` unless `condition` holds (kept under `python -O`)."""
    if not condition:
        raise ConformanceError(message)


class Case(NamedTuple):
    """One game at one player count with one option preset."""

    game_id: str
    players: int
    preset: dict[str, Any]

    @property
    def label(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.preset.items()) or "defaults"
        return f"{self.game_id}-{self.players}p:{opts}"


def cases(game_id: str | None = None) -> list[Case]:
    """The default options at every player count; each of the game's `presets` at the fewest
    and the most players it allows (a two-player-only variant at 2 only): the counts between
    add time, not checks, as the defaults run there. Every registered game, or one."""
    games = [engine.get_game(game_id)] if game_id is not None else engine.list_games()
    out = []
    for game in games:
        presets: list[dict[str, Any]] = [{}] + [dict(p) for p in game.presets]
        for n in range(game.min_players, game.max_players + 1):
            for i, preset in enumerate(presets):
                allowed = [k for k in range(game.min_players, game.max_players + 1)
                           if game.allows(k, preset)]
                if n in allowed and (not i or n in (allowed[0], allowed[-1])):
                    out.append(Case(game.id, n, preset))
    return out


@cache
def _trajectory(game_id: str, n: int, preset_items: tuple, seed: int) -> tuple[Action, ...]:
    game = engine.get_game(game_id)
    state = engine.make(game_id, n, seed, **dict(preset_items))
    pick = random.Random(seed)
    actions: list[Action] = []
    while not state.is_terminal():
        require(len(actions) < game.max_decisions,
                f"no terminal state within {game.max_decisions} decisions")
        p = state.current_player()
        require(0 <= p < n, f"current_player {p} out of range")
        legal = state.legal_actions()
        require(legal, "non-terminal state with no legal action")
        require(len(set(legal)) == len(legal), f"duplicate legal actions: {legal}")
        require(state.legal_actions() == legal, "legal_actions() is not deterministic")
        a = pick.choice(legal)
        state.apply(a)
        actions.append(a)
    require(state.current_player() == TERMINAL, "a terminal state names a player to move")
    require(state.legal_actions() == [], "a terminal state has legal actions")
    return tuple(actions)


def trajectory(game_id: str, n: int, preset: dict[str, Any], seed: int) -> tuple[Action, ...]:
    """The actions of one seeded random playout, checking the per-step invariants on the way
    (a seat to move, options non-empty, duplicate-free and deterministic, an end within
    `max_decisions`). Cached: every check walks the same playouts."""
    return _trajectory(game_id, n, tuple(sorted(preset.items())), seed)


def positions(game_id: str, n: int, preset: dict[str, Any],
              seed: int) -> list[tuple[State, Action | None]]:
    """About CHECKPOINTS (state, next action) pairs spread over one playout, terminal last."""
    traj = trajectory(game_id, n, preset, seed)
    every = max(1, len(traj) // CHECKPOINTS)
    state = engine.make(game_id, n, seed, **preset)
    out: list[tuple[State, Action | None]] = []
    for i, a in enumerate(traj):
        if i % every == 0:
            out.append((state.clone(), a))
        state.apply(a)
    out.append((state, None))
    return out
