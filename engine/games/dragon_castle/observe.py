"""What a seat may know beyond plain fields (rules §11 "Information"), and how
`sample_state` redraws what it may not.

Everything in Dragon Castle is public (each field declares it in state.py) except the
identities of covered castle stones: the castle (`castle_h`, `castle`) is the one custom
zone. `castle_view` shows its heights and top stones, and the covered stones as counts per
identity (derived from the public `gone` counts); `redraw` deals the covered stones anew.
Nothing is owner-only, so every seat sees the same except `legal_actions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.common.rng import Rng
from engine.protocol import InvalidConfigError

from .data import CASTLE_CELLS, COPIES, MAX_CASTLE_HEIGHT, NUM_IDENTITIES, PAD_CELLS

if TYPE_CHECKING:
    from .state import DragonCastleState


def castle_view(s: DragonCastleState) -> dict[str, list[int]]:
    """The castle as a seat sees it: heights and top stones, row-major over CASTLE_CELLS;
    covered stones as counts per identity (from the public `gone` counts)."""
    h, castle = s.castle_h, s.castle
    heights = [h[i] for i in CASTLE_CELLS]
    tops = [castle[i * MAX_CASTLE_HEIGHT + h[i] - 1] if h[i] else -1 for i in CASTLE_CELLS]
    hidden = [COPIES - g for g in s.gone]
    for k in tops:
        if k >= 0:
            hidden[k] -= 1
    return {"castle_heights": heights, "castle_tops": tops, "hidden": hidden}


def redraw(fields: dict[str, Any], obs: Any, rng: Rng) -> None:
    """Rules §11: deal the hidden stones (the per-identity counts in `obs.hidden`) uniformly
    at random to the covered castle positions; the visible tops and heights are kept."""
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
