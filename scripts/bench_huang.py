"""Speed of the Huang engine (not a test): random play and clone+apply.

    python scripts/bench_huang.py [games]

1. Random play at the maximum player count: per decision `legal_actions()`, a uniform
   choice and `apply()`; decisions per second of CPU time (process_time, one core) and of
   wall time.
2. `clone()` + `apply()` of one decision: median over positions sampled from random games.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import engine


def random_play(games: int, n: int) -> None:
    decisions = 0
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for seed in range(games):
        s = engine.make("huang", n, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_actions()))
            decisions += 1
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    print(f"random play {n}p: {games} games, {decisions} decisions, "
          f"{decisions / cpu:,.0f} decisions/s (CPU), {decisions / wall:,.0f}/s (wall), "
          f"{decisions / games:.0f} decisions/game")


def clone_apply(n: int, positions: int = 3000) -> None:
    samples = []
    seed = 1000
    while len(samples) < positions:
        s = engine.make("huang", n, seed)
        rng = random.Random(seed)
        seed += 1
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            if rng.random() < 0.2:
                samples.append((s.clone(), a))
            s.apply(a)
    times = []
    for st, a in samples[:positions]:
        t0 = time.perf_counter()
        c = st.clone()
        c.apply(a)
        times.append(time.perf_counter() - t0)
    times.sort()
    print(f"clone()+apply() {n}p: median {statistics.median(times) * 1e6:.1f} us, "
          f"p90 {times[int(0.9 * len(times))] * 1e6:.1f} us over {len(times)} positions; "
          f"clone() alone {_clone_only(samples) * 1e6:.1f} us median")


def _clone_only(samples: list) -> float:
    ts = []
    for st, _ in samples[:1000]:
        t0 = time.perf_counter()
        st.clone()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


if __name__ == "__main__":
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    random_play(games, 5)  # the maximum player count (Dragon dynasty)
    random_play(games, 4)
    random_play(games, 2)
    clone_apply(5)
