"""Sequential probability ratio test on blocks of games between two bots.

Each block (every seat permutation of one deal, or one game without seat rotation)
gives bot A one score in [0, 1]: its mean pairwise score against bot B in the block.
The log-likelihood ratio of H1 (A is `elo1` stronger) against H0 (`elo0`) uses the
normal approximation of the block scores (the GSPRT used by chess-engine testers). Their
variance is estimated with a prior worth PRIOR_BLOCKS blocks of PRIOR_VARIANCE, the
variance of a block of two independent even games: a few blocks alike (every deal split
1-1, as happens when the seat decides a game) do not make the variance near zero, which
had let four 1-1 deals reject a bot that went on to win 77% of 40 games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ratings.elo import Pair

#: blocks needed before the test may stop (the variance estimate needs a few)
MIN_BLOCKS = 4
#: floor on the variance of block scores, so identical early blocks do not stop the test
MIN_VARIANCE = 1e-3
#: the variance estimate's prior: PRIOR_BLOCKS blocks' worth of PRIOR_VARIANCE (a block of
#: two independent games at even odds: scores 0, 1/2, 1 with chances 1/4, 1/2, 1/4)
PRIOR_BLOCKS = 2
PRIOR_VARIANCE = 0.125


@dataclass(frozen=True)
class Sprt:
    """`--sprt elo0,elo1,alpha,beta` between the first two entrants."""

    elo0: float
    elo1: float
    alpha: float
    beta: float

    @classmethod
    def parse(cls, text: str) -> Sprt:
        parts = [p.strip() for p in text.split(",")]
        try:
            elo0, elo1, alpha, beta = (float(p) for p in parts)
        except ValueError:
            raise ValueError(
                f"--sprt {text!r} must be four numbers: elo0,elo1,alpha,beta (e.g. 0,50,0.05,0.05)"
            ) from None
        if not elo0 < elo1:
            raise ValueError(f"--sprt needs elo0 < elo1, got {elo0} and {elo1}")
        if not (0 < alpha < 0.5 and 0 < beta < 0.5):
            raise ValueError(f"--sprt alpha and beta must lie in (0, 0.5), got {alpha}, {beta}")
        return cls(elo0, elo1, alpha, beta)

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, scores: Sequence[float]) -> float:
        """Log-likelihood ratio of H1 against H0 after these block scores."""
        n = len(scores)
        if n == 0:
            return 0.0
        mean = sum(scores) / n
        spread = sum((x - mean) ** 2 for x in scores) + PRIOR_BLOCKS * PRIOR_VARIANCE
        var = max(MIN_VARIANCE, spread / (n + PRIOR_BLOCKS))
        s0, s1 = _score(self.elo0), _score(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)

    def verdict(self, scores: Sequence[float]) -> str | None:
        """"H1" (A is stronger by elo1), "H0" (by elo0 at most) or None (keep playing)."""
        if len(scores) < MIN_BLOCKS:
            return None
        llr = self.llr(scores)
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None


def _score(elo: float) -> float:
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def block_score(pairs: Sequence[Pair], a: str, b: str) -> float | None:
    """Mean score of `a` against `b` over one block's pairwise results (None: no such pair)."""
    got = [s if x == a else 1.0 - s for x, y, s in pairs if {x, y} == {a, b}]
    return sum(got) / len(got) if got else None
