"""Value estimate for search cut-offs and the rule-based bot.

`value(s, p)` is an estimate, in VP, of what seat p's position is worth at the end: its VP;
its jade at the end-scoring table; its Envoy (each step toward the Palace is worth more as
the Days run out, entering is worth a large bonus plus its slot, since an Envoy outside
scores 0); servant units in the pool (spendable, about 0.8 VP each) and in the supply
(future income, 0.3); pieces on the Wall (0.8) and on ships (1.2 per unit, more when the
ship is full); decrees (their end value for level 3); travel tokens (0.5 per exchange unit);
Intrigue (0.25 per step); hand and discard cards (0.4, each one more turn; a discard card
matching a Destiny die 0.7 more); active bonus tokens (`bonus.active_value`: the token and
its servant, plus their effect on the cards still to be played this Day). `heuristic(s, p)`
maps p's value against the best other
seat through a logistic curve with a 12-VP scale to [0, 1] (0.5 = level); once the game is
over it is 1 for a winner, 0 for a seat that cannot win, and linear in the final place
between. Solo (rules §13): the other colour is the Automa Meng, valued the same way except
that his Envoy needs no Palace to win (he always counts as eligible) and his cards are his
gift stack and discard pile; the finished game is 0 outside the Palace, else the logistic
of the final margin over Meng, halved when he won (so every win scores above every loss).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.games.gugong.bonus import active_value
from engine.games.gugong.data import (
    CARD_VALUE,
    D3A,
    D3B,
    D3C,
    D3D,
    D3E,
    DAYS,
    DECREE_LEVEL,
    F_POOL,
    F_SUPPLY,
    S_DAY,
    S_FINAL,
    S_OVER,
    SHIP_CAPACITY,
    SHIPS,
    jade_points,
    token_units,
)
from engine.games.gugong.effects import ship_units, wall_units

if TYPE_CHECKING:
    from engine.games.gugong.state import GugongState

PALACE_BONUS = 30.0


def envoy_value(s: GugongState, p: int) -> float:
    if p >= s.num_players:  # solo: Meng can win outside the Palace: always "eligible"
        return PALACE_BONUS + (s.palace_slot[p] if s.palace_slot[p] else 0.6 * s.envoy[p])
    if s.palace_slot[p]:
        return PALACE_BONUS + s.palace_slot[p]
    step = 2.5 + 1.2 * (s.day - 1)  # later Days: each missing step is more urgent
    return step * s.envoy[p]


def decree_value(s: GugongState, p: int) -> float:
    v = 0.0
    held = [t for slot, t in enumerate(s.decrees) if s.decree_servants[p * 6 + slot]]
    left = DAYS - s.day
    for t in held:
        if t == D3A:
            v += min(10, (s.vp[p] + 10) // 3)
        elif t == D3B:
            v += 8
        elif t == D3C:
            v += min(10, 2 * (s.jade[p] + 1))
        elif t == D3D:
            v += 2 * len(held) + 1
        elif t == D3E:
            v += 2 * sum(s.rewards[p * 3:p * 3 + 3]) + 2
        elif DECREE_LEVEL[t] == 1:
            v += 1.2 * left
        else:
            v += 0.6 * left
    return v


def value(s: GugongState, p: int) -> float:
    v = float(s.vp[p]) + jade_points(s.jade[p]) + envoy_value(s, p) + decree_value(s, p)
    v += 0.8 * s.pool[p] + 0.3 * s.supply[p]
    if s.foreman[p] == F_POOL:
        v += 2.0
    elif s.foreman[p] == F_SUPPLY:
        v += 0.8
    v += 0.8 * wall_units(s, p)
    for k in range(SHIPS):
        i = p * 3 + k
        if s.ship_harbor[i] >= 0:
            u = ship_units(s, p, k)
            v += 1.2 * u + (1.5 if u == SHIP_CAPACITY and s.ship_harbor[i] >= 1 else 0)
    tokens = sum(token_units(t) for t in s.stored[p])
    v += (0.25 if s.step == S_FINAL else 0.5) * tokens
    v += 0.25 * s.intrigue[p]
    if p >= s.num_players:  # solo: Meng's gift stack and discard pile
        cards = len(s.meng_stack) + len(s.meng_bottom) + len(s.meng_discard)
        v += 0.4 * cards if s.step == S_DAY else 0.0
    elif s.step == S_DAY:
        v += 0.4 * (len(s.hands[p]) + len(s.discards[p]))
        v += 0.7 * sum(s.dice.count(CARD_VALUE[c]) for c in s.discards[p])
    if s.bonus_active:
        v += active_value(s, p)
    return v


def heuristic(s: GugongState, seat: int) -> float:
    n = s.num_players
    if s.step == S_OVER and s.automa:  # solo: beat Meng (rules §13), graded by the margin
        if not s.palace_slot[seat]:
            return 0.0
        margin = 1.0 / (1.0 + math.exp(-(s.vp[seat] - s.vp[1]) / 12.0))
        return (0.5 if s.no_winner() else 1.0) * margin
    if s.step == S_OVER:
        rank = s.ranking()
        if not s.palace_slot[seat]:
            return 0.0
        return 1.0 - rank[seat] / (n - 1)
    mine = value(s, seat)
    best = max(value(s, q) for q in range(len(s.vp)) if q != seat)  # Meng's colour too
    return 1.0 / (1.0 + math.exp(-(mine - best) / 12.0))
