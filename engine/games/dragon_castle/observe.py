"""What a seat may know beyond plain fields (rules §11 "Information"), and how
`sample_state` redraws what it may not.

Everything in Dragon Castle is public (each field declares it in state.py) except the
identities of covered castle stones: the castle (`castle_h`, `castle`) is the one custom
zone. `castle_view` shows its heights and top stones, and the covered stones as counts per
identity (derived from the public `gone` counts); `redraw` deals the covered stones anew.
Nothing is owner-only, so every seat sees the same except `legal_actions`.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter, mul
from typing import TYPE_CHECKING, Any

from engine.common.rng import Rng
from engine.protocol import InvalidConfigError

from .castle import TOP_IDS, level_caches
from .data import (
    CASTLE_CELLS,
    CASTLE_COLS,
    CASTLE_ROWS,
    COPIES,
    MAX_CASTLE_HEIGHT,
    NUM_IDENTITIES,
    PAD_CELLS,
    castle_index,
)

if TYPE_CHECKING:
    from .state import DragonCastleState

#: per castle cell (row-major, as the observation lists them): the index below its stack in
#: the state's `castle` (its stone at level L is castle[below + L])
_BELOW = tuple(i * MAX_CASTLE_HEIGHT - 1 for i in CASTLE_CELLS)
#: the castle cells of a padded map, row-major
_CELLS_OF = itemgetter(*CASTLE_CELLS)
#: each identity as the one-byte string `top_ids` holds
_ID_BYTES = tuple(bytes((k,)) for k in range(NUM_IDENTITIES))


def castle_view(s: DragonCastleState) -> dict[str, list[int]]:
    """The castle as a seat sees it: heights and top stones, row-major over CASTLE_CELLS
    (the tops from the `top_ids` cache); covered stones as counts per identity (from the
    public `gone` counts)."""
    heights = list(_CELLS_OF(s.castle_h))
    top_ids = s.top_ids
    tops = list(TOP_IDS.unpack(top_ids))
    hidden = [COPIES - g - c for g, c in zip(s.gone, map(top_ids.count, _ID_BYTES), strict=True)]
    return {"castle_heights": heights, "castle_tops": tops, "hidden": hidden}


def redraw(fields: dict[str, Any], obs: Any, rng: Rng) -> None:
    """Rules §11: deal the hidden stones (the per-identity counts in `obs.hidden`) uniformly
    at random to the covered castle positions; the visible tops and heights are kept.
    Covered positions are filled cell by cell (row-major), bottom up, from the end of the
    shuffled bag."""
    bag = list(b"".join(map(mul, _ID_BYTES, obs.hidden)))  # identity k, hidden[k] times
    rng.shuffle(bag)
    seen_h = obs.castle_heights
    heights = [0] * PAD_CELLS
    for y in range(CASTLE_ROWS):
        start = castle_index(0, y)
        heights[start:start + CASTLE_COLS] = seen_h[y * CASTLE_COLS:(y + 1) * CASTLE_COLS]
    castle = [-1] * (PAD_CELLS * MAX_CASTLE_HEIGHT)
    pop = bag.pop
    for below, h, top in compress(zip(_BELOW, seen_h, obs.castle_tops, strict=True), seen_h):
        castle[below + h] = top  # heights are 1-3 (data.MAX_CASTLE_HEIGHT)
        if h > 1:
            castle[below + 1] = pop()
            if h > 2:
                castle[below + 2] = pop()
    if bag:
        raise InvalidConfigError("observation is inconsistent: hidden stones left over")
    fields["castle_h"] = heights
    fields["castle"] = castle
    fields["top_ids"] = TOP_IDS.pack(*obs.castle_tops)
    fields.update(level_caches(bytes(heights)))
    fields["realm_open"] = [-1] * obs.num_players  # not known (realm.py)
    fields["merge_due"] = [-1] * obs.num_players
