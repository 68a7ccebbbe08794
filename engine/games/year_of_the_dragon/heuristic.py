"""Value estimate for search cut-offs.

`value(s, p)` projects each seat's final score as: current VP + what final scoring would give
now (2 per person, monks, money incl. goods / 3) + the per-round income still to come
(palaces + court ladies + privilege dragons, times the rounds whose scoring phase is still
ahead). Seat p's value is a logistic of its projected lead over the best other seat, on a
scale of 12 VP: 0.5 when level, about 0.73 at +12, 0.27 at -12, always in (0, 1). At the end
of the game it is the exact result: 1 for the winner, 0 for last, linear in the place between.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from engine.games.year_of_the_dragon.board import symbols
from engine.games.year_of_the_dragon.data import (
    COURT_LADY,
    ROUNDS,
    ST_ACTIONS,
    ST_EVENT,
    ST_GREAT_EVENT,
    ST_OVER,
    ST_PERSONS,
)
from engine.games.year_of_the_dragon.events import final_points

if TYPE_CHECKING:
    from engine.games.year_of_the_dragon.state import YotdState

SCALE = 12.0
#: steps in which this round's scoring phase is still to come
_SCORING_AHEAD = (ST_ACTIONS, ST_PERSONS, ST_EVENT, ST_GREAT_EVENT)


def projected_score(s: YotdState, p: int) -> int:
    if s.step == ST_OVER:
        return s.vp[p]
    rounds_left = ROUNDS - s.round + (1 if s.step in _SCORING_AHEAD else 0)
    income = (
        len(s.palaces[p]) + symbols(s, p, COURT_LADY) + s.small_privileges[p]
        + 2 * s.large_privileges[p]
    )
    return s.vp[p] + final_points(s, p) + rounds_left * income


def value(s: YotdState, p: int) -> float:
    n = s.num_players
    if s.step == ST_OVER:
        return 1.0 - s.ranking()[p] / (n - 1)
    proj = [projected_score(s, q) for q in range(n)]
    lead = proj[p] - max(proj[q] for q in range(n) if q != p)
    return 1.0 / (1.0 + math.exp(-lead / SCALE))
