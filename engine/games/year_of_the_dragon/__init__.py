"""In the Year of the Dragon (Stefan Feld; 10th-anniversary edition), 2-5 players.

Base game complete (rules §1-§6); options: the Great Wall (rules §7) and Great Events
(rules §8) expansions, usable together, and the original edition's privilege price (D17).
§ numbers are the sections of docs/rules/year_of_the_dragon.md; decisions where the rulebook
left a question open, and where the original rulebook settled one:
docs/rules/year_of_the_dragon-notes.md.
"""

from __future__ import annotations

from engine import registry
from engine.games.year_of_the_dragon import data, static
from engine.games.year_of_the_dragon.actions import YotdAction, action_space
from engine.games.year_of_the_dragon.setup import new_state
from engine.games.year_of_the_dragon.state import YotdObservation, YotdState

__all__ = ["GAME", "YotdState", "YotdObservation", "new_state", "action_space"]

GAME = registry.Game(
    id="year_of_the_dragon",
    name="In the Year of the Dragon",
    min_players=2,
    max_players=5,
    new_state=new_state,
    sample_state=YotdState.sample,
    action_space=action_space,
    state_type=YotdState,
    observation_type=YotdObservation,
    action_type=YotdAction,
    options=(
        registry.Option("great_wall", False, "Great Wall expansion: Build Wall card, wall tiles"),
        registry.Option("great_events", False, "Great Events expansion: a Great Event in round 7"),
        registry.Option(
            "great_event", -1,
            "with great_events: the Great Event to use, 0-9 in rules §8 order (-1: draw one)",
            choices=tuple(range(-1, data.NUM_GREAT_EVENTS)),
        ),
        registry.Option(
            "hidden_great_event", False,
            "with great_events: the drawn Great Event stays face down until round 7 (default: "
            "shown from the start)",
        ),
        registry.Option(
            "original_privilege", False, "original edition price: large privilege costs 6 yuan"
        ),
    ),
    presets=(
        {"great_wall": True},
        {"original_privilege": True},
        {"great_events": True},
        {"great_wall": True, "great_events": True},
        {"great_events": True, "hidden_great_event": True},
        {"great_wall": True, "great_events": True, "hidden_great_event": True},
        *({"great_events": True, "great_event": k} for k in range(data.NUM_GREAT_EVENTS)),
    ),
    max_decisions=4000,
    static_data=static.static_data,
    static_docs=static.STATIC_DOCS,
    summary="12 months of disasters: recruit courtiers, keep palaces standing (2-5 players)",
    bot="bots.heuristic.year_of_the_dragon:HeuristicBot",
)
