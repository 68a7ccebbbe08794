"""The ladder tables of the arena database (what each column holds: harness/storage/ladders.py)
and the schema steps that bring older databases to the current schema (the data of schemas
4 and 5 moves to 6 in batches: harness/storage/migrate.py).

Schema 6 keeps what every read shows as games finish, so a read costs what it shows, not
the ladder's history: per entrant (games, wins, places, scores, failures, its recent
failures), per seat, per pair of entrants (the maximum-likelihood Elo's input, and its
cached fit), per node of the cluster, which games each entrant played (an index), and the
records apart, compressed.
"""

from __future__ import annotations

import sqlite3
import zlib

#: zlib level of stored records (an 11.4 KB record of a real game: about 1.2 KB)
RECORD_LEVEL = 6

#: tables of submitted-bot ladders, as a fresh database (schema 6) gets them
LADDER_SCHEMA = """
CREATE TABLE IF NOT EXISTS ladders (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    spec TEXT NOT NULL,                      -- LadderSpec as JSON
    created TEXT NOT NULL,
    owner TEXT NOT NULL DEFAULT '',          -- author who created it ('' : before owners)
    games INTEGER NOT NULL DEFAULT 0,        -- rated games (the last rating sequence number)
    last_game TEXT,                          -- when the last one was rated
    changes INTEGER NOT NULL DEFAULT 0,      -- counts every change a reader sees (caches)
    roster INTEGER NOT NULL DEFAULT 0,       -- counts changes of its entrants (entrants.rev)
    ml_seq INTEGER,                          -- the cached ML Elo was fitted after this game
    ml_at TEXT,                              -- ... at this time
    migrated INTEGER                         -- schema 4, 5 -> 6: games below this idx counted
);
CREATE TABLE IF NOT EXISTS entrants (
    id INTEGER PRIMARY KEY,
    ladder_id INTEGER NOT NULL REFERENCES ladders(id),
    name TEXT NOT NULL,                      -- display name given at submission
    version INTEGER NOT NULL,
    spec TEXT NOT NULL,                      -- the spec as submitted
    run_spec TEXT NOT NULL,                  -- the pinned spec the ladder runs
    hash TEXT NOT NULL,                      -- sha256 of the spec and the bot's files
    snapshot TEXT,                           -- copy of the bot's files, if any
    active INTEGER NOT NULL DEFAULT 1,       -- 1: the name's current version
    submitted TEXT NOT NULL,
    report TEXT,                             -- what validation found
    mu REAL NOT NULL,                        -- Weng-Lin (Plackett-Luce) rating
    sigma REAL NOT NULL,
    elo REAL NOT NULL,                       -- online Elo
    games INTEGER NOT NULL DEFAULT 0,        -- seats held in rated games
    last_played TEXT,
    author TEXT NOT NULL DEFAULT '',         -- who owns the name ('' : before owners)
    retired TEXT,                            -- why it left matchmaking (NULL: it plays)
    counted_from INTEGER NOT NULL DEFAULT 0, -- automatic retirement counts games after this seq
    wins REAL NOT NULL DEFAULT 0,            -- shares of first place
    place_sum INTEGER NOT NULL DEFAULT 0,    -- places (0 = first) summed over its seats
    score_sum REAL NOT NULL DEFAULT 0,
    failures TEXT NOT NULL DEFAULT '{}',     -- JSON: failure kind -> count
    recent TEXT NOT NULL DEFAULT '[]',       -- JSON: its failure kinds per game since
                                             -- counted_from, newest first, FAIL_WINDOW games
    rev INTEGER NOT NULL DEFAULT 0,          -- the ladder's roster count at its last change
    ml_elo REAL,                             -- the cached maximum-likelihood Elo, 95% interval
    ml_low REAL,
    ml_high REAL,
    UNIQUE (ladder_id, name, version)
);
CREATE TABLE IF NOT EXISTS ladder_games (
    ladder_id INTEGER NOT NULL REFERENCES ladders(id),
    idx INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    entrants TEXT NOT NULL,                  -- JSON list: entrant id per seat
    status TEXT NOT NULL DEFAULT 'pending',  -- pending | done | error | cancelled
    outcome TEXT,
    scores TEXT,
    ranking TEXT,
    failures TEXT,
    seconds REAL,
    error TEXT,
    seq INTEGER,                             -- order in which results were rated
    finished TEXT,
    node TEXT,                               -- address of the node that played it
    PRIMARY KEY (ladder_id, idx)
);
CREATE INDEX IF NOT EXISTS ladder_games_by_status ON ladder_games (ladder_id, status);
CREATE TABLE IF NOT EXISTS ladder_history (
    ladder_id INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    entrant_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    elo REAL NOT NULL,
    PRIMARY KEY (ladder_id, seq, entrant_id)
);
CREATE INDEX IF NOT EXISTS ladder_games_by_seq ON ladder_games (ladder_id, seq);
CREATE INDEX IF NOT EXISTS ladder_history_by_entrant ON ladder_history
    (ladder_id, entrant_id, seq);
CREATE TABLE IF NOT EXISTS ladder_records (
    ladder_id INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    record BLOB NOT NULL,                    -- MatchRecord as JSON, zlib-compressed
    PRIMARY KEY (ladder_id, idx)
);
CREATE TABLE IF NOT EXISTS ladder_entries (  -- the games each entrant has a seat in
    ladder_id INTEGER NOT NULL,
    entrant_id INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    PRIMARY KEY (ladder_id, entrant_id, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS entrant_seats (   -- games played or pending per entrant and seat
    ladder_id INTEGER NOT NULL,
    entrant_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (ladder_id, entrant_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ladder_seats (    -- rated games per seat: first-place shares, places
    ladder_id INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    games INTEGER NOT NULL,
    wins REAL NOT NULL,
    place_sum INTEGER NOT NULL,
    PRIMARY KEY (ladder_id, seat)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ladder_pairs (    -- per pair of entrants a < b: a's score, games
    ladder_id INTEGER NOT NULL,
    a INTEGER NOT NULL,
    b INTEGER NOT NULL,
    score REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (ladder_id, a, b)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ladder_nodes (    -- rated games per node that played them
    ladder_id INTEGER NOT NULL,
    node TEXT NOT NULL,                      -- its address ('' : before nodes were recorded)
    games INTEGER NOT NULL,
    PRIMARY KEY (ladder_id, node)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS authors (
    name TEXT PRIMARY KEY,                   -- what entrants.author and ladders.owner hold
    token_hash TEXT,                         -- sha256 hex of the author's token (NULL: revoked)
    created TEXT NOT NULL,
    changed TEXT NOT NULL                    -- when the token was last issued or revoked
);
CREATE TABLE IF NOT EXISTS submissions (
    id INTEGER PRIMARY KEY,
    author TEXT NOT NULL,
    ladder TEXT NOT NULL,
    name TEXT NOT NULL,                      -- the bot's name on the ladder
    spec TEXT NOT NULL,                      -- as the author's archive names its files
    state TEXT NOT NULL DEFAULT 'queued',    -- queued | running | registered | refused
    detail TEXT NOT NULL DEFAULT '',         -- progress, or the outcome in one line
    result TEXT,                             -- JSON: label, problems, log excerpt
    created TEXT NOT NULL,
    finished TEXT
);
CREATE INDEX IF NOT EXISTS submissions_by_author ON submissions (author, created);
"""

