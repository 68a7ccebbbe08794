"""Matchmaking: every entrant plays, close ratings meet most, seats rotate; a large ladder's
draws cost what a small one's do, and depend on the candidates only."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest

from harness.ladders.matchmaking import Candidate, Matchmaker, quality, seat


def _pool() -> list[Candidate]:
    return [Candidate(1, 40.0, 1.0, 100), Candidate(2, 39.0, 1.0, 100),
            Candidate(3, 10.0, 1.0, 100), Candidate(4, 25.0, 8.3, 0)]


def test_quality_is_highest_for_equal_ratings() -> None:
    a, b, c, _ = _pool()
    assert quality(a, a) > quality(a, b) > quality(a, c)
    assert quality(a, c) < 1e-4


def test_close_ratings_meet_and_the_newcomer_plays_most() -> None:
    rng = random.Random(1)
    pairs: Counter[frozenset[int]] = Counter()
    plays: Counter[int] = Counter()
    for _ in range(2000):
        lineup = Matchmaker(_pool()).pick(2, rng)
        assert len(set(lineup)) == 2
        pairs[frozenset(lineup)] += 1
        plays.update(lineup)
    assert pairs[frozenset({1, 2})] > 5 * pairs[frozenset({1, 3})]
    assert plays[4] == max(plays.values())  # uncertain and fewest games
    assert all(plays[i] > 0 for i in (1, 2, 3, 4))


def test_fewer_entrants_than_seats_repeats_after_everyone_played() -> None:
    rng = random.Random(2)
    pool = [Candidate(1, 25.0, 8.0, 0), Candidate(2, 25.0, 8.0, 0)]
    for _ in range(50):
        lineup = Matchmaker(pool).pick(4, rng)
        assert len(lineup) == 4 and set(lineup) == {1, 2}
    with pytest.raises(ValueError, match="at least two"):
        Matchmaker(pool[:1]).pick(2, rng)


def test_seats_go_to_whoever_sat_there_least() -> None:
    rng = random.Random(3)
    counts: dict[int, list[int]] = {}
    for _ in range(60):
        order = seat([7, 8, 9], counts, rng)
        for s, e in enumerate(order):
            counts.setdefault(e, [0, 0, 0])[s] += 1
    assert all(c == [20, 20, 20] for c in counts.values())


def _spread(n: int, seed: int = 4) -> list[Candidate]:
    rng = random.Random(seed)
    return [Candidate(i, rng.uniform(0.0, 50.0), rng.uniform(0.8, 8.3), rng.randrange(50))
            for i in range(n)]


def test_the_same_candidates_draw_the_same_lineups_however_they_came_in() -> None:
    pool = _spread(300)
    fresh = Matchmaker(pool)
    lived = Matchmaker(_spread(40, seed=9))  # others, then the pool, then the others go
    for c in reversed(pool):
        lived.put(Candidate(c.id, c.mu + 1, c.sigma, c.games + 3))
        lived.put(c)
    for c in _spread(40, seed=9):
        if c.id >= len(pool):
            lived.remove(c.id)
    for seed in range(100):
        assert fresh.pick(3, random.Random(seed)) == lived.pick(3, random.Random(seed))


def test_a_large_ladder_matches_near_ratings_and_leaves_nobody_out() -> None:
    pool = [Candidate(c.id, c.mu, 1.0, c.games) for c in _spread(1000)]
    mm = Matchmaker(pool)
    mu = {c.id: c.mu for c in pool}
    rng = random.Random(5)
    gaps = []
    for _ in range(2000):
        a, b = mm.pick(2, rng)
        assert a != b
        gaps.append(abs(mu[a] - mu[b]))
    gaps.sort()
    assert gaps[len(gaps) // 2] < 2.0  # the anchor's neighbours (uniform pairs: 16.7)
    assert gaps[-1] > 10.0  # the floor: far ones are drawn now and then
    mm.put(Candidate(7, mu[7], 1.0, -1))  # fewest games: the anchor half of the time
    assert sum(7 in mm.pick(2, rng) for _ in range(400)) > 150


def test_a_draw_costs_the_same_with_100_or_10000_entrants() -> None:
    small, large = Matchmaker(_spread(100)), Matchmaker(_spread(10_000))
    took = {100: 0.0, 10_000: 0.0}
    rng = random.Random(6)
    for _ in range(5):  # alternating, so that a busy machine slows both alike
        for n, mm in ((100, small), (10_000, large)):
            t = time.perf_counter()
            for _ in range(100):
                mm.pick(4, rng)
            took[n] += time.perf_counter() - t
    assert took[10_000] < 4 * took[100], took
