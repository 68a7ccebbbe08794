"""Rank-based returns shared by both adapters."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from engine.adapters import rank_returns


def test_lone_winner_and_loser_get_plus_and_minus_one():
    assert rank_returns([0, 1]) == [1.0, -1.0]
    assert rank_returns([2, 0, 1]) == [-1.0, 1.0, 0.0]


def test_tied_seats_share_the_same_return():
    assert rank_returns([0, 0]) == [0.0, 0.0]
    assert rank_returns([0, 0, 2]) == [0.5, 0.5, -1.0]


@given(st.lists(st.integers(0, 4), min_size=2, max_size=5))
def test_returns_are_zero_sum_and_bounded(ranking):
    ret = rank_returns(ranking)
    assert abs(sum(ret)) < 1e-9
    assert all(-1.0 <= r <= 1.0 for r in ret)
