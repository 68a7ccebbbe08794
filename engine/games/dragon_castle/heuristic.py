"""Value estimate for search cut-offs (our design, not a rule: see rules §6.3-§7)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .data import REALM_NB
from .realm import can_place, face_up_groups

if TYPE_CHECKING:
    from .state import DragonCastleState

#: worth of the 1st, 2nd and each further unbuilt pool shrine. Below the 1 VP of a shrine
#: built on the lowest stack, so building always pays; pool shrines score nothing at the
#: end (§7), they only let later merges build (§6.4)
POOL_SHRINE_VALUE = (0.9, 0.9, 0.3)
#: worth of a face-up group of n < 4 stones of one type with room to grow (a group of 3
#: is one stone from a merge)
GROUP_WORTH = (0.0, 0.3, 1.0, 2.4)
#: share of that worth kept by a group with no free cell next to it
CRAMPED = 0.2
#: score difference that maps to about 0.73 (logistic scale)
SCALE = 8.0


def pool_worth(pool: int) -> float:
    """Worth of `pool` unbuilt shrines (see POOL_SHRINE_VALUE)."""
    first = POOL_SHRINE_VALUE[0] * min(pool, 1) + POOL_SHRINE_VALUE[1] * min(max(pool - 1, 0), 1)
    return first + POOL_SHRINE_VALUE[2] * max(pool - 2, 0)


def estimate(s: DragonCastleState, seat: int) -> float:
    """Current score plus the likely worth of pool shrines and unfinished face-up groups."""
    total = float(sum(s.score_parts(seat).values())) + pool_worth(s.pool[seat])
    for comp in face_up_groups(s, seat):
        n = len(comp)
        if n >= 4:
            continue
        room = any(k not in comp and can_place(s, seat, k) for c in comp for k in REALM_NB[c])
        total += GROUP_WORTH[n] * (1.0 if room else CRAMPED)
    return total


def heuristic(s: DragonCastleState, seat: int) -> float:
    """Value of `seat`'s position in [0, 1]. At the end: 1 for a sole winner, 0 for last,
    linear in between (shared places share). Otherwise a logistic of (my estimate - best
    other estimate) / 8, where an estimate is the current score (VP tokens, built-shrine
    points by height, 2 per countdown token, dragon cards) plus the worth of unbuilt pool
    shrines and of face-up groups still short of a merge (`estimate`)."""
    n = s.num_players
    if not s.stack:
        rank = s.ranking()
        return 1.0 - rank[seat] / (n - 1)
    est = [estimate(s, p) for p in range(n)]
    best_other = max(est[p] for p in range(n) if p != seat)
    return 1.0 / (1.0 + math.exp(-(est[seat] - best_other) / SCALE))
