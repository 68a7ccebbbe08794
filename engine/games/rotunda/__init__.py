"""Rotunda / Tulou (Zong-Ger; Round House) for 2-5 players (§ numbers are the sections of
docs/rules/rotunda.md; rulings and reconstructions: docs/rules/rotunda-notes.md).

The 2-player game (§10) has three neutral leaders, moved once per turn for a cube of their
colour. Options: `lodge_variant` (§3 step 13, §4.3: the seat right of the first player
places the Lodge), `neutral_actions` (2 players, §10: the moved neutral's room action) and
`advanced_experts` (§11: a public discard pile whose top card is hireable, no reshuffle,
end-game points per card back).

The package (docs/adding-a-game.md): data.py tables; actions.py and requests.py the
decisions; the rule modules (turn, rooms, loops, experts, lodge, assistants, neutrals,
effects, sales, board, scoring); flow.py what follows an empty stack; rules.py the registry;
memo.py each decision's options computed once; words.py, observe.py, render.py,
heuristic.py; state.py the declared fields and the generated observation; setup.py the
set-up; static.py and docs.py for bot authors.
"""

from __future__ import annotations

from engine import registry
from engine.games.rotunda.actions import RotundaAction, action_space
from engine.games.rotunda.setup import new_state
from engine.games.rotunda.state import RotundaObservation, RotundaState
from engine.games.rotunda.static import STATIC_DOCS, static_data

GAME = registry.Game(
    id="rotunda",
    name="Rotunda (Tulou)",
    min_players=2,
    max_players=5,
    new_state=new_state,
    sample_state=RotundaState.sample,
    action_space=action_space,
    state_type=RotundaState,
    observation_type=RotundaObservation,
    action_type=RotundaAction,
    static_data=static_data,
    static_docs=STATIC_DOCS,
    options=(
        registry.Option("lodge_variant", False, "the seat right of the first player "
                        "places the Ancestral Lodge on a staircase (rules §3, §4.3)"),
        registry.Option("neutral_actions", False, "after moving a neutral leader, take its "
                        "room's action without Experts, bonuses or Orders (rules §10)",
                        players=(2,)),
        registry.Option("advanced_experts", False, "5-card public Expert discard pile, its "
                        "top card hireable, no reshuffle, end points per card back "
                        "(rules §11)"),
    ),
    presets=({"lodge_variant": True}, {"advanced_experts": True},
             {"neutral_actions": True, "lodge_variant": True}),
    max_decisions=20_000,
    summary="Hakka families circle a round earthen house; 2-5 players",
    bot="bots.heuristic.rotunda:HeuristicBot",
)

__all__ = ["GAME", "RotundaAction", "RotundaObservation", "RotundaState"]
