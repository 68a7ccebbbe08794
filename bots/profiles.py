"""Per-game MCTS search profiles: game id -> the parameters that replace the search's
defaults for that game (a spec's own parameters override both). Chosen by measurement:
docs/mcts.md, "Game profiles". A game added by a plug-in registers its own (`register`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PROFILES: dict[str, Mapping[str, Any]] = {
    "year_of_the_dragon": {"guide": 0.3, "rollout": "cutoff", "depth": 30, "c": 0.3},
    # measured at 3 players against two heuristic bots: random cut-off playouts valued by
    # heuristic(p) ran 2-3x the iterations of greedy playouts for the same wins (3 of 6);
    # with heuristic(p) = position_value, 10 of 12 games won
    "rotunda": {"rollout": "cutoff", "depth": 20, "c": 0.3},
    "huang": {"order": 1, "widen": 1.0, "rollout": "ordered", "depth": 0, "c": 0.1,
              "guide": 0.1, "opponents": 3, "leaf": "bot", "reward": "win"},
    "dragon_castle": {"order": 1, "widen": 1.0, "rollout": "ordered", "depth": 0, "c": 0.1,
                      "guide": 0.1, "opponents": 2, "plan": 2, "leaf": "bot"},
    "gugong": {"rollout": "cutoff", "depth": 20, "c": 0.3},
}


def register(game_id: str, profile: Mapping[str, Any]) -> None:
    """Give `game_id` a search profile (a plug-in game's bot package, tests)."""
    PROFILES[game_id] = dict(profile)


def profile(game_id: str) -> dict[str, Any]:
    """The game's search profile ({} if it has none)."""
    return dict(PROFILES.get(game_id, {}))
