"""Gugong (Andreas Steding, 2018): the base game for 2-5 players
(rules: ../shared/rules/gugong.md; seed: ../shared/seeds/004_1241c42904c87e79.txt).

1 player: the solo game against the Automa Meng (rules §13, engine/games/gugong/automa.py).
Not yet here (issue 17): the advanced set-up (§11) and the bonus travel tokens (§12);
`flow.deal_cards` and `data.BONUS_TOKENS` are where they plug in.
"""

from __future__ import annotations

from engine import registry
from engine.games.gugong import rules  # noqa: F401 - registers the decision handlers
from engine.games.gugong.actions import GugongAction
from engine.games.gugong.automa_data import CARD_SET_CHOICES, FOCUS_CHOICES, LEVELS
from engine.games.gugong.flow import new_state
from engine.games.gugong.space import SPACE
from engine.games.gugong.state import GugongObservation, GugongState

GAME = registry.Game(
    id="gugong", name="Gugong", min_players=1, max_players=5,
    new_state=new_state, sample_state=GugongState.sample,
    action_space=lambda n, o: SPACE, state_type=GugongState,
    observation_type=GugongObservation, action_type=GugongAction,
    options=(
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
    presets=({"automa_level": "easy"}, {"automa_level": "hard", "card_sets": 3},
             {"focus": "decrees", "card_sets": 2}),
    max_decisions=6000,
    bot="bots.heuristic.gugong:HeuristicBot",
    search_profile={"rollout": "cutoff", "depth": 20, "c": 0.3},
    summary="gift exchange in the Forbidden City: 4 Days, 7 locations, reach the Palace",
)
