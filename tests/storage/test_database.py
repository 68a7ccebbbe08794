"""The SQLite store: schedule, one transaction per game, clear errors."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from harness.storage.database import GameRow, ScheduledGame, Store, StoreError

SCHEDULE = [ScheduledGame(i, i // 2, 100 + i // 2, ("a", "b") if i % 2 else ("b", "a"))
            for i in range(4)]


def _store(tmp_path: Path, **kw: float) -> Store:
    store = Store(tmp_path / "sub" / "arena.sqlite", **kw)
    store.create("t", '{"x": 1}', "kit/2p/{}", SCHEDULE)
    return store


def _done(idx: int, ranking: list[int]) -> GameRow:
    return GameRow(idx=idx, block=idx // 2, seed=0, bots=[], status="pending", outcome="normal",
                   scores=[3, 1], ranking=ranking, failures=[(1, "crash")])


def test_schedule_is_written_whole_and_read_back_in_order(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        t = store.tournament("t")
        assert (t.name, t.status, t.pool) == ("t", "scheduled", "kit/2p/{}")
        rows = store.games(t.id)
        assert [(r.idx, r.block, r.seed, r.bots) for r in rows] == [
            (g.idx, g.block, g.seed, list(g.bots)) for g in SCHEDULE]
        assert {r.status for r in rows} == {"pending"}
        journal = store.db.execute("PRAGMA journal_mode").fetchone()[0]
        assert journal == "wal"


def test_a_finished_game_stores_result_record_and_ratings_together(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        tid = store.tournament("t").id
        store.finish_game(tid, "kit/2p/{}", _done(1, [0, 1]), b'{"rec": 1}', 0.5,
                          {"a": (1516.0, 1), "b": (1484.0, 1)})
        assert [r.idx for r in store.games(tid, "pending")] == [0, 2, 3]
        row = store.games(tid, "done")[0]
        assert (row.idx, row.ranking, row.scores, row.failures) == (1, [0, 1], [3, 1],
                                                                    [(1, "crash")])
        assert list(store.records(tid)) == [b'{"rec": 1}']
        assert store.pool_ratings("kit/2p/{}") == {"a": (1516.0, 1), "b": (1484.0, 1)}
        assert store.game_seconds(tid) == 0.5


def test_a_game_is_never_stored_twice(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        tid = store.tournament("t").id
        store.finish_game(tid, "L", _done(0, [0, 1]), b"{}", 0.1, {})
        with pytest.raises(StoreError, match="not pending"):
            store.finish_game(tid, "L", _done(0, [0, 1]), b"{}", 0.1, {"a": (1.0, 1)})
        assert list(store.records(tid)) == [b"{}"]
        assert store.pool_ratings("L") == {}  # the failed transaction left nothing behind


def test_sprt_stop_cancels_the_later_blocks(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        tid = store.tournament("t").id
        store.stop(tid, 1, "H1")
        assert [r.status for r in store.games(tid)] == ["pending", "pending", "cancelled",
                                                          "cancelled"]
        assert (store.tournament("t").stop_block, store.tournament("t").verdict) == (1, "H1")


def test_duplicate_and_unknown_names_are_clear_errors(tmp_path: Path) -> None:
    with _store(tmp_path) as store:
        with pytest.raises(StoreError, match="already exists.*resume t"):
            store.create("t", "{}", "L", SCHEDULE)
        with pytest.raises(StoreError, match="no tournament 'u'.*known: t"):
            store.tournament("u")


def test_a_corrupt_file_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreError, match="not a usable arena database"):
        Store(bad)


def test_a_foreign_sqlite_database_is_refused(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE x (y)")
    with pytest.raises(StoreError, match="not an arena database"):
        Store(other)


def test_a_database_locked_by_another_process_is_one_clear_error(tmp_path: Path) -> None:
    with _store(tmp_path, timeout=0.05) as store:
        tid = store.tournament("t").id
        other = sqlite3.connect(store.path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            with pytest.raises(StoreError, match="is locked by another process"):
                store.finish_game(tid, "L", _done(0, [0, 1]), b"{}", 0.1, {})
        finally:
            other.execute("ROLLBACK")
            other.close()
        store.finish_game(tid, "L", _done(0, [0, 1]), b"{}", 0.1, {})  # free again


def test_one_driver_per_ladder_several_per_database(tmp_path: Path) -> None:
    with _store(tmp_path) as first, Store(first.path) as second:
        first.acquire_driver_lock("ladder 1", "ladder 'a'")
        second.acquire_driver_lock("ladder 2")  # another ladder of the same database: fine
        with pytest.raises(StoreError, match="ladder 'a' in .* another driver"):
            second.acquire_driver_lock("ladder 1", "ladder 'a'")
        first.release_driver_lock("ladder 1")
        second.acquire_driver_lock("ladder 1")
