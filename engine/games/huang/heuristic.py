"""Cheap value estimate for search cut-offs."""

from __future__ import annotations

import math
from typing import Any


def heuristic(s: Any, seat: int) -> float:
    """Value of `seat`'s position in [0, 1]. The rulebook score (§10) is the weakest colour
    after white wildcards, so each seat is valued by its water-filled sorted vector: the
    lowest colour counts fully, the second lowest 0.3, the rest 0.1, plus 0.5 per leader on
    the board (leaders are what earns points). The result is a logistic of the difference
    between the seat's value and the best opponent's value (scale 3), so 0.5 means level,
    and a decided game maps to its result (1 win, 0.5 shared, 0 loss)."""
    n = s.num_players
    if s.over:
        rank = s.ranking()
        best = [p for p in range(n) if rank[p] == 0]
        return (1.0 / len(best)) if seat in best else 0.0

    def value(p: int) -> float:
        v = s.final_vector(p)
        on = sum(1 for c in range(5) if s.leaders[p * 5 + c] >= 0)
        return v[0] + 0.3 * v[1] + 0.1 * (v[2] + v[3]) + 0.5 * on

    mine = value(seat)
    other = max(value(p) for p in range(n) if p != seat)
    return 1.0 / (1.0 + math.exp(-(mine - other) / 3.0))
