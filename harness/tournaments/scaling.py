"""How a tournament's speed scales from 1 to 2 Ray workers (`arena tournament scaling`,
`arena bench --workers`)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from harness.cluster import session
from harness.storage.database import Store
from harness.tournaments import runner
from harness.tournaments.schedule import TournamentSpec, validate
from harness.tournaments.service import create


def measure_scaling(
    spec: TournamentSpec, repeats: int,
    report: Callable[[int, int, float, float], None] | None = None,
) -> dict[int, list[float]]:
    """Seconds per run of the same tournament on 1 and on 2 workers, `repeats` runs each.

    One embedded Ray with 2 CPUs, two workers warmed up before every run; "1 worker"
    runs tasks that reserve both CPUs, so one game batch runs at a time. Runs alternate
    (1, 2, then 2, 1, ...); the time counted is the whole `run` (Ray tasks, one
    transaction per game). `report(run, workers, seconds, seconds inside games)`."""
    import ray

    validate(spec)
    session.ensure_ray(2)
    warm = ray.remote(num_cpus=1)(runner.warm_up)
    seconds: dict[int, list[float]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(repeats):
            for w in (1, 2) if r % 2 == 0 else (2, 1):
                for hold in (0.5, 1.0, 2.0, 4.0, 8.0):  # Ray retires idle workers:
                    pids = ray.get([warm.remote(spec.to_json(), hold) for _ in range(2)])
                    if len(set(pids)) == 2:  # two are running again
                        break
                with Store(Path(tmp) / f"r{r}w{w}.sqlite") as store:
                    create(store, "scaling", spec)
                    t0 = time.perf_counter()
                    state = runner.run(store, "scaling", 2, task_cpus=2.0 / w)
                    seconds[w].append(time.perf_counter() - t0)
                    played = store.game_seconds(state.t.id)
                if report:
                    report(r, w, seconds[w][-1], played)
    return seconds
