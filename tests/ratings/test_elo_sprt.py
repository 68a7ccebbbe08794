"""Online multiplayer Elo, maximum-likelihood ratings with intervals, and the SPRT."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ratings.elo import BASE, Elo, expected, ml_ratings, pairwise
from ratings.sprt import MIN_BLOCKS, Sprt, block_score


def test_pairwise_results_of_one_game() -> None:
    pairs = pairwise(["a", "b", "c"], [1, 0, 1])
    assert pairs == [("a", "b", 0.0), ("a", "c", 0.5), ("b", "c", 1.0)]


def test_pairs_of_the_same_bot_are_skipped() -> None:
    assert pairwise(["a", "a", "b"], [0, 1, 2]) == [("a", "b", 1.0), ("a", "b", 1.0)]


@given(st.lists(st.integers(0, 4), min_size=2, max_size=5))
def test_elo_update_is_zero_sum(ranking: list[int]) -> None:
    bots = [f"bot{i}" for i in range(len(ranking))]
    elo = Elo(ratings={"bot0": 1700.0})
    before = sum(elo.rating(b) for b in bots)
    elo.update(bots, ranking)
    assert sum(elo.rating(b) for b in bots) == pytest.approx(before)


def test_elo_winner_gains_and_multiplayer_weight_is_k_over_n_minus_1() -> None:
    elo = Elo(k=32)
    new = elo.update(["a", "b", "c"], [0, 1, 2])
    assert new["a"] == pytest.approx(BASE + 16.0)  # two wins at expected 0.5, K/2 each
    assert new["b"] == pytest.approx(BASE)
    assert new["c"] == pytest.approx(BASE - 16.0)
    assert elo.games == {"a": 1, "b": 1, "c": 1}


def _simulate(strength: dict[str, float], games: int, seed: int) -> list[tuple[str, str, float]]:
    rng = random.Random(seed)
    names = sorted(strength)
    pairs = []
    for _ in range(games):
        a, b = rng.sample(names, 2)
        p = expected(strength[a], strength[b])
        pairs.append((a, b, 1.0 if rng.random() < p else 0.0))
    return pairs


def test_ml_ratings_recover_known_strengths_inside_their_intervals() -> None:
    truth = {"weak": 1300.0, "mid": 1500.0, "strong": 1700.0}
    ratings = ml_ratings(_simulate(truth, 3000, seed=1))
    assert [b for b, _ in sorted(ratings.items(), key=lambda kv: kv[1].elo)] == [
        "weak", "mid", "strong"]
    assert sum(r.elo for r in ratings.values()) / 3 == pytest.approx(BASE)
    for bot, r in ratings.items():
        assert r.low < truth[bot] < r.high
        assert r.high - r.low < 120


def test_intervals_shrink_with_more_games() -> None:
    truth = {"a": 1450.0, "b": 1550.0}
    few = ml_ratings(_simulate(truth, 100, seed=2))["a"]
    many = ml_ratings(_simulate(truth, 2000, seed=2))["a"]
    assert many.high - many.low < few.high - few.low


def test_a_perfect_record_gives_a_finite_rating() -> None:
    r = ml_ratings([("a", "b", 1.0)] * 20)
    assert BASE < r["a"].elo < BASE + 2000
    assert r["a"].elo - BASE == pytest.approx(BASE - r["b"].elo)


def test_draws_give_equal_ratings() -> None:
    r = ml_ratings([("a", "b", 0.5)] * 10)
    assert r["a"].elo == pytest.approx(r["b"].elo)


def test_sprt_parse_rejects_bad_text() -> None:
    assert Sprt.parse("0,50,0.05,0.1") == Sprt(0, 50, 0.05, 0.1)
    for bad in ("0,50", "a,b,c,d", "50,0,0.05,0.05", "0,50,0.7,0.05"):
        with pytest.raises(ValueError):
            Sprt.parse(bad)


def test_sprt_accepts_h1_for_a_much_stronger_bot_and_h0_for_an_equal_one() -> None:
    s = Sprt(0, 100, 0.05, 0.05)
    rng = random.Random(3)
    strong = [1.0 if rng.random() < 0.8 else 0.0 for _ in range(200)]
    equal = [1.0 if rng.random() < 0.5 else 0.0 for _ in range(400)]

    def first_verdict(xs: list[float]) -> tuple[str | None, int]:
        for n in range(1, len(xs) + 1):
            v = s.verdict(xs[:n])
            if v:
                return v, n
        return None, len(xs)

    assert first_verdict(strong)[0] == "H1"
    assert first_verdict(equal)[0] == "H0"
    assert s.verdict([1.0] * (MIN_BLOCKS - 1)) is None


def test_block_score_is_the_mean_score_of_a_against_b() -> None:
    pairs = [("a", "b", 1.0), ("b", "a", 1.0), ("a", "c", 1.0)]
    assert block_score(pairs, "a", "b") == 0.5
    assert block_score(pairs, "b", "c") is None


def test_a_few_even_deals_do_not_decide_and_the_error_rates_hold() -> None:
    """Four deals split 1-1 (each game won by its seat) said H0 at once: their variance
    was taken as near zero. With the variance's prior they say nothing yet, and a bot as
    strong as elo1 (blocks of two independent games) is rejected about beta of the time,
    an equal one accepted about alpha of the time (the flooring had rejected the strong
    one 13% of the time at beta = 5%)."""
    s = Sprt(0, 100, 0.05, 0.05)
    assert Sprt(0, 35, 0.05, 0.05).verdict([0.5] * 4) is None
    assert s.verdict([0.5] * 4) is None
    rng = random.Random(11)

    def verdict(elo: float) -> str | None:
        p = 1 / (1 + 10 ** (-elo / 400))
        blocks: list[float] = []
        for _ in range(2000):
            blocks.append(((rng.random() < p) + (rng.random() < p)) / 2)
            if v := s.verdict(blocks):
                return v
        return None

    runs = 300
    assert sum(verdict(100) == "H0" for _ in range(runs)) / runs <= 0.09
    assert sum(verdict(0) == "H1" for _ in range(runs)) / runs <= 0.09
