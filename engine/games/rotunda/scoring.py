"""Final scoring (rules §8, and §11 for the advanced Experts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.data import (
    AMULET_TYPES,
    BACK_NAMES,
    EXPERT_BACK,
    EXPERTS,
    ORDERS,
    SET_VP,
    TRACK_VALUES,
)

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState


def amulet_types(s: RotundaState, p: int) -> list[int]:
    """Amulet tokens plus kept amulet Experts."""
    return [*s.amulets[p], *(EXPERTS[e][3] for e in s.kept[p])]


def amulet_vp(types: list[int]) -> int:
    """§8.1: sets of different types; the greedy split is optimal (the table is convex):
    the k-th set holds every type of which the seat has at least k."""
    if not types:
        return 0
    counts = [0] * AMULET_TYPES
    for t in types:
        counts[t] += 1
    vp = 0
    for k in range(1, max(counts) + 1):
        vp += SET_VP[sum(c >= k for c in counts) - 1]
    return vp


def family_vp(track: int) -> int:
    """§8.3: the uncovered Assistant-track spaces (covered: the rightmost `track`)."""
    covered = min(track, len(TRACK_VALUES))
    return sum(TRACK_VALUES[:len(TRACK_VALUES) - covered])


def back_counts(s: RotundaState) -> dict[str, int]:
    """§11: the discard pile's cards counted by back symbol."""
    counts = dict.fromkeys(BACK_NAMES, 0)
    for e in s.expert_discard:
        counts[EXPERT_BACK[e]] += 1
    return counts


def advanced_expert_vp(s: RotundaState, p: int) -> int:
    """§11 advanced Experts: each Expert seat p owns (unused, or kept as an amulet [rec])
    scores as many VP as the discard pile holds cards with its back."""
    counts = back_counts(s)
    return sum(counts[EXPERT_BACK[e]] for e in (*s.experts[p], *s.kept[p]))


def breakdown(s: RotundaState, p: int) -> dict[str, int]:
    """The five parts of §8 for seat p (as if the game ended now), and with the advanced
    Experts variant their points (§11)."""
    n = s.num_players
    board = s.chairs.count(p * 2) + s.chairs.count(p * 2 + 1)  # young and elder
    board += sum(s.villages[p::n])  # village v holds index v * n + p
    money = s.coins[p] + sum(s.cubes[p * 4:p * 4 + 4]) + s.supply_discs[p]
    return {
        "track VP": s.vp[p],
        "amulets": amulet_vp(amulet_types(s, p)),
        "orders": sum(ORDERS[o][5] for o in s.orders_done[p]),
        "family": family_vp(s.track[p]),
        "assistants": board,
        "coins": money // 3,
    } | ({"experts": advanced_expert_vp(s, p)} if s.advanced_experts else {})


def final_scores(s: RotundaState) -> list[int]:
    return [sum(breakdown(s, p).values()) for p in range(s.num_players)]
