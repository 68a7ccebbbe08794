"""Huang (Reiner Knizia) for 2-5 players (§ numbers are the sections of the rules reference
docs/rules/huang.md; rulings: docs/rules/huang-notes.md).

Registers `GAME`. Options: `bandits` (§11.1), `eighteen_kingdoms` (§11.2),
`imperial_palace` (§11.3) and, at 2 players only, `short_game` (§3 step 2: 24 random
tiles leave the bag unseen). A 5-player game uses the Dragon dynasty (§11.4: identical
rules for the 5th player), so it needs no option.
"""

from __future__ import annotations

from engine import registry
from engine.games.huang.actions import HuangAction, action_space
from engine.games.huang.setup import new_state
from engine.games.huang.state import HuangObservation, HuangState
from engine.games.huang.static import STATIC_DOCS, static_data

GAME = registry.Game(
    id="huang",
    name="Huang",
    min_players=2,
    max_players=5,
    new_state=new_state,
    sample_state=HuangState.sample,
    action_space=action_space,
    state_type=HuangState,
    observation_type=HuangObservation,
    action_type=HuangAction,
    options=(
        registry.Option("imperial_palace", False, "Imperial Palace module: a palace on 4 "
                        "yellow tiles raises its kingdom's yellow-leader owner's hand to 7"),
        registry.Option("bandits", False, "Bandits module: 5 bandit tiles block the map until "
                        "a kingdom with enough red tiles connects and defeats them"),
        registry.Option("eighteen_kingdoms", False, "Eighteen Kingdoms module: the other "
                        "board side with 19 capitals and granaries (2 blue VP each)"),
        registry.Option("short_game", False, "2-player short game: 24 random tiles leave "
                        "the bag unseen at setup (rules §3)", players=(2,)),
    ),
    # every module is played: the two combinations cover all three modules; the short game
    # is played at 2 players only (the kit skips it elsewhere)
    presets=({"eighteen_kingdoms": True, "imperial_palace": True},
             {"bandits": True, "imperial_palace": True},
             {"short_game": True}),
    max_decisions=5_000,
    static_data=static_data,
    static_docs=STATIC_DOCS,
    summary="Knizia's Huang: kingdoms of tiles and leaders, revolts and wars; 2-5 players",
    bot="bots.heuristic.huang:HeuristicBot",
)

__all__ = ["GAME", "HuangState", "HuangObservation", "HuangAction"]
