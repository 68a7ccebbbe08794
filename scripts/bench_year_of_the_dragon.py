"""Speed of the year_of_the_dragon engine (not a test).

1. Random play at 5 players: decisions per second, counting legal_actions() + a random
   choice + apply() per decision (setup with engine.make excluded).
2. clone() + apply() of one decision: median over positions sampled from random games.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import engine

GAME = "year_of_the_dragon"


def random_play(n: int, games: int, options: dict) -> tuple[int, float]:
    decisions, spent = 0, 0.0
    for seed in range(games):
        s = engine.make(GAME, n, seed, **options)
        pick = random.Random(seed)
        t0 = time.perf_counter()
        while not s.is_terminal():
            s.apply(pick.choice(s.legal_actions()))
            decisions += 1
        spent += time.perf_counter() - t0
    return decisions, spent


def clone_apply(n: int, games: int, options: dict) -> list[float]:
    times: list[float] = []
    for seed in range(games):
        s = engine.make(GAME, n, 1000 + seed, **options)
        pick = random.Random(seed)
        while not s.is_terminal():
            a = pick.choice(s.legal_actions())
            t0 = time.perf_counter()
            c = s.clone()
            c.apply(a)
            times.append(time.perf_counter() - t0)
            s.apply(a)
    return times


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    for opts in ({}, {"great_wall": True}):
        for n in (2, 5):
            d, t = random_play(n, games, opts)
            print(f"{n}p {opts or 'base'}: {d} decisions in {t:.2f}s = {d / t:,.0f} dec/s "
                  f"({d / games:.0f} per game)")
    times = clone_apply(5, max(5, games // 4), {})
    print(f"clone+apply 5p: median {statistics.median(times) * 1e6:.1f} us, "
          f"p90 {statistics.quantiles(times, n=10)[-1] * 1e6:.1f} us over {len(times)} decisions")


if __name__ == "__main__":
    main()
