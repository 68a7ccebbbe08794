"""sample_state's hidden part: covered castle stones redrawn (rules §11 "Information")."""

from __future__ import annotations

from typing import Any

from engine.common.rng import Rng
from engine.protocol import InvalidConfigError

from .data import CASTLE_CELLS, MAX_CASTLE_HEIGHT, NUM_IDENTITIES, PAD_CELLS


def redraw_castle(fields: dict[str, Any], obs: Any, rng: Rng) -> None:
    """Deal the hidden stones (the per-identity counts in `obs.hidden`) uniformly at random
    to the covered castle positions; the visible tops and heights are kept."""
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
    fields["castle_h"] = heights
    fields["castle"] = castle
