"""sample_state: a full state consistent with an observation (rules §11 "Information")."""

from __future__ import annotations

from engine.common.rng import Rng
from engine.protocol import InvalidConfigError

from .data import CASTLE_CELLS, MAX_CASTLE_HEIGHT, NUM_IDENTITIES, PAD_CELLS
from .observe import DragonCastleObservation
from .state import DragonCastleState


def sample_state(obs: DragonCastleObservation, seed: int) -> DragonCastleState:
    """Copy every public zone; deal the hidden stones (the per-identity counts in
    `obs.hidden`) uniformly at random to the covered castle positions; fresh generator."""
    if not isinstance(obs, DragonCastleObservation):
        raise InvalidConfigError(f"not a dragon_castle observation: {type(obs).__name__}")
    rng = Rng.from_seed(seed, "dragon_castle", "sample")
    bag = [k for k in range(NUM_IDENTITIES) for _ in range(obs.hidden[k])]
    rng.shuffle(bag)
    heights = [0] * PAD_CELLS
    castle = [-1] * (PAD_CELLS * MAX_CASTLE_HEIGHT)
    for j, i in enumerate(CASTLE_CELLS):
        h = obs.castle_heights[j]
        heights[i] = h
        for level in range(h - 1):
            castle[i * MAX_CASTLE_HEIGHT + level] = bag.pop()
        if h:
            castle[i * MAX_CASTLE_HEIGHT + h - 1] = obs.castle_tops[j]
    if bag:
        raise InvalidConfigError("observation is inconsistent: hidden stones left over")
    return DragonCastleState(
        num_players=obs.num_players, rng=rng, dragon_cards=list(obs.dragon_cards),
        castle_h=heights, castle=castle, height=list(obs.height), top=list(obs.top),
        up=list(obs.up), shrine=list(obs.shrine), pool=list(obs.pool), vp=list(obs.vp),
        tokens=list(obs.tokens), supply=obs.supply, track_singles=obs.track_singles,
        track_stack=obs.track_stack, first_player=obs.first_player, seat=obs.turn,
        last_round=obs.last_round, gone=list(obs.gone), pending=list(obs.pending),
        decision=obs.decision, ended=obs.phase == "end",
        spirit_cards=list(obs.spirit_cards), spirit_used=list(obs.spirit_used),
        pair_mode=obs.pair_mode, first_cell=obs.first_cell, first_level=obs.first_level,
        elegance=obs.elegance, merged_now=list(obs.merged_now), shrines_out=obs.shrines_out,
        layout=obs.layout,
    )
