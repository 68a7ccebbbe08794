"""Value estimate for search cut-offs."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .rules import face_up_groups

if TYPE_CHECKING:
    from .state import DragonCastleState

#: expected end value of an unbuilt pool shrine, and of each face-up stone in a group of n
POOL_SHRINE_VALUE = 1.5
GROUP_POTENTIAL = (0.0, 0.2, 0.6, 1.5)
#: score difference that maps to about 0.73 (logistic scale)
SCALE = 8.0


def estimate(s: DragonCastleState, seat: int) -> float:
    """Current score plus the likely worth of pool shrines and unfinished face-up groups."""
    base = s.score_breakdown(seat)
    total = float(sum(base.values())) + POOL_SHRINE_VALUE * s.pool[seat]
    for comp in face_up_groups(s, seat):
        total += GROUP_POTENTIAL[min(len(comp), 3)] * len(comp) / 3
    return total


def heuristic(s: DragonCastleState, seat: int) -> float:
    """Value of `seat`'s position in [0, 1]. At the end: 1 for a sole winner, 0 for last,
    linear in between (shared places share). Otherwise a logistic of (my estimate - best
    other estimate) / 8, where an estimate is the current score (VP tokens, built-shrine
    points by height, 2 per countdown token, dragon cards) plus 1.5 per pool shrine and a
    small bonus per face-up stone in an unfinished group (groups of 3 are worth most)."""
    n = s.num_players
    if s.ended:
        rank = s.ranking()
        return 1.0 - rank[seat] / (n - 1)
    est = [estimate(s, p) for p in range(n)]
    best_other = max(est[p] for p in range(n) if p != seat)
    return 1.0 / (1.0 + math.exp(-(est[seat] - best_other) / SCALE))

