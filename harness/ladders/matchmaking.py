"""Matchmaking: which entrants play the next game, and in which seats.

- The first entrant (the anchor) is, half of the time, one with the fewest games (so every
  entrant gets games), otherwise drawn with weight sigma^2 (uncertain ratings first).
- The other seats are drawn without replacement with weight
  quality(anchor, c) * (0.5 + sigma_c / SIGMA): quality is the chance of a draw between
  the two ratings (TrueSkill's match quality), so close ratings meet most; uncertain
  entrants get a bonus. No weight is below FLOOR, so no entrant is ever left out. With
  more than WINDOW entrants, those weights are worked out for the WINDOW entrants nearest
  the anchor in mu, and every other entrant counts with the floor weight (far ratings
  have a quality near 0: the draw is the same whenever their weights are under the
  floor). With fewer entrants than seats, every entrant plays and then entrants repeat.
- Seats: the permutation of the lineup whose entrants have sat least often in those
  seats (every permutation is tried; ties broken at random), so seats rotate.

`Matchmaker` keeps the candidates so that a draw takes a time that does not grow with
their number: a bucket per game count (the fewest), a Fenwick tree of the sigma^2 weights
by entrant id (in whole millionths, so a sum never depends on the order of additions), the
candidates sorted by mu (the window). The same candidates give the same draws, however
they came in (a driver started afresh draws as one that ran all along).
"""

from __future__ import annotations

import bisect
import heapq
import itertools
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ratings.weng_lin import SIGMA

BETA = SIGMA / 2  # openskill's default performance spread
#: weight floor, so that no entrant is ever left out entirely
FLOOR = 1e-3
#: opponents whose weights are worked out: the entrants nearest the anchor in mu
WINDOW = 64
#: sigma^2 weights in these units (whole numbers)
UNIT = 1e-6


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


class _Weights:
    """Whole-number weights by entrant id, with draws in O(log n): a Fenwick tree over the
    ids (room doubled as larger ids come), so a draw depends on the weights alone, not on
    the order in which they were set."""

    def __init__(self) -> None:
        self.values: list[int] = []
        self.tree = [0]  # 1-based: tree[i] sums values (i - lowbit(i), i]

    def set(self, eid: int, weight: int) -> None:
        if eid >= len(self.values):
            self.values += [0] * (max(2 * len(self.values), eid + 1) - len(self.values))
            self.tree = [0] * (len(self.values) + 1)
            for i, w in enumerate(self.values):
                self._add(i, w)
        self._add(eid, weight - self.values[eid])
        self.values[eid] = weight

    def _add(self, eid: int, delta: int) -> None:
        i = eid + 1
        while i < len(self.tree):
            self.tree[i] += delta
            i += i & -i

    def total(self) -> int:
        i, out = len(self.tree) - 1, 0
        while i > 0:
            out += self.tree[i]
            i -= i & -i
        return out

    def find(self, u: int) -> int:
        """The id whose range of the prefix sums holds `u` (0 <= u < total)."""
        pos, step = 0, 1 << (len(self.tree).bit_length() - 1)
        while step:
            if pos + step < len(self.tree) and self.tree[pos + step] <= u:
                pos += step
                u -= self.tree[pos]
            step >>= 1
        return pos


