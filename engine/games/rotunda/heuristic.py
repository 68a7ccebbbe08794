"""The cheap value of a Rotunda position (`State.heuristic`, search cut-offs and the
rule-based bot): each seat's points so far plus what its holdings are worth (rules §8)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.games.rotunda.data import END_SPACE, ORDERS, VILLAGES
from engine.games.rotunda.scoring import (
    advanced_expert_vp,
    amulet_types,
    amulet_vp,
    family_vp,
    final_scores,
)

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState


def position_value(s: RotundaState, p: int) -> float:
    """Seat p's points so far plus what its holdings are worth: the final-scoring parts,
    and early in the game more than their final rate for coins, cubes, chair and village
    Assistants, unused Experts, worship elders and nearly payable Orders (with advanced
    Experts also their §11 points as the discard pile stands); the early weights slide to
    the final conversion as the round marker nears its end space."""
    n = s.num_players
    late = min(1.0, s.round / END_SPACE[n]) if not s.end_triggered else 1.0
    early = 1.0 - late
    v = float(s.vp[p])
    v += amulet_vp(amulet_types(s, p))
    v += sum(ORDERS[o][5] for o in s.orders_done[p]) * (1.0 + 0.3 * early)
    v += family_vp(s.track[p])
    coins = s.coins[p]
    cubes = s.cubes[p * 4:p * 4 + 4]
    rate = 1 / 3 + early * 0.25
    v += coins * rate + (cubes[0] + cubes[1] + cubes[2]) * (rate + early * 0.35)
    v += cubes[3] * (rate + early * 0.55)
    v += s.supply_discs[p] * (1 / 3 + early * 0.2)
    young, elder = chair_assistants(s, p)
    v += young * (1.0 + early * 1.5) + elder * (1.0 + early * 3.0)
    vill = sum(s.villages[k * n + p] for k in range(VILLAGES))
    v += vill * (1.0 + early * 0.8)
    v += sum(s.worship[p * 16:p * 16 + 16]) * early * 0.8
    v += len(s.experts[p]) * early * 2.0
    if s.advanced_experts:
        v += advanced_expert_vp(s, p)
    for o in s.orders_open[p]:
        v += max(0.0, ORDERS[o][5] * early * 0.6 - order_shortfall(s, p, o) * 0.5)
    return v


def chair_assistants(s: RotundaState, p: int) -> tuple[int, int]:
    """Seat p's young and elder Assistants on chairs."""
    young = elder = 0
    for c in s.chairs:
        if c >= 0 and c >> 1 == p:
            if c & 1:
                elder += 1
            else:
                young += 1
    return young, elder


def order_shortfall(s: RotundaState, p: int, o: int) -> float:
    """What seat p lacks to pay open Order o: the cubes of each colour missing (wild cubes
    make up any), plus the coins missing / 3."""
    _, t, f, c, cost, *_ = ORDERS[o]
    cubes = s.cubes[p * 4:p * 4 + 4]
    short = max(0, t - cubes[0]) + max(0, f - cubes[1]) + max(0, c - cubes[2])
    return max(0, short - cubes[3]) + max(0, cost - s.coins[p]) / 3


def heuristic(s: RotundaState, seat: int) -> float:
    """Value in [0, 1] of `seat`'s position, for search cut-offs: every seat's
    `position_value` (its VP plus the §8 final-scoring parts of its holdings, with coins,
    cubes, chair and village Assistants, Experts and nearly payable Orders worth more
    early in the game; the exact final scores once the game is over), and the gap
    between `seat`'s value and the best opponent's mapped through
    0.5 + 0.5 * tanh(gap / 12): 0.5 when level, about 0.84 twelve points ahead, about
    0.16 twelve behind."""
    if not s.stack:
        proj = [float(v) for v in final_scores(s)]
    else:
        proj = [position_value(s, p) for p in range(s.num_players)]
    best_other = max(v for q, v in enumerate(proj) if q != seat)
    return 0.5 + 0.5 * math.tanh((proj[seat] - best_other) / 12.0)
