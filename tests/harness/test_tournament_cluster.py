"""A tournament joins a real Ray cluster with --address (all traffic on loopback).

The cluster is `ray start --head --block` on 127.0.0.2 in a private temp dir; the test
stops it by SIGTERM to that process (which stops the Ray processes it started), not by
`ray stop`, which would stop every Ray instance on the machine.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

from harness.storage.database import Store
from tests.conftest import free_port
from tests.loopback import stop_session

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.2"
ARENA = [sys.executable, "-m", "harness.cli"]
KIT = ["--game", "kit", "--game-module", "tests.kitgame"]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("ARENA_CLUSTER_TESTS") != "1",
                       reason="half a minute of a real Ray cluster: ARENA_CLUSTER_TESTS=1 runs it "
                              "(CI runs it beside the suite, with the operators' scenario)"),
]




def test_a_tournament_runs_on_a_real_local_ray_cluster(tmp_path: Path) -> None:
    port = free_port(HOST)
    temp = tempfile.mkdtemp(prefix="ray", dir="/tmp")  # short: Ray's sockets live here
    env = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0"}
    head = subprocess.Popen(
        [sys.executable, "-m", "ray.scripts.scripts", "start", "--head",
         f"--node-ip-address={HOST}", f"--port={port}",
         "--include-dashboard=false", "--disable-usage-stats", "--num-cpus=2",
         f"--temp-dir={temp}", "--block"],
        cwd=ROOT, env=env, start_new_session=True, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    started = threading.Event()
    lines: list[str] = []

    def watch() -> None:
        assert head.stdout is not None
        for line in head.stdout:
            lines.append(line)
            if "Ray runtime started" in line:
                started.set()

    threading.Thread(target=watch, daemon=True).start()
    db = tmp_path / "cluster.sqlite"
    try:
        assert started.wait(180), "ray start did not come up:\n" + "".join(lines[-20:])
        env.pop("RAY_AUTH_MODE", None)  # the driver sets it (docs/tournaments.md, "Ray")
        run = subprocess.run(
            [*ARENA, "tournament", "run", *KIT, "--bots", "random,mcts:iters=4", "--games", "8",
             "--seat-rotation", "--name", "c", "--db", str(db), "--address", f"{HOST}:{port}"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr[-2000:]
        assert "8 games counted" in run.stdout
        with Store(db) as store:
            rows = store.games(store.tournament("c").id)
            assert [r.status for r in rows] == ["done"] * 8

        # a refused token: one line, and the tournament is not left `running`
        run = subprocess.run(
            [*ARENA, "tournament", "run", *KIT, "--bots", "random,mcts:iters=4", "--games", "2",
             "--name", "x", "--db", str(db), "--address", f"{HOST}:{port}"],
            cwd=ROOT, env={**env, "RAY_AUTH_TOKEN": "not-the-token"}, capture_output=True,
            text=True, timeout=300)
        assert run.returncode == 2
        lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and "authentication token was refused" in lines[0], run.stderr
        with Store(db) as store:
            assert store.tournament("x").status == "scheduled"
        gone = subprocess.run([*ARENA, "tournament", "delete", "x", "--db", str(db)], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=60)
        assert gone.returncode == 0, gone.stderr
        with Store(db) as store:
            assert [t.name for t in store.tournaments()] == ["c"]
    finally:
        stop_session(head)
        time.sleep(0.5)
        shutil.rmtree(temp, ignore_errors=True)
