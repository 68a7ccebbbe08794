"""Ladder tables: schema 5, the migrations from schemas 1 to 4, one transaction per game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from harness.storage import ladders as ls
from harness.storage.database import SCHEMA, SCHEMA_VERSION, Store, StoreError


def test_a_schema_1_database_is_migrated_and_keeps_its_tournaments(tmp_path: Path) -> None:
    db = tmp_path / "old.sqlite"
    con = sqlite3.connect(db)
    con.executescript(SCHEMA + "PRAGMA user_version=1;")
    con.execute("INSERT INTO tournaments (name, spec, ladder, created) VALUES "
                "('t', '{}', 'kit/2p/{}', 'now')")
    con.commit()
    con.close()
    with Store(db) as store:
        assert [t.name for t in store.tournaments()] == ["t"]
        assert ls.ladders(store) == []
        ls.create_ladder(store, "l", ls.LadderSpec(game="kit"))
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5


def test_a_schema_2_database_gets_owners_when_a_reader_opens_it(tmp_path: Path) -> None:
    db = tmp_path / "two.sqlite"
    with Store(db) as store:
        lad = ls.create_ladder(store, "l", ls.LadderSpec(game="kit"), owner="ann")
        ls.add_entrant(store, lad.id, "a", "random", "random", "h1", None, "ok", author="ann")
    with sqlite3.connect(db) as con:  # back to schema 2: no owners, no retirement
        for table, column in (("ladders", "owner"), ("entrants", "author"),
                              ("entrants", "retired"), ("entrants", "counted_from")):
            con.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
        con.execute("PRAGMA user_version=2")
    with Store(db, read_only=True) as store:  # `ladder show` on the old database
        (a,) = ls.entrants(store, ls.ladder(store, "l").id)
    assert (a.label, a.author, a.retired, a.playing) == ("a v1", "", None, True)
    assert ls.ladders(Store(db, read_only=True))[0].owner == ""


def test_a_schema_3_database_gets_the_servers_tables(tmp_path: Path) -> None:
    db = tmp_path / "three.sqlite"
    with Store(db) as store:
        ls.create_ladder(store, "l", ls.LadderSpec(game="kit"), owner="ann")
    with sqlite3.connect(db) as con:
        con.execute("DROP TABLE authors")
        con.execute("DROP TABLE submissions")
        con.execute("PRAGMA user_version=3")
    with Store(db) as store:
        assert store.query("SELECT count(*) FROM authors") == [(0,)]
        assert [lad.owner for lad in ls.ladders(store)] == ["ann"]


def test_a_schema_4_database_gets_the_nodes_that_played(tmp_path: Path) -> None:
    db = tmp_path / "four.sqlite"
    with Store(db) as store:
        lad = ls.create_ladder(store, "l", ls.LadderSpec(game="kit"), owner="ann")
        ls.schedule_game(store, lad.id, lambda i: 7, [1, 2])
    with sqlite3.connect(db) as con:  # back to schema 4: no nodes
        con.execute("ALTER TABLE games DROP COLUMN node")
        con.execute("ALTER TABLE ladder_games DROP COLUMN node")
        con.execute("DROP TABLE node_failures")
        con.execute("DROP TABLE cluster_status")
        con.execute("PRAGMA user_version=4")
    with Store(db, read_only=True) as store:  # `ladder show` on the old database
        (game,) = ls.games(store, ls.ladder(store, "l").id)
        assert (game.seed, game.node) == (7, None)
        assert store.query("SELECT count(*) FROM node_failures") == [(0,)]


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite"
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA user_version=9")
        con.execute("CREATE TABLE x (y)")
    with pytest.raises(StoreError, match="not an arena database of schema 5"):
        Store(db)


def test_entrants_versions_games_and_history(tmp_path: Path) -> None:
    with Store(tmp_path / "a.sqlite") as store:
        lad = ls.create_ladder(store, "l", ls.LadderSpec(game="kit", num_players=2))
        with pytest.raises(StoreError, match="already exists"):
            ls.create_ladder(store, "l", ls.LadderSpec(game="kit"))
        with pytest.raises(StoreError, match="no ladder 'x'.*known: l"):
            ls.ladder(store, "x")
        a1 = ls.add_entrant(store, lad.id, "a", "random", "random", "h1", None, "ok")
        b1 = ls.add_entrant(store, lad.id, "b", "mcts", "mcts", "h2", None, "ok")
        a2 = ls.add_entrant(store, lad.id, "a", "random", "random", "h3", None, "ok")
        assert (a1.version, a2.version) == (1, 2)
        assert [e.label for e in ls.entrants(store, lad.id, active_only=True)] == ["b v1", "a v2"]
        g = ls.schedule_game(store, lad.id, lambda i: 100 + i, [a2.id, b1.id])
        assert (g.idx, g.seed, g.status) == (0, 100, "pending")
        g.outcome, g.scores, g.ranking = "normal", [3, 1], [0, 1]
        rated = [ls.Rated(entrant=a2.id, mu=27.0, sigma=8.0, elo=1516.0),
                 ls.Rated(entrant=b1.id, mu=23.0, sigma=8.0, elo=1484.0)]
        assert ls.finish_game(store, lad.id, g, b"{}", rated) == 1
        with pytest.raises(StoreError, match="not pending"):  # never rated twice
            ls.finish_game(store, lad.id, g, b"{}", rated)
        (done,) = ls.games(store, lad.id)
        assert (done.status, done.seq, done.ranking) == ("done", 1, [0, 1])
        assert ls.history(store, lad.id) == [(1, b1.id, 23.0, 8.0, 1484.0),
                                             (1, a2.id, 27.0, 8.0, 1516.0)]
        a = next(e for e in ls.entrants(store, lad.id) if e.id == a2.id)
        assert (a.games, a.mu) == (1, 27.0) and a.last_played
