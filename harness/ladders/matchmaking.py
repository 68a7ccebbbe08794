"""Matchmaking: which entrants play the next game, and in which seats.

- The first entrant (the anchor) is, half of the time, the one with the fewest games
  (so every entrant gets games), otherwise drawn with weight sigma^2 (uncertain ratings
  first).
- The other seats are drawn without replacement with weight
  quality(anchor, c) * (0.5 + sigma_c / SIGMA): quality is the chance of a draw between
  the two ratings (TrueSkill's match quality), so close ratings meet most; uncertain
  entrants get a bonus. With fewer entrants than seats, every entrant plays and then
  entrants repeat.
- Seats: the permutation of the lineup whose entrants have sat least often in those
  seats (every permutation is tried; ties broken at random), so seats rotate.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ratings.weng_lin import SIGMA

BETA = SIGMA / 2  # openskill's default performance spread
#: weight floor, so that no entrant is ever left out entirely
FLOOR = 1e-3


@dataclass(frozen=True)
class Candidate:
    id: int
    mu: float
    sigma: float
    games: int  # played or already scheduled


def quality(a: Candidate, b: Candidate) -> float:
    """Chance of a draw between a and b (1 for equal, certain ratings; near 0 far apart)."""
    spread = 2 * BETA**2 + a.sigma**2 + b.sigma**2
    return math.sqrt(2 * BETA**2 / spread) * math.exp(-((a.mu - b.mu) ** 2) / (2 * spread))


def _draw(rng: random.Random, items: Sequence[Candidate], weights: Sequence[float]) -> Candidate:
    return rng.choices(list(items), weights=[max(FLOOR, w) for w in weights])[0]


def pick_lineup(pool: Sequence[Candidate], num_players: int, rng: random.Random) -> list[int]:
    """The entrant ids of the next game (unseated), chosen as the module says."""
    if len({c.id for c in pool}) < 2:
        raise ValueError("matchmaking needs at least two entrants")
    if rng.random() < 0.5:
        fewest = min(c.games for c in pool)
        anchor = rng.choice([c for c in pool if c.games == fewest])
    else:
        anchor = _draw(rng, pool, [c.sigma**2 for c in pool])
    chosen = [anchor]
    while len(chosen) < num_players:
        rest = [c for c in pool if c not in chosen] or list(pool)  # repeats once all played
        chosen.append(_draw(rng, rest, [quality(anchor, c) * (0.5 + c.sigma / SIGMA)
                                        for c in rest]))
    return [c.id for c in chosen]


def seat(lineup: Sequence[int], seat_counts: Mapping[int, Sequence[int]],
         rng: random.Random) -> list[int]:
    """The seat order of `lineup` whose entrants have held those seats least often."""
    perms = list(dict.fromkeys(itertools.permutations(lineup)))
    rng.shuffle(perms)

    def load(p: tuple[int, ...]) -> int:
        return sum(seat_counts.get(e, [0] * len(p))[s] for s, e in enumerate(p))

    return list(min(perms, key=load))
