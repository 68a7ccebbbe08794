"""The SQLite store: tournaments, their scheduled games, match records and the ratings of
their rating pools (the submission ladders' tables: ladder_schema.py, ladders.py).

Several writers: each driver (a ladder run, the tournaments of one rating pool) holds a
lock of its own (harness/storage/locks.py), so several ladders and a tournament play at once on
one database while submissions go in; short `BEGIN IMMEDIATE` transactions with a busy
timeout take turns. WAL mode so readers (`show`, `export`) never wait; one transaction
per finished game, so a kill at any moment loses nothing and counts nothing twice.
Locked or corrupt databases raise `StoreError` with one clear line.

The default database (`default_db`): `ARENA_DB` if set, else `results/arena.sqlite` of
this checkout (where the README's commands leave it), else (an installed copy that is
not a checkout) `arena/arena.sqlite` in the user's data folder. It never depends on the
current folder.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, TextIO

import msgspec

from engine.common.project import PROJECT
from engine.protocol import ArenaError
from harness.storage import migrate
from harness.storage.ladder_schema import LADDER_SCHEMA, NODES_SCHEMA, upgrade
from harness.storage.locks import LockBusy, acquire

#: bumped when the schema changes; older databases are migrated, newer ones refused
SCHEMA_VERSION = 6
#: schemas migrated in place (4 and 5: also while a migration to 6 moves their data,
#: resumable)
OLDER = (1, 2, 3, 4, 5)
#: a migration with more games than this to count says so on stderr
MIGRATION_NOTICE = 20_000


def default_db(name: str = "arena.sqlite") -> Path:
    """Where commands keep their database unless `--db` (or `ARENA_DB`) says otherwise
    (`name`: the file's name in the default folder; `arena eval` keeps its own)."""
    if os.environ.get("ARENA_DB"):
        return Path(os.environ["ARENA_DB"]).expanduser()
    if (PROJECT / "pyproject.toml").is_file() and os.access(PROJECT, os.W_OK):
        return PROJECT / "results" / name
    data = os.environ.get("XDG_DATA_HOME") or os.path.expanduser("~/.local/share")
    return Path(data) / "arena" / name


DEFAULT_DB = default_db()

SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    spec TEXT NOT NULL,                      -- TournamentSpec as JSON
    ladder TEXT NOT NULL,                    -- its rating pool: (game, players, options) key
    status TEXT NOT NULL DEFAULT 'scheduled',  -- scheduled | running | finished | incomplete
    stop_block INTEGER,                      -- SPRT stop: blocks from here on do not count
    verdict TEXT,                            -- SPRT verdict (H0 / H1)
    created TEXT NOT NULL,
    finished TEXT
);
CREATE TABLE IF NOT EXISTS games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    idx INTEGER NOT NULL,
    block INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    bots TEXT NOT NULL,                      -- JSON list: bot spec per seat
    status TEXT NOT NULL DEFAULT 'pending',  -- pending | done | error | cancelled
    outcome TEXT,                            -- normal, timeout, crash, illegal, malformed, stall
    scores TEXT,
    ranking TEXT,
    failures TEXT,                           -- JSON list of [seat, kind]
    seconds REAL,
    error TEXT,
    node TEXT,                               -- address of the node that played it
    PRIMARY KEY (tournament_id, idx)
);
CREATE INDEX IF NOT EXISTS games_by_status ON games (tournament_id, status);
CREATE TABLE IF NOT EXISTS records (
    tournament_id INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    record BLOB NOT NULL,                    -- MatchRecord as JSON
    PRIMARY KEY (tournament_id, idx)
);
CREATE TABLE IF NOT EXISTS ratings (
    ladder TEXT NOT NULL,                    -- the rating pool (column name kept on disk)
    bot TEXT NOT NULL,
    elo REAL NOT NULL,                       -- online Elo, updated after every game
    games INTEGER NOT NULL,
    ml_elo REAL,                             -- maximum-likelihood Elo and its 95% interval
    ml_low REAL,
    ml_high REAL,
    PRIMARY KEY (ladder, bot)
);
"""

class StoreError(ArenaError):
    """A database that cannot be used (locked, corrupt, foreign) or a missing tournament."""


class ScheduledGame(msgspec.Struct, frozen=True, array_like=True):
    """One game of the schedule: index, block (deal), game seed, bot spec per seat."""

    idx: int
    block: int
    seed: int
    bots: tuple[str, ...]


class GameRow(msgspec.Struct, kw_only=True):
    """A scheduled game and, once played, its result summary."""

    idx: int
    block: int
    seed: int
    bots: list[str]
    status: str
    outcome: str | None = None
    scores: list[int] | None = None
    ranking: list[int] | None = None
    failures: list[tuple[int, str]] = []
    error: str | None = None


class Tournament(msgspec.Struct, kw_only=True):
    id: int
    name: str
    spec: str
    #: its rating pool (the `ladder` column): one per (game, players, options)
    pool: str
    status: str
    stop_block: int | None
    verdict: str | None
    created: str


def stamp(at: float | None = None) -> str:
    """The database's timestamps: UTC, to the second (`at`: seconds since the epoch; now)."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(at))


