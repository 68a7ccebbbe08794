"""The win model of the rule-based Rotunda bot (`bots.win_model`): a seat's features (its
holdings, as `engine.games.rotunda.heuristic.position_value` reads them, but unweighted)
and their weights, fitted on the rule-based bots' own games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.rotunda.data import END_SPACE, ORDERS, VILLAGES
from engine.games.rotunda.heuristic import chair_assistants, order_shortfall
from engine.games.rotunda.scoring import (
    advanced_expert_vp,
    amulet_types,
    amulet_vp,
    family_vp,
)

if TYPE_CHECKING:
    from engine.games.rotunda.state import RotundaState

#: the features of a seat (`win_features`); "early" ones are scaled by the share of the
#: rounds still to come (rules §8: holdings are worth more while there are rooms to use them)
WIN_FEATURES = ("banked", "coins", "cubes", "wild cubes", "supply", "young", "elders",
                "villages", "worship", "experts", "orders near", "coins early",
                "cubes early", "wild early", "supply early", "young early", "elders early",
                "villages early", "worship early", "experts early", "orders near early",
                "seats before")
#: weights of WIN_FEATURES by number of players, for `mcts:leaf=win`, fitted by `python -m
#: bots.win_model rotunda --players <n> --games 600 --seed 10000` on the rule-based bots'
#: own games with one winner; log-loss on the last quarter of them, held out: 2 players
#: 0.549 (even chances 0.693; 600 games, 19,430 positions)
WIN_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.140, 0.037, 0.097, 0.080, 0.047, 0.116, 0.471, 0.501, 0.397, 0.277, 0.121, 0.011,
        0.096, 0.157, 0.222, 0.643, 1.563, 0.058, 0.532, 0.220, -0.255, -0.281),
}


def win_features(s: RotundaState) -> list[list[float]]:
    """Every seat's features: the points it has banked (VP, amulet sets, fulfilled Orders,
    the family track, advanced Experts' §11 points), its coins, cubes, supply discs, chair
    Assistants (young, elders), village Assistants, worship elders, unused Experts and the
    points of its nearly payable open Orders; those but the banked points again scaled by
    `early` (1 at the start, 0 once the round marker reaches its end space or the end is
    triggered); and how many seats move before it from the seat to move on."""
    n = s.num_players
    early = 0.0 if s.end_triggered else 1.0 - min(1.0, s.round / END_SPACE[n])
    mover = s.current_player() if s.stack else 0
    out = []
    for p in range(n):
        banked = float(s.vp[p] + amulet_vp(amulet_types(s, p)) + family_vp(s.track[p])
                       + sum(ORDERS[o][5] for o in s.orders_done[p]))
        if s.advanced_experts:
            banked += advanced_expert_vp(s, p)
        coins = s.coins[p]
        cubes = s.cubes[p * 4:p * 4 + 4]
        young, elders = chair_assistants(s, p)
        near = sum(max(0.0, ORDERS[o][5] * 0.6 - order_shortfall(s, p, o) * 0.5)
                   for o in s.orders_open[p])
        held = [float(coins), float(cubes[0] + cubes[1] + cubes[2]), float(cubes[3]),
                float(s.supply_discs[p]), float(young), float(elders),
                float(sum(s.villages[k * n + p] for k in range(VILLAGES))),
                float(sum(s.worship[p * 16:p * 16 + 16])), float(len(s.experts[p])), near]
        out.append([banked, *held, *(h * early for h in held), float((p - mover) % n)])
    return out
