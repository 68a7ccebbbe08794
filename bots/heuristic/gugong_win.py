"""The win model of the rule-based Gugong bot (`bots.win_model`): a seat's features (its
holdings, as `engine.games.gugong.heuristic.value` reads them, but unweighted) and their
weights, fitted on the rule-based bots' own games."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.gugong.bonus import active_value
from engine.games.gugong.data import (
    CARD_VALUE,
    DAYS,
    F_POOL,
    F_SUPPLY,
    S_DAY,
    SHIPS,
    jade_points,
    token_units,
)
from engine.games.gugong.effects import ship_units, wall_units
from engine.games.gugong.heuristic import decree_value

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

#: the features of a seat (`win_features`); "late" ones are scaled by how many Days have
#: passed (an Envoy outside the Palace scores nothing at the end, rules §12)
WIN_FEATURES = ("banked", "envoy", "in palace", "palace slot", "decrees", "pool", "supply",
                "foreman", "wall", "ships", "travel", "intrigue", "cards", "dice", "bonus",
                "envoy late", "pool late", "seats before")
#: weights of WIN_FEATURES by number of players, for `mcts:leaf=win`, fitted by `python -m
#: bots.win_model gugong --players <n> --games 600 --seed 10000` on the rule-based bots'
#: own games with one winner; log-loss on the last quarter of them, held out: 2 players
#: 0.477 (even chances 0.693; 600 games, 13,116 positions)
WIN_WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (0.218, 0.330, -1.078, 0.231, 0.150, 0.352, 0.197, 0.351, 0.520, 0.245, -0.050, 0.110,
        0.708, 0.281, 0.000, 0.086, -0.022, -0.388),
}


def win_features(s: GugongState) -> list[list[float]]:
    """Every seat's features: VP and jade points banked, its Envoy's steps, whether it is in
    the Palace and its slot there, its decrees' worth (`decree_value`), servants in the pool
    and the supply, its foreman (1 in the pool, 0.4 in the supply), its units on the Wall
    and on ships, travel token units, Intrigue, cards in hand and discard and the discards
    matching a Destiny die (during a Day), its active bonus tokens' worth; the Envoy's
    steps and the pool again scaled by the Days passed; and how many seats move before it
    from the seat to move on."""
    n = s.num_players
    late = (s.day - 1) / (DAYS - 1)
    mover = s.current_player() if s.stack else 0
    out = []
    for p in range(n):
        ships = sum(ship_units(s, p, k) for k in range(SHIPS) if s.ship_harbor[p * 3 + k] >= 0)
        day = s.step == S_DAY
        cards = float(len(s.hands[p]) + len(s.discards[p])) if day else 0.0
        dice = float(sum(s.dice.count(CARD_VALUE[c]) for c in s.discards[p])) if day else 0.0
        foreman = 1.0 if s.foreman[p] == F_POOL else 0.4 if s.foreman[p] == F_SUPPLY else 0.0
        out.append([
            float(s.vp[p] + jade_points(s.jade[p])), float(s.envoy[p]),
            1.0 if s.palace_slot[p] else 0.0, float(s.palace_slot[p] or 0),
            decree_value(s, p), float(s.pool[p]), float(s.supply[p]), foreman,
            float(wall_units(s, p)), float(ships),
            float(sum(token_units(t) for t in s.stored[p])), float(s.intrigue[p]), cards,
            dice, active_value(s, p) if s.bonus_active else 0.0, s.envoy[p] * late,
            s.pool[p] * late, float((p - mover) % n)])
    return out
