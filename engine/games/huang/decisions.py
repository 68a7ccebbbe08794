"""The Huang decision registry (engine.kernel): each request of actions.py -> its options
and fast legality test (legal.py) and its effect (rules.py, conflicts.py, turn.py); rules
§5-§9 and §11, decision table §13."""

from __future__ import annotations

from engine import kernel
from engine.games.huang import actions as A
from engine.games.huang import conflicts, legal, rules

RULES = kernel.Rules("huang")  # the stack empties only when the game is over (§10)

# --- §5 / §6: the active player's turn ---------------------------------------------------------
RULES.on(A.ChooseAction, options=legal.action_options, apply=rules.choose_action,
         legal=legal.action_legal)
RULES.on(A.ChooseLeaderHex, options=legal.leader_hex_options, apply=rules.choose_leader_hex,
         legal=legal.leader_hex_legal)
RULES.on(A.ChooseTileHex, options=legal.tile_hex_options, apply=rules.choose_tile_hex,
         legal=legal.tile_hex_legal)
RULES.on(A.ChooseMarketTile, options=legal.market_options, apply=rules.choose_market_tile)
RULES.on(A.ChooseBuilding, options=legal.building_options, apply=rules.choose_building)
RULES.on(A.ChoosePagodaToMove, options=legal.pagoda_move_options,
         apply=rules.choose_pagoda_to_move)
RULES.on(A.ChooseChain, options=legal.chain_options, apply=rules.choose_chain)
RULES.on(A.ChooseSubstitute, options=legal.substitute_options, apply=rules.choose_substitute)
RULES.on(A.ChooseRevoltTarget, options=legal.revolt_target_options,
         apply=rules.choose_revolt_target, legal=legal.revolt_target_legal)
RULES.on(A.ChooseTriangle, options=legal.triangle_options, apply=rules.choose_triangle,
         legal=legal.triangle_legal)
RULES.on(A.ChooseDiscard, options=legal.discard_options, apply=rules.choose_discard)

# --- §8.1 revolt -------------------------------------------------------------------------------
RULES.on(A.CommitRevolt, options=legal.revolt_commit_options, apply=conflicts.commit_revolt)
RULES.automatic(A.ResolveRevolt, conflicts.resolve_revolt)

# --- §8.2 war ----------------------------------------------------------------------------------
RULES.on(A.ChooseSupport, options=legal.support_options, apply=conflicts.choose_support)
RULES.on(A.CommitWarTiles, options=legal.war_tiles_options, apply=conflicts.commit_war_tiles)
RULES.on(A.CommitWarLeader, options=legal.war_leader_options,
         apply=conflicts.commit_war_leader)
RULES.automatic(A.ResolveWar, conflicts.decide_war)
RULES.on(A.ChooseWarWinner, options=legal.war_winner_options,
         apply=conflicts.choose_war_winner)
RULES.on(A.RemoveWinnerTile, options=legal.winner_tile_options,
         apply=conflicts.remove_winner_tile)

# --- §11.1 bandits, §11.2 granaries (§9 step 2) --------------------------------------------------
RULES.on(A.RemoveBanditLoss, options=legal.bandit_loss_options,
         apply=conflicts.remove_bandit_loss)
RULES.on(A.ChooseGranary, options=legal.granary_options, apply=rules.choose_granary)
