"""Gugong (Andreas Steding, 2018): the base game for 2-5 players
(rules: ../shared/rules/gugong.md; seed: ../shared/seeds/004_1241c42904c87e79.txt).

Not yet here (issue 17): the advanced set-up (§11), the bonus travel tokens (§12) and the
solo Automa (§13); `flow.deal_cards` and `data.BONUS_TOKENS` are where they plug in.
"""

from __future__ import annotations

from engine import registry
from engine.games.gugong import (  # noqa: F401 - register the handlers and the words
    rules,
    words,
)
from engine.games.gugong.actions import GugongAction
from engine.games.gugong.flow import new_state
from engine.games.gugong.space import SPACE
from engine.games.gugong.state import GugongObservation, GugongState

GAME = registry.Game(
    id="gugong", name="Gugong", min_players=2, max_players=5,
    new_state=new_state, sample_state=GugongState.sample,
    action_space=lambda n, o: SPACE, state_type=GugongState,
    observation_type=GugongObservation, action_type=GugongAction,
    options=(), presets=(), max_decisions=6000,
    bot="bots.heuristic.gugong:HeuristicBot",
    search_profile={"rollout": "cutoff", "depth": 20, "c": 0.3},
    summary="gift exchange in the Forbidden City: 4 Days, 7 locations, reach the Palace",
)
