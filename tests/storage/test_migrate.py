"""Schemas 4 and 5 -> 6 in place, on a database the schema-4 code wrote (tests/data/
ladders-schema4.sqlite, made by tests/data/make_ladders_schema4.py) and on the same as the
cluster's schema 5 keeps it (the node that played each game, failures by node): every
game, rating, history row, record, node, tournament and author intact, the aggregates equal
a recount, the ladder plays on; and a migration killed midway (SIGKILL) resumes with
nothing lost or counted twice."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harness.ladders import runner as ladder_runner
from harness.storage import ladders as ls
from harness.storage import nodes
from harness.storage.database import SCHEMA_VERSION, Store
from harness.storage.ladder_schema import NODES_SCHEMA, columns
from tests.storage.recount import check, raw

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "data" / "ladders-schema4.sqlite"


@pytest.fixture
def old(tmp_path: Path) -> Path:
    path = tmp_path / "old.sqlite"
    shutil.copy(FIXTURE, path)
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 4
    return path


#: what the cluster's schema 5 added to a schema-4 database (its own migration), and which
#: node played which game (some before nodes were recorded)
CLUSTER_5 = f"""
ALTER TABLE games ADD COLUMN node TEXT;
ALTER TABLE ladder_games ADD COLUMN node TEXT;
{NODES_SCHEMA}
UPDATE ladder_games SET node = CASE idx % 3 WHEN 0 THEN '10.0.0.1:6379' WHEN 1 THEN
    '10.0.0.2:6379' END WHERE status = 'done' AND idx >= 10;
INSERT INTO node_failures (driver, game, node, reason, at) VALUES
    ('ladder old', 7, '10.0.0.2:6379', 'the node died', '2026-11-28 10:00:00');
PRAGMA user_version=5;
"""


def _intact(before: dict[str, object], path: Path) -> None:
    after = raw(str(path))
    for key in before:
        assert after[key] == before[key], key
    with sqlite3.connect(path) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert "record" not in columns(con, "ladder_games")
        assert con.execute("SELECT count(*) FROM ladders WHERE migrated IS NOT NULL"
                           ).fetchone()[0] == 0
    with Store(path, read_only=True) as store:
        for lad in ls.ladders(store):
            check(store, lad.id)


@pytest.mark.parametrize("schema", [4, 5])
def test_an_older_database_migrates_with_everything_intact(old: Path, schema: int) -> None:
    if schema == 5:
        with sqlite3.connect(old) as con:
            con.executescript(CLUSTER_5)
    before = raw(str(old))
    assert len(before["records"]) == 63 and len(before["history"]) == 98  # type: ignore[arg-type]
    with Store(old, read_only=True) as store:  # a reading command migrates it (writable)
        lad = ls.ladder(store, "old")
        flaky = next(e for e in ls.entrants(store, lad.id) if e.name == "flaky")
        assert lad.games == 54 and [g.idx for g in ls.pending(store, lad.id)] == [54]
        assert flaky.retired and flaky.failures == {"crash": 6}
        assert flaky.recent == [["crash"]] * 6  # its retirement's window, kept
    _intact(before, old)
    if schema == 5:
        with Store(old, read_only=True) as store:
            lad = ls.ladder(store, "old")
            assert nodes.played_by(store, "ladder_games", "ladder_id", lad.id) == {
                "10.0.0.1:6379": 14, "10.0.0.2:6379": 15, "": 25}
    with Store(old) as store:  # and the ladder plays on: the pending game first
        ladder_runner.run(store, "old", games=6, inline=True, allow_unsandboxed=True)
        lad = ls.ladder(store, "old")
        assert lad.games == 60 and not ls.pending(store, lad.id)
        check(store, lad.id)


MIGRATE = """
import sys, time
from harness.storage import migrate
from harness.storage.database import Store
step = migrate.step
def slow(db, batch=None):
    time.sleep(0.15)
    return step(db, 4)
migrate.step = slow
Store(sys.argv[1]).close()
"""


def test_a_migration_killed_midway_resumes_and_loses_nothing(old: Path) -> None:
    before = raw(str(old))
    proc = subprocess.Popen([sys.executable, "-c", MIGRATE, str(old)], cwd=ROOT,
                            env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while True:
        assert proc.poll() is None, proc.communicate()[1]
        assert time.monotonic() < deadline, "the migration made no progress"
        with sqlite3.connect(old, timeout=10) as con:
            cols = columns(con, "ladders")
            done = con.execute("SELECT coalesce(max(migrated), 0) FROM ladders").fetchone()[0] \
                if "migrated" in cols else 0
        if done >= 20:  # some batches of the first ladder in: kill it there
            break
        time.sleep(0.05)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(10)
    with sqlite3.connect(old) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == 5  # its data: not yet
        assert "record" in columns(con, "ladder_games")
    Store(old).close()  # the next open goes on where it stopped
    _intact(before, old)