class Store:
    """An open arena database; every method is one transaction."""

    def __init__(self, path: str | Path | None = None, timeout: float = 15.0,
                 read_only: bool = False, create: bool = True) -> None:
        """Open (a writer: create if need be) the database at `path` (default: `default_db`).
        `read_only` opens an existing database for reading only (it works on a read-only
        mount) and never creates one; so does a writer with `create=False`."""
        self.path = Path(path) if path is not None else default_db()
        self.read_only = read_only
        self._locks: dict[str, TextIO] = {}
        if not create and not read_only and not self.path.is_file():
            raise StoreError(f"no database at {self.path} (check --db or ARENA_DB); "
                             "`arena ladder create` makes one")
        if read_only:
            self.db = self._open_read_only(timeout)
            if self._version() in OLDER and os.access(self.path, os.W_OK):
                Store(self.path, timeout).close()  # brought to this schema (it keeps its data)
        else:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
            except OSError as e:
                raise StoreError(f"cannot create database {self.path}: {e.strerror}") from None
            except sqlite3.Error as e:
                raise StoreError(f"cannot open database {self.path}: {e}") from None
        with self._errors():
            if not read_only:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=NORMAL")
                self.db.execute("PRAGMA foreign_keys=ON")
            version = self._version()
            if read_only and version in OLDER:
                raise StoreError(f"{self.path} is of an older schema ({version}); open it once "
                                 "where it is writable (any arena command) to migrate it")
            if read_only and version != SCHEMA_VERSION:
                raise StoreError(f"{self.path} is not an arena database; use another --db")
            if not read_only and version != SCHEMA_VERSION:
                self._migrate()

    def _version(self) -> int:
        with self._errors():
            return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        """Bring an empty or older database to SCHEMA_VERSION: its tables and columns in
        one transaction, then (from schemas 4 and 5) its ladders' data in batches, one transaction
        each (harness/storage/migrate.py: a kill midway resumes at the next open). Another
        process may be doing it meanwhile: the version is read again inside each."""
        with self._tx() as db:
            version = self._version()
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if version == 0 and tables == 0:
                for statement in (SCHEMA + LADDER_SCHEMA + NODES_SCHEMA).split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            elif version in OLDER:  # before ladders of bots / owners / authors / nodes /
                upgrade(db, version)  # aggregates
                db.execute("PRAGMA user_version=5")  # tables of 6, data still to move
            elif version != SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} is not an arena database of schema {SCHEMA_VERSION} "
                    f"(found version {version}); use another --db")
        if self._version() == SCHEMA_VERSION:
            return
        with self._errors():
            todo = migrate.remaining(self.db)
        if todo > MIGRATION_NOTICE:
            print(f"migrating {self.path} to schema {SCHEMA_VERSION}: counting {todo} ladder "
                  "games, compressing their records (once; an interrupted migration goes on "
                  "at the next command)", file=sys.stderr, flush=True)
        while True:
            with self._tx() as db:
                if self._version() == SCHEMA_VERSION:
                    break
                if not migrate.step(db):
                    migrate.drop_inline_records(db)
                    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
                    break
        self._reclaim(todo > MIGRATION_NOTICE)

    def _reclaim(self, say: bool) -> None:
        """After a migration that moved the records: give the freed pages back to the file
        system (VACUUM) when they are most of the file; another process using the
        database meanwhile only postpones it."""
        with self._errors():
            free, total = (self.db.execute(f"PRAGMA {p}").fetchone()[0]
                           for p in ("freelist_count", "page_count"))
        if free * 2 < total:
            return
        if say:
            print(f"migrated; compacting {self.path} ({free} of {total} pages free)",
                  file=sys.stderr, flush=True)
        try:
            self.db.execute("VACUUM")
        except sqlite3.OperationalError as e:
            print(f"note: {self.path} was not compacted ({e}); it stays larger than it needs "
                  "until `sqlite3 FILE VACUUM` runs while nothing else uses it",
                  file=sys.stderr, flush=True)

    def _open_read_only(self, timeout: float) -> sqlite3.Connection:
        """A read-only connection to an existing database: `mode=ro`, or, where SQLite
        cannot keep its shared-memory file beside it (a read-only mount), `immutable=1`."""
        if not self.path.is_file():
            what = "is a folder" if self.path.exists() else "does not exist"
            raise StoreError(f"no database at {self.path} (it {what}); check --db")
        uri = self.path.resolve().as_uri()
        try:
            db = sqlite3.connect(f"{uri}?mode=ro", timeout=timeout, isolation_level=None,
                                 uri=True)
            db.execute("SELECT count(*) FROM sqlite_master").fetchone()
            return db
        except sqlite3.OperationalError:
            pass  # WAL on a read-only mount: no -shm file can be made there
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path} is not a usable arena database ({e}); "
                             "move it away or choose another --db") from None
        try:
            return sqlite3.connect(f"{uri}?immutable=1", timeout=timeout, isolation_level=None,
                                   uri=True)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open database {self.path}: {e}") from None

    # --- plumbing ----------------------------------------------------------------
    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn sqlite errors into one clear StoreError."""
        try:
            yield
        except sqlite3.OperationalError as e:
            if "locked" in str(e) or "busy" in str(e):
                raise StoreError(
                    f"database {self.path} is locked by another process ({e}); "
                    "wait for it to finish or use another --db"
                ) from None
            raise StoreError(f"database {self.path}: {e}") from None
        except sqlite3.DatabaseError as e:
            raise StoreError(
                f"{self.path} is not a usable arena database ({e}); "
                "move it away or choose another --db"
            ) from None

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        with self._errors():
            if self.db.in_transaction:
                yield self.db
                return
            try:  # a Ctrl-C may land in BEGIN or COMMIT themselves: nothing is left open
                self.db.execute("BEGIN IMMEDIATE")
                yield self.db
                self.db.execute("COMMIT")
            except BaseException:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                raise

    def _rows(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._errors():
            return self.db.execute(sql, args).fetchall()

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """One write transaction (BEGIN IMMEDIATE ... COMMIT), errors as StoreError."""
        return self._tx()

    @contextmanager
    def snapshot(self) -> Iterator[None]:
        """Reads inside see one state of the database (a read transaction: WAL lets the
        writers go on meanwhile)."""
        with self._errors():
            if self.db.in_transaction:  # inside a write transaction, which is one state
                yield
                return
            try:
                self.db.execute("BEGIN")
                yield
            finally:
                if self.db.in_transaction:
                    self.db.execute("COMMIT")

    def query(self, sql: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Rows of one read, errors as StoreError."""
        return self._rows(sql, args)

    def stream(self, sql: str, args: Sequence[Any] = ()) -> Iterator[tuple[Any, ...]]:
        """Rows of one read one at a time (many rows, never all in memory at once)."""
        with self._errors():
            yield from self.db.execute(sql, args)

    def close(self) -> None:
        self.release_driver_lock()
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- drivers: one writer per ladder or rating pool ------------------------------------
    def acquire_driver_lock(self, key: str, what: str = "") -> None:
        """Become the one driver of `key` (e.g. 'ladder 3'); released on close or process
        death. `what` names it in the refusal."""
        if key in self._locks:
            return
        try:
            self._locks[key] = acquire(self.path, key)
        except LockBusy as busy:
            raise StoreError(
                f"{what or key} in {self.path} is being played by another driver "
                f"(pid {busy.holder}); wait for it to finish or stop it"
            ) from None
        except OSError as e:
            raise StoreError(f"cannot lock {what or key} beside {self.path}: {e.strerror}"
                             ) from None

    def release_driver_lock(self, key: str | None = None) -> None:
        """Release the lock of `key`, or every lock this store holds."""
        for k in [key] if key is not None else list(self._locks):
            f = self._locks.pop(k, None)
            if f is not None:
                f.close()  # closing the descriptor releases the flock

    # --- tournaments -------------------------------------------------------------------
    def create(self, name: str, spec: str, pool: str, games: Sequence[ScheduledGame]) -> int:
        """Write a tournament and its whole schedule in one transaction."""
        with self._tx() as db:
            if db.execute("SELECT 1 FROM tournaments WHERE name=?", (name,)).fetchone():
                raise StoreError(
                    f"tournament {name!r} already exists in {self.path}; "
                    f"`arena tournament resume {name}` continues it, or choose another --name"
                )
            tid = db.execute(
                "INSERT INTO tournaments (name, spec, ladder, created) VALUES (?, ?, ?, ?)",
                (name, spec, pool, stamp()),
            ).lastrowid
            db.executemany(
                "INSERT INTO games (tournament_id, idx, block, seed, bots) VALUES (?, ?, ?, ?, ?)",
                [(tid, g.idx, g.block, g.seed, json.dumps(list(g.bots))) for g in games],
            )
        assert tid is not None
        return tid

    def tournament(self, name: str) -> Tournament:
        row = self._rows(
            "SELECT id, name, spec, ladder, status, stop_block, verdict, created "
            "FROM tournaments WHERE name=?", (name,))
        if not row:
            known = ", ".join(t.name for t in self.tournaments()) or "none"
            raise StoreError(f"no tournament {name!r} in {self.path}; known: {known}")
        return Tournament(**dict(zip(Tournament.__struct_fields__, row[0], strict=True)))

    def tournaments(self) -> list[Tournament]:
        rows = self._rows("SELECT id, name, spec, ladder, status, stop_block, verdict, created "
                          "FROM tournaments ORDER BY id")
        return [Tournament(**dict(zip(Tournament.__struct_fields__, r, strict=True))) for r in rows]

    def set_status(self, tid: int, status: str) -> None:
        with self._tx() as db:
            db.execute("UPDATE tournaments SET status=?, finished=? WHERE id=?",
                       (status, stamp() if status == "finished" else None, tid))

    def stop(self, tid: int, stop_block: int, verdict: str) -> None:
        """Record an SPRT decision and cancel the games that are no longer needed."""
        with self._tx() as db:
            db.execute("UPDATE tournaments SET stop_block=?, verdict=? WHERE id=?",
                       (stop_block, verdict, tid))
            db.execute("UPDATE games SET status='cancelled' WHERE tournament_id=? "
                       "AND status='pending' AND block>=?", (tid, stop_block))

    def delete(self, tid: int) -> None:
        """Remove a tournament with its games and records (its pool's ratings stay: see
        `drop_ratings`)."""
        with self._tx() as db:
            for (name,) in db.execute("SELECT name FROM tournaments WHERE id=?", (tid,)):
                db.execute("DELETE FROM node_failures WHERE driver=?", (f"tournament {name}",))
            db.execute("DELETE FROM records WHERE tournament_id=?", (tid,))
            db.execute("DELETE FROM games WHERE tournament_id=?", (tid,))
            db.execute("DELETE FROM tournaments WHERE id=?", (tid,))

    def drop_ratings(self, pool: str, bots: Sequence[str]) -> None:
        """Forget the pool ratings of `bots` (bots left without any game there)."""
        with self._tx() as db:
            db.executemany("DELETE FROM ratings WHERE ladder=? AND bot=?",
                           [(pool, b) for b in bots])

    # --- games -------------------------------------------------------------------------
    def games(self, tid: int, status: str | None = None) -> list[GameRow]:
        sql = ("SELECT idx, block, seed, bots, status, outcome, scores, ranking, failures, error "
               "FROM games WHERE tournament_id=?")
        args: list[Any] = [tid]
        if status is not None:
            sql += " AND status=?"
            args.append(status)
        out = []
        for idx, block, seed, bots, st, outcome, scores, ranking, failures, error in self._rows(
            sql + " ORDER BY idx", args
        ):
            out.append(GameRow(
                idx=idx, block=block, seed=seed, bots=json.loads(bots), status=st,
                outcome=outcome, scores=json.loads(scores) if scores else None,
                ranking=json.loads(ranking) if ranking else None,
                failures=[tuple(f) for f in json.loads(failures)] if failures else [],
                error=error,
            ))
        return out

    def finish_game(self, tid: int, pool: str, row: GameRow, record: bytes, seconds: float,
                    ratings: dict[str, tuple[float, int]], node: str | None = None) -> None:
        """Store one finished game (played on `node`), its record and its pool's new
        ratings: one transaction."""
        with self._tx() as db:
            cur = db.execute(
                "UPDATE games SET status='done', outcome=?, scores=?, ranking=?, failures=?, "
                "seconds=?, node=? WHERE tournament_id=? AND idx=? AND status='pending'",
                (row.outcome, json.dumps(row.scores), json.dumps(row.ranking),
                 json.dumps([list(f) for f in row.failures]), seconds, node, tid, row.idx),
            )
            if cur.rowcount != 1:
                raise StoreError(f"game {row.idx} of tournament {tid} is not pending")
            db.execute("INSERT INTO records (tournament_id, idx, record) VALUES (?, ?, ?)",
                       (tid, row.idx, record))
            db.executemany(
                "INSERT INTO ratings (ladder, bot, elo, games) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (ladder, bot) DO UPDATE SET elo=excluded.elo, games=excluded.games",
                [(pool, bot, elo, n) for bot, (elo, n) in ratings.items()],
            )

    def game_seconds(self, tid: int) -> float:
        """Seconds spent inside the finished games of a tournament (as their bots played)."""
        return float(self._rows("SELECT coalesce(sum(seconds), 0) FROM games "
                                "WHERE tournament_id=? AND status='done'", (tid,))[0][0])

    def fail_game(self, tid: int, idx: int, error: str) -> None:
        """A game that could not be played (the engine raised): kept with its error."""
        with self._tx() as db:
            db.execute("UPDATE games SET status='error', error=? WHERE tournament_id=? AND idx=? "
                       "AND status='pending'", (error, tid, idx))

    def records(self, tid: int) -> Iterator[bytes]:
        """Stored match records (JSON) in schedule order."""
        with self._errors():
            for (rec,) in self.db.execute(
                "SELECT record FROM records WHERE tournament_id=? ORDER BY idx", (tid,)
            ):
                yield bytes(rec) if not isinstance(rec, bytes) else rec

    # --- rating pools: the Elo of every tournament of one (game, players, options) ------
    def pool_ratings(self, pool: str) -> dict[str, tuple[float, int]]:
        """Online Elo and games per bot of one rating pool."""
        rows = self._rows("SELECT bot, elo, games FROM ratings WHERE ladder=?", (pool,))
        return {bot: (elo, n) for bot, elo, n in rows}

    def pool_games(self, pool: str) -> list[GameRow]:
        """Counted games (done, before any SPRT stop) of every tournament of a pool."""
        out: list[GameRow] = []
        for t in self.tournaments():
            if t.pool == pool:
                stop = t.stop_block
                out += [g for g in self.games(t.id, "done") if stop is None or g.block < stop]
        return out

    def set_ml(self, pool: str, ratings: dict[str, tuple[float, float, float]]) -> None:
        with self._tx() as db:
            db.executemany("UPDATE ratings SET ml_elo=?, ml_low=?, ml_high=? "
                           "WHERE ladder=? AND bot=?",
                           [(e, lo, hi, pool, bot) for bot, (e, lo, hi) in ratings.items()])

    def pool_table(self, pool: str) -> list[tuple[str, float, int, float | None,
                                                  float | None, float | None]]:
        return [tuple(r) for r in self._rows(  # type: ignore[misc]
            "SELECT bot, elo, games, ml_elo, ml_low, ml_high FROM ratings WHERE ladder=? "
            "ORDER BY coalesce(ml_elo, elo) DESC", (pool,))]

    def pools(self) -> list[str]:
        return [r[0] for r in self._rows("SELECT DISTINCT ladder FROM ratings ORDER BY ladder")]
