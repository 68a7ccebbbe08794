"""The Huang decision registry (engine.kernel): each request of requests.py -> its options
and fast legality test (legal.py) and its effect (play.py, conflicts.py, turn.py), and what
comes next when nothing is pending (flow.py); rules §5-§9 and §11, decision table §13."""

from __future__ import annotations

from engine import kernel
from engine.games.huang import conflicts, flow, legal, play, requests, turn

RULES = kernel.Rules("huang", on_empty=flow.on_empty)

# --- §5 / §6: the active player's turn ---------------------------------------------------------
RULES.on(requests.ChooseAction, options=legal.action_options, apply=play.choose_action,
         legal=legal.action_legal)
RULES.on(requests.ChooseLeaderHex, options=legal.leader_hex_options, apply=play.choose_leader_hex,
         legal=legal.leader_hex_legal)
RULES.on(requests.ChooseTileHex, options=legal.tile_hex_options, apply=play.choose_tile_hex,
         legal=legal.tile_hex_legal)
RULES.on(requests.ChooseMarketTile, options=legal.market_options, apply=play.choose_market_tile,
         legal=legal.market_legal)
RULES.on(requests.ChooseBuilding, options=legal.building_options, apply=play.choose_building)
RULES.on(requests.ChoosePagodaToMove, options=legal.pagoda_move_options,
         apply=play.choose_pagoda_to_move)
RULES.on(requests.ChooseChain, options=legal.chain_options, apply=play.choose_chain,
         legal=legal.chain_legal)
RULES.on(requests.ChooseSubstitute, options=legal.substitute_options, apply=play.choose_substitute)
RULES.on(requests.ChooseRevoltTarget, options=legal.revolt_target_options,
         apply=play.choose_revolt_target, legal=legal.revolt_target_legal)
RULES.on(requests.ChooseTriangle, options=legal.triangle_options, apply=play.choose_triangle,
         legal=legal.triangle_legal)
RULES.on(requests.ChooseDiscard, options=legal.discard_options, apply=play.choose_discard,
         legal=legal.discard_legal)

# --- §8.1 revolt -------------------------------------------------------------------------------
RULES.on(requests.CommitRevolt, options=legal.revolt_commit_options, apply=conflicts.commit_revolt,
         legal=legal.revolt_commit_legal)
RULES.automatic(requests.ResolveRevolt, conflicts.resolve_revolt)

# --- §8.2 war ----------------------------------------------------------------------------------
RULES.on(requests.ChooseSupport, options=legal.support_options, apply=conflicts.choose_support)
RULES.on(requests.CommitWarTiles, options=legal.war_tiles_options, apply=conflicts.commit_war_tiles)
RULES.on(requests.CommitWarLeader, options=legal.war_leader_options,
         apply=conflicts.commit_war_leader)
RULES.automatic(requests.ResolveWar, conflicts.decide_war)
RULES.on(requests.ChooseWarWinner, options=legal.war_winner_options,
         apply=conflicts.choose_war_winner)
RULES.on(requests.RemoveWinnerTile, options=legal.winner_tile_options,
         apply=conflicts.remove_winner_tile)

# --- §11.1 bandits, §11.2 granaries (§9 step 2) --------------------------------------------------
RULES.on(requests.RemoveBanditLoss, options=legal.bandit_loss_options,
         apply=conflicts.remove_bandit_loss)
RULES.on(requests.ChooseGranary, options=legal.granary_options, apply=play.choose_granary)

# --- §9 step 3 with the Imperial Palace (§11.3): refill to 6 or 7 -------------------------------
RULES.on(requests.ChooseRefill, options=legal.refill_options, apply=turn.choose_refill)
