"""Dragon Castle (Horrible Games, 2017), 2-4 players: base game (rules doc
../shared/rules/dragon_castle.md, seed 003) with the optional dragon and spirit cards."""

from __future__ import annotations

from typing import Any

from engine import registry

from .actions import DragonCastleAction, action_space
from .data import NAMED_LAYOUTS
from .observe import DragonCastleObservation
from .rules import setup
from .state import DragonCastleState


def new_state(num_players: int, seed: int, options: dict[str, Any]) -> DragonCastleState:
    """Rules §3: a new game on the standard layout for the player count."""
    return DragonCastleState(**setup(num_players, seed, options))


GAME = registry.Game(
    id="dragon_castle",
    name="Dragon Castle",
    min_players=2,
    max_players=4,
    new_state=new_state,
    sample_state=DragonCastleState.sample,
    action_space=action_space,
    state_type=DragonCastleState,
    observation_type=DragonCastleObservation,
    action_type=DragonCastleAction,
    options=(
        registry.Option("dragon_card", False,
                        "draw 1 random dragon card that adds end-game points (rules §9)"),
        registry.Option("spirit_card", False,
                        "draw 1 random spirit card, activated once per turn for a cost "
                        "(rules §8)"),
        *(registry.Option(name, False, f"build the castle as the {name.replace('_', ' ')} "
                          f"layout (rules §4.4, best for {'/'.join(map(str, best))} players)")
          for name, (_, best) in NAMED_LAYOUTS.items()),
    ),
    presets=(
        {"dragon_card": True}, {"spirit_card": True}, {"dragon_card": True, "spirit_card": True},
        {"four_seasons": True}, {"thousand_towers": True, "dragon_card": True},
        {"pillars_of_creation": True, "spirit_card": True}, {"fortress": True},
        {"forbidden_city": True, "dragon_card": True, "spirit_card": True},
        {"gates_of_destiny": True, "spirit_card": True},
    ),
    max_decisions=3000,
    summary="take mahjong-like stones from a crumbling castle, merge sets, build shrines",
    bot="bots.heuristic.dragon_castle:HeuristicBot",
    search_profile={"order": 1, "widen": 1.0, "rollout": "greedy", "depth": 0, "c": 0.1},
)
