"""Matchmaking: every entrant plays, close ratings meet most, seats rotate."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from harness.ladders.matchmaking import Candidate, pick_lineup, quality, seat


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
        lineup = pick_lineup(_pool(), 2, rng)
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
        lineup = pick_lineup(pool, 4, rng)
        assert len(lineup) == 4 and set(lineup) == {1, 2}
    with pytest.raises(ValueError, match="at least two"):
        pick_lineup(pool[:1], 2, rng)


def test_seats_go_to_whoever_sat_there_least() -> None:
    rng = random.Random(3)
    counts: dict[int, list[int]] = {}
    for _ in range(60):
        order = seat([7, 8, 9], counts, rng)
        for s, e in enumerate(order):
            counts.setdefault(e, [0, 0, 0])[s] += 1
    assert all(c == [20, 20, 20] for c in counts.values())
