"""Multiplayer Elo and maximum-likelihood (Bradley-Terry) ratings with 95% intervals.

A game of N players counts as the N*(N-1)/2 pairwise results it contains: the better
placed seat of each pair wins it, equal places draw (also seats tied at the top of a game
that nobody wins, `engine.protocol.NO_WINNER`). Pairs of seats held by the same
bot are skipped (they say nothing about its strength).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from engine.protocol import NO_WINNER

#: the rating every new bot starts from, and the mean of maximum-likelihood ratings
BASE = 1500.0
#: Elo points per natural-log unit of strength (400 / ln 10)
ELO_PER_NAT = 400.0 / math.log(10.0)
#: 97.5% quantile of the standard normal, for two-sided 95% intervals
Z95 = 1.959963984540054
#: standard deviation (in Elo) of the weak Gaussian prior that keeps a bot with a
#: perfect record at a finite rating
PRIOR_ELO = 800.0

Pair = tuple[str, str, float]


def pairwise(bots: Sequence[str], ranking: Sequence[int]) -> list[Pair]:
    """(a, b, score of a) for every pair of seats held by different bots."""
    out: list[Pair] = []
    for i in range(len(bots)):
        for j in range(i + 1, len(bots)):
            if bots[i] == bots[j]:
                continue
            ri, rj = ranking[i], ranking[j]
            out.append((bots[i], bots[j], 1.0 if ri < rj else 0.0 if ri > rj else 0.5))
    return out


def first_share(ranking: Sequence[int], seat: int, outcome: str | None = None) -> float:
    """A seat's share of first place: 1/k when k seats share first place, else 0; and 0
    for everybody when the game's `outcome` is NO_WINNER (the rules say nobody wins; the
    tied seats still draw with each other in `pairwise`).
    The one definition of "wins" used by standings, ladders and evaluation scripts."""
    if ranking[seat] != 0 or outcome == NO_WINNER:
        return 0.0
    return 1.0 / sum(1 for r in ranking if r == 0)


def expected(ra: float, rb: float) -> float:
    """Elo expected score of a rating `ra` against `rb`."""
    return 1.0 / (1.0 + 10.0 ** ((rb - ra) / 400.0))


class Elo:
    """Online multiplayer Elo: after each game every pair is an Elo game worth K/(N-1),
    all updates computed from the ratings before the game (order inside a game is moot)."""

    def __init__(self, k: float = 32.0, ratings: dict[str, float] | None = None,
                 games: dict[str, int] | None = None) -> None:
        self.k = k
        self.ratings: dict[str, float] = dict(ratings or {})
        self.games: dict[str, int] = dict(games or {})

    def rating(self, bot: str) -> float:
        return self.ratings.get(bot, BASE)

    def update(self, bots: Sequence[str], ranking: Sequence[int]) -> dict[str, float]:
        """Apply one game; returns the new rating of every bot that played it."""
        weight = self.k / max(1, len(bots) - 1)
        delta: dict[str, float] = {b: 0.0 for b in bots}
        for a, b, s in pairwise(bots, ranking):
            e = expected(self.rating(a), self.rating(b))
            delta[a] += weight * (s - e)
            delta[b] -= weight * (s - e)
        for b, d in delta.items():
            self.ratings[b] = self.rating(b) + d
        for b in set(bots):
            self.games[b] = self.games.get(b, 0) + 1
        return {b: self.ratings[b] for b in delta}


@dataclass(frozen=True)
class Rating:
    """A maximum-likelihood Elo with its 95% interval."""

    elo: float
    low: float
    high: float

    def text(self) -> str:
        return f"{self.elo:.0f} [{self.low:.0f}, {self.high:.0f}]"

    def short(self) -> str:
        return f"{self.elo:.0f} ±{(self.high - self.low) / 2:.0f}"


def ml_ratings(
    pairs: Iterable[Pair], base: float = BASE, iterations: int = 50
) -> dict[str, Rating]:
    """Bradley-Terry maximum-likelihood Elo (draws count half a win each way), mean `base`,
    from every pairwise result (`ml_from_totals` does the fitting)."""
    totals: dict[tuple[str, str], list[float]] = {}
    for a, b, s in pairs:
        if b < a:
            a, b, s = b, a, 1.0 - s
        t = totals.setdefault((a, b), [0.0, 0.0])
        t[0] += s
        t[1] += 1.0
    return ml_from_totals([(a, b, s, n) for (a, b), (s, n) in totals.items()], base,
                          iterations)


PairTotal = tuple[str, str, float, float]  # a, b, score of a over their games, games


def ml_from_totals(
    totals: Iterable[PairTotal], base: float = BASE, iterations: int = 50
) -> dict[str, Rating]:
    """Bradley-Terry maximum-likelihood Elo from per-pair totals (a, b, a's score, games),
    by bot name (`ml_from_arrays` does the fitting)."""
    totals = list(totals)
    bots = sorted({x for a, b, _, _ in totals for x in (a, b)})
    index = {b: i for i, b in enumerate(bots)}
    fitted = ml_from_arrays(
        np.fromiter((index[t[0]] for t in totals), np.intp, len(totals)),
        np.fromiter((index[t[1]] for t in totals), np.intp, len(totals)),
        np.fromiter((t[2] for t in totals), float, len(totals)),
        np.fromiter((t[3] for t in totals), float, len(totals)), len(bots), base, iterations)
    return {bots[i]: r for i, r in enumerate(fitted)}


def ml_from_arrays(a: np.ndarray, b: np.ndarray, score: np.ndarray, played: np.ndarray,
                   n: int, base: float = BASE, iterations: int = 50) -> list[Rating]:
    """Bradley-Terry maximum-likelihood Elo of players 0..n-1 from per-pair totals as
    arrays (pair k: players a[k] and b[k], a's score over their played[k] games): what a
    ladder keeps as its games finish, so a fit costs the pairs that met, not the games.

    Newton's method on log-strengths with a weak Gaussian prior (PRIOR_ELO); intervals
    from the inverse of the observed information, projected onto mean-zero ratings.
    Pairwise results of one multiplayer game are not independent, so the intervals are
    approximate (somewhat narrow for many players).
    """
    if n == 0:
        return []
    wins = np.zeros((n, n))  # wins[i, j]: score of i against j
    np.add.at(wins, (a, b), score)
    np.add.at(wins, (b, a), played - score)
    games = wins + wins.T
    prior = (ELO_PER_NAT / PRIOR_ELO) ** 2
    theta = np.zeros(n)
    for _ in range(iterations):
        p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))  # p[i, j]: i beats j
        grad = (wins - games * p).sum(axis=1) - prior * theta
        w = games * p * (1.0 - p)
        hess = np.diag(w.sum(axis=1) + prior) - w  # observed information
        step = np.linalg.solve(hess, grad)
        theta += step
        if np.max(np.abs(step)) < 1e-10:
            break
    p = 1.0 / (1.0 + np.exp(theta[None, :] - theta[:, None]))
    w = games * p * (1.0 - p)
    cov = np.linalg.inv(np.diag(w.sum(axis=1) + prior) - w)
    # the diagonal of C cov C (C = I - 1/n: onto mean-zero ratings), without forming it
    var = np.diag(cov) - cov.mean(axis=1) - cov.mean(axis=0) + cov.mean()
    theta = theta - theta.mean()
    out = []
    for i in range(n):
        elo = base + ELO_PER_NAT * float(theta[i])
        half = Z95 * ELO_PER_NAT * math.sqrt(max(0.0, float(var[i])))
        out.append(Rating(elo, elo - half, elo + half))
    return out
