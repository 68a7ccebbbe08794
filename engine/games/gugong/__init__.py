"""Gugong (Andreas Steding, 2018) for 2-5 players (§ numbers are the sections of
docs/rules/gugong.md; rulings: docs/rules/gugong-notes.md).

Options: `advanced` (§11: board and draw pile from one mixed deck, advanced.py) and
`bonus_travel` (§12: the 6 bonus travel tokens with their Day-long effects, bonus.py).
1 player: the solo game against the Automa Meng (rules §13, automa.py).
"""

from __future__ import annotations

from engine import registry
from engine.games.gugong.actions import GugongAction, action_space
from engine.games.gugong.automa_data import CARD_SET_CHOICES, FOCUS_CHOICES, LEVELS
from engine.games.gugong.setup import new_state
from engine.games.gugong.state import GugongObservation, GugongState
from engine.games.gugong.static import STATIC_DOCS, static_data

GAME = registry.Game(
    id="gugong", name="Gugong", min_players=1, max_players=5,
    new_state=new_state, sample_state=GugongState.sample,
    action_space=action_space, state_type=GugongState,
    observation_type=GugongObservation, action_type=GugongAction,
    options=(
        registry.Option("advanced", False, "advanced set-up: BOARD, DRAW and unused starting "
                        "cards shuffled into one deck; 7 on the locations, the rest the draw "
                        "pile (rules §11)", players=(2, 3, 4, 5)),
        registry.Option("bonus_travel", False, "6 bonus travel tokens (+1 card value, toll, "
                        "follow) activated for the rest of the Day phase (rules §12)",
                        players=(2, 3, 4, 5)),
        registry.Option("automa_level", "normal", "solo: the Automa Meng's difficulty (easy: "
                        "10 Automa cards; hard: he starts with a 5th gift card)",
                        choices=LEVELS, players=(1,)),
        registry.Option("focus", "random", "solo: Meng's focus location (random: the "
                        "location of a random board card)", choices=FOCUS_CHOICES,
                        players=(1,)),
        registry.Option("card_sets", 1, "solo: starting sets, 1 = you P1 / Meng P2, 2 = you "
                        "P2 / Meng P1, 3 = two random sets", choices=CARD_SET_CHOICES,
                        players=(1,)),
    ),
    presets=({"advanced": True}, {"bonus_travel": True},
             {"advanced": True, "bonus_travel": True},
             {"automa_level": "easy"}, {"automa_level": "hard", "card_sets": 3},
             {"focus": "decrees", "card_sets": 2}),
    max_decisions=6000,
    static_data=static_data,
    static_docs=STATIC_DOCS,
    bot="bots.heuristic.gugong:HeuristicBot",
    summary="gift exchange in the Forbidden City: 4 Days, 7 locations, reach the Palace",
)
