"""Several writers on one database: three ladder drivers (subprocesses playing in-process,
the inline pool) and an `arena tournament run` (on its own embedded Ray) at once,
submissions meanwhile, and a `kill -9` of one ladder's driver: nothing lost, nothing rated
twice, the others unaffected."""

from __future__ import annotations

import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from harness.ladders import runner as ladder_runner
from harness.ladders.service import create, submit
from harness.storage import ladders as ls
from harness.storage.database import Store, StoreError
from ratings.weng_lin import WengLin

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 3  # each ladder run but the killed one
TOUR = 100  # tournament games (about 0.1 s each: it must outlast the ladders' first games)


LADDER_DRIVER = """
import sys
from tests import conftest  # the kit game
from harness.ladders import runner as ladder_runner
from harness.storage.database import Store
seconds = float(sys.argv[3]) or None  # 0: until killed
with Store(sys.argv[1]) as store:
    ladder_runner.run(store, sys.argv[2], forever=True, seconds=seconds, inline=True)
"""


def _with_the_test() -> None:
    """In a driver: die with the test process (a test killed midway leaves nothing)."""
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG


def _driver(*args: str) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen([sys.executable, *args], cwd=ROOT, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            preexec_fn=_with_the_test)
    _DRIVERS.append(proc)
    return proc


_DRIVERS: list[subprocess.Popen[bytes]] = []


@pytest.fixture(autouse=True)
def _no_driver_left() -> Iterator[None]:
    """However the test ends, no driver outlives it."""
    yield
    while _DRIVERS:
        proc = _DRIVERS.pop()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _done(store: Store, name: str) -> int:
    return sum(1 for g in ls.games(store, ls.ladder(store, name).id) if g.status == "done")


def _played(store: Store) -> int:
    ts = store.tournaments()
    return len(store.games(ts[0].id, "done")) if ts else 0


def _until(store: Store, ready: Callable[[], bool], *procs: subprocess.Popen[bytes]) -> None:
    """Wait (at most 120 s) until `ready()`, every process still running or done."""
    deadline = time.monotonic() + 120
    while not ready():
        for p in procs:
            assert p.poll() in (None, 0), p.stderr.read() if p.stderr else ""
        assert time.monotonic() < deadline, "the drivers did not get going within 120 s"
        time.sleep(0.1)


def _check_ladder(store: Store, name: str) -> int:
    """Every game done and rated once; replaying them in rating order gives the stored
    ratings. Returns the number of games."""
    lad = ls.ladder(store, name)
    games = ls.games(store, lad.id)
    assert [g.status for g in games] == ["done"] * len(games)
    assert sorted(g.seq for g in games) == list(range(1, len(games) + 1))
    wl = WengLin()
    for g in sorted(games, key=lambda g: g.seq or 0):
        assert g.ranking is not None
        wl.update(g.entrants, g.ranking)
    for e in ls.entrants(store, lad.id):
        assert e.mu == pytest.approx(wl.skill(e.id).mu)
        assert e.games == sum(g.entrants.count(e.id) for g in games)
    return len(games)


def test_three_ladders_and_a_tournament_at_once_with_a_kill_9(tmp_path: Path) -> None:
    db = tmp_path / "busy.sqlite"
    names = ("one", "two", "three")
    with Store(db) as store:
        for name in names:
            create(store, name, ls.LadderSpec(game="kit", modules=("tests.kitgame",),
                                              seed=len(name)))
            submit(store, name, "random", "rnd")
            submit(store, name, "mcts:iters=4", "m4")
    tour = _driver("-m", "harness.cli", "tournament", "run", "--game", "kit", "--game-module",
                   "tests.kitgame", "--bots", "random,mcts:iters=256", "--games", str(TOUR),
                   "--name", "beside", "--workers", "1", "--db", str(db))
    with Store(db) as store:
        _until(store, lambda: _played(store) >= 1, tour)  # its Ray is up and playing
        runs = {n: _driver("-c", LADDER_DRIVER, str(db), n, "0" if n == "one" else str(SECONDS))
                for n in names}  # `one` plays until it is killed
        _until(store, lambda: min(_done(store, n) for n in names) >= 2, *runs.values(), tour)
        joined = submit(store, "two", "mcts:iters=6", "m6")  # while they run
        assert joined.entrant is not None
        assert tour.poll() is None and _played(store) < TOUR  # all four at once
        with pytest.raises(StoreError, match="ladder 'one' in .* another driver"):
            ladder_runner.run(store, "one", games=1, inline=True)  # one driver per ladder
    os.killpg(runs["one"].pid, signal.SIGKILL)
    assert runs["one"].wait(timeout=30) == -signal.SIGKILL
    for p in (runs["two"], runs["three"], tour):
        assert p.wait(timeout=180) == 0, p.stderr.read() if p.stderr else ""
    with Store(db) as store:
        killed_at = _done(store, "one")
        assert killed_at >= 2
        ladder_runner.run(store, "one", games=3, inline=True)  # pending ones first

        counts = {n: _check_ladder(store, n) for n in names}
        t = store.tournament("beside")
        played = store.games(t.id)
        m6 = next(e for e in ls.entrants(store, ls.ladder(store, "two").id) if e.name == "m6")
    print(f"games: {counts}, killed after {killed_at}, tournament {len(played)}")
    assert min(counts.values()) >= 2
    assert counts["one"] == killed_at + 3  # the pending ones first, then new ones: 3 in all
    assert t.status == "finished" and {g.status for g in played} == {"done"}
    assert len(played) >= TOUR
    assert m6.playing and m6.version == 1  # registered while `two` ran
