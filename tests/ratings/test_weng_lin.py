"""Weng-Lin ratings: against hand computation and openskill's published values."""

from __future__ import annotations

import math

import pytest
from openskill.models import PlackettLuce

from ratings.weng_lin import MU, SIGMA, Skill, WengLin, provisional

BETA, TAU, KAPPA = 25 / 6, 25 / 300, 1e-4


def plackett_luce(ratings: list[tuple[float, float]], ranks: list[int]
                  ) -> list[tuple[float, float]]:
    """Algorithm 4 of Weng & Lin (2011), by hand: one player per team, tau added first."""
    var = [s * s + TAU * TAU for _, s in ratings]
    c = math.sqrt(sum(v + BETA * BETA for v in var))
    ex = [math.exp(m / c) for m, _ in ratings]
    ties = [ranks.count(r) for r in ranks]
    below = [sum(ex[s] for s in range(len(ranks)) if ranks[s] >= ranks[q])
             for q in range(len(ranks))]
    out = []
    for i, (mu, _) in enumerate(ratings):
        omega = delta = 0.0
        for q in range(len(ranks)):
            if ranks[q] > ranks[i]:
                continue
            p = ex[i] / below[q]
            omega += ((1.0 if q == i else 0.0) - p) / ties[q]
            delta += p * (1 - p) / ties[q]
        gamma = math.sqrt(var[i]) / c
        out.append((mu + var[i] / c * omega,
                    math.sqrt(var[i] * max(1 - gamma * var[i] / c**2 * delta, KAPPA))))
    return out


def test_two_new_players_by_hand() -> None:
    """Equal ratings: the winner gains sigma'^2/c * (1 - 1/2) with sigma'^2 = sigma^2 +
    tau^2, c^2 = 2 (sigma'^2 + beta^2)."""
    var = SIGMA**2 + TAU**2
    c = math.sqrt(2 * (var + BETA**2))
    delta = math.sqrt(var) / c * var / c**2 * 0.25
    new = WengLin().update(["a", "b"], [0, 1])
    assert new["a"].mu == pytest.approx(MU + var / c / 2) == pytest.approx(27.635389493)
    assert new["b"].mu == pytest.approx(MU - var / c / 2)
    assert new["a"].sigma == pytest.approx(math.sqrt(var * (1 - delta)))
    assert new["a"].sigma == pytest.approx(8.065901413543)


@pytest.mark.parametrize("ranks", [[0, 1, 2], [0, 1, 1], [1, 0, 1], [0, 0, 0], [2, 0, 1, 0]])
def test_free_for_all_with_ties_matches_the_hand_algorithm(ranks: list[int]) -> None:
    start = [(29.0, 4.8), (27.0, 4.9), (16.7, 6.2), (25.0, 8.3)][: len(ranks)]
    names = "abcd"[: len(ranks)]
    wl = WengLin({n: Skill(m, s) for n, (m, s) in zip(names, start, strict=True)})
    new = wl.update(list(names), ranks)
    for n, (mu, sigma) in zip(names, plackett_luce(start, ranks), strict=True):
        assert new[n].mu == pytest.approx(mu, abs=1e-9)
        assert new[n].sigma == pytest.approx(sigma, abs=1e-9)


def test_the_librarys_published_example() -> None:
    """openskill's README example (teams of two, no tau in those releases)."""
    m = PlackettLuce(tau=0)
    r = m.rating
    [[x1, x2], [y1, y2]] = m.rate([[r(), r(32.444, 5.123)], [r(43.381, 2.421), r(25.188, 6.211)]])
    assert (x1.mu, x1.sigma) == pytest.approx((28.669648436582808, 8.071520788025197))
    assert (x2.mu, x2.sigma) == pytest.approx((33.83086971107981, 5.062772998705765))
    assert (y1.mu, y1.sigma) == pytest.approx((43.071274808241974, 2.4166900452721256))
    assert (y2.mu, y2.sigma) == pytest.approx((23.149503312339064, 6.1378606973362135))
    wl = WengLin({"x": Skill(25.0, SIGMA), "y": Skill(43.381, 2.421)}, tau=0)
    single = m.rate([[r()], [r(43.381, 2.421)]])
    new = wl.update(["x", "y"], [0, 1])
    assert new["x"].mu == pytest.approx(single[0][0].mu)


def test_an_entrant_in_two_seats_gets_the_mean_of_its_seats() -> None:
    new = WengLin().update(["a", "a", "b"], [0, 2, 1])
    first, last, _ = plackett_luce([(MU, SIGMA)] * 3, [0, 2, 1])
    assert new["a"].mu == pytest.approx((first[0] + last[0]) / 2)


def test_interval_conservative_rating_and_provisional() -> None:
    s = Skill(30.0, 2.0)
    assert (s.low, s.high) == pytest.approx((30 - 1.96 * 2, 30 + 1.96 * 2), abs=1e-3)
    assert s.conservative == 24.0
    assert provisional(19) and not provisional(20)
