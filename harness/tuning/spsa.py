"""SPSA as fishtest runs it, for noisy win/loss results (docs/mcts.md, "Tuning").

Simultaneous perturbation stochastic approximation (Spall 1992): every parameter is moved
at once by +-c_k (a random sign each, `flip`); the two probes play each other (or the same
opponents on the same deals), and the result, wins of the `+` probe minus its losses,
moves every parameter by a_k / c_k * result * flip. Two probes per step whatever the
number of parameters, and a result that may be as noisy as a game.

fishtest's parametrisation (its SPSA handler): per parameter the user gives the
perturbation at the end of the run, `c_end`, and one learning rate `r_end` for all, in
units of c_end (phi = theta / c); with N pairs of games in the run,

    c_k = c / k**gamma,        c = c_end * N**gamma
    a_k = a / (A + k)**alpha,  a = r_end * c_end**2 * (A + N)**alpha

so that c_N = c_end and a_N / c_N**2 = r_end; alpha = 0.602 and gamma = 0.101 (Spall's
practical values), A = N / 10. A report of n pairs dispatched when K pairs were done is
evaluated at k = K + 1 and then advances K by n. Pure maths: no I/O.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

ALPHA = 0.602
GAMMA = 0.101
#: A as a share of the run's pairs (fishtest's default)
A_RATIO = 0.1


@dataclass(frozen=True)
class Axis:
    """One tuned parameter: its range [lo, hi], its perturbation at the end of the run
    (`step`, c_end), on a log scale (`log`: theta = ln(value)) and whole (`integer`)."""

    name: str
    lo: float
    hi: float
    step: float
    log: bool = False
    integer: bool = False

    def theta(self, value: float) -> float:
        """The parameter's value as the search's coordinate (clipped into the range)."""
        v = min(max(value, self.lo), self.hi)
        return math.log(v) if self.log else float(v)

    def bounds(self) -> tuple[float, float]:
        return self.theta(self.lo), self.theta(self.hi)

    def clip(self, theta: float) -> float:
        lo, hi = self.bounds()
        return min(max(theta, lo), hi)

    def value(self, theta: float) -> float:
        """The parameter's value at `theta` (not rounded: `rounded` makes it whole)."""
        t = self.clip(theta)
        return math.exp(t) if self.log else t

    def rounded(self, theta: float, rng: random.Random) -> float:
        """The value a probe plays: whole parameters rounded up with probability equal to
        the fraction (so that their mean is the value), others to 4 significant digits."""
        v = self.value(theta)
        if self.integer:
            down = math.floor(v)
            return float(down + (rng.random() < v - down))
        return float(f"{v:.4g}")


@dataclass(frozen=True)
class Schedule:
    """fishtest's gains for a run of `pairs` pairs of games."""

    pairs: int
    r_end: float
    alpha: float = ALPHA
    gamma: float = GAMMA
    a_ratio: float = A_RATIO

    @property
    def big_a(self) -> float:
        return self.a_ratio * self.pairs

    def c(self, axis: Axis, k: int) -> float:
        """Perturbation of `axis` at iteration k (1-based): c_end at k = pairs."""
        return axis.step * (self.pairs / max(1, k)) ** self.gamma

    def a(self, axis: Axis, k: int) -> float:
        """Step gain of `axis` at iteration k: r_end * c_end**2 at k = pairs."""
        big_a = self.big_a
        return self.r_end * axis.step ** 2 * ((big_a + self.pairs) / (big_a + max(1, k))) ** (
            self.alpha)


def default_r_end(pairs: int) -> float:
    """The learning rate at the end of a run of `pairs` pairs when none is given: with a
    result per pair of about one game's spread, noise alone then moves a parameter about
    one c_end over the run (a random walk of `pairs` steps of about r_end each), while a
    consistent edge of 2% of the games moves it several times as far."""
    return 1.0 / math.sqrt(max(1, pairs))


@dataclass(frozen=True)
class Probe:
    """One step's two probes: the flips and the + and - parameter values they play."""

    k: int
    flip: tuple[int, ...]
    plus: tuple[float, ...]
    minus: tuple[float, ...]


def probe(axes: Sequence[Axis], schedule: Schedule, theta: Sequence[float], k: int,
          rng: random.Random) -> Probe:
    """The probes of iteration k around `theta`: theta +- c_k * flip, clipped into the
    ranges, as the values the bots play (`Axis.rounded`)."""
    flip = tuple(1 if rng.random() < 0.5 else -1 for _ in axes)
    plus, minus = [], []
    for ax, t, f in zip(axes, theta, flip, strict=True):
        c = schedule.c(ax, k)
        plus.append(ax.rounded(t + c * f, rng))
        minus.append(ax.rounded(t - c * f, rng))
    return Probe(k, flip, tuple(plus), tuple(minus))


def update(axes: Sequence[Axis], schedule: Schedule, theta: Sequence[float], k: int,
           flip: Sequence[int], result: float) -> list[float]:
    """theta after a report: each coordinate moved by a_k / c_k * result * flip, clipped
    into its range; `result` is the `+` probe's wins minus its losses over the report."""
    return [ax.clip(t + schedule.a(ax, k) / schedule.c(ax, k) * result * f)
            for ax, t, f in zip(axes, theta, flip, strict=True)]