#: schema 2 -> 3: owners, retirement (the new indexes come with LADDER_SCHEMA)
TO_3 = """
ALTER TABLE ladders ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE entrants ADD COLUMN author TEXT NOT NULL DEFAULT '';
ALTER TABLE entrants ADD COLUMN retired TEXT;
ALTER TABLE entrants ADD COLUMN counted_from INTEGER NOT NULL DEFAULT 0;
"""

#: the aggregates' columns (schema 6)
TO_6 = {
    "ladders": ("games INTEGER NOT NULL DEFAULT 0", "last_game TEXT",
                "changes INTEGER NOT NULL DEFAULT 0", "roster INTEGER NOT NULL DEFAULT 0",
                "ml_seq INTEGER", "ml_at TEXT", "migrated INTEGER"),
    "entrants": ("wins REAL NOT NULL DEFAULT 0", "place_sum INTEGER NOT NULL DEFAULT 0",
                 "score_sum REAL NOT NULL DEFAULT 0", "failures TEXT NOT NULL DEFAULT '{}'",
                 "recent TEXT NOT NULL DEFAULT '[]'", "rev INTEGER NOT NULL DEFAULT 0",
                 "ml_elo REAL", "ml_low REAL", "ml_high REAL"),
}

#: which node played what, the infrastructure's failures by node, running drivers' views
#: of the cluster (harness/storage/nodes.py)
NODES_SCHEMA = """
CREATE TABLE IF NOT EXISTS node_failures (
    id INTEGER PRIMARY KEY,
    driver TEXT NOT NULL,                    -- 'tournament NAME' or 'ladder NAME'
    game INTEGER,                            -- the game's index (NULL: none)
    node TEXT NOT NULL,                      -- the node's address
    reason TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS node_failures_by_driver ON node_failures (driver, id);
CREATE TABLE IF NOT EXISTS cluster_status (
    driver TEXT PRIMARY KEY,
    updated REAL NOT NULL,                   -- unix time of the last rewrite
    doc TEXT NOT NULL                        -- JSON: nodes, games in flight and waiting
);
"""

#: schema 4 -> 5 (the node that played each game) and 5 -> 6 (the aggregates): the columns
#: an older table lacks (the new tables come with LADDER_SCHEMA and NODES_SCHEMA)
NEW_COLUMNS = {
    "games": ("node TEXT",),
    "ladder_games": ("node TEXT",),
    **TO_6,
}


def columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def upgrade(db: sqlite3.Connection, version: int) -> None:
    """Inside one transaction: the tables and columns of schema 6 for a database of schema
    `version` (1 to 5), its data left where it is. Safe to run again (a migration resumed,
    a column an older release added): a column is added only where it is missing. A
    ladder that had games before gets `migrated = 0`: its games are still to be counted
    (harness/storage/migrate.py)."""
    script = (TO_3 if version == 2 else "") + LADDER_SCHEMA + NODES_SCHEMA
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)
    for table, wanted in NEW_COLUMNS.items():
        have = columns(db, table)
        for column in wanted:
            if column.split()[0] not in have:
                db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
                if column.startswith("migrated"):
                    db.execute("UPDATE ladders SET migrated=0")


def pack_record(record: bytes) -> bytes:
    """A record as `ladder_records` stores it: zlib-compressed JSON. A record is a JSON
    object, so one that starts with `{` is packed here and anything else is taken as
    packed already (a worker packs the records it sends: harness/ladders/runner.py)."""
    return zlib.compress(record, RECORD_LEVEL) if record[:1] == b"{" else record


def unpack_record(stored: bytes) -> bytes:
    return zlib.decompress(stored)
