"""Rotunda / Tulou (Zong-Ger; Round House) base game for 3-5 players
(rules: ../shared/rules/rotunda.md, seed ../shared/seeds/001_570339c074545131.txt).

Option `lodge_variant` (§3 step 13, §4.3): the seat right of the first player places the
Lodge on one of the three staircases. The 2-player game, its neutral leaders and the
advanced Experts variant are not part of this package yet (issue 19).
"""

from __future__ import annotations

from engine import registry
from engine.games.rotunda import rules as _rules  # noqa: F401  (registers the handlers)
from engine.games.rotunda.actions import RotundaAction
from engine.games.rotunda.setup import new_state
from engine.games.rotunda.space import SPACE
from engine.games.rotunda.state import RotundaObservation, RotundaState

GAME = registry.Game(
    id="rotunda",
    name="Rotunda (Tulou)",
    min_players=3,
    max_players=5,
    new_state=new_state,
    sample_state=RotundaState.sample,
    action_space=lambda n, o: SPACE,
    state_type=RotundaState,
    observation_type=RotundaObservation,
    action_type=RotundaAction,
    options=(registry.Option("lodge_variant", False, "the seat right of the first player "
                             "places the Ancestral Lodge on a staircase (rules §3, §4.3)"),),
    presets=({"lodge_variant": True},),
    max_decisions=20_000,
    summary="Hakka families circle a round earthen house; 3-5 players",
    bot="bots.heuristic.rotunda:HeuristicBot",
    # measured at 3 players against two heuristic bots: random cut-off playouts valued by
    # heuristic(p) ran 2-3x the iterations of greedy playouts for the same wins (3 of 6);
    # with heuristic(p) = position_value, 10 of 12 games won
    search_profile={"rollout": "cutoff", "depth": 20, "c": 0.3},
)

__all__ = ["GAME", "RotundaAction", "RotundaObservation", "RotundaState"]
