"""Final scoring (rules §8) and the value estimate for search cut-offs."""

from __future__ import annotations

import math

from engine.games.rotunda import data as D
from engine.games.rotunda.state import RotundaState


def amulet_types(s: RotundaState, p: int) -> list[int]:
    """Amulet tokens plus kept amulet Experts."""
    return [*s.amulets[p], *(D.EXPERTS[e][3] for e in s.kept[p])]


def amulet_vp(types: list[int]) -> int:
    """§8.1: sets of different types; the greedy split is optimal (the table is convex)."""
    counts = [0] * D.AMULET_TYPES
    for t in types:
        counts[t] += 1
    vp = 0
    while any(counts):
        k = sum(1 for c in counts if c)
        vp += D.SET_VP[k - 1]
        counts = [max(0, c - 1) for c in counts]
    return vp


def family_vp(track: int) -> int:
    """§8.3: the uncovered Assistant-track spaces (covered: the rightmost `track`)."""
    covered = min(track, len(D.TRACK_VALUES))
    return sum(D.TRACK_VALUES[:len(D.TRACK_VALUES) - covered])


def breakdown(s: RotundaState, p: int) -> dict[str, int]:
    """The five parts of §8 for seat p (as if the game ended now)."""
    n = s.num_players
    board = sum(1 for c in s.chairs if c >= 0 and c >> 1 == p)
    board += sum(s.villages[v * n + p] for v in range(D.VILLAGES))
    money = s.coins[p] + sum(s.cubes[p * 4:p * 4 + 4]) + s.supply_discs[p]
    return {
        "track VP": s.vp[p],
        "amulets": amulet_vp(amulet_types(s, p)),
        "orders": sum(D.ORDERS[o][5] for o in s.orders_done[p]),
        "family": family_vp(s.track[p]),
        "assistants": board,
        "coins": money // 3,
    }


def final_scores(s: RotundaState) -> list[int]:
    return [sum(breakdown(s, p).values()) for p in range(s.num_players)]


def heuristic(s: RotundaState, seat: int) -> float:
    """Value in [0, 1] of `seat`'s position, for search cut-offs: every seat's score as if
    the game ended now (§8: track VP, amulet sets, fulfilled Orders, uncovered track
    spaces, Assistants on chairs and in villages, coins/3), and the gap between `seat`'s
    and the best opponent's mapped through 0.5 + 0.5 * tanh(gap / 12): 0.5 when level,
    about 0.84 twelve points ahead, about 0.16 twelve behind. It ignores what resources
    will still become (a cheap, conservative estimate; the rule-based bot's `potential`
    values them)."""
    proj = final_scores(s)
    if s.num_players == 1:
        return 0.5
    best_other = max(v for q, v in enumerate(proj) if q != seat)
    return 0.5 + 0.5 * math.tanh((proj[seat] - best_other) / 12.0)
