"""Speed of the Dragon Castle engine (not a test).

Measures (1) random play at the maximum player count: decisions per second where each
decision is legal_actions() + a random choice + apply(), over whole games (setup
excluded), and (2) the median time of clone() + apply() of one legal decision, sampled
over positions of random games. Usage: python scripts/bench_dragon_castle.py [games]
"""

from __future__ import annotations

import random
import statistics
import sys
import time

import engine


def random_play(num_players: int, games: int) -> tuple[int, float, float]:
    """Decisions, wall seconds and CPU seconds (process time: robust on a busy machine)."""
    decisions, spent, cpu = 0, 0.0, 0.0
    for seed in range(games):
        state = engine.make("dragon_castle", num_players, seed)
        pick = random.Random(seed)
        t0, c0 = time.perf_counter(), time.process_time()
        while not state.is_terminal():
            state.apply(pick.choice(state.legal_actions()))
            decisions += 1
        spent += time.perf_counter() - t0
        cpu += time.process_time() - c0
    return decisions, spent, cpu


def clone_apply(num_players: int, games: int) -> list[float]:
    times = []
    for seed in range(games):
        state = engine.make("dragon_castle", num_players, 1000 + seed)
        pick = random.Random(seed)
        while not state.is_terminal():
            a = pick.choice(state.legal_actions())
            t0 = time.perf_counter()
            twin = state.clone()
            twin.apply(a)
            times.append(time.perf_counter() - t0)
            state.apply(a)
    return times


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for n in (4, 2):
        d, s, c = random_play(n, games)
        print(f"{n}p random play: {d} decisions in {s:.2f}s wall = {d / s:,.0f} decisions/s; "
              f"{c:.2f}s CPU = {d / c:,.0f} decisions/s ({d / games:.0f} per game)")
    t = clone_apply(4, max(20, games // 5))
    print(f"4p clone()+apply(): median {statistics.median(t) * 1e6:.1f} us, "
          f"p90 {sorted(t)[int(len(t) * 0.9)] * 1e6:.1f} us over {len(t)} decisions")


if __name__ == "__main__":
    main()
