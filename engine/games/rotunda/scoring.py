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
from engine.games.rotunda.effects import chair_count

try:
    import cython
except ImportError:  # Cython is a build tool: without it the declarations do nothing
    from engine.common import cython_shadow as cython

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

#: the five parts of §8, in the order `parts` gives them
PARTS = ("track VP", "amulets", "orders", "family", "assistants", "coins")
#: the part the advanced Experts variant adds (§11), last
EXPERTS_PART = "experts"


@cython.locals(out=list)
def amulet_types(s: RotundaState, p: int) -> list[int]:
    """Amulet tokens plus kept amulet Experts."""
    out = list(s.amulets[p])
    for e in s.kept[p]:
        out.append(EXPERTS[e][3])
    return out


@cython.locals(counts=list, t=cython.Py_ssize_t, c=cython.long, most=cython.long,
               k=cython.long, sets=cython.Py_ssize_t, vp=cython.long)
def amulet_vp(types: list[int]) -> int:
    """§8.1: sets of different types; the greedy split is optimal (the table is convex):
    the k-th set holds every type of which the seat has at least k."""
    if not types:
        return 0
    counts = [0] * AMULET_TYPES
    for t in types:
        counts[t] += 1
    most = 0
    for c in counts:
        if c > most:
            most = c
    vp = 0
    for k in range(1, most + 1):
        sets = 0
        for c in counts:
            if c >= k:
                sets += 1
        vp += SET_VP[sets - 1]
    return vp


@cython.locals(vp=cython.long)
def family_vp(track: int) -> int:
    """§8.3: the uncovered Assistant-track spaces (covered: the rightmost `track`)."""
    covered = min(track, len(TRACK_VALUES))
    vp = 0
    for v in TRACK_VALUES[:len(TRACK_VALUES) - covered]:
        vp += v
    return vp


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


@cython.locals(p=cython.Py_ssize_t, n=cython.Py_ssize_t, i=cython.Py_ssize_t,
               villages=list, cubes=list, board=cython.long, money=cython.long,
               orders=cython.long)
def parts(s: RotundaState, p: int) -> list[int]:
    """The values of §8's parts for seat p (as if the game ended now), in `PARTS` order,
    and with the advanced Experts variant their points (§11) last."""
    n = s.num_players
    board = chair_count(s, p)  # young and elder
    villages = s.villages
    for i in range(p, len(villages), n):  # village v holds index v * n + p
        board += villages[i]
    cubes = s.cubes
    money = s.coins[p] + s.supply_discs[p]
    for i in range(p * 4, p * 4 + 4):
        money += cubes[i]
    orders = 0
    for o in s.orders_done[p]:
        orders += ORDERS[o][5]
    out = [s.vp[p], amulet_vp(amulet_types(s, p)), orders, family_vp(s.track[p]), board,
           money // 3]
    if s.advanced_experts:
        out.append(advanced_expert_vp(s, p))
    return out


def breakdown(s: RotundaState, p: int) -> dict[str, int]:
    """The five parts of §8 for seat p by name (as if the game ended now), and with the
    advanced Experts variant their points (§11)."""
    names = (*PARTS, EXPERTS_PART) if s.advanced_experts else PARTS
    return dict(zip(names, parts(s, p), strict=True))


@cython.locals(total=cython.long)
def final_scores(s: RotundaState) -> list[int]:
    out = []
    for p in range(s.num_players):
        total = 0
        for v in parts(s, p):
            total += v
        out.append(total)
    return out