class Matchmaker:
    """The entrants in matchmaking, kept for draws whose time does not grow with them."""

    def __init__(self, pool: Iterable[Candidate] = ()) -> None:
        self.cands: dict[int, Candidate] = {}
        self.by_mu: list[tuple[float, int]] = []
        self.buckets: dict[int, list[int]] = {}  # games -> ids, sorted
        self.counts: list[int] = []  # a heap of game counts (stale ones skipped)
        self.weights = _Weights()
        for c in sorted(pool, key=lambda c: c.id):
            self.put(c)

    def __len__(self) -> int:
        return len(self.cands)

    def __contains__(self, eid: int) -> bool:
        return eid in self.cands

    def put(self, c: Candidate) -> None:
        """Add candidate `c`, or update it (its rating or games changed)."""
        self.remove(c.id)
        self.cands[c.id] = c
        bisect.insort(self.by_mu, (c.mu, c.id))
        bucket = self.buckets.setdefault(c.games, [])
        if not bucket:
            heapq.heappush(self.counts, c.games)
        bisect.insort(bucket, c.id)
        self.weights.set(c.id, max(round(FLOOR / UNIT), round(c.sigma**2 / UNIT)))

    def remove(self, eid: int) -> None:
        """Take `eid` out of matchmaking (nothing if it was not in)."""
        c = self.cands.pop(eid, None)
        if c is None:
            return
        del self.by_mu[bisect.bisect_left(self.by_mu, (c.mu, c.id))]
        bucket = self.buckets[c.games]
        del bucket[bisect.bisect_left(bucket, c.id)]
        self.weights.set(eid, 0)

    def fewest(self) -> list[int]:
        """The ids with the fewest games, sorted."""
        while not self.buckets.get(self.counts[0]):
            heapq.heappop(self.counts)
        return self.buckets[self.counts[0]]

    def anchor(self, rng: random.Random) -> Candidate:
        if rng.random() < 0.5:
            return self.cands[rng.choice(self.fewest())]
        return self.cands[self.weights.find(rng.randrange(self.weights.total()))]

    def near(self, a: Candidate, count: int) -> list[Candidate]:
        """The `count` candidates nearest `a` in mu (`a` first)."""
        if count >= len(self.by_mu):
            return [a, *(self.cands[i] for _, i in self.by_mu if i != a.id)]
        mid = bisect.bisect_left(self.by_mu, (a.mu, a.id))
        lo, hi, out = mid - 1, mid + 1, [a]
        while len(out) < count:
            left = a.mu - self.by_mu[lo][0] if lo >= 0 else math.inf
            right = self.by_mu[hi][0] - a.mu if hi < len(self.by_mu) else math.inf
            if left <= right:
                out.append(self.cands[self.by_mu[lo][1]])
                lo -= 1
            else:
                out.append(self.cands[self.by_mu[hi][1]])
                hi += 1
        return out

    def pick(self, num_players: int, rng: random.Random) -> list[int]:
        """The entrant ids of the next game (unseated), chosen as the module says."""
        if len(self.cands) < 2:
            raise ValueError("matchmaking needs at least two entrants")
        anchor = self.anchor(rng)
        chosen = [anchor.id]
        window = self.near(anchor, WINDOW + num_players)
        inside = {c.id for c in window}
        weights = {c.id: max(FLOOR, quality(anchor, c) * (0.5 + c.sigma / SIGMA))
                   for c in window}
        while len(chosen) < num_players:
            repeat = len(chosen) >= len(self.cands)  # all played: entrants repeat
            rest = [c.id for c in window if repeat or c.id not in chosen][:WINDOW]
            outside = len(self.cands) - len(inside) - sum(1 for i in chosen if i not in inside)
            u = rng.random() * (sum(weights[i] for i in rest) + FLOOR * outside)
            for i in rest:
                if u < weights[i]:
                    chosen.append(i)
                    break
                u -= weights[i]
            else:  # past the window's weights: one of the others, or rounding
                chosen.append(self._outside(inside, chosen, rng) if outside else rest[-1])
        return chosen

    def _outside(self, inside: set[int], chosen: list[int], rng: random.Random) -> int:
        """An entrant outside the window, not chosen yet, at random (each has the floor
        weight); a few tries, as only the window and the chosen ones are excluded."""
        while True:
            _, eid = self.by_mu[rng.randrange(len(self.by_mu))]
            if eid not in inside and eid not in chosen:
                return eid


def seat(lineup: Sequence[int], seat_counts: Mapping[int, Sequence[int]],
         rng: random.Random) -> list[int]:
    """The seat order of `lineup` whose entrants have held those seats least often."""
    perms = list(dict.fromkeys(itertools.permutations(lineup)))
    rng.shuffle(perms)

    def load(p: tuple[int, ...]) -> int:
        return sum(seat_counts.get(e, [0] * len(p))[s] for s, e in enumerate(p))

    return list(min(perms, key=load))
