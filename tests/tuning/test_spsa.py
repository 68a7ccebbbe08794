"""SPSA's maths (harness/tuning/spsa.py) on a synthetic noisy objective: pairs of games
whose outcomes are drawn from an Elo model of the parameters, as `arena tune` sees them."""

from __future__ import annotations

import math
import random

import pytest

from harness.tuning.spsa import Axis, Schedule, default_r_end, probe, update

#: the synthetic optimum: c = 0.15 (on a log scale) and depth = 12
OPTIMUM = {"c": 0.15, "depth": 12.0}
AXES = [Axis("c", 0.02, 2.0, 0.3, log=True), Axis("depth", 0, 60, 4, integer=True)]


def elo(values: dict[str, float]) -> float:
    """Strength of a parameter set: a quadratic bowl, 100 Elo lost at c four times too
    large (or small) or depth 16 away from the optimum."""
    dc = math.log(values["c"] / OPTIMUM["c"]) / math.log(4)
    dd = (values["depth"] - OPTIMUM["depth"]) / 16
    return -100 * (dc * dc + dd * dd)


def pair(plus: dict[str, float], minus: dict[str, float], rng: random.Random) -> int:
    """Wins minus losses of `plus` in two games against `minus` (no draws)."""
    p = 1 / (1 + 10 ** ((elo(minus) - elo(plus)) / 400))
    return sum(1 if rng.random() < p else -1 for _ in range(2))


def run(start: dict[str, float], pairs: int, seed: int, per_step: int = 1) -> list[float]:
    sched = Schedule(pairs, default_r_end(pairs))
    theta = [ax.theta(start[ax.name]) for ax in AXES]
    rng = random.Random(seed)
    k = 0
    while k < pairs:
        pr = probe(AXES, sched, theta, k + 1, rng)
        plus = dict(zip(OPTIMUM, pr.plus, strict=True))
        minus = dict(zip(OPTIMUM, pr.minus, strict=True))
        result = sum(pair(plus, minus, rng) for _ in range(per_step))
        theta = update(AXES, sched, theta, pr.k, pr.flip, result)
        k += per_step
    return [ax.value(t) for ax, t in zip(AXES, theta, strict=True)]


@pytest.mark.parametrize("seed", range(4))
def test_spsa_finds_the_optimum_of_a_noisy_objective_from_far_away(seed: int) -> None:
    """From c = 0.6, depth = 40 (406 Elo below the optimum), 3,000 pairs of games bring
    both parameters close to it: within a factor 1.6 of c and 6 of depth, and within 15
    Elo of the best (over 40 seeds the worst ended 5 Elo below it, the mean 1.7; after
    400 pairs the mean was 6.4 below, the worst 22)."""
    c, depth = run({"c": 0.6, "depth": 40}, 3000, seed, per_step=2)
    assert 0.15 / 1.6 < c < 0.15 * 1.6
    assert abs(depth - 12) < 6
    assert elo({"c": c, "depth": depth}) > -15


def test_spsa_stays_near_an_optimum_it_starts_at() -> None:
    """Noise alone moves a parameter by about its step: started at the optimum, a run
    ends within a factor 1.6 and 6 decisions of it."""
    for seed in range(3):
        c, depth = run(dict(OPTIMUM), 1000, 10 + seed)
        assert 0.15 / 1.6 < c < 0.15 * 1.6 and abs(depth - 12) < 6


def test_schedules_end_at_c_end_and_r_end() -> None:
    sched = Schedule(500, 0.04)
    ax = AXES[1]
    assert sched.c(ax, 500) == pytest.approx(4)
    assert sched.a(ax, 500) / sched.c(ax, 500) ** 2 == pytest.approx(0.04)
    assert sched.c(ax, 1) == pytest.approx(4 * 500 ** 0.101)  # larger probes early
    assert sched.a(ax, 1) > sched.a(ax, 250) > sched.a(ax, 500)
    assert sched.big_a == 50


def test_probes_are_symmetric_clipped_and_whole_where_the_parameter_is() -> None:
    sched = Schedule(100, 0.1)
    theta = [math.log(0.021), 30.0]
    for seed in range(50):
        pr = probe(AXES, sched, theta, 1, random.Random(seed))
        assert all(f in (-1, 1) for f in pr.flip)
        assert 0.02 <= min(pr.plus[0], pr.minus[0])  # clipped at the range's low end
        assert pr.plus[1] == int(pr.plus[1]) and pr.minus[1] == int(pr.minus[1])
        c = sched.c(AXES[1], 1)
        # depth: 30 +- c rounded down or up, on the side of the flip
        assert abs(pr.plus[1] - (30 + c * pr.flip[1])) < 1
        assert abs(pr.minus[1] - (30 - c * pr.flip[1])) < 1


def test_whole_parameters_are_rounded_without_bias() -> None:
    ax = AXES[1]
    rng = random.Random(3)
    mean = sum(ax.rounded(12.3, rng) for _ in range(4000)) / 4000
    assert mean == pytest.approx(12.3, abs=0.03)


def test_the_update_moves_towards_the_winning_probe_and_stays_in_range() -> None:
    sched = Schedule(100, 0.1)
    theta = [math.log(0.3), 20.0]
    up = update(AXES, sched, theta, 1, (1, -1), result=2)  # plus won both games
    assert up[0] > theta[0] and up[1] < theta[1]
    assert update(AXES, sched, theta, 1, (1, -1), result=0) == theta
    far = update(AXES, sched, theta, 1, (1, 1), result=10 ** 6)
    assert far == [math.log(2.0), 60.0]
