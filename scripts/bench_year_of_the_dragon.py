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
    """Usage: bench_year_of_the_dragon.py [games per run] [runs]. Each figure is given as the
    median and the best of the runs (the best is the least disturbed by other processes)."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    all_opts = {"great_wall": True, "great_events": True}
    for opts in ({}, all_opts):
        for n in (2, 5):
            rates, per_game = [], 0.0
            for _ in range(runs):
                d, t = random_play(n, games, opts)
                rates.append(d / t)
                per_game = d / games
            print(f"{n}p {opts or 'base'}: median {statistics.median(rates):,.0f} dec/s, "
                  f"best {max(rates):,.0f} dec/s ({per_game:.0f} decisions per game)")
    medians = []
    for _ in range(runs):
        times = clone_apply(5, max(5, games // 4), {})
        medians.append(statistics.median(times) * 1e6)
    print(f"clone+apply 5p: median per decision {statistics.median(medians):.1f} us "
          f"(best run {min(medians):.1f} us) over {len(times)} decisions per run")


if __name__ == "__main__":
    main()
