"""Speed of the year_of_the_dragon engine (not a test).

1. Random play at 5 players: decisions per second, counting legal_actions() + a random
   choice + apply() per decision (setup with engine.make excluded).
2. clone() + apply() of one decision: median over positions sampled from random games.

Times are process CPU time (time.process_time), so that other processes competing for the
cores of a busy machine do not count against the engine; wall-clock figures are printed too.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import engine

GAME = "year_of_the_dragon"


def random_play(n: int, games: int, options: dict) -> tuple[int, float, float]:
    """Decisions, CPU seconds, wall seconds."""
    decisions, cpu, wall = 0, 0.0, 0.0
    for seed in range(games):
        s = engine.make(GAME, n, seed, **options)
        pick = random.Random(seed)
        c0, t0 = time.process_time(), time.perf_counter()
        while not s.is_terminal():
            s.apply(pick.choice(s.legal_actions()))
            decisions += 1
        cpu += time.process_time() - c0
        wall += time.perf_counter() - t0
    return decisions, cpu, wall


def clone_apply(n: int, games: int, options: dict, repeat: int = 20) -> list[float]:
    """CPU seconds of one clone()+apply(), per position (mean of `repeat` repetitions)."""
    times: list[float] = []
    for seed in range(games):
        s = engine.make(GAME, n, 1000 + seed, **options)
        pick = random.Random(seed)
        while not s.is_terminal():
            a = pick.choice(s.legal_actions())
            t0 = time.process_time()
            for _ in range(repeat):
                s.clone().apply(a)
            times.append((time.process_time() - t0) / repeat)
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
            rates, walls, per_game = [], [], 0.0
            for _ in range(runs):
                d, cpu, wall = random_play(n, games, opts)
                rates.append(d / cpu)
                walls.append(d / wall)
                per_game = d / games
            print(f"{n}p {opts or 'base'}: median {statistics.median(rates):,.0f} dec/s CPU "
                  f"(best {max(rates):,.0f}; wall-clock median "
                  f"{statistics.median(walls):,.0f}), {per_game:.0f} decisions per game")
    medians = []
    for _ in range(runs):
        times = clone_apply(5, max(5, games // 4), {})
        medians.append(statistics.median(times) * 1e6)
    print(f"clone+apply 5p: median per decision {statistics.median(medians):.1f} us "
          f"(best run {min(medians):.1f} us) over {len(times)} decisions per run")


if __name__ == "__main__":
    main()
